from django.apps import AppConfig


class ClubsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"
    verbose_name = "Groups and evenings"

    def ready(self) -> None:
        # games' pages offer groups through games.extensions, never by importing clubs.
        from clubs import forms, results, seasons, services
        from games import extensions

        extensions.add(places_for=forms.places_for, attach_to_place=services.attach_to_place,
                       player_rating_charts=results.player_rating_charts,
                       group_tables=services.group_tables,
                       organised_tables=services.organised_tables,
                       evening_tables=services.evening_tables,
                       season_scope=seasons.season_scope)
