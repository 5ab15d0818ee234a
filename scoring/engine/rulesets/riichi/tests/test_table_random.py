"""Random games through the riichi table rules: the ledger always balances."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.game import GameState, assert_zero_sum
from scoring.engine.options import build_options
from scoring.engine.rulesets.riichi.game import ABORTIVE_KINDS, GAME
from scoring.engine.rulesets.riichi.options import PRESETS, Options

QUICK = st.one_of(
    st.fixed_dictionaries({"han": st.integers(1, 13), "fu": st.sampled_from([30, 40, 50, 70])}),
    st.fixed_dictionaries({"yakuman": st.integers(1, 2)}),
    st.fixed_dictionaries({"points": st.integers(10, 120).map(lambda n: n * 100)}),
)
PLAYERS = st.lists(st.integers(0, 3), unique=True, max_size=4)


@st.composite
def outcomes(draw: st.DrawFn, options: Options) -> dict[str, Any]:
    kinds = ["ron", "tsumo", "draw", "chombo"]
    if options.abortive_draws:
        kinds.append("abortive")
    if options.nagashi_mangan:
        kinds.append("nagashi")
    kind = draw(st.sampled_from(kinds))
    riichi = draw(PLAYERS)
    if kind == "ron":
        discarder = draw(st.integers(0, 3))
        others = [p for p in range(4) if p != discarder]
        winners = draw(st.lists(st.sampled_from(others), unique=True, min_size=1, max_size=3))
        wins = [{"winner": w, "discarder": discarder, "quick": draw(QUICK)} for w in winners]
        if draw(st.booleans()):
            wins[0]["pao"] = draw(st.sampled_from([p for p in range(4) if p != winners[0]]))
        return {"type": "ron", "riichi": riichi, "wins": wins}
    if kind == "tsumo":
        return {"type": "tsumo", "riichi": riichi,
                "wins": [{"winner": draw(st.integers(0, 3)), "quick": draw(QUICK)}]}
    if kind in ("draw", "nagashi"):
        tenpai = sorted(set(riichi) | set(draw(PLAYERS)))
        nagashi = draw(st.lists(st.integers(0, 3), unique=True, min_size=kind == "nagashi",
                                max_size=2 if options.nagashi_mangan else 0))
        return {"type": kind, "riichi": riichi, "tenpai": tenpai, "extra": {"nagashi": nagashi}}
    if kind == "abortive":
        return {"type": "abortive", "riichi": riichi,
                "extra": {"kind": draw(st.sampled_from(ABORTIVE_KINDS))}}
    return {"type": "chombo", "penalised": draw(st.integers(0, 3))}


@settings(max_examples=40, deadline=None)
@given(data=st.data(), preset=st.sampled_from(sorted(PRESETS)))
def test_random_games_balance_every_hand_and_the_end(data: st.DataObject, preset: str) -> None:
    options = build_options(Options, PRESETS[preset]["options"])
    state: GameState = GAME.initial_state(options)
    total = 4 * options.start_points
    for _ in range(60):
        if state["finished"]:
            break
        outcome = data.draw(outcomes(options))
        before = copy.deepcopy(state)
        out = GAME.apply(state, outcome, options)
        assert state == before
        assert_zero_sum(out)
        state = out["state"]
        assert sum(state["scores"]) + state["pot"] == total
        assert state["pot"] % 1000 == 0 and state["honba"] >= 0
        assert state["round_wind"] in "ESW" and 1 <= state["hand_number"] <= 4
    rows = GAME.final_settlement(state, options)
    emptied = 0 if options.leftover_sticks == "void" else state["pot"]
    assert sum(r["amount"] for r in rows) == emptied
    table = GAME.final_table(state, options)
    assert sorted(r["player"] for r in table) == [0, 1, 2, 3]
    assert [r["place"] for r in table] == sorted(r["place"] for r in table)
