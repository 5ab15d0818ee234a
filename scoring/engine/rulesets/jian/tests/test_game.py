"""Ji'an table rules: zero-sum wins and draws, 精 payments, rotation, a replayed game."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.game import GameState, HandSettlement, assert_zero_sum
from scoring.engine.rulesets.jian import game
from scoring.engine.tests.ledger import by_reason

JING = {"zheng": "5m", "fu": "6m"}


def play(outcome: dict[str, Any], state: GameState | None = None,
         options: dict[str, Any] | None = None) -> HandSettlement:
    opts = options or {}
    result = game.apply(state or game.initial_state(opts), outcome, opts)
    assert_zero_sum(result)
    return result


def win(winner: int, discarder: int | None, counts: list[int] | None = None,
        **quick: Any) -> dict[str, Any]:
    extra: dict[str, Any] = {"jing": JING}
    if counts is not None:
        extra["jing_counts"] = counts
    return {"type": "win", "wins": [{"winner": winner, "discarder": discarder,
                                     "quick": {"shape": "plain", **quick}}], "extra": extra}


def test_dealer_self_draw_is_four_from_each_and_keeps_the_deal() -> None:
    r = play(win(0, None))
    assert by_reason(r, "hand") == [12, -4, -4, -4] and r["state"]["dealer"] == 0


def test_discard_win_all_three_pay_the_discarder_one_more_fan() -> None:
    r = play(win(2, 1, deguo=True))
    # 闲点闲 德国: discarder 2^2 + 5 = 9, dealer 2^2 = 4, the other 2^1 = 2 → 15.
    assert by_reason(r, "hand") == [-4, -9, 15, -2]
    assert r["state"]["dealer"] == 1


def test_jing_are_paid_with_the_win_and_chongguan_applies() -> None:
    r = play(win(1, None, counts=[5, 0, 2, 1]))
    assert by_reason(r, "bonus") == [30 - 2 - 1, -10 - 2 - 1, -10 + 6 - 1, -10 - 2 + 3]


def test_bajing_doubles_the_lone_holders_jing() -> None:
    r = play(win(1, None, counts=[0, 0, 6, 0]))
    assert by_reason(r, "bonus") == [-36, -36, 108, -36]


def test_jing_tiles_are_counted_two_for_zheng_one_for_fu() -> None:
    outcome = win(3, None)
    outcome["extra"]["jing_tiles"] = ["5m6m", "", "6m", ""]
    r = play(outcome)
    assert by_reason(r, "bonus") == [9 - 1, -3 - 1, -3 + 3, -3 - 1]


def test_drawn_hand_pays_no_jing_by_default_and_the_dealer_stays() -> None:
    draw = {"type": "draw", "extra": {"jing": JING, "jing_counts": [5, 0, 0, 1]}}
    r = play(draw)
    assert r["rows"] == [] and r["state"]["dealer"] == 0
    paid = play(draw, options={"jing_on_draw": True, "dealer_on_draw": "pass"})
    assert by_reason(paid, "bonus") == [29, -11, -11, -7] and paid["state"]["dealer"] == 1


def test_tiles_mode_uses_the_recorded_jing() -> None:
    outcome = {"type": "win", "wins": [{"winner": 2, "discarder": None, "hand": {
        "hand": "1122334477m88p6m", "win_tile": "9s"}}], "extra": {"jing": JING}}
    r = play(outcome)
    assert "jingdiao" in {i["key"] for i in r["results"][0]["items"]}
    assert by_reason(r, "hand")[2] == 32


def test_tiles_mode_without_jing_is_refused() -> None:
    outcome = {"type": "win", "wins": [{"winner": 2, "discarder": None, "hand": {
        "hand": "123m456p789s1177z", "win_tile": "7z"}}]}
    with pytest.raises(EngineError) as info:
        play(outcome)
    assert info.value.code == "bad_input"


def test_apply_does_not_mutate_its_inputs() -> None:
    state = game.initial_state({})
    outcome = win(1, 2, counts=[1, 2, 0, 5])
    before = repr((state, outcome))
    play(outcome, state)
    assert repr((state, outcome)) == before


def test_replay_of_a_short_game_gives_the_final_standings() -> None:
    hands = [
        # P0 (dealer) self-draws on a kong replacement without 精 (杠开 德国):
        # 3 × (2^4 + 5) = 63.
        {"type": "win", "wins": [{"winner": 0, "discarder": None, "hand": {
            "hand": "123m456p789s1z", "win_tile": "1z", "melds": ["ankan 9999m"],
            "after_kong": True}}], "extra": {"jing": {"zheng": "3z"},
                                            "jing_counts": [0, 2, 1, 0]}},
        # P0 keeps the deal; P3 wins 十三烂 on P2's discard: 2^2 + dealer 2^2 + 2^1 = 10;
        # P0 alone holds 精 (霸精): 2 from each.
        win(3, 2, shape="thirteen_lan", counts=[1, 0, 0, 0]),
        # Deal passes to P1. P1 (dealer) self-draws 德国小七: 3 × (2^4 + 5) = 63, and 霸精
        # 五精冲关 60.
        win(1, None, shape="small_seven", deguo=True, counts=[0, 5, 0, 0]),
    ]
    state = game.initial_state({})
    for outcome in hands:
        r = play(outcome, state)
        state = r["state"]
    hand1 = [63 - 2 - 1, -21 + 6 - 1, -21 - 2 + 3, -21 - 2 - 1]
    hand2 = [-4 + 3 * 2, -2 - 2, -4 - 2, 10 - 2]
    hand3 = [-21 - 20, 63 + 60, -21 - 20, -21 - 20]
    assert state["scores"] == [a + b + c for a, b, c in zip(hand1, hand2, hand3, strict=True)]
    assert sum(state["scores"]) == 0 and state["dealer"] == 1 and state["hands_played"] == 3
    assert game.final_settlement(state, {}) == []
