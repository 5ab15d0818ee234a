"""Random games through the riichi table rules, four and three players (sanma): the
ledger always balances."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.game import GameState, assert_zero_sum, check_final_settlement
from scoring.engine.options import build_options
from scoring.engine.rulesets.riichi.game import ABORTIVE_KINDS, FOUR_PLAYER_ABORTS, GAME
from scoring.engine.rulesets.riichi.options import PRESETS, Options

QUICK = st.one_of(
    st.fixed_dictionaries({"han": st.integers(1, 13), "fu": st.sampled_from([30, 40, 50, 70])}),
    st.fixed_dictionaries({"yakuman": st.integers(1, 2)}),
    st.fixed_dictionaries({"points": st.integers(10, 120).map(lambda n: n * 100)}),
)


@st.composite
def outcomes(draw: st.DrawFn, options: Options) -> dict[str, Any]:
    n = options.players
    seat = st.integers(0, n - 1)
    PLAYERS = st.lists(seat, unique=True, max_size=n)
    kinds = ["ron", "tsumo", "draw", "chombo"]
    if options.abortive_draws:
        kinds.append("abortive")
    if options.nagashi_mangan:
        kinds.append("nagashi")
    kind = draw(st.sampled_from(kinds))
    riichi = draw(PLAYERS)
    if kind == "ron":
        discarder = draw(seat)
        others = [p for p in range(n) if p != discarder]
        winners = draw(st.lists(st.sampled_from(others), unique=True, min_size=1,
                                max_size=n - 1))
        wins = [{"winner": w, "discarder": discarder, "quick": draw(QUICK)} for w in winners]
        if draw(st.booleans()):
            wins[0]["pao"] = draw(st.sampled_from([p for p in range(n) if p != winners[0]]))
        return {"type": "ron", "riichi": riichi, "wins": wins}
    if kind == "tsumo":
        return {"type": "tsumo", "riichi": riichi,
                "wins": [{"winner": draw(seat), "quick": draw(QUICK)}]}
    if kind in ("draw", "nagashi"):
        tenpai = sorted(set(riichi) | set(draw(PLAYERS)))
        nagashi = draw(st.lists(seat, unique=True, min_size=kind == "nagashi",
                                max_size=2 if options.nagashi_mangan else 0))
        return {"type": kind, "riichi": riichi, "tenpai": tenpai, "extra": {"nagashi": nagashi}}
    if kind == "abortive":
        return {"type": "abortive", "riichi": riichi,
                "extra": {"kind": draw(st.sampled_from(
                    [k for k in ABORTIVE_KINDS if n == 4 or k not in FOUR_PLAYER_ABORTS]))}}
    return {"type": "chombo", "penalised": draw(seat)}


@settings(max_examples=40, deadline=None)
@given(data=st.data(), preset=st.sampled_from(sorted(PRESETS)))
def test_random_games_balance_every_hand_and_the_end(data: st.DataObject, preset: str) -> None:
    options = build_options(Options, PRESETS[preset]["options"])
    state: GameState = GAME.initial_state(options)
    n = options.players
    total = n * options.start_points
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
        assert state["round_wind"] in "ESW" and 1 <= state["hand_number"] <= n
        assert len(state["scores"]) == n
    rows = GAME.final_settlement(state, options)
    emptied = 0 if options.leftover_sticks == "void" else state["pot"]
    check_final_settlement(rows, emptied)
    penalties = sum(r["amount"] for r in rows if r["reason"] == "penalty")
    table = GAME.final_table(state, options)
    assert sorted(r["player"] for r in table) == list(range(n))
    if emptied == state["pot"]:  # club scores add up to zero, less the penalties (EMA)
        assert round(sum(r["score"] for r in table), 1) == round(penalties / 1000, 1)
    assert [r["place"] for r in table] == sorted(r["place"] for r in table)
