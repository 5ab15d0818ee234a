"""Random Ji'an games: every hand balances and the standings always sum to zero."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.game import GameState, assert_zero_sum
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
    assert _replay(hands, options)["hands_played"] == len(hands)


def _replay(hands: list[dict[str, Any]], options: dict[str, Any]) -> GameState:
    """Every hand in turn, each settlement and the standings checked zero-sum."""
    state = game.initial_state(options)
    for outcome in hands:
        result = game.apply(state, outcome, options)
        assert_zero_sum(result)
        state = result["state"]
        assert sum(state["scores"]) == 0
    return state


@st.composite
def server_outcomes(draw: st.DrawFn) -> dict[str, Any]:
    """Hands with kongs, discarded 精 and two 下精 pairs recorded (the server's extras)."""
    outcome = draw(outcomes())
    pool = draw(st.lists(st.integers(0, 3), max_size=12 - sum(outcome["extra"]["jing_counts"])))
    extra = {**outcome["extra"], "jing_discarded": [pool.count(p) for p in range(4)],
             "lower_jing": [{"jing_counts": [draw(st.integers(0, 3)) for _ in range(4)]}
                            for _ in range(2)],
             "kongs": [{"player": draw(st.integers(0, 3)),
                        "kong": draw(st.sampled_from(["exposed", "concealed"]))}
                       for _ in range(draw(st.integers(0, 3)))]}
    if outcome["type"] == "win" and draw(st.booleans()):
        outcome["wins"][0]["quick"]["deguo"] = True  # 德中德 follows from the counts
    return {**outcome, "extra": extra}


@settings(max_examples=60, deadline=None)
@given(st.lists(server_outcomes(), min_size=1, max_size=8),
       st.sampled_from(["double", "plus_ten"]), st.sampled_from(["any", "dealer"]),
       st.booleans())
def test_random_games_with_kongs_and_lower_jing_stay_zero_sum(
        hands: list[dict[str, Any]], bonus: str, holder: str, on_draw: bool) -> None:
    options = {"exposed_kong": 2, "concealed_kong": 2, "jing_kong": 10, "lower_jing": 2,
               "discarded_jing": True, "dezhongde": True, "bajing_bonus": bonus,
               "bajing_holder": holder, "jing_on_draw": on_draw}
    assert _replay(hands, options)["hands_played"] == len(hands)
