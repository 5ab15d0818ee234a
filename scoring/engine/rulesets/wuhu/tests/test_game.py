"""Wuhu table rules: zero-sum hands, the dealer's extra 底番, rotation and the game's end."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.game import GameState, HandSettlement, assert_zero_sum
from scoring.engine.rulesets.wuhu import game
from scoring.engine.tests.ledger import totals

OPTS: dict[str, Any] = {"preset": "wuhu_315"}


def play(outcome: dict[str, Any], state: GameState | None = None,
         options: dict[str, Any] | None = None) -> HandSettlement:
    opts = options or OPTS
    result = game.apply(state or game.initial_state(opts), outcome, opts)
    assert_zero_sum(result)
    return result


def win(winner: int, discarder: int | None, **quick: Any) -> dict[str, Any]:
    return {"type": "win", "wins": [{"winner": winner, "discarder": discarder,
                                     "quick": {"zhi": 8, **quick}}]}


def test_players_start_with_the_stake() -> None:
    assert game.initial_state(OPTS)["scores"] == [30] * 4
    assert game.initial_state({"preset": "wuhu_50"})["scores"] == [50] * 4


def test_non_dealer_discard_win_is_paid_by_all_three_the_dealer_one_more() -> None:
    r = play(win(2, 1))
    assert totals(r) == [-4, -3, 10, -3]
    assert r["state"]["dealer"] == 1  # someone else won: the deal passes on


def test_dealer_self_draw_is_paid_with_the_extra_base_by_everyone_and_keeps_the_deal() -> None:
    r = play(win(0, None, ya=3))
    assert totals(r) == [36, -12, -12, -12]
    assert r["state"]["dealer"] == 0


def test_full_hand_is_the_flat_stake() -> None:
    r = play(win(3, None, zhi=14, mouths=["清一色"]))
    assert totals(r) == [-20, -20, -20, 60]


def test_drawn_hand_pays_nothing_and_the_dealer_stays_or_passes_by_option() -> None:
    r = play({"type": "draw"})
    assert r["rows"] == [] and r["state"]["dealer"] == 0
    passed = play({"type": "draw"}, options={**OPTS, "dealer_on_draw": "pass"})
    assert passed["state"]["dealer"] == 1


def test_a_win_with_tiles_scores_the_kong_in_the_hand() -> None:
    hand = {"hand": "1234m456s789s", "win_tile": "4m", "melds": ["kan 7777m"]}
    r = play({"type": "win", "wins": [{"winner": 1, "discarder": 2, "hand": hand}]})
    # 9支 平胡: (9 × 2 = 18 → 2) + 底番 1 + 明杠 1 = 4; the dealer (P0) pays 5.
    assert totals(r) == [-5, 13, -4, -4]


def test_game_ends_when_a_player_runs_out_of_chips() -> None:
    state = game.initial_state(OPTS)
    state["scores"] = [40, 5, 30, 45]
    r = play(win(0, None, zhi=14, mouths=["清一色"]), state)
    assert r["state"]["scores"] == [100, -15, 10, 25] and r["state"]["finished"]
    with pytest.raises(EngineError):
        game.apply(r["state"], win(0, 1), OPTS)


def test_bad_outcomes_are_refused_with_codes() -> None:
    with pytest.raises(EngineError) as info:
        play({"type": "ryuukyoku"})
    assert info.value.code == "bad_input"
    with pytest.raises(EngineError) as info:
        play(win(1, 1))
    assert info.value.code == "bad_input"


def test_apply_does_not_mutate_its_inputs() -> None:
    state = game.initial_state(OPTS)
    outcome = win(2, 1, ya=5)
    before = repr((state, outcome))
    play(outcome, state)
    assert repr((state, outcome)) == before


def test_replay_of_a_short_game_gives_the_final_standings() -> None:
    hands = [
        # P1 wins on P3's discard with a 明杠 (tiles): 4, dealer P0 pays 5.
        {"type": "win", "wins": [{"winner": 1, "discarder": 3, "hand": {
            "hand": "1234m456s789s", "win_tile": "4m", "melds": ["kan 7777m"]}}]},
        # Deal passed to P1. P1 self-draws 8支 押三: 8, everyone pays 8 + 4 = 12.
        win(1, None, ya=3),
        # P1 keeps the deal. P2 wins 8支 平胡 on P0's discard: 3 each, dealer P1 pays 4.
        win(2, 0),
        {"type": "draw"},
    ]
    state = game.initial_state(OPTS)
    for outcome in hands:
        r = play(outcome, state)
        state = r["state"]
    assert state["scores"] == [30 - 5 - 12 - 3, 30 + 13 + 36 - 4, 30 - 4 - 12 + 10,
                               30 - 4 - 12 - 3]
    assert sum(state["scores"]) == 120 and state["dealer"] == 2
    assert state["hands_played"] == 4 and not state["finished"]
    assert game.final_settlement(state, OPTS) == []
