"""Each hand keeps what undo would have taken back just before it was added
(``Hand.undo_before``), so undoing the last hand reads no log (games.services.undo).

Filled here for the hands already played, from their table's log as games.replay.fold
reads it; the table's own undo and redo targets are set from the same fold (a table
written before they were stored had none)."""

from typing import Any

from django.db import migrations, models


def backfill(apps: Any, schema_editor: Any) -> None:
    from common.errors import TableError
    from games.replay import fold
    from scoring.engine.errors import EngineError

    table_model = apps.get_model("games", "Table")
    event_model = apps.get_model("games", "Event")
    hand_model = apps.get_model("games", "Hand")
    for table in table_model.objects.only("pk").order_by("pk").iterator():
        events = list(event_model.objects.filter(table_id=table.pk).order_by("seq")
                      .only("seq", "kind", "hand_number", "payload", "actor_name"))
        try:
            folded = fold(events)
        except (TableError, EngineError, KeyError, TypeError):
            continue  # a log no write could replay either: its rows stay as they are
        hands = {h.number: h for h in hand_model.objects.filter(table_id=table.pk)
                 .only("pk", "number", "undo_before")}
        changed = []
        for number, slot in enumerate(folded.active, start=1):
            hand = hands.get(number)
            if hand is not None and slot.undo_before is not None:
                hand.undo_before = slot.undo_before
                changed.append(hand)
        hand_model.objects.bulk_update(changed, ["undo_before"], batch_size=500)
        table_model.objects.filter(pk=table.pk).update(
            can_redo=bool(folded.redo), undo_target=folded.undo_target,
            redo_target=folded.redo_target)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0018_table_confirm_hands"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="undo_before",
            field=models.JSONField(blank=True, default=None, null=True),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
