"""Migration 0014 renames the stored ledger reason of deposit sticks from the ruleset's name
to "sticks" (issue 25), and back when unapplied. Its functions run here directly on rows
stored as before (django-test-migrations is not installed)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from games.models import REASONS, LedgerEntry

from .tables import make_table, record

MIGRATION = importlib.import_module("games.migrations.0014_ledger_reason_sticks")


def _rows(table_id: int) -> list[tuple[int, int, str]]:
    return list(LedgerEntry.objects.filter(table_id=table_id).order_by("id")
                .values_list("position", "amount", "reason"))


@pytest.mark.django_db
def test_stored_stick_rows_are_renamed_to_sticks_and_back() -> None:
    table = make_table(visibility="public")
    # Bo and Dana each put a stick in the pot; Bo wins on Chen's discard and takes both.
    assert record(table, {"type": "ron", "riichi": [1, 3], "wins": [
        {"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 30}}]})["ok"]
    written = _rows(table.pk)
    sticks = [(p, a) for p, a, r in written if r == "sticks"]
    assert sorted(sticks) == [(1, -1000), (1, 2000), (3, -1000)]
    # As the rows were stored before the rename; another table's rows stay as they are.
    LedgerEntry.objects.filter(table=table, reason="sticks").update(reason=MIGRATION.OLD)
    other = make_table()
    assert record(other, {"type": "draw", "tenpai": [0]})["ok"]
    untouched = _rows(other.pk)

    MIGRATION.forward(apps, None)
    assert _rows(table.pk) == written  # what replaying the log writes today
    assert _rows(other.pk) == untouched

    MIGRATION.backward(apps, None)
    assert [(p, a) for p, a, r in _rows(table.pk) if r == MIGRATION.OLD] == sticks
    assert "sticks" not in {r for _, _, r in _rows(table.pk)}


def test_the_new_reason_is_a_stored_choice_and_the_old_one_is_gone() -> None:
    field = LedgerEntry._meta.get_field("reason")
    choices = {value for value, _ in field.choices or ()}
    assert MIGRATION.NEW in REASONS and MIGRATION.NEW in choices
    assert MIGRATION.OLD not in choices and field.max_length == 12
