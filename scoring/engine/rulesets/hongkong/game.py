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
outcome is held to the entry spec (:mod:`.entry`) before it is read; the shared
:class:`scoring.engine.rounds.RoundGame` does that, the draws and the deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...entry import EntrySpec
from ...game import GameState, check_player
from ...result import Contract, Ledger, Payment
from ...rounds import RoundGame, win_request
from .entry import entry_spec
from .options import Options
from .score import multiplier, resolve_options, score


class HongKongGame(RoundGame[Options]):
    ruleset, unit = "Hong Kong", "番"
    outcome_types = ("win", "draw", "false_win")

    def options(self, raw: Any) -> Options:
        return resolve_options(raw)

    def spec(self, o: Options) -> EntrySpec:
        return entry_spec(o)

    def score_win(self, outcome: Mapping[str, Any], state: GameState, o: Options
                  ) -> Contract:
        request, entry = win_request(outcome, state, o, self.ruleset, '{"fan": n}')
        request["pao"] = entry.get("pao")
        return score(request)

    def other(self, outcome: Mapping[str, Any], state: GameState, o: Options
              ) -> tuple[list[Payment], str, bool]:
        """詐糊: the offender pays each other player a limit self-drawn share; the dealer
        deals the hand again."""
        offender = check_player(outcome.get("penalised"), "penalised")
        share = o.base * multiplier(o.max_fan, o.spicy)
        ledger = Ledger()
        for p in range(4):
            if p != offender:
                ledger.pay(offender, p, share, "penalty")
        return (ledger.payments(), f"P{offender} false win (詐糊): {share} to each other player",
                True)
