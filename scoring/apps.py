from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def _sync_after_migrate(sender: AppConfig, using: str = "default", **kwargs: Any) -> None:
    # A fresh `make run` (and every test database) gets each shipped preset.
    from django.db import connections

    from scoring.models import RulesetConfig
    from scoring.presets import sync_presets

    # Migrating the app backwards leaves no table to fill.
    if RulesetConfig._meta.db_table not in connections[using].introspection.table_names():
        return
    sync_presets(using)


class ScoringConfig(AppConfig):
    """Hand scoring on the web. The rules themselves live in the Django-free scoring.engine."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        post_migrate.connect(_sync_after_migrate, sender=self,
                             dispatch_uid="scoring.sync_presets")
