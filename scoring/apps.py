from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def _sync_after_migrate(sender: AppConfig, **kwargs: Any) -> None:
    # A fresh `make run` (and every test database) gets each shipped preset.
    from scoring.presets import sync_presets

    sync_presets()


class ScoringConfig(AppConfig):
    """Hand scoring on the web. The rules themselves live in the Django-free scoring.engine."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        post_migrate.connect(_sync_after_migrate, sender=self,
                             dispatch_uid="scoring.sync_presets")
