"""``manage.py sync_presets``: one built-in ruleset configuration per shipped preset."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scoring.presets import sync_presets


class Command(BaseCommand):
    help = "Create or rename the built-in ruleset configurations, one per engine preset."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--database", default="default",
                            help="Database alias to fill (default: default).")

    def handle(self, *args: Any, **options: Any) -> None:
        report = sync_presets(options["database"])
        self.stdout.write(
            f"presets: {report.created} created, {report.updated} updated, "
            f"{report.unchanged} unchanged"
        )
