"""The hash chain of each table's event log (issue 29, games.chain): every event gets
its hash, the table its latest one; events get the seat they were written from (unknown,
None, for those already logged) and ``created_at`` is set when an event is made, since
its hash covers it. Every table already played is chained as its log stands now."""

from typing import Any

import django.utils.timezone
from django.db import migrations, models


def backfill(apps: Any, schema_editor: Any) -> None:
    from games.chain import FIELDS, Row, rehashed

    table_model = apps.get_model("games", "Table")
    event_model = apps.get_model("games", "Event")
    for table in table_model.objects.only("pk", "public_id").order_by("pk").iterator():
        events = list(event_model.objects.filter(table_id=table.pk).order_by("seq"))
        rows = [Row(*(getattr(event, name) for name in FIELDS)) for event in events]
        for event, sealed in zip(events, rehashed(table.public_id, rows), strict=True):
            event.hash = sealed
        event_model.objects.bulk_update(events, ["hash"], batch_size=500)
        table_model.objects.filter(pk=table.pk).update(
            chain_head=events[-1].hash if events else "")


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0016_round_clock"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="hash",
            field=models.CharField(blank=True, default="", editable=False, max_length=64),
        ),
        migrations.AddField(
            model_name="event",
            name="seat",
            field=models.PositiveSmallIntegerField(blank=True, editable=False, null=True),
        ),
        migrations.AddField(
            model_name="table",
            name="chain_break",
            field=models.JSONField(blank=True, default=None, editable=False, null=True),
        ),
        migrations.AddField(
            model_name="table",
            name="chain_head",
            field=models.CharField(blank=True, default="", editable=False, max_length=64),
        ),
        migrations.AlterField(
            model_name="event",
            name="created_at",
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False),
        ),
        migrations.AlterField(
            model_name="event",
            name="kind",
            field=models.CharField(choices=[
                ("record", "hand recorded"), ("undo", "hand undone"), ("redo", "hand redone"),
                ("correct", "hand corrected"), ("end", "game ended"),
                ("reopen", "game reopened"), ("declare", "declaration made or taken back"),
                ("accept", "changed history accepted")], max_length=10),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
