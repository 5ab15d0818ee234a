"""Hong Kong table rules: 半銃 and 包自摸 at the table, 詐糊, rotation, draws, the end."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.game import GameState, HandSettlement, assert_zero_sum
from scoring.engine.rulesets.hongkong import game
from scoring.engine.tests.ledger import by_reason, totals

OPTS: dict[str, Any] = {"preset": "hongkong"}


def play(outcome: dict[str, Any], state: GameState | None = None,
         options: dict[str, Any] | None = None) -> HandSettlement:
    opts = options or OPTS
    result = game.apply(state or game.initial_state(opts), outcome, opts)
    assert_zero_sum(result)
    return result


def win(winner: int, discarder: int | None, fan: int = 3, pao: int | None = None
        ) -> dict[str, Any]:
    return {"type": "win", "wins": [{"winner": winner, "discarder": discarder, "pao": pao,
                                     "quick": {"fan": fan}}]}


def test_dealer_keeps_the_deal_on_his_win_and_passes_it_on_another() -> None:
    first = play(win(0, None))
    assert totals(first) == [24, -8, -8, -8]
    assert first["state"]["dealer"] == 0
    second = play(win(3, 0, 4), first["state"])
    assert totals(second) == [-16, -8, -8, 32]
    assert second["state"]["dealer"] == 1


def test_pao_pays_the_whole_self_draw_as_a_pao_row() -> None:
    r = play(win(2, None, 6, pao=1))
    assert totals(r) == [0, -96, 96, 0]
    assert by_reason(r, "pao") == [0, -96, 96, 0]


def test_false_win_pays_a_limit_self_draw_to_each_other_player() -> None:
    r = play({"type": "false_win", "penalised": 2})
    assert totals(r) == [384, 384, -1152, 384]
    assert by_reason(r, "penalty") == totals(r)
    assert r["state"]["dealer"] == 0 and r["state"]["hands_played"] == 1


def test_draw_keeps_the_deal_or_passes_it_by_option() -> None:
    assert play({"type": "draw"})["state"]["dealer"] == 0
    passed = play({"type": "draw"}, options={"dealer_on_draw": "pass"})
    assert passed["state"]["dealer"] == 1


def test_the_table_fills_the_round_wind_into_a_tiles_win() -> None:
    state = game.initial_state(OPTS)
    state["dealer"], state["round_wind"], state["hand_number"] = 2, "S", 3
    outcome = {"type": "win", "wins": [{"winner": 3, "discarder": None, "hand": {
        "hand": "123m55s78s", "melds": ["pon 222z", "pon 111z"], "win_tile": "9s"}}]}
    r = play(outcome, state)
    natives = [i["native"] for i in r["results"][0]["items"]]
    # South round: 222z is the round wind; P3 sits South of dealer P2, so it is his too.
    assert natives == ["門風", "圈風", "自摸", "無花"]
    assert totals(r) == [-16, -16, -16, 48]


def test_four_rounds_make_the_game() -> None:
    state = game.initial_state(OPTS)
    for _ in range(16):
        assert not state["finished"]
        state = play(win((state["dealer"] + 1) % 4, None), state)["state"]
    assert state["finished"] and state["round_wind"] == "N"
    with pytest.raises(EngineError):
        game.apply(state, win(0, None), OPTS)


def test_bad_outcomes_are_refused_with_codes() -> None:
    for outcome in ({"type": "ron"}, {"type": "false_win"},
                    {"type": "win", "wins": [{"winner": 1, "discarder": 1,
                                              "quick": {"fan": 3}}]}):
        with pytest.raises(EngineError) as info:
            play(outcome)
        assert info.value.code == "bad_input"
    with pytest.raises(EngineError) as info:
        play(win(1, 2, fan=2))
    assert info.value.code == "below_minimum_fan"


def test_apply_does_not_mutate_its_inputs() -> None:
    state = game.initial_state(OPTS)
    outcome = win(2, 1, 5)
    before = repr((state, outcome))
    play(outcome, state)
    assert repr((state, outcome)) == before
