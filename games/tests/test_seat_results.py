"""The stored seat results (games.seat_results) after random sequences of writes always
equal a fresh count of the table's hands and ledger, whichever path each write took."""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models import Sum
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import seat_results, services
from games.models import Hand, LedgerEntry, Seat, SeatResult, Table

from .tables import CREATOR, command_id, make_table
from .test_replay_properties import operations, riichi_outcomes, run

pytestmark = pytest.mark.django_db

FIELDS = [f.attname for f in SeatResult._meta.concrete_fields if f.attname != "id"]


def stored(table: Table) -> list[dict[str, Any]]:
    return [{name: getattr(row, name) for name in FIELDS}
            for row in SeatResult.objects.filter(table=table).order_by("position")]


def fresh(table: Table) -> list[dict[str, Any]]:
    """A count from scratch of everything the table holds now."""
    return seat_results.computed(table, Seat.objects.filter(table=table),
                                 Hand.objects.filter(table=table),
                                 LedgerEntry.objects.filter(table=table))


def check(table: Table) -> None:
    rows = stored(table)
    assert rows == fresh(table)
    # And against the ledger itself: final points are the start plus every row.
    sums = dict(LedgerEntry.objects.filter(table=table).order_by().values_list("position")
                .annotate(total=Sum("amount")))
    starts = services.start_scores(table)
    assert [r["final"] for r in rows] == [starts[p] + sums.get(p, 0)
                                          for p in range(len(starts))]
    assert all(r["hands"] == Hand.objects.filter(table=table).count() for r in rows)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=operations)
def test_stored_results_equal_a_fresh_count_after_any_writes(ops):
    # Records at the end take the incremental path (only the new hand is counted), undo
    # and corrections the full count: interleaved in any order, the rows must match.
    table = make_table(length="east")
    check(table)
    for op, arg in ops:
        run(table, op, arg)
        table.refresh_from_db()
        check(table)


@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(hands=st.lists(riichi_outcomes(), min_size=1, max_size=6))
def test_a_removed_table_takes_its_results_with_it(hands):
    table = make_table(length="east")
    for outcome in hands:
        run(table, "record", outcome)
    run(table, "end", None)
    assert SeatResult.objects.filter(table=table).count() == 4
    pk = table.pk
    Table.objects.filter(pk=pk).delete()
    assert not SeatResult.objects.filter(table_id=pk).exists()


def test_a_new_table_counts_as_a_game_with_no_hand():
    table = make_table()
    rows = stored(table)
    assert [r["hands"] for r in rows] == [0, 0, 0, 0]
    assert [r["final"] for r in rows] == services.start_scores(table)
    assert [r["place"] for r in rows] == [1, 1, 1, 1]


def test_the_backfill_counts_tables_whose_rows_are_missing():
    table = make_table(length="east")
    for outcome in ({"type": "tsumo", "wins": [{"winner": 2, "quick": {"han": 3, "fu": 30}}]},
                    {"type": "draw", "tenpai": [0, 1], "riichi": [1]}):
        run(table, "record", outcome)
    run(table, "end", None)
    before = stored(table)
    SeatResult.objects.filter(table=table).delete()
    seat_results.refresh_tables([table], batch=1)
    assert stored(table) == before == fresh(table)
    # A write after rows went missing counts the whole table again.
    SeatResult.objects.filter(table=table).delete()
    table.refresh_from_db()
    assert services.reopen_game(table.pk, command_id(), table.seq, CREATOR)["ok"]
    assert stored(table) == fresh(table)


# Scored hands whose wins list yaku (a quick entry lists none): riichi + tsumo + pinfu
# twice, then a tanyao hand, so an undo must take off items seen before and items new.
SCORED = [
    {"type": "tsumo", "riichi": [0], "wins": [{"winner": 0, "hand": {
        "hand": "234m345p234s567s5p", "win_tile": "5p", "riichi": True}}]},
    {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "hand": {
        "hand": "234m456p234s66s67m", "win_tile": "8m"}}]},
    {"type": "tsumo", "riichi": [0], "wins": [{"winner": 0, "hand": {
        "hand": "123m345p234s567s5p", "win_tile": "5p", "riichi": True}}]},
]


def test_undoing_the_last_hand_takes_off_only_what_it_counted(monkeypatch):
    table = make_table(length="east", bust_ends_game=False)
    for outcome in SCORED:
        assert run(table, "record", outcome)["ok"]
    assert any(row["items"] for row in stored(table))
    counted = []
    real = seat_results.count_hand

    def counting(*args, **kwargs):
        counted.append(args[1].number)
        return real(*args, **kwargs)

    monkeypatch.setattr(seat_results, "count_hand", counting)
    for _ in SCORED:
        counted.clear()
        assert run(table, "undo", None)["ok"]
        # The undone hand alone, once per seat: not a count of the hands before it.
        assert len(counted) == 4 and len(set(counted)) == 1
        check(table)
