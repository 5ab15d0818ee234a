"""Wuhu table rules: one win (or a drawn hand) per outcome, chips start at the stake.

Outcomes::

    {"type": "win", "wins": [{"winner": 2, "discarder": 0 | null,
                              "hand": {"hand": "...", "win_tile": "5m", "melds": [...],
                                       "after_kong": false},        # tiles mode, or
                              "quick": {"zhi": 8, "ya": 3, "mouths": ["四活"],
                                        "exposed_kongs": 0, "concealed_kongs": 0,
                                        "after_kong": false}}]}     # counts mode
    {"type": "draw"}                                                # 流局: nothing paid

Seats (winner, dealer, discarder), ``win`` and each player's ``chips`` (what
``cap_at_chips`` caps a payment at) are filled in from the table.
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
    about_win,
    check_unfinished,
    choose_params,
    dealer_after,
    entry_seats,
    fresh_state,
    how_won,
    next_hand,
    ruleset_options,
    table_request,
)
from ...result import Contract, Payment, result_of
from .entry import entry_spec
from .options import PRESETS, Options
from .score import scored

OUTCOME_TYPES = ("win", "draw")


class WuhuGame:
    outcome_types: tuple[str, ...] = OUTCOME_TYPES

    def initial_state(self, options: Any) -> GameState:
        o = ruleset_options(options, Options, PRESETS, 'Wuhu')
        return fresh_state(o.stake)

    def apply(self, state: GameState, outcome: Mapping[str, Any], options: Any) -> HandSettlement:
        o = ruleset_options(options, Options, PRESETS, 'Wuhu')
        check_unfinished(state)
        if not isinstance(outcome, Mapping) or outcome.get("type") not in OUTCOME_TYPES:
            raise BadInput(f"a Wuhu outcome type is one of {', '.join(OUTCOME_TYPES)}")
        check_outcome(entry_spec(o), outcome)
        dealer = state.get("dealer", 0)
        rows: list[LedgerRow] = []
        results: list[Contract] = []
        ledger: list[Payment] = []
        if outcome["type"] == "draw":
            next_dealer = dealer_after(dealer, None, o.dealer_on_draw)
            summary = "drawn hand (流局)"
        else:
            wins = outcome.get("wins")
            if not isinstance(wins, list) or len(wins) != 1:
                raise BadInput("a Wuhu win outcome has exactly one entry in wins",
                               params=choose_params("wins.0.winner"))
            with about_win(wins[0]):
                result = self._score(wins[0], dealer, o, state.get("scores") or [o.stake] * 4)
            results.append(result_of(result, result["winner"], result["discarder"]))
            ledger = result["ledger"]
            for p in range(4):
                if result["deltas"][p]:
                    rows.append(LedgerRow(player=p, amount=result["deltas"][p], reason="hand"))
            winner = result["winner"]
            next_dealer = dealer_after(dealer, winner)
            kind = "全交" if result["full"] else f"{result['value']} ({result['win_type']})"
            summary = f"P{winner} wins {how_won(result['discarder'])}: {result['zhi']}支, {kind}"
        new = next_hand(state, rows, next_dealer, o.stake)
        new["finished"] = bool((o.end_when_broke and min(new["scores"]) <= 0)
                               or (o.game_hands and new["hands_played"] >= o.game_hands))
        return HandSettlement(rows=rows, pot_change=0, state=new, results=results,
                              summary=summary, ledger=ledger)

    @staticmethod
    def _score(entry: Any, dealer: int, o: Options, chips: list[int]) -> dict[str, Any]:
        if not isinstance(entry, Mapping):
            raise BadInput("a win entry is {winner, discarder, hand | quick}")
        winner, discarder = entry_seats(entry)
        body = entry.get("hand") if "hand" in entry else entry.get("quick")
        if not isinstance(body, Mapping):
            raise BadInput("a win needs hand (the tiles) or quick (支数, 押, 嘴子 counts)",
                           params={"reason": "hand_or_quick"})
        # The table knows everyone's chips (for cap_at_chips): they override any typed in.
        return scored({**table_request(body, winner, dealer, discarder, o),
                      "chips": list(chips)})

    def final_settlement(self, state: GameState, options: Any) -> list[LedgerRow]:
        return []
