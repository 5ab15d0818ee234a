"""Standings: by the ruleset's convention (riichi's final score with uma and oka, MCR's
table points then score), ties sharing places, penalties outside every table's zero sum,
substitutes by the event's rule; equal to a recount from the ledgers (a property test);
read in the same number of queries however many rounds."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from django.db import connection
from django.db.models import Sum
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events import officiating, rounds
from events.models import Penalty, RoundSeat, SubstituteRule, Tournament
from events.standings import Fixed, SeatRow, counted, rank, score_text, shares, standings
from games.models import LedgerEntry
from scoring import registry

from .rounds_helpers import (
    ORGANISER,
    end,
    event_of,
    mcr_win,
    record,
    ron,
    seat_and_start,
    tables_of,
)

pytestmark = pytest.mark.django_db


def test_table_points_are_shared_by_tied_players() -> None:
    assert shares({0: 30, 1: 10, 2: 10, 3: -50}, (4, 2, 1, 0)) == {
        0: 4, 1: Fraction(3, 2), 2: Fraction(3, 2), 3: 0}
    assert shares({0: 0, 1: 0, 2: 0, 3: 0}, (4, 2, 1, 0)) == dict.fromkeys(range(4),
                                                                             Fraction(7, 4))


def test_equal_players_share_a_place_and_the_next_place_is_skipped() -> None:
    seats = [SeatRow(e, False, 1, e - 1, 1) for e in (1, 2, 3, 4)]
    results = {(1, 0): 20, (1, 1): 5, (1, 2): 5, (1, 3): -30}
    rows = rank([1, 2, 3, 4], seats, results, {1: True}, {}, (), Fixed(),
                entry_key=lambda e: e)
    assert [(r.entry, r.rank) for r in rows] == [(1, 1), (2, 2), (3, 2), (4, 4)]


def test_riichi_ranks_by_final_score_with_uma_and_oka_and_shows_thousands() -> None:
    event = event_of(4)
    table, = tables_of(seat_and_start(event))
    record(table, ron(1, 2, han=3))  # South wins 3,900 from West
    end(table)
    table_ = standings(event)
    assert table_.convention == registry.standing("riichi")
    by_number = {r.entry.number: r for r in table_.rows}
    numbers = list(RoundSeat.objects.filter(round_table__table=table).order_by("position")
                   .values_list("entry__number", flat=True))
    # EMA: 30,000 start and return, uma 15/5/-5/-15, East and North tied for 2nd share 0.
    assert [by_number[n].score for n in numbers] == [0, 18900, -18900, 0]
    assert [by_number[n].rank for n in numbers] == [2, 1, 4, 2]
    assert table_.score_text(18900) == "+18.9" and table_.score_text(-18900) == "−18.9"


def test_mcr_ranks_by_table_points_then_score() -> None:
    event = event_of(8, ruleset="mcr")
    first, second = tables_of(seat_and_start(event))
    record(first, mcr_win(0, 1, fan=8))   # +24 / -16 / -8 / -8 (West and North tie)
    record(second, mcr_win(2, 3, fan=12))
    table_ = standings(event)
    assert table_.points == (4, 2, 1, 0)
    top = table_.rows[0]
    assert top.table_points == 4 and top.score == 36  # 12 + 3 x 8 from the others
    ties = [r for r in table_.rows if r.table_points == Fraction(3, 2)]
    assert len(ties) == 4 and len({r.rank for r in ties if r.score == -8}) == 1
    assert score_text(36, table_.convention) == "+36"


def test_a_penalty_counts_in_the_standings_and_leaves_the_table_zero_sum() -> None:
    event = event_of(4)
    table, = tables_of(seat_and_start(event))
    record(table, ron(0, 1))
    entry = event.entries.get(number=1)
    before = {r.entry.pk: r.score for r in standings(event).rows}
    officiating.add_penalty(event, entry.pk, -20000, "Chombo after the hand", ORGANISER, 1)
    after = {r.entry.pk: r.score for r in standings(event).rows}
    assert after[entry.pk] == before[entry.pk] - 20000
    assert {k: v for k, v in after.items() if k != entry.pk} == \
        {k: v for k, v in before.items() if k != entry.pk}
    assert LedgerEntry.objects.filter(table=table).aggregate(s=Sum("amount"))["s"] == 0


@pytest.mark.parametrize(("rule", "expected"), [
    (SubstituteRule.FIXED, -5000), (SubstituteRule.SEAT, None), (SubstituteRule.NOTHING, 0)])
def test_a_seat_played_by_a_substitute_counts_by_the_events_rule_never_for_the_substitute(
        rule: str, expected: int | None) -> None:
    event = event_of(4)
    event.substitute_rule, event.substitute_score = rule, -5000
    event.save()
    made = rounds.seat_round(event, ORGANISER)
    seat = RoundSeat.objects.get(round_table__round=made, position=1)
    rounds.set_substitute(event, 1, seat.pk, "Walk-in", ORGANISER)
    rounds.start_round(event, 1, ORGANISER)
    table, = tables_of(made)
    record(table, ron(1, 0, han=3))  # the substitute wins
    rows = {r.entry.pk: r for r in standings(event).rows}
    replaced = rows[seat.entry_id]
    seat_score = LedgerEntry.objects.filter(table=table, position=1).aggregate(
        s=Sum("amount"))["s"]
    assert replaced.score == (seat_score if expected is None else expected)
    assert all(r.entry.player.display_name != "Walk-in" for r in rows.values())


def _query_count(event: Tournament) -> int:
    with CaptureQueriesContext(connection) as queries:
        standings(event)
    return len(queries)


def test_the_standings_take_as_many_queries_at_four_rounds_as_at_one() -> None:
    event = event_of(8, rounds_=4)
    for table in tables_of(seat_and_start(event)):
        record(table, ron(0, 1))
    one = _query_count(event)
    for _ in range(3):
        for table in tables_of(seat_and_start(event)):
            record(table, ron(2, 3))
    assert _query_count(event) == one <= 5


# --- recount from the ledgers (property test) -------------------------------------------

HAND = st.one_of(
    st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(1, 4)).filter(
        lambda h: h[0] != h[1]).map(lambda h: ron(h[0], h[1], han=h[2])),
    st.just({"type": "draw", "tenpai": []}))
TABLE = st.tuples(st.lists(HAND, max_size=2), st.booleans())  # hands, ended


def _recount(event: Tournament) -> dict[int, int]:
    """Each entry's score from the ledger rows of the seats it played, the fixed result
    of those a substitute played, and its penalties: counted apart from the standings."""
    totals: dict[int, int] = defaultdict(int)
    for entry in event.entries.all():
        totals[entry.pk] = 0
    for seat in RoundSeat.objects.filter(round_table__round__tournament=event,
                                         entry__isnull=False, round_table__table__isnull=False
                                         ).select_related("round_table"):
        if seat.substitute_id is not None and event.substitute_rule != SubstituteRule.SEAT:
            if event.substitute_rule == SubstituteRule.FIXED:
                totals[seat.entry_id] += event.substitute_score
            continue
        totals[seat.entry_id] += LedgerEntry.objects.filter(
            table_id=seat.round_table.table_id, position=seat.position).aggregate(
            s=Sum("amount"))["s"] or 0
    for penalty in Penalty.objects.filter(tournament=event):
        totals[penalty.entry_id] += penalty.points
    return dict(totals)


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(rounds_=st.lists(st.lists(TABLE, min_size=3, max_size=3), min_size=1, max_size=2),
       penalties=st.lists(st.tuples(st.integers(1, 9), st.integers(-9, 9).filter(bool)),
                          max_size=3),
       rule=st.sampled_from(SubstituteRule.values), substitute=st.booleans())
def test_the_standings_equal_a_recount_from_the_ledgers_and_ties_share_places(
        rounds_: list[list[tuple[list[dict[str, Any]], bool]]],
        penalties: list[tuple[int, int]], rule: str, substitute: bool) -> None:
    event = event_of(9, rounds_=len(rounds_))  # 9 players: 3 tables, 3 substitutes' seats
    event.substitute_rule, event.substitute_score = rule, -3000
    event.substitute_points = Decimal("0.5")
    event.save()
    for tables in rounds_:
        made = rounds.seat_round(event, ORGANISER)
        if substitute:
            seat = RoundSeat.objects.filter(round_table__round=made,
                                            entry__isnull=False).first()
            rounds.set_substitute(event, made.number, seat.pk, "Walk-in", ORGANISER)
        rounds.start_round(event, made.number, ORGANISER)
        for table, (hands, ended) in zip(tables_of(made), tables, strict=True):
            for hand in hands:
                record(table, hand)
            if ended and hands:
                end(table)
    for number, points in penalties:
        entry = event.entries.get(number=number)
        officiating.add_penalty(event, entry.pk, points * 1000, "Slow play", ORGANISER)
    rows = standings(event).rows
    assert {r.entry.pk: r.score for r in rows} == _recount(event)
    for row in rows:
        assert row.rank == 1 + sum(1 for other in rows if other.score > row.score)


def test_a_count_that_reads_again_only_the_table_written_equals_a_fresh_count() -> None:
    event = event_of(8)
    first, second = tables_of(seat_and_start(event))
    kept = counted(event)
    record(second, ron(2, 3, han=3))
    kept.refresh(second.pk)
    fresh = standings(event)
    assert [(r.entry.pk, r.rank, r.score) for r in kept.ranked().rows] == \
        [(r.entry.pk, r.rank, r.score) for r in fresh.rows]
    assert kept.ranked().hands == fresh.hands == 1
