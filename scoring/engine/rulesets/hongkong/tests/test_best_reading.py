"""Hong Kong pays the best reading of a hand and the best place of its winning tile."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.rulesets.hongkong.fan import View, tally
from scoring.engine.rulesets.hongkong.options import Options
from scoring.engine.rulesets.hongkong.score import FIRST_TURNS, HAND_SIZE, scored
from scoring.engine.shapes import thirteen_orphans
from scoring.engine.tests.winning_hands import Win, placed_readings, wins
from scoring.engine.winning_hand import Reading, read_context, read_winning_hand

SEATS = {"winner": 1, "dealer": 0, "discarder": 2, "round_wind": "E"}
ANY_FAN = {"min_fan": 0, "responsibility": "full"}


def best_by_every_place(request: dict[str, Any]) -> tuple[int, int]:
    """(fan, fan without flowers) of the best split and place of the winning tile."""
    options = Options(min_fan=0, responsibility="full")
    hand = read_winning_hand(request, HAND_SIZE, "Hong Kong")
    ctx = read_context(request, hand.self_draw, 1, 0, FIRST_TURNS, double_kong=True)
    views = [View(hand, Reading(hand, pair, groups, place), ctx, options)  # type: ignore[arg-type]
             for pair, groups, place in placed_readings(hand.concealed, hand.win_tile)]
    if not hand.melds and thirteen_orphans(hand.concealed):
        views.append(View(hand, None, ctx, options))
    return max((tally(v).fan, tally(v).hand_fan) for v in views)


@settings(max_examples=80, deadline=None)
@given(wins(sets=4), st.sampled_from(["discard", "self_draw"]))
def test_the_fan_paid_are_the_most_of_every_reading_and_wait(win: Win, how: str) -> None:
    request = {**win.request(), "win": how, **SEATS, "options": ANY_FAN}
    if how == "self_draw":
        request.pop("discarder")
    result = scored(request)
    assert (result["fan"], result["hand_fan"]) == best_by_every_place(request)


def test_thirteen_orphans_is_a_limit_hand() -> None:
    result = scored({"hand": "19m19p19s1234567z", "win_tile": "1m", "win": "self_draw",
                    "winner": 1, "dealer": 0})
    assert [i["native"] for i in result["items"]] == ["十三么"]
    assert result["limit"]
