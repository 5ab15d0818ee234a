"""Count the stored seat results of every table already played (games.seat_results)."""

from typing import Any

from django.db import migrations


def backfill(apps: Any, schema_editor: Any) -> None:
    from games.seat_results import refresh_tables

    table = apps.get_model("games", "Table")
    refresh_tables(table.objects.only("pk", "ruleset", "options").order_by("pk").iterator(),
                   apps)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0011_seat_results"),
    ]

    operations = [
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
