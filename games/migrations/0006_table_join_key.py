"""Each table gets a join key: the join link's secret, distinct from the public id that
lets people watch, so a viewer can no longer sit down just by watching. Existing tables
get a key each (a field default would give them all the same one)."""

import secrets

from django.db import migrations, models

import games.models


def give_keys(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    for pk in Table.objects.values_list("pk", flat=True):
        Table.objects.filter(pk=pk).update(join_key=secrets.token_urlsafe(12))


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0005_device_tokens"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="join_key",
            field=models.CharField(default="", editable=False, max_length=24),
            preserve_default=False,
        ),
        migrations.RunPython(give_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="table",
            name="join_key",
            field=models.CharField(default=games.models.new_join_key, editable=False,
                                   max_length=24),
        ),
    ]
