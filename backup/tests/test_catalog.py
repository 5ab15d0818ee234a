"""The backup covers every model of the site, read from the app registry: a model added
later is backed up without anyone listing it, and one left out must say why."""

from __future__ import annotations

from pathlib import Path

from django.apps import apps
from django.conf import settings

from backup import catalog


def _stored_labels() -> set[str]:
    return {m._meta.label_lower for m in apps.get_models(include_auto_created=True)
            if m._meta.managed and not m._meta.proxy}


def test_every_stored_model_is_backed_up_or_excluded_with_a_reason() -> None:
    backed_up = {e.label for e in catalog.entries()}
    assert backed_up | set(catalog.EXCLUDED) == _stored_labels()
    assert not backed_up & set(catalog.EXCLUDED)
    assert all(len(reason) > 20 for reason in catalog.EXCLUDED.values())


def test_every_model_of_our_own_apps_is_backed_up() -> None:
    # Ours: under the checkout, but not installed packages (a .venv may sit inside it).
    ours = [c for c in apps.get_app_configs()
            if Path(c.path).resolve().is_relative_to(Path(settings.BASE_DIR).resolve())
            and "site-packages" not in Path(c.path).parts]
    assert {c.label for c in ours} >= {"scoring", "games", "clubs"}
    labels = {m._meta.label_lower for c in ours for m in c.get_models()}
    assert labels and labels <= {e.label for e in catalog.entries()}
    assert not labels & set(catalog.EXCLUDED)


def test_models_come_after_the_models_they_point_at() -> None:
    order = [e.model for e in catalog.entries()]
    for i, model in enumerate(order):
        for field in model._meta.local_concrete_fields:
            if field.is_relation and field.related_model is not model:
                assert order.index(field.related_model) < i, (model, field.name)


def test_the_rows_migrate_writes_are_ones_the_backup_carries() -> None:
    assert set(catalog.SEEDED_BY_MIGRATE) <= {e.label for e in catalog.entries()}


def test_every_column_of_a_model_is_written() -> None:
    for entry in catalog.entries():
        table_columns = {f.column for f in entry.model._meta.local_concrete_fields
                         if not getattr(f, "generated", False)}
        assert set(entry.columns) == table_columns and entry.columns, entry.label
