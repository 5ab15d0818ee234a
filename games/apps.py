from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    """Tables, players, rounds and live score updates."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = _("Games")
