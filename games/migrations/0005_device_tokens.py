"""Seats, tables and events identify browsers by the hash of a device token, not by the
session key (a sign-in credential the admin used to show). Existing session keys are
replaced by their SHA-256 (what games.devices.device_id gives), so no key stays in the
database; games.devices.DeviceMiddleware moves them to a device token when the browser
comes back, so it keeps its seats. The hash cannot be undone: going back empties them."""

import hashlib

from django.db import migrations, models


def _hash(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()


def hash_session_keys(apps, schema_editor):
    for model, old, new in (("Seat", "claimed_session", "claimed_device"),
                            ("Table", "creator_session", "creator_device"),
                            ("Event", "actor_session", "actor_device")):
        rows = apps.get_model("games", model).objects
        for key in rows.exclude(**{old: ""}).values_list(old, flat=True).distinct():
            # A queryset update: events are append-only through their model's save().
            rows.filter(**{old: key}).update(**{new: _hash(key)})


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0004_table_undo_redo_targets"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="claimed_device",
            field=models.CharField(blank=True, db_index=True, default="", max_length=64),
        ),
        migrations.AddField(
            model_name="table",
            name="creator_device",
            field=models.CharField(blank=True, db_index=True, default="", max_length=64),
        ),
        migrations.AddField(
            model_name="event",
            name="actor_device",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.RunPython(hash_session_keys, migrations.RunPython.noop),
        migrations.RemoveField(model_name="seat", name="claimed_session"),
        migrations.RemoveField(model_name="table", name="creator_session"),
        migrations.RemoveField(model_name="event", name="actor_session"),
    ]
