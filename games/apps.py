from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    """Tables, players, rounds and live score updates."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # scoring's pages read tables through scoring.sources, never by importing games.
        from games import lends
        from scoring import sources

        sources.lend(table_rules=lends.table_rules, recorded_results=lends.recorded_results)
