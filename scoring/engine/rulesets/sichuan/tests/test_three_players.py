"""三人两房: Sichuan with three players and two suits."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.errors import BadEvent, BadInput
from scoring.engine.game import GameState, HandSettlement, assert_zero_sum
from scoring.engine.options import build_options
from scoring.engine.rulesets.sichuan import PRESETS, Options, entry_spec, game
from scoring.engine.rulesets.sichuan.score import scored

THREE = build_options(Options, PRESETS["three_two_suits"]["options"])


def hand(*events: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "hand", "extra": {"events": list(events), **extra}}


def win(winner: int, discarder: int | None, fan: int) -> dict[str, Any]:
    return {"kind": "win", "winner": winner, "discarder": discarder, "quick": {"fan": fan}}


def apply(outcome: dict[str, Any], state: GameState | None = None) -> HandSettlement:
    out = game.apply(state or game.initial_state(THREE), outcome, THREE)
    assert_zero_sum(out)
    return out


def deltas(out: HandSettlement) -> list[int]:
    totals = [0, 0, 0]
    for row in out["rows"]:
        totals[row["player"]] += row["amount"]
    return totals


def test_three_players_start_level_and_a_self_draw_is_paid_by_the_two_others() -> None:
    state = game.initial_state(THREE)
    assert state["scores"] == [0, 0, 0]
    out = apply(hand(win(1, None, 2), win(2, 0, 1)))
    # Self-draw 2 fan with 自摸加底: 4 + 1 from each of two; then 2 from the discarder.
    assert deltas(out) == [-5 - 2, 10, -5 + 2]
    assert out["state"]["scores"] == deltas(out)
    assert [r["players"] for r in out["results"]] == [3, 3]


def test_the_hand_ends_when_two_have_won() -> None:
    with pytest.raises(BadEvent, match="2 players have already won"):
        apply(hand(win(1, None, 1), win(2, 0, 1), win(0, None, 1)))


def test_the_wall_running_out_lists_the_players_still_in() -> None:
    out = apply(hand(win(1, 0, 1), draw=[
        {"player": 0, "hand": "1112345678999p"}, {"player": 2, "ready_fan": None}]))
    assert deltas(out)[0] > 0 and sum(deltas(out)) == 0  # 0 was ready: 查叫 from 2


def test_the_suit_taken_out_is_refused_by_name() -> None:
    bad = {"kind": "win", "winner": 0, "discarder": 1,
           "hand": {"hand": "1112345678999m", "win_tile": "9m"}}
    with pytest.raises(BadInput, match="two suits"):
        apply(hand(bad))
    with pytest.raises(BadInput, match="two suits"):
        scored({"options": {"preset": "three_two_suits"}, "hand": "1112345678999m",
               "win_tile": "9m", "win": "self_draw", "winner": 0})


def test_there_is_no_missing_suit_with_two_suits() -> None:
    with pytest.raises(BadInput, match="定缺"):
        apply(hand(win(1, 0, 1), missing_suits=["m", "m", "m"]))


def test_a_fourth_player_does_not_exist() -> None:
    with pytest.raises(BadInput):
        apply(hand(win(3, 0, 1)))


def test_a_stand_alone_score_pays_the_two_others_on_a_self_draw() -> None:
    out = scored({"options": {"preset": "three_two_suits"}, "hand": "1112345678999p",
                 "win_tile": "9p", "win": "self_draw", "winner": 2})
    assert out["players"] == 3 and len(out["deltas"]) == 3 and out["payers"] == [0, 1]
    assert sum(out["deltas"]) == 0


def test_the_entry_spec_counts_three_players() -> None:
    spec = entry_spec(THREE).as_json()
    assert spec["players"] == 3
