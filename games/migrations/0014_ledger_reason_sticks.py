"""The ledger reason of a deposit stick (put into the pot, or won from it) is "sticks", as
the result contract's cause already was, instead of the name of the one ruleset that has
sticks today (issue 25: no file outside a ruleset package names a ruleset). Hands store
their payments by cause (already "sticks"), so only the ledger rows change; backwards they
are renamed back."""

from typing import Any

from django.db import migrations, models

OLD, NEW = "riichi", "sticks"


def rename(apps: Any, before: str, after: str) -> None:
    apps.get_model("games", "LedgerEntry").objects.filter(reason=before).update(reason=after)


def forward(apps: Any, schema_editor: Any) -> None:
    rename(apps, OLD, NEW)


def backward(apps: Any, schema_editor: Any) -> None:
    rename(apps, NEW, OLD)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0013_seat_result_declarations"),
    ]

    operations = [
        migrations.AlterField(
            model_name="ledgerentry",
            name="reason",
            field=models.CharField(choices=[
                ("hand", "hand"), ("honba", "honba"), ("sticks", "sticks"), ("pao", "pao"),
                ("kong", "kong"), ("bonus", "bonus"), ("penalty", "penalty"),
                ("draw", "draw"), ("uma", "uma"), ("oka", "oka"), ("leftover", "leftover")],
                max_length=12),
        ),
        migrations.RunPython(forward, backward),
    ]
