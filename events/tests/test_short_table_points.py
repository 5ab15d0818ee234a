"""A table of three where the standings count table points (MCR's 4/2/1/0): by the
event's ``short_table_points``, its places earn the first three places' points (the
default) or those scaled to what a table of four gives each player (3/1.5/0.75); ties
share the points of their places; the standings equal a recount from the ledgers, on
plain rows (a property test) and at an event whose round has tables of three."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest
from django.db.models import Sum
from hypothesis import given, settings
from hypothesis import strategies as st

from common.errors import BadCommand
from events import services, standings
from events.models import RoundSeat, ShortTablePoints, Tournament
from events.standings import Fixed, SeatRow, rank, short_points
from games.models import LedgerEntry
from scoring.engine.capabilities import Standing

from .rounds_helpers import ORGANISER, end, event_of, record, ron, seat_and_start, tables_of

FULL = (4, 2, 1, 0)
PLACES, PER_PLAYER = "places", "per_player"  # the options, as the API names them
# The points by place at a table of three, as docs/events.md gives them.
OF_THREE: dict[str, tuple[Fraction, ...]] = {
    PLACES: (Fraction(4), Fraction(2), Fraction(1)),
    PER_PLAYER: (Fraction(3), Fraction(3, 2), Fraction(3, 4))}
RULES = [PLACES, PER_PLAYER]


def test_the_options_are_the_events_choices() -> None:
    assert sorted(RULES) == sorted(ShortTablePoints.values)
    assert Tournament._meta.get_field("short_table_points").default == PLACES


def test_a_table_of_three_earns_the_first_places_or_those_scaled_per_player() -> None:
    assert short_points(FULL, 3) == (4, 2, 1)
    scaled = short_points(FULL, 3, PER_PLAYER)
    assert scaled == OF_THREE[PER_PLAYER]
    # Each player at a table of three earns on average what one at a table of four does.
    assert sum(scaled) / 3 == Fraction(sum(FULL), 4)
    for rule in RULES:  # a full table is never scaled
        assert short_points(FULL, 4, rule) == FULL
    # Points whose first places add up to nothing have nothing to scale.
    assert short_points((1, 0, -1, 0), 3, PER_PLAYER) == (1, 0, -1)


def _recount_points(scores: dict[int, int], rule: str) -> dict[int, Fraction]:
    """Each position's table points counted apart: the places its score covers (those
    above it, then those equal), the points of those places shared."""
    by_place = tuple(map(Fraction, FULL)) if len(scores) == 4 else OF_THREE[rule]
    out = {}
    for position, score in scores.items():
        above = sum(1 for s in scores.values() if s > score)
        equal = sum(1 for s in scores.values() if s == score)
        out[position] = sum(by_place[above:above + equal], Fraction(0)) / equal
    return out


# A round: tables of four or three, each seat's score (few values, so ties are common).
TABLES = st.lists(st.lists(st.integers(-2, 2), min_size=3, max_size=4), min_size=1,
                  max_size=4)


@settings(max_examples=60, deadline=None)
@given(rounds_=st.lists(TABLES, min_size=1, max_size=3), rule=st.sampled_from(RULES))
def test_table_points_with_tables_of_three_equal_a_recount_and_ties_share_places(
        rounds_: list[list[list[int]]], rule: str) -> None:
    players = max(sum(len(t) for t in tables) for tables in rounds_)
    seats: list[SeatRow] = []
    results: dict[tuple[int, int], int] = {}
    expected: dict[int, Fraction] = defaultdict(Fraction)
    table_id = 0
    for number, tables in enumerate(rounds_, start=1):
        entry = 0
        for scores in tables:
            table_id += 1
            at = dict(enumerate(scores))
            for position, score in at.items():
                seats.append(SeatRow(entry, False, table_id, position, number))
                results[(table_id, position)] = score
                entry += 1
            recounted = _recount_points(at, rule)
            # What a table hands out: 7 at four; 7, or 7 × 3/4 per player, at three.
            handed = sum(recounted.values())
            assert handed == (7 if len(at) == 4 or rule == PLACES
                              else Fraction(21, 4))
            for position, points in recounted.items():
                expected[entry - len(at) + position] += points
    rows = rank(range(players), seats, results, dict.fromkeys(range(1, table_id + 1), True),
                {}, FULL, Fixed(), entry_key=lambda e: e, short=rule)
    assert {r.entry: r.table_points for r in rows} == {
        e: expected.get(e, Fraction(0)) for e in range(players)}
    for row in rows:  # equal players share a place; the next place is skipped
        assert row.rank == 1 + sum(1 for other in rows if other.key > row.key)


# --- an event whose round has tables of three ---------------------------------------


def _with_table_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """The event's convention with MCR's table points: no ruleset has both table points
    and three-player rules yet, so a riichi event (which has both tables of three and
    four) is ranked by them here."""
    by_points = Standing(key="table_points", label="Table points", source="test",
                         table_points=FULL)
    monkeypatch.setattr(standings.registry, "standing", lambda *args: by_points)


def _update(event: Tournament, **fields: Any) -> Tournament:
    return services.update_event(
        event, ORGANISER, name=event.name, kind=event.kind, visibility=event.visibility,
        rounds=event.rounds, starts_at=event.starts_at, description=event.description,
        registration_open=event.registration_open, **fields)


@pytest.mark.django_db
@pytest.mark.parametrize("rule", RULES)
def test_an_events_tables_of_three_count_their_table_points_as_a_recount_from_the_ledgers(
        monkeypatch: pytest.MonkeyPatch, rule: str) -> None:
    _with_table_points(monkeypatch)
    event = event_of(13)  # a table of four and three of three
    short = services.three_player_configs(event)[0]
    event = _update(event, short_tables=str(short.pk), short_table_points=rule)
    tables = tables_of(seat_and_start(event))
    for n, table in enumerate(tables):
        if n % 3 != 2:  # one table of three left without a hand: all three tied
            record(table, ron(1, 2, han=3))
        if n % 2:
            end(table)
    rows = standings.standings(event).rows
    # The recount: each seat's score from its table's ledger, its table points from the
    # scores at its table.
    expected: dict[int, Fraction] = defaultdict(Fraction)
    sizes = []
    for table in tables:
        seats = {s.position: s.entry_id
                 for s in RoundSeat.objects.filter(round_table__table=table)}
        sizes.append(len(seats))
        scores = {position: LedgerEntry.objects.filter(table=table, position=position)
                  .aggregate(s=Sum("amount"))["s"] or 0 for position in seats}
        for position, points in _recount_points(scores, rule).items():
            expected[seats[position]] += points
    assert sorted(sizes) == [3, 3, 3, 4]
    assert {r.entry.pk: r.table_points for r in rows} == dict(expected)
    assert sum(r.table_points for r in rows) == (
        28 if rule == PLACES else 7 + 3 * Fraction(21, 4))
    for row in rows:
        assert row.rank == 1 + sum(1 for other in rows if other.key > row.key)


@pytest.mark.django_db
def test_the_rule_is_kept_until_changed_and_refused_when_unknown() -> None:
    event = event_of(0)
    assert event.short_table_points == PLACES
    event = _update(event, short_table_points=PER_PLAYER)
    assert _update(event).short_table_points == PER_PLAYER
    with pytest.raises(BadCommand):
        _update(event, short_table_points="half")


@pytest.mark.django_db
def test_the_settings_offer_the_rule_only_where_a_table_of_three_meets_table_points(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from events import forms

    mcr = event_of(0, ruleset="mcr")  # table points, but no three-player rules
    assert "short_table_points" not in forms.SettingsForm.of(mcr).fields
    riichi = event_of(0)  # three-player rules, but no table points
    assert "short_table_points" not in forms.SettingsForm.of(riichi).fields
    by_points = Standing(key="table_points", label="Table points", source="test",
                         table_points=FULL)
    monkeypatch.setattr(forms.registry, "standings", lambda ruleset: [by_points])
    form = forms.SettingsForm.of(riichi, {
        "name": riichi.name, "kind": riichi.kind, "rounds": riichi.rounds,
        "visibility": riichi.visibility, "standing": "table_points",
        "short_table_points": PER_PLAYER})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["short_table_points"] == PER_PLAYER
