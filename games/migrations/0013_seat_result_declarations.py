"""Seat results count the live declarations by the statistic each ruleset declares
(scoring.engine.capabilities.Declaration) instead of two riichi columns: the new field is
counted afresh for every table (games.seat_results), as 0012 did."""

from typing import Any

from django.db import migrations, models


def recount(apps: Any, schema_editor: Any) -> None:
    from games.seat_results import refresh_tables

    table = apps.get_model("games", "Table")
    refresh_tables(table.objects.only("pk", "ruleset", "options").order_by("pk").iterator(),
                   apps)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0012_backfill_seat_results'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='seatresult',
            name='riichi_counted',
        ),
        migrations.RemoveField(
            model_name='seatresult',
            name='riichi_hands',
        ),
        migrations.AddField(
            model_name='seatresult',
            name='declarations',
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(recount, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='event',
            name='kind',
            field=models.CharField(choices=[('record', 'hand recorded'), ('undo', 'hand undone'), ('redo', 'hand redone'), ('correct', 'hand corrected'), ('end', 'game ended'), ('reopen', 'game reopened'), ('declare', 'declaration made or taken back')], max_length=10),
        ),
    ]
