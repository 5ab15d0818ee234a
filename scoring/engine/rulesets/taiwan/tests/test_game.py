"""Taiwan table rules: 連莊 and its 台, rotation through the wind rounds, draws, the end."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.game import GameState, HandSettlement, assert_zero_sum
from scoring.engine.rulesets.taiwan import game
from scoring.engine.tests.ledger import totals

OPTS: dict[str, Any] = {"preset": "taiwan"}


def play(outcome: dict[str, Any], state: GameState | None = None,
         options: dict[str, Any] | None = None) -> HandSettlement:
    opts = options or OPTS
    result = game.apply(state or game.initial_state(opts), outcome, opts)
    assert_zero_sum(result)
    return result


def win(winner: int, discarder: int | None, tai: int = 1) -> dict[str, Any]:
    return {"type": "win", "wins": [{"winner": winner, "discarder": discarder,
                                     "quick": {"tai": tai}}]}


def test_dealer_win_keeps_the_deal_and_counts_the_streak() -> None:
    first = play(win(0, None, 2))
    assert totals(first) == [3 * 60, -60, -60, -60]  # 2 台 + 莊家 1: 30 + 30
    assert first["state"]["dealer"] == 0 and first["state"]["honba"] == 1
    second = play(win(0, 2, 2), first["state"])
    assert totals(second) == [80, 0, -80, 0]  # 2 + 莊家 1 + 連1拉1 2 = 5 台: 30 + 50
    assert second["state"]["honba"] == 2


def test_a_drawn_hand_keeps_the_deal_and_adds_to_the_streak() -> None:
    drawn = play({"type": "draw"})
    assert drawn["rows"] == [] and drawn["state"]["dealer"] == 0
    assert drawn["state"]["honba"] == 1
    after = play(win(1, 0, 1), drawn["state"])
    assert totals(after) == [-70, 70, 0, 0]  # 1 + 莊家 1 + 連1拉1 2 = 4 台
    assert after["state"]["dealer"] == 1 and after["state"]["honba"] == 0


def test_a_drawn_hand_can_pass_the_deal_by_option() -> None:
    drawn = play({"type": "draw"}, options={"dealer_on_draw": "pass"})
    assert drawn["state"]["dealer"] == 1 and drawn["state"]["honba"] == 0


def test_the_table_fills_round_wind_and_streak_into_a_tiles_win() -> None:
    state = game.initial_state(OPTS)
    state["dealer"], state["round_wind"], state["honba"], state["hand_number"] = 3, "S", 1, 4
    outcome = {"type": "win", "wins": [{"winner": 1, "discarder": 3, "hand": {
        "hand": "123m456m55s78s", "melds": ["pon 222z", "chi 234p"], "win_tile": "9s"}}]}
    r = play(outcome, state)
    natives = [i["native"] for i in r["results"][0]["items"]]
    # South round: 222z is the round wind; P1 sits West of dealer P3, so not his wind.
    assert natives == ["圈風", "莊家", "連1拉1"]
    assert totals(r) == [0, 70, 0, -70]
    assert r["state"]["dealer"] == 0 and r["state"]["round_wind"] == "W"


def test_four_rounds_make_the_game_and_then_it_is_over() -> None:
    state = game.initial_state(OPTS)
    winds = []
    for _ in range(16):
        winds.append(state["round_wind"])
        state = play(win((state["dealer"] + 1) % 4, None), state)["state"]
    assert winds == ["E"] * 4 + ["S"] * 4 + ["W"] * 4 + ["N"] * 4
    assert state["finished"] and state["hands_played"] == 16
    with pytest.raises(EngineError):
        game.apply(state, win(0, None), OPTS)
    assert game.final_settlement(state, OPTS) == []


def test_one_round_game_by_option() -> None:
    state = game.initial_state({"rounds": 1})
    for _ in range(3):
        state = play(win((state["dealer"] + 1) % 4, None), state, {"rounds": 1})["state"]
        assert not state["finished"]
    state = play(win(0, None), state, {"rounds": 1})["state"]
    assert state["finished"]


def test_bad_outcomes_are_refused_with_codes() -> None:
    for outcome in ({"type": "ron"}, {"type": "win", "wins": []},
                    {"type": "win", "wins": [{"winner": 1, "discarder": 1,
                                              "quick": {"tai": 1}}]},
                    {"type": "win", "wins": [{"winner": 1, "discarder": None}]}):
        with pytest.raises(EngineError) as info:
            play(outcome)
        assert info.value.code == "bad_input"


def test_apply_does_not_mutate_its_inputs() -> None:
    state = game.initial_state(OPTS)
    outcome = win(2, 1, 3)
    before = repr((state, outcome))
    play(outcome, state)
    assert repr((state, outcome)) == before
