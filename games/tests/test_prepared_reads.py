"""The write path's reads compiled once per process (common.prepared, issue 26) read
what the ORM reads: the same rows, the same converted values (JSON, dates), the same
instances; a value of another type goes through the ORM; a field saved through
``save_fields`` is stored as ``save(update_fields=...)`` stores it, ``auto_now`` too."""

from __future__ import annotations

import pytest
from django.utils import timezone

from common.prepared import Prepared, save_fields
from games import seat_results
from games.models import Event, EventKind, Hand, SeatResult, Table
from games.services import commands
from games.services.snapshot import _DECLARED
from games.services.undo import _ENTRIES, _LAST_HAND

from .tables import command_id, make_table, record

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}

pytestmark = pytest.mark.django_db

WRITE_PATH = {
    "lock": commands._LOCKED, "seats": commands._SEATS, "repeated": commands._REPEATED,
    "hand count": commands._HAND_COUNT, "results": seat_results._RESULTS,
    "declared": _DECLARED, "undo's hand": _LAST_HAND,
    "undo's rows": _ENTRIES,
}


@pytest.mark.parametrize("name", sorted(WRITE_PATH))
def test_each_read_of_the_write_path_is_prepared_not_left_to_the_orm(name: str) -> None:
    assert WRITE_PATH[name].compiled("default")


def _game() -> Table:
    table = make_table()
    for _ in range(3):
        assert record(table, RON)["ok"]
    return Table.objects.get(pk=table.pk)


def test_the_table_read_under_the_lock_equals_the_orm_s() -> None:
    table = _game()
    locked = commands._lock(table.pk)
    fresh = Table.objects.get(pk=table.pk)
    for field in Table._meta.concrete_fields:
        if field.name != "updated_at":  # the lock moves it
            assert getattr(locked, field.attname) == getattr(fresh, field.attname), field
    assert locked.updated_at == fresh.updated_at
    assert isinstance(locked.state, dict) and locked.state["scores"] == fresh.state["scores"]


def test_seats_with_their_players_equal_select_related() -> None:
    table = _game()
    seats = commands._seats(table)
    orm = list(table.seats.select_related("player"))
    assert [(s.pk, s.position, s.player_id, s.player.display_name, s.claimed_at)
            for s in seats] == [(s.pk, s.position, s.player_id, s.player.display_name,
                                 s.claimed_at) for s in orm]


def test_stored_results_and_events_convert_as_the_orm_converts() -> None:
    table = _game()
    rows = {r[0]: r for r in seat_results._RESULTS.rows(table.pk)}
    for row in SeatResult.objects.filter(table_id=table.pk).values_list(
            *seat_results._RESULT_COLUMNS):
        assert rows[row[0]] == tuple(row)
    event = Event.objects.filter(table_id=table.pk).order_by("seq").last()
    assert event is not None
    assert commands._repeated(table, event.command_id) == event
    assert commands._repeated(table, command_id()) is None
    assert commands._HAND_COUNT.rows(table.pk) == [(Hand.objects.filter(
        table_id=table.pk).count(),)]


def test_a_value_of_another_type_goes_through_the_orm() -> None:
    table = _game()
    prepared = Prepared(lambda pk, kind: Event.objects.filter(table_id=pk, kind=kind)
                        .order_by("seq").values_list("seq"), 987654321, "sample")
    assert prepared.compiled("default")
    kinds = prepared.rows(table.pk, EventKind.RECORD)  # a str subclass: the ORM's way
    assert kinds == prepared.rows(table.pk, "record") == [(1,), (2,), (3,)]


def test_save_fields_stores_what_save_with_update_fields_stores() -> None:
    table = _game()
    before = table.updated_at
    table.seq, table.state = 99, {"scores": [1, 2, 3, 4], "note": "é"}
    table.finished_at = timezone.now()
    assert save_fields(table, ["seq", "state", "finished_at", "updated_at"]) == 1
    assert table.updated_at > before  # auto_now stamped the instance, as save() does
    stored = Table.objects.get(pk=table.pk)
    assert (stored.seq, stored.state, stored.finished_at, stored.updated_at) == (
        99, {"scores": [1, 2, 3, 4], "note": "é"}, table.finished_at, table.updated_at)
