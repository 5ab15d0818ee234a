"""Taiwan table rules: one win (or a drawn hand) per outcome, 連莊 and the wind rounds.

Outcomes::

    {"type": "win", "wins": [{"winner": 2, "discarder": 0 | null,
                              "hand": {"hand": "...", "win_tile": "5m", "melds": [...],
                                       "flowers": "2f", "after_kong": false, ...},
                              # or "hand": {"flower_win": true, "flowers": "..."}
                              "quick": {"tai": 5}}]}     # quick mode: the hand's 台
    {"type": "draw"}                                     # 流局: nothing paid

The table fills in the seats, ``win``, the round wind and the dealer's 連莊 count. Each
outcome is held to the entry spec (:mod:`.entry`) before it is read; the shared
:class:`scoring.engine.rounds.RoundGame` does that, the draws and the deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...entry import EntrySpec
from ...game import GameState
from ...result import Contract
from ...rounds import RoundGame, win_request
from .entry import entry_spec
from .options import Options
from .score import resolve_options, score


class TaiwanGame(RoundGame[Options]):
    ruleset, unit = "Taiwan", "台"

    def options(self, raw: Any) -> Options:
        return resolve_options(raw)

    def spec(self, o: Options) -> EntrySpec:
        return entry_spec(o)

    def score_win(self, outcome: Mapping[str, Any], state: GameState, o: Options
                  ) -> Contract:
        request, _ = win_request(outcome, state, o, self.ruleset, '{"tai": n}')
        request["dealer_streak"] = state.get("honba", 0)
        return score(request)
