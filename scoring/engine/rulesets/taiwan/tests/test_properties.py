"""Random Taiwan games: every settlement is zero-sum and the scores always add up to 0."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.game import assert_zero_sum
from scoring.engine.rulesets.taiwan import PRESETS, game


@st.composite
def outcomes(draw: st.DrawFn) -> dict[str, Any]:
    if draw(st.integers(0, 4)) == 0:
        return {"type": "draw"}
    winner = draw(st.integers(0, 3))
    discarder = draw(st.one_of(st.none(), st.integers(0, 3).filter(lambda p: p != winner)))
    return {"type": "win", "wins": [{"winner": winner, "discarder": discarder,
                                     "quick": {"tai": draw(st.integers(0, 40))}}]}


@settings(max_examples=60, deadline=None)
@given(st.lists(outcomes(), min_size=1, max_size=20), st.sampled_from(sorted(PRESETS)),
       st.sampled_from(["2n", "n"]), st.sampled_from([None, 10]))
def test_random_games_are_zero_sum(hands: list[dict[str, Any]], preset: str, streak: str,
                                   cap: int | None) -> None:
    options = {"preset": preset, "dealer_streak": streak, "cap_tai": cap}
    state = game.initial_state(options)
    for outcome in hands:
        if state["finished"]:
            break
        result = game.apply(state, outcome, options)
        assert_zero_sum(result)
        state = result["state"]
        assert sum(state["scores"]) == 0
