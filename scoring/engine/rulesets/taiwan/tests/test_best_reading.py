"""Taiwan pays the best reading and the best place of the winning tile (issue 23): a hand
that waited two-sided is 平胡 even when the tile also fits the pair or an edge."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.rulesets.taiwan.options import Options
from scoring.engine.rulesets.taiwan.score import FIRST_TURNS, HAND_SIZE, scored, sum_tai
from scoring.engine.rulesets.taiwan.tai import View, items_of
from scoring.engine.tests.winning_hands import Win, placed_readings, wins
from scoring.engine.winning_hand import Reading, read_context, read_winning_hand

SEATS = {"winner": 1, "dealer": 0, "discarder": 2, "round_wind": "E"}


def tai_of(request: dict[str, Any]) -> int:
    return int(scored(request)["tai"])


def test_a_two_sided_wait_that_also_fits_the_pair_is_all_chows() -> None:
    # 1123m waits on 1m and 4m; 1m also completes the pair 11m.
    request = {"hand": "1123678m567p678s", "melds": ["chi 789p"], "win_tile": "1m",
               "win": "discard", **SEATS}
    result = scored(request)
    assert [(i["native"], i["value"]) for i in result["items"]] == [("平胡", 2)]
    assert result["headline"]["points"] == 50
    assert tai_of({**request, "win_tile": "4m"}) == tai_of(request)  # the other side


def test_a_two_sided_wait_read_beside_a_closed_one_is_all_chows() -> None:
    request = {"hand": "34556778899m11p", "melds": ["chi 234p"], "win_tile": "4m",
               "win": "discard", **SEATS}
    result = scored(request)
    assert [(i["native"], i["value"]) for i in result["items"]] == [("平胡", 2)]
    assert result["headline"]["points"] == 50


def test_a_concealed_two_sided_wait_is_concealed_and_all_chows() -> None:
    request = {"hand": "12233445699m34556s", "win_tile": "4s", "win": "discard", **SEATS}
    result = scored(request)
    assert sorted((i["native"], i["value"]) for i in result["items"]) == [
        ("平胡", 2), ("門清", 1)]
    assert result["headline"]["points"] == 60


def best_by_every_place(request: dict[str, Any]) -> int:
    """The most 台 of any split and any place of the winning tile, found the long way."""
    options = Options()
    hand = read_winning_hand(request, HAND_SIZE, "Taiwan")
    ctx = read_context(request, hand.self_draw, 1, 0, FIRST_TURNS)
    return max(sum_tai(items_of(View(hand, Reading(hand, pair, groups, place),  # type: ignore[arg-type]
                                     ctx, options)))
               for pair, groups, place in placed_readings(hand.concealed, hand.win_tile))


@settings(max_examples=80, deadline=None)
@given(wins(sets=5), st.sampled_from(["discard", "self_draw"]))
def test_the_tai_paid_are_the_most_of_every_reading_and_wait(win: Win, how: str) -> None:
    request = {**win.request(), "win": how, **SEATS}
    if how == "self_draw":
        request.pop("discarder")
    assert tai_of(request) == best_by_every_place(request)
