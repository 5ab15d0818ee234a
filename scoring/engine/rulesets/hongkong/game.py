"""Hong Kong table rules: one win, a drawn hand or a false win per outcome; wind rounds.

Outcomes::

    {"type": "win", "wins": [{"winner": 2, "discarder": 0 | null, "pao": 3 | null,
                              "hand": {"hand": "...", "win_tile": "5m", "melds": [...],
                                       "flowers": "2f", ...},   # or {"flower_win": true}
                              "quick": {"fan": 5, "flowers": 1}}]}  # quick mode
    {"type": "draw"}                                 # 流局: nothing paid
    {"type": "false_win", "penalised": 1}            # 詐糊: a limit self-draw to each other

The table fills in the seats, ``win`` and the round wind. The dealer keeps the deal on
his own win, a drawn hand (option) and a false win (the hand is played again). Each
outcome is held to the entry spec (:mod:`.entry`) before it is read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...entry import check_outcome
from ...errors import BadInput
from ...game import (
    GameState,
    HandSettlement,
    LedgerRow,
    check_player,
    check_unfinished,
    fresh_state,
)
from ...result import Ledger
from ...rounds import settled, win_request, win_summary
from .entry import entry_spec
from .options import Options
from .score import multiplier, resolve_options, score

OUTCOME_TYPES = ("win", "draw", "false_win")


class HongKongGame:
    outcome_types: tuple[str, ...] = OUTCOME_TYPES

    def initial_state(self, options: Any) -> GameState:
        resolve_options(options)
        return fresh_state()

    def apply(self, state: GameState, outcome: Mapping[str, Any], options: Any) -> HandSettlement:
        o = resolve_options(options)
        check_unfinished(state)
        if not isinstance(outcome, Mapping) or outcome.get("type") not in OUTCOME_TYPES:
            raise BadInput(f"a Hong Kong outcome type is one of {', '.join(OUTCOME_TYPES)}")
        check_outcome(entry_spec(o), outcome)
        dealer = state.get("dealer", 0)
        ledger = Ledger()
        results: list[dict[str, Any]] = []
        if outcome["type"] == "draw":
            keep = o.dealer_on_draw == "stay"
            summary = "drawn hand (流局)"
        elif outcome["type"] == "false_win":
            offender = check_player(outcome.get("penalised"), "penalised")
            share = o.base * multiplier(o.max_fan, o.spicy)
            for p in range(4):
                if p != offender:
                    ledger.pay(offender, p, share, "penalty")
            keep = True
            summary = f"P{offender} false win (詐糊): {share} to each other player"
        else:
            result = self._score(outcome, state, o)
            results.append(result)
            ledger.extend(result["ledger"])
            keep = result["winner"] == dealer
            summary = win_summary(result, "番")
        return settled(state, ledger.payments(), results, summary, keep, o.rounds)

    @staticmethod
    def _score(outcome: Mapping[str, Any], state: GameState, o: Options) -> dict[str, Any]:
        request, entry = win_request(outcome, state, o, "Hong Kong", '{"fan": n}')
        request["pao"] = entry.get("pao")
        return score(request)

    def final_settlement(self, state: GameState, options: Any) -> list[LedgerRow]:
        return []
