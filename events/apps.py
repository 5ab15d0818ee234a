from django.apps import AppConfig


class EventsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "events"
    verbose_name = "Events"

    def ready(self) -> None:
        # games stands below events: a table of an event's round shows its round and the
        # call for a referee through games.extensions, and its writes reach the event's
        # standings through post_save of the table's log (events.live), never by games
        # importing events.
        from django.db.models.signals import post_save

        from events import live, officiating, pages, permissions
        from games import extensions
        from games.models import Event

        extensions.add_table_banner(pages.table_banner)
        extensions.add_tables_waiting(officiating.tables_waiting)
        # An event's organisers and referees read its tables' logs (issue 29).
        extensions.add_officiated_tables(permissions.officiated_tables)
        post_save.connect(live.table_written, sender=Event,
                          dispatch_uid="events.live.table_written")
        # A hand disputed at an event's table calls its referees (issue 29).
        post_save.connect(officiating.hand_disputed, sender=Event,
                          dispatch_uid="events.officiating.hand_disputed")
