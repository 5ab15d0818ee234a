"""Keep one built-in :class:`~scoring.models.RulesetConfig` per shipped preset.

Rulesets land in the engine over time, so instead of a data migration frozen at one
moment, this runs after every ``migrate`` (see :mod:`scoring.apps`) and as
``manage.py sync_presets``. It is idempotent and never touches configurations that
administrators created themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring import registry


@dataclass
class SyncReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0


def sync_presets(using: str = "default") -> SyncReport:
    from scoring.models import RulesetConfig

    rows = RulesetConfig.objects.using(using)
    report = SyncReport()
    for name in registry.usable():
        ruleset = registry.get(name)
        presets = ruleset.presets or {"": {"title": "default rules"}}
        for key, preset in presets.items():
            title = str(preset.get("title") or key or "default rules")
            wanted = {"name": f"{ruleset.title} — {title}",
                      "description": str(preset.get("description", ""))}
            row, created = rows.get_or_create(
                ruleset=name, preset=key, is_builtin=True,
                defaults={**wanted, "options": {}},
            )
            if created:
                report.created += 1
            elif any(getattr(row, k) != v for k, v in wanted.items()):
                for k, v in wanted.items():
                    setattr(row, k, v)
                row.save(using=using, update_fields=[*wanted, "updated_at"])
                report.updated += 1
            else:
                report.unchanged += 1
    return report
