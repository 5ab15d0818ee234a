"""Random Wuhu games: every hand balances and the chips in play never change."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.game import assert_zero_sum
from scoring.engine.rulesets.wuhu import PRESETS, game


@st.composite
def outcomes(draw: st.DrawFn) -> dict[str, Any]:
    if draw(st.integers(0, 5)) == 0:
        return {"type": "draw"}
    winner = draw(st.integers(0, 3))
    discarder = draw(st.one_of(st.none(), st.integers(0, 3).filter(lambda p: p != winner)))
    quick = {"zhi": draw(st.integers(8, 14)), "ya": draw(st.sampled_from([0, 2, 3, 5, 8])),
             "mouths": draw(st.integers(0, 3)), "exposed_kongs": draw(st.integers(0, 2)),
             "concealed_kongs": draw(st.integers(0, 2))}
    return {"type": "win", "wins": [{"winner": winner, "discarder": discarder,
                                     "quick": quick}]}


@settings(max_examples=60, deadline=None)
@given(st.lists(outcomes(), min_size=1, max_size=10), st.sampled_from(sorted(PRESETS)),
       st.sampled_from(["all_pay", "discarder_as_dealer", "discarder_only"]), st.booleans())
def test_random_games_keep_the_chips_in_play(hands: list[dict[str, Any]], preset: str,
                                             discard: str, cap: bool) -> None:
    """Capped at their chips (``cap_at_chips``), nobody ever goes below zero."""
    options = {"preset": preset, "discard_payment": discard, "end_when_broke": False,
               "cap_at_chips": cap}
    state = game.initial_state(options)
    total = sum(state["scores"])
    for outcome in hands:
        result = game.apply(state, outcome, options)
        assert_zero_sum(result)
        state = result["state"]
        assert sum(state["scores"]) == total
        assert min(state["scores"]) >= 0 or not cap
