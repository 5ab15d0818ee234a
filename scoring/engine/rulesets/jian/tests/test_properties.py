"""Random Ji'an games: every hand balances and the standings always sum to zero."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.game import assert_zero_sum
from scoring.engine.rulesets.jian import game
from scoring.engine.rulesets.jian.fans import SHAPES


@st.composite
def outcomes(draw: st.DrawFn) -> dict[str, Any]:
    pool = draw(st.lists(st.integers(0, 3), max_size=12))
    counts = [pool.count(p) for p in range(4)]
    extra = {"jing": {"zheng": "5m"}, "jing_counts": counts}
    if draw(st.integers(0, 5)) == 0:
        return {"type": "draw", "extra": extra}
    winner = draw(st.integers(0, 3))
    discarder = draw(st.one_of(st.none(), st.integers(0, 3).filter(lambda p: p != winner)))
    quick = {"shape": draw(st.sampled_from(sorted(SHAPES))), "deguo": draw(st.booleans()),
             "jingdiao": draw(st.booleans()),
             "after_kong": discarder is None and draw(st.booleans())}
    return {"type": "win", "wins": [{"winner": winner, "discarder": discarder,
                                     "quick": quick}], "extra": extra}


@settings(max_examples=60, deadline=None)
@given(st.lists(outcomes(), min_size=1, max_size=8),
       st.sampled_from([{}, {"preset": "jian_discarder_pays"},
                        {"jing_on_draw": True, "bajing": "chongguan_only"}]))
def test_random_games_stay_zero_sum(hands: list[dict[str, Any]], options: dict[str, Any]) -> None:
    state = game.initial_state(options)
    for outcome in hands:
        result = game.apply(state, outcome, options)
        assert_zero_sum(result)
        state = result["state"]
        assert sum(state["scores"]) == 0
    assert state["hands_played"] == len(hands)
