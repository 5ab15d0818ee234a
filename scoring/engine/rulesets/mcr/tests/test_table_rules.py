"""MCR table rules: payments per hand, sixteen hands with seat changes, placement."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from scoring.engine.errors import BadOutcome, BelowMinimumFan, GameOver
from scoring.engine.game import GameState, HandSettlement, assert_zero_sum
from scoring.engine.options import build_options
from scoring.engine.rulesets.mcr.game import GAME, seat_winds
from scoring.engine.rulesets.mcr.options import Options
from scoring.engine.tests.ledger import headline_of

DATA = Path(__file__).parent / "data"


def opts(**overrides: Any) -> Options:
    return build_options(Options, overrides)


def apply(st: GameState, outcome: dict[str, Any], **overrides: Any) -> HandSettlement:
    before = copy.deepcopy(st)
    out = GAME.apply(st, outcome, opts(**overrides))
    assert st == before, "apply must not change the state it was given"
    assert_zero_sum(out)
    assert out["pot_change"] == 0 and out["state"]["pot"] == 0 and out["state"]["honba"] == 0
    return out


def deltas(out: HandSettlement) -> list[int]:
    total = [0, 0, 0, 0]
    for row in out["rows"]:
        total[row["player"]] += row["amount"]
    return total


def win(winner: int, fan: int, discarder: int | None = None) -> dict[str, Any]:
    return {"type": "win", "wins": [{"winner": winner, "discarder": discarder,
                                     "quick": {"fan": fan}}]}


def test_discard_win_of_48_fan_pays_72_56_8_8() -> None:
    out = apply(GAME.initial_state(opts()), win(0, 48, discarder=2))
    assert deltas(out) == [72, -8, -56, -8]
    assert "48 fan" in out["summary"] and "+72" in out["summary"]


def test_self_draw_of_48_fan_pays_168_from_56_each() -> None:
    out = apply(GAME.initial_state(opts()), win(3, 48))
    assert deltas(out) == [-56, -56, -56, 168]


def test_quanchong_discarder_pays_for_all_three() -> None:
    out = apply(GAME.initial_state(opts()), win(1, 48, discarder=0), quanchong=True)
    assert deltas(out) == [-72, 72, 0, 0]


def test_quick_fan_below_the_minimum_is_refused_without_counting_flowers() -> None:
    st = GAME.initial_state(opts())
    with pytest.raises(BelowMinimumFan):
        GAME.apply(st, win(0, 7), opts())
    outcome: dict[str, Any] = {"type": "win", "wins": [{"winner": 0, "quick": {"fan": 9,
                                                                               "flowers": 2}}]}
    with pytest.raises(BelowMinimumFan):
        GAME.apply(st, outcome, opts())
    outcome["wins"][0]["quick"] = {"fan": 10, "flowers": 2}
    assert deltas(apply(st, outcome)) == [54, -18, -18, -18]


def test_one_winner_only_and_not_on_their_own_discard() -> None:
    st = GAME.initial_state(opts())
    two = {"type": "win", "wins": [{"winner": 0, "discarder": 2, "quick": {"fan": 8}},
                                   {"winner": 1, "discarder": 2, "quick": {"fan": 8}}]}
    for bad in (two, win(2, 8, discarder=2), {"type": "win", "wins": [{"winner": 0}]},
                {"type": "ron"}, {"type": "penalty"}):
        with pytest.raises(BadOutcome):
            GAME.apply(st, bad, opts())


def test_draw_moves_the_deal_and_nobody_pays() -> None:
    out = apply(GAME.initial_state(opts()), {"type": "draw"})
    assert out["rows"] == []
    assert (out["state"]["dealer"], out["state"]["hand_number"]) == (1, 2)


def test_false_win_pays_each_other_player_and_the_hand_goes_on() -> None:
    st = GAME.initial_state(opts())
    out = apply(st, {"type": "penalty", "penalised": 2})
    assert deltas(out) == [10, 10, -30, 10]
    assert all(r["reason"] == "penalty" for r in out["rows"])
    for key in ("dealer", "hand_number", "round_wind", "hands_played"):
        assert out["state"][key] == st[key]
    out = apply(st, {"type": "penalty", "penalised": 0}, false_win_penalty=5)
    assert deltas(out) == [-15, 5, 5, 5]


@pytest.mark.parametrize("outcome", [win(1, 48, discarder=3), win(2, 8), {"type": "draw"},
                                     {"type": "penalty", "penalised": 1}],
                         ids=["discard", "self-draw", "draw", "penalty"])
@pytest.mark.parametrize("quanchong", [False, True])
def test_every_outcome_type_is_zero_sum(outcome: dict[str, Any], quanchong: bool) -> None:
    st = GAME.initial_state(opts())
    st["scores"] = [30, -10, 5, -25]
    out = apply(st, outcome, quanchong=quanchong)
    assert sum(r["amount"] for r in out["rows"]) == 0


def test_sixteen_hands_with_the_official_seat_changes() -> None:
    st = GAME.initial_state(opts())
    dealers, round_starts = [], {}
    for number in range(16):
        assert not st["finished"]
        dealers.append(st["dealer"])
        if st["hand_number"] == 1:
            round_starts[st["round_wind"]] = list(st["extra"]["seat_winds"])
        st = apply(st, {"type": "draw"})["state"]
        assert st["hands_played"] == number + 1
    assert st["finished"] is True
    with pytest.raises(GameOver):
        GAME.apply(st, {"type": "draw"}, opts())
    # Players in table order 0-3: the deal moves round the table within each round.
    assert dealers == [0, 1, 2, 3, 1, 0, 3, 2, 2, 3, 1, 0, 3, 2, 0, 1]
    assert round_starts == {
        "E": ["E", "S", "W", "N"],
        "S": ["S", "E", "N", "W"],  # East and South swapped, West and North swapped
        "W": ["N", "W", "E", "S"],  # E->W, W->S, S->N, N->E
        "N": ["W", "N", "S", "E"],  # as after East
    }
    # Everyone starts one round at each position and deals four hands.
    for player in range(4):
        assert sorted(winds[player] for winds in round_starts.values()) == ["E", "N", "S", "W"]
        assert dealers.count(player) == 4


def test_seat_winds_within_a_round_follow_the_deal() -> None:
    assert seat_winds([1, 0, 3, 2], 1) == ["S", "E", "N", "W"]
    assert seat_winds([1, 0, 3, 2], 2) == ["E", "N", "W", "S"]


def test_summary_names_the_winner_by_seat_wind_after_places_change() -> None:
    st = GAME.initial_state(opts())
    for _ in range(4):
        st = apply(st, {"type": "draw"})["state"]
    out = apply(st, win(1, 24))
    assert out["summary"] == "South 1: E wins self-draw, 24 fan, +96"


def test_final_table_gives_placement_points_and_shares_them_on_ties() -> None:
    st = GAME.initial_state(opts())
    st.update({"scores": [40, -20, 40, -20], "finished": True})
    assert GAME.final_settlement(st, opts()) == []
    table = GAME.final_table(st, opts())
    assert [(r["player"], r["place"], r["score"]) for r in table] == [
        (0, 1, 3), (2, 1, 3), (1, 3, 0.5), (3, 3, 0.5)]


def test_full_game_replay_gives_the_expected_standings() -> None:
    case = json.loads((DATA / "table_game_16_hands.json").read_text())
    options = opts(**case["in"]["options"])
    st = GAME.initial_state(options)
    for number, hand in enumerate(case["in"]["hands"], 1):
        out = GAME.apply(st, hand["outcome"], options)
        assert_zero_sum(out)
        st = out["state"]
        got = {key: st[key] for key in hand["after"]}  # type: ignore[literal-required]  # golden
        assert got == hand["after"], f"entry {number}: {out['summary']}"
    expected = case["out"]
    assert st["finished"] is expected["finished"]
    assert st["hands_played"] == expected["hands_played"]
    assert GAME.final_table(st, options) == expected["final_table"]


GOLDEN_48 = {"hand": "555666777s555p6p", "win_tile": "7p"}


def test_tiles_mode_48_fan_golden_hand_self_drawn() -> None:
    out = apply(GAME.initial_state(opts()),
                {"type": "win", "wins": [{"winner": 2, "hand": GOLDEN_48}]})
    assert headline_of(out["results"][0])["value"] == 48
    assert deltas(out) == [-56, -56, 168, -56]


def test_tiles_mode_discard_win_pays_base_plus_the_scored_fan() -> None:
    out = apply(GAME.initial_state(opts()),
                {"type": "win", "wins": [{"winner": 2, "discarder": 3, "hand": GOLDEN_48}]})
    fan = headline_of(out["results"][0])["value"]
    assert deltas(out) == [-8, -8, 24 + fan, -8 - fan]


def test_tiles_mode_takes_the_seat_wind_from_the_changed_places() -> None:
    st = GAME.initial_state(opts())
    for _ in range(4):
        st = apply(st, {"type": "draw"})["state"]
    # South 1: player 1 now deals (East); player 0 sits South, so the South pung is both
    # the round wind and the seat wind.
    hand = {"hand": "111z222z333s456m7p", "win_tile": "7p", "seat_wind": "E"}
    out = apply(st, {"type": "win", "wins": [{"winner": 0, "hand": hand}]})
    result = out["results"][0]
    names = [i["native"] for i in result["items"]]
    assert "圈风刻" in names and "门风刻" in names
    assert deltas(out)[0] == 3 * (8 + headline_of(result)["value"])


def test_options_may_be_given_as_overrides_with_a_preset() -> None:
    st = GAME.initial_state(None)
    out = GAME.apply(st, win(1, 48, discarder=0), {"preset": "club"})
    assert_zero_sum(out)
    assert deltas(out) == [-72, 72, 0, 0]
    out = GAME.apply(st, win(1, 48, discarder=0), {"base": 5})
    assert deltas(out) == [-53, 63, -5, -5]


@hs.composite
def mcr_outcomes(draw: hs.DrawFn) -> dict[str, Any]:
    kind = draw(hs.sampled_from(["win", "win", "draw", "penalty"]))
    if kind == "penalty":
        return {"type": "penalty", "penalised": draw(hs.integers(0, 3))}
    if kind == "draw":
        return {"type": "draw"}
    winner = draw(hs.integers(0, 3))
    discarder = draw(hs.sampled_from([None] + [p for p in range(4) if p != winner]))
    return win(winner, draw(hs.integers(8, 88)), discarder=discarder)


@settings(max_examples=30, deadline=None)
@given(data=hs.data(), quanchong=hs.booleans())
def test_random_games_last_sixteen_hands_and_balance(data: hs.DataObject,
                                                     quanchong: bool) -> None:
    options = opts(quanchong=quanchong)
    state = GAME.initial_state(options)
    hands, dealers = 0, []
    while not state["finished"]:
        outcome = data.draw(mcr_outcomes())
        if outcome["type"] != "penalty":
            hands += 1
            dealers.append(state["dealer"])
        out = GAME.apply(state, outcome, options)
        assert_zero_sum(out)
        state = out["state"]
        assert sum(state["scores"]) == 0
    assert hands == 16 and state["hands_played"] == 16
    assert sorted(dealers) == sorted([0, 1, 2, 3] * 4)
