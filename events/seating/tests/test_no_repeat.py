"""No-repeat seating: the tight cases reach their optimum, winds stay balanced, and every
plan seats each present player once a round whatever the input."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events.seating import Fill, Layout, SeatingError, no_repeat
from events.seating.tests.helpers import assert_seats_everyone_once, meetings

# A short limit keeps the examples cheap; what the search reaches in its full 2 s is
# bench/seating.py's to show.
QUICK = 0.05


@st.composite
def layouts_and_counts(draw: st.DrawFn) -> tuple[Layout, int]:
    size = draw(st.sampled_from([4, 4, 3]))
    fill = Fill.SUBSTITUTES if size == 3 else draw(st.sampled_from(list(Fill)))
    layout = Layout(table_size=size, fill=fill)
    n = draw(st.integers(size, 48).filter(lambda n: -n % size <= (n + -n % size) // size))
    if fill is Fill.THREE_PLAYER:
        n = draw(st.integers(6, 48).filter(lambda n: n not in (5,)))
    return layout, n


def test_16_players_in_5_rounds_meet_every_other_player_exactly_once() -> None:
    plan = no_repeat(list(range(16)), 5)
    met = meetings(plan)
    assert len(met) == 16 * 15 // 2 and set(met.values()) == {1}
    assert plan.quality.optimal and plan.quality.repeats == 0
    assert plan.quality.wind_over == 0


@pytest.mark.parametrize("players", [64, 72, 100, 128, 148, 200, 252, 256])
def test_64_to_256_players_play_15_rounds_without_a_repeat(players: int) -> None:
    plan = no_repeat([f"p{i}" for i in range(players)], 15)
    assert plan.quality.repeats == 0 and plan.quality.most_meetings == 1
    assert max(meetings(plan).values()) == 1
    assert plan.quality.wind_over == 0 and plan.quality.wind_most == 4


@given(layouts_and_counts(), st.integers(1, 9), st.integers(0, 5))
@settings(max_examples=40)
def test_every_plan_seats_each_player_once_a_round(case: tuple[Layout, int], rounds: int,
                                                  seed: int) -> None:
    layout, n = case
    players = [f"player {i}" for i in range(n)]
    plan = no_repeat(players, rounds, layout=layout, seed=seed, time_limit=QUICK)
    assert len(plan.rounds) == rounds
    assert_seats_everyone_once(plan, players, layout)


@given(st.integers(4, 60), st.integers(1, 12), st.sampled_from([3, 4]), st.integers(0, 3))
@settings(max_examples=30)
def test_each_player_sits_each_wind_at_most_a_quarter_of_the_rounds_rounded_up(
        n: int, rounds: int, size: int, seed: int) -> None:
    layout = Layout(table_size=size)
    try:
        layout.empty_seats(n)
    except SeatingError:
        return
    plan = no_repeat(list(range(n)), rounds, layout=layout, seed=seed, time_limit=QUICK)
    bound = -(-rounds // size)
    for player in range(n):
        winds = [t.wind_of(player) for tables in plan.rounds for t in tables
                 if player in t.seats]
        assert max(winds.count(w) for w in set(winds)) <= bound
    assert plan.quality.wind_over == 0


def test_three_player_tables_seat_east_south_and_west_only() -> None:
    plan = no_repeat(list(range(30)), 6, layout=Layout(fill=Fill.THREE_PLAYER))
    for tables in plan.rounds:
        assert sorted(len(t.seats) for t in tables) == [3, 3] + [4] * 6
    assert plan.quality.repeats == 0


def test_a_plan_continues_the_rounds_played_without_repeating_them() -> None:
    players = list(range(32))
    first = no_repeat(players, 3, seed=1)
    rest = no_repeat(players, 3, history=first.rounds, seed=2, time_limit=1.0)
    assert rest.quality.repeats == 0
    played = meetings(first)
    assert not set(played) & set(meetings(rest))
    # Winds count over all six rounds.
    assert rest.quality.wind_bound == 2 and rest.quality.wind_over == 0


def test_a_dropout_leaves_a_substitute_seat_and_the_rest_of_the_plan_as_it_was() -> None:
    players = list(range(20))
    plan = no_repeat(players, 5)
    rest = no_repeat(players[1:], 3, history=plan.rounds[:2], start=plan.rounds[2:])
    assert_seats_everyone_once(rest, players[1:], Layout())
    assert rest.quality.repeats == 0 and rest.quality.short_most == 1
    for old, new in zip(plan.rounds[2:], rest.rounds, strict=True):
        assert {frozenset(t.players) - {0} for t in old} == {frozenset(t.players)
                                                             for t in new}


def test_late_entries_take_the_free_seats_and_new_tables() -> None:
    players = list(range(16))
    plan = no_repeat(players, 5)
    late = [*players, "late 1", "late 2", "late 3", "late 4", "late 5"]
    rest = no_repeat(late, 3, history=plan.rounds[:2], start=plan.rounds[2:],
                     time_limit=0.3)
    assert_seats_everyone_once(rest, late, Layout())
    assert all(len(tables) == 6 for tables in rest.rounds)


def test_the_same_seed_gives_the_same_plan() -> None:
    a, b = (no_repeat(list(range(40)), 6, seed=7) for _ in range(2))
    assert a.rounds == b.rounds
    assert no_repeat(list(range(40)), 6, seed=8).rounds != a.rounds


def test_a_single_table_plays_every_round_together_and_returns_at_once() -> None:
    plan = no_repeat(["a", "b", "c", "d"], 12)
    assert all(len(tables) == 1 for tables in plan.rounds)
    assert plan.quality.repeats == plan.quality.repeats_bound == 6 * 11
    assert plan.quality.wind_over == 0


def test_unavoidable_repeats_are_spread_over_the_pairs() -> None:
    plan = no_repeat(list(range(8)), 6, time_limit=0.5)
    # Each player meets 18 tablemates among 7 others: 3 times at the most is the best.
    assert plan.quality.most_meetings == 3
    assert plan.quality.repeats == plan.quality.repeats_bound


@pytest.mark.parametrize(("players", "rounds", "layout", "code"), [
    (list(range(3)), 2, Layout(), "seating_too_few_players"),
    (list(range(5)), 2, Layout(), "seating_cannot_fill"),
    (list(range(5)), 2, Layout(fill=Fill.THREE_PLAYER), "seating_cannot_fill"),
    ([1, 2, 3, 1], 2, Layout(), "seating_duplicate_player"),
    (list(range(8)), 0, Layout(), "seating_bad_rounds"),
    (list(range(8)), 65, Layout(), "seating_bad_rounds"),
])
def test_impossible_requests_are_named_errors(players: list[int], rounds: int,
                                              layout: Layout, code: str) -> None:
    with pytest.raises(SeatingError) as caught:
        no_repeat(players, rounds, layout=layout)
    assert caught.value.code == code
    assert caught.value.message


@pytest.mark.parametrize(("size", "fill"), [(5, Fill.SUBSTITUTES), (2, Fill.SUBSTITUTES),
                                            (3, Fill.THREE_PLAYER)])
def test_a_layout_with_tables_no_ruleset_plays_is_refused(size: int, fill: Fill) -> None:
    with pytest.raises(SeatingError) as caught:
        Layout(table_size=size, fill=fill)
    assert caught.value.code == "seating_bad_layout"


def test_table_sizes_follow_the_fill() -> None:
    assert Layout().table_sizes(18) == [4] * 5
    assert Layout(fill=Fill.THREE_PLAYER).table_sizes(18) == [4, 4, 4, 3, 3]
    assert Layout(table_size=3).table_sizes(10) == [3] * 4
    assert all(sum(Layout(fill=Fill.THREE_PLAYER).table_sizes(n)) == n
               for n in itertools.chain([3, 4], range(6, 100)))
