from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext
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


def token_name(token: Any) -> str:
    """What an API token is called wherever Django shows an object by ``str()``: the
    admin's titles, breadcrumbs, history, messages, delete confirmations (a user's, listing
    the token it takes with it) and the log entries the admin writes. DRF's
    ``Token.__str__`` returns the key itself (issue 24, finding 1)."""
    return gettext("API token of %(user)s") % {"user": token.user}


class ScoringConfig(AppConfig):
    """Hand scoring on the web. The rules themselves live in the Django-free scoring.engine."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        post_migrate.connect(_sync_after_migrate, sender=self,
                             dispatch_uid="scoring.sync_presets")
        # An API token's key is a credential, and DRF names a token by its key: every page
        # that shows an object by str() (the admin's titles, breadcrumbs, history, delete
        # confirmations, log entries) would show it. Name it by its user instead.
        from rest_framework.authtoken.models import Token

        Token.__str__ = token_name
        # The engine's per-process start (win tables, every ruleset, their default
        # options and entry specs) happens here, at server start, so that no request pays
        # it: the first score request would otherwise take ~40x a warm one (issue 26).
        # asgi.py freezes the garbage collector after setup, so these stay out of its way.
        from scoring.engine import warm_up

        warm_up()
