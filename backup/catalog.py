"""Which tables a backup holds, in what order, and which columns of each.

Derived from Django's app registry rather than listed by hand, so a model added to any
app later is backed up without anyone remembering to (``test_catalog`` fails if one is
neither backed up nor excluded here with a reason). Many-to-many tables (a user's groups)
come along as the auto-created models they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.db import models

# Left out on purpose, each with the reason a host reads in docs/backup.md.
EXCLUDED: dict[str, str] = {
    "sessions.session": "sign-ins: after a restore everyone signs in again (phones keep "
                        "their seats: those are kept by the device's cookie, not a session)",
}

# Rows that ``manage.py migrate`` itself writes into a new database: content types and
# permissions (Django), the built-in ruleset configurations (scoring's post_migrate). A
# database holding only these counts as empty; a restore replaces them with the backup's
# rows, so every id other rows point at (a table's configuration, an admin log entry's
# content type) stays what it was. Each value filters the seeded rows; {} is all of them.
SEEDED_BY_MIGRATE: dict[str, dict[str, Any]] = {
    "contenttypes.contenttype": {},
    "auth.permission": {},
    "scoring.rulesetconfig": {"is_builtin": True},
}


@dataclass(frozen=True)
class Entry:
    """One table of the backup: its model and the columns written, in order."""

    model: type[models.Model]
    fields: tuple[models.Field[Any, Any], ...]

    @property
    def label(self) -> str:
        return str(self.model._meta.label_lower)

    @property
    def columns(self) -> list[str]:
        return [f.column for f in self.fields]


def _stored(model: type[models.Model]) -> bool:
    meta = model._meta
    return bool(meta.managed and not meta.proxy and not meta.swapped)


def _depends_on(model: type[models.Model]) -> set[type[models.Model]]:
    """The models this one's own columns point at (itself excepted)."""
    out: set[type[models.Model]] = set()
    for field in model._meta.local_concrete_fields:
        # Resolved to a model class once the app registry is ready (always, here).
        target: Any = field.related_model if field.is_relation else None
        if target is not None and target is not model:
            out.add(target._meta.concrete_model)
    return out


def models_in_order() -> list[type[models.Model]]:
    """Every stored model not excluded, each after the models it points at.

    The order keeps a restore readable and lets a backend that checks foreign keys at
    once accept it; cycles (none today) would still load, both SQLite and PostgreSQL
    checking Django's foreign keys only at commit.
    """
    chosen = sorted((m for m in apps.get_models(include_auto_created=True)
                     if _stored(m) and m._meta.label_lower not in EXCLUDED),
                    key=lambda m: m._meta.label_lower)
    pending = {m: _depends_on(m) & set(chosen) for m in chosen}
    ordered: list[type[models.Model]] = []
    while pending:
        ready = [m for m in pending if not pending[m] - set(ordered)]
        if not ready:  # a cycle: take the first one left, its references are deferred
            ready = [next(iter(pending))]
        for model in ready:
            ordered.append(model)
            del pending[model]
    return ordered


def _written(field: models.Field[Any, Any]) -> bool:
    # A generated column is computed by the database from the others; it takes no value.
    return not getattr(field, "generated", False)


def entries() -> list[Entry]:
    return [Entry(m, tuple(f for f in m._meta.local_concrete_fields if _written(f)))
            for m in models_in_order()]


def unstored_models() -> list[str]:
    """Models of the registry that hold no rows of their own (proxies, unmanaged)."""
    return sorted(m._meta.label_lower for m in apps.get_models(include_auto_created=True)
                  if not _stored(m))
