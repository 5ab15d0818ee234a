"""Riichi end of game: uma, oka, ties, leftover sticks, final penalties and a full replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.game import GameState, LedgerRow, assert_zero_sum, check_final_settlement
from scoring.engine.options import build_options
from scoring.engine.rulesets.riichi.game import GAME
from scoring.engine.rulesets.riichi.options import Options

DATA = Path(__file__).parent / "data"


def opts(**overrides: Any) -> Options:
    return build_options(Options, overrides)


def ended(scores: list[int], pot: int = 0, **extra: Any) -> GameState:
    st = GAME.initial_state(opts())
    st.update({"scores": scores, "pot": pot, "finished": True, "extra": extra})
    return st


def by_reason(rows: list[LedgerRow]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for row in rows:
        out.setdefault(row["reason"], [0, 0, 0, 0])[row["player"]] += row["amount"]
    return out


def settle(st: GameState, options: Options) -> dict[str, list[int]]:
    rows = GAME.final_settlement(st, options)
    taken = 0 if options.leftover_sticks == "void" else st["pot"]
    check_final_settlement(rows, taken)  # all but the penalties add up to the pot emptied
    return by_reason(rows)


def test_uma_and_oka_go_by_place() -> None:
    rows = settle(ended([10000, 40000, 20000, 30000]), opts())
    assert rows["uma"] == [-20000, 20000, -10000, 10000]
    # Each player returns 5,000 to the top: 4 x (30,000 - 25,000) = 20,000.
    assert rows["oka"] == [-5000, 15000, -5000, -5000]
    table = GAME.final_table(ended([10000, 40000, 20000, 30000]), opts())
    assert [(r["player"], r["place"], r["score"]) for r in table] == [
        (1, 1, 50.0), (3, 2, 10.0), (2, 3, -20.0), (0, 4, -40.0)]


def test_no_oka_when_start_equals_return() -> None:
    options = opts(start_points=30000, return_points=30000, uma=[15000, 5000, -5000, -15000])
    rows = settle(ended([45000, 35000, 25000, 15000]), options)
    assert "oka" not in rows
    assert rows["uma"] == [15000, 5000, -5000, -15000]
    scores = [r["score"] for r in GAME.final_table(ended([45000, 35000, 25000, 15000]), options)]
    assert scores == [30.0, 10.0, -10.0, -30.0]


def test_ties_by_seat_order_rank_the_earlier_seat_higher() -> None:
    st = ended([25000, 35000, 25000, 15000])
    rows = settle(st, opts())
    assert rows["uma"] == [10000, 20000, -10000, -20000]
    places = {r["player"]: r["place"] for r in GAME.final_table(st, opts())}
    assert places == {1: 1, 0: 2, 2: 3, 3: 4}


def test_split_ties_share_the_uma_of_the_places_they_cover() -> None:
    st = ended([25000, 35000, 25000, 15000])
    rows = settle(st, opts(tie_break="split"))
    assert rows["uma"] == [0, 20000, 0, -20000]
    places = {r["player"]: r["place"] for r in GAME.final_table(st, opts(tie_break="split"))}
    assert places == {1: 1, 0: 2, 2: 2, 3: 4}


def test_tie_for_top_with_leftover_sticks() -> None:
    st = ended([35000, 35000, 20000, 8000], pot=2000)
    seat = settle(st, opts())
    assert seat["uma"] == [20000, 10000, -10000, -20000]
    assert seat["oka"] == [15000, -5000, -5000, -5000]
    assert seat["leftover"] == [2000, 0, 0, 0]
    split = settle(st, opts(tie_break="split"))
    assert split["uma"] == [15000, 15000, -10000, -20000]
    assert split["oka"] == [5000, 5000, -5000, -5000]
    assert split["leftover"] == [1000, 1000, 0, 0]
    shared = settle(st, opts(leftover_sticks="split"))
    assert shared["leftover"] == [1000, 1000, 0, 0]
    assert shared["uma"] == [20000, 10000, -10000, -20000]


def test_leftover_sticks_top_or_void() -> None:
    st = ended([20000, 24000, 40000, 13000], pot=3000)
    assert settle(st, opts())["leftover"] == [0, 0, 3000, 0]
    assert "leftover" not in settle(st, opts(leftover_sticks="void"))
    top = GAME.final_table(st, opts())[0]
    assert (top["player"], top["points"], top["score"]) == (2, 43000, 53.0)


@pytest.mark.parametrize(("scores", "uma"), [
    ([45000, 24000, 16000, 15000], [12000, -1000, -3000, -8000]),
    ([35000, 30000, 20000, 15000], [8000, 4000, -4000, -8000]),
    ([30000, 28000, 27000, 15000], [8000, 3000, 1000, -12000]),
    ([25000, 25000, 25000, 25000], [20000, 10000, -10000, -20000]),
])
def test_uma_by_number_of_players_below_start(scores: list[int], uma: list[int]) -> None:
    assert settle(ended(scores), opts(uma_style="by_sinking"))["uma"] == uma


def test_ema_chombo_is_taken_from_the_offender_alone_after_placement() -> None:
    st = ended([40000, 30000, 20000, 10000], chombo=[0, 0, 1, 0])
    options = opts(chombo="final_points")
    rows = settle(st, options)
    assert rows["penalty"] == [0, 0, -20000, 0]  # paid to nobody: no +6,700 for the others
    assert rows["uma"] == [20000, 10000, -10000, -20000]
    scores = {r["player"]: r["score"] for r in GAME.final_table(st, options)}
    # 3rd with 20,000 at 25,000/30,000 and uma -10 scores -20, then -20 for the chombo;
    # the others score as if nobody had erred, so the scores add up to -20.
    assert scores == {0: 50.0, 1: 10.0, 2: -40.0, 3: -40.0}
    assert round(sum(scores.values()), 1) == -20.0


def test_a_final_penalty_that_pays_someone_is_refused_by_the_balance_check() -> None:
    with pytest.raises(AssertionError, match="pays someone"):
        check_final_settlement([{"player": 0, "amount": -20000, "reason": "penalty"},
                                {"player": 1, "amount": 20000, "reason": "penalty"}], 0)
    with pytest.raises(AssertionError, match="share out"):
        check_final_settlement([{"player": 0, "amount": 1000, "reason": "uma"}], 0)


def test_full_east_south_game_replay_gives_the_expected_standings() -> None:
    case = json.loads((DATA / "table_game_east_south.json").read_text())
    options = opts(**case["in"]["options"])
    st = GAME.initial_state(options)
    for number, hand in enumerate(case["in"]["hands"], 1):
        out = GAME.apply(st, hand["outcome"], options)
        assert_zero_sum(out)
        st = out["state"]
        got = {key: st[key] for key in hand["after"]}  # type: ignore[literal-required]  # golden
        assert got == hand["after"], f"hand {number}: {out['summary']}"
        assert st["finished"] is (number == len(case["in"]["hands"]))
    expected = case["out"]
    assert st["hands_played"] == expected["hands_played"]
    assert st["finished"] is expected["finished"]
    rows = by_reason(GAME.final_settlement(st, options))
    for reason, amounts in expected["final_rows"].items():
        assert rows.get(reason, [0, 0, 0, 0]) == amounts, reason
    assert GAME.final_table(st, options) == expected["final_table"]
