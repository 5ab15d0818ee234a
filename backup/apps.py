from django.apps import AppConfig


class BackupConfig(AppConfig):
    """``manage.py backup`` and ``manage.py restore``; no models of its own (nothing a
    page shows, so no translated name)."""

    name = "backup"
