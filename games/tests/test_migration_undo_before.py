"""Migration 0019 gives each hand already played what undo took back before it
(``Hand.undo_before``) and its table the undo and redo targets of its log, which undoing
the last hand then reads instead of the log. Its function runs here directly on rows
stored as before (django-test-migrations is not installed)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps

from games import services
from games.models import Hand, Table

from .tables import CREATOR, command_id, make_table, record

MIGRATION = importlib.import_module("games.migrations.0019_hand_undo_before")
RON = {"type": "ron", "wins": [{"winner": 0, "discarder": 1, "quick": {"han": 2, "fu": 30}}]}
TSUMO = {"type": "tsumo", "wins": [{"winner": 2, "quick": {"han": 3, "fu": 30}}]}

pytestmark = pytest.mark.django_db


def _stored(table: Table) -> tuple[list[Any], tuple[Any, ...]]:
    table.refresh_from_db()
    return (list(Hand.objects.filter(table=table).order_by("number")
                 .values_list("number", "undo_before")),
            (table.undo_target, table.redo_target, table.can_redo))


def test_hands_and_tables_stored_before_get_what_their_log_says() -> None:
    table = make_table()
    assert record(table, RON)["ok"]
    table.refresh_from_db()
    assert services.correct_hand(table.pk, 1, TSUMO, command_id(), table.seq, CREATOR)["ok"]
    for outcome in (RON, TSUMO):
        assert record(table, outcome)["ok"]
    written = _stored(table)
    assert written == ([(1, None), (2, {"kind": "correct", "number": 1}),
                        (3, {"kind": "record", "number": 2})],
                       ({"kind": "record", "number": 3}, None, False))
    # As a table written before either was kept: no hand's, no table's targets.
    Hand.objects.filter(table=table).update(undo_before=None)
    Table.objects.filter(pk=table.pk).update(undo_target=None)
    empty = make_table()

    MIGRATION.backfill(apps, None)
    assert _stored(table) == written
    assert _stored(empty) == ([], (None, None, False))
    # Undoing the last hands (without the log) then names what the log says, down to the
    # correction.
    for number, then in ((3, {"kind": "record", "number": 2}),
                         (2, {"kind": "correct", "number": 1})):
        table.refresh_from_db()
        result = services.undo(table.pk, command_id(), table.seq, CREATOR)
        assert result["ok"] and result["hand_number"] == number
        assert result["snapshot"]["undo"] == then
