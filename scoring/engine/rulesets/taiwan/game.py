"""Taiwan table rules: one win (or a drawn hand) per outcome, 連莊 and the wind rounds.

Outcomes::

    {"type": "win", "wins": [{"winner": 2, "discarder": 0 | null,
                              "hand": {"hand": "...", "win_tile": "5m", "melds": [...],
                                       "flowers": "2f", "after_kong": false, ...},
                              # or "hand": {"flower_win": true, "flowers": "..."}
                              "quick": {"tai": 5}}]}     # quick mode: the hand's 台
    {"type": "draw"}                                     # 流局: nothing paid

The table fills in the seats, ``win``, the round wind and the dealer's 連莊 count. Each
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
    check_unfinished,
    fresh_state,
)
from ...result import Payment
from ...rounds import settled, win_request, win_summary
from .entry import entry_spec
from .options import Options
from .score import resolve_options, score

OUTCOME_TYPES = ("win", "draw")


class TaiwanGame:
    outcome_types: tuple[str, ...] = OUTCOME_TYPES

    def initial_state(self, options: Any) -> GameState:
        resolve_options(options)
        return fresh_state()

    def apply(self, state: GameState, outcome: Mapping[str, Any], options: Any) -> HandSettlement:
        o = resolve_options(options)
        check_unfinished(state)
        if not isinstance(outcome, Mapping) or outcome.get("type") not in OUTCOME_TYPES:
            raise BadInput(f"a Taiwan outcome type is one of {', '.join(OUTCOME_TYPES)}")
        check_outcome(entry_spec(o), outcome)
        dealer = state.get("dealer", 0)
        ledger: list[Payment] = []
        results: list[dict[str, Any]] = []
        if outcome["type"] == "draw":
            keep = o.dealer_on_draw == "stay"
            summary = "drawn hand (流局)"
        else:
            result = self._score(outcome, state, o)
            results.append(result)
            ledger = result["ledger"]
            keep = result["winner"] == dealer
            summary = win_summary(result, "台")
        return settled(state, ledger, results, summary, keep, o.rounds)

    @staticmethod
    def _score(outcome: Mapping[str, Any], state: GameState, o: Options) -> dict[str, Any]:
        request, _ = win_request(outcome, state, o, "Taiwan", '{"tai": n}')
        request["dealer_streak"] = state.get("honba", 0)
        return score(request)

    def final_settlement(self, state: GameState, options: Any) -> list[LedgerRow]:
        return []
