"""Ji'an table rules: one win (or a drawn hand) per outcome, with the hand's 精.

Outcomes::

    {"type": "win",
     "wins": [{"winner": 1, "discarder": 2 | null,
               "hand": {"hand": "...", "win_tile": "7z", "melds": [...],
                        "after_kong": false},                       # tiles mode, or
               "quick": {"shape": "small_seven", "deguo": true, "jingdiao": false,
                         "after_kong": false}}],                    # quick mode
     "extra": {"jing": {"zheng": "5m", "fu": "6m"},                 # turned up this hand
               "jing_counts": [2, 0, 5, 1]}}      # counted 精 per player, or
               # "jing_tiles": ["5m", "", "5m5m6m", "6m"]  (each player's 精 tiles)
    {"type": "draw", "extra": {"jing": {...}}}    # 荒庄: nothing paid by default

Seats (winner, dealer, discarder), ``win`` and ``jing`` are filled in from the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import BadInput
from ...game import (
    GameState,
    HandSettlement,
    LedgerRow,
    Outcome,
    check_unfinished,
    dealer_after,
    entry_seats,
    fresh_state,
    how_won,
    next_hand,
    table_request,
)
from ...result import Ledger, contract
from .hand import Jing, read_jing
from .jing import jing_ledger, jing_summary, read_counts
from .options import Options
from .score import resolve_options, score

OUTCOME_TYPES = ("win", "draw")


class JianGame:
    outcome_types: tuple[str, ...] = OUTCOME_TYPES

    def initial_state(self, options: Any) -> GameState:
        return fresh_state()

    def apply(self, state: GameState, outcome: Outcome, options: Any) -> HandSettlement:
        o = resolve_options(options)
        check_unfinished(state)
        if not isinstance(outcome, Mapping) or outcome.get("type") not in OUTCOME_TYPES:
            raise BadInput(f"a Ji'an outcome type is one of {', '.join(OUTCOME_TYPES)}")
        extra = outcome.get("extra") or {}
        if not isinstance(extra, Mapping):
            raise BadInput("extra must be an object: {jing, jing_counts | jing_tiles}")
        jing = read_jing(extra["jing"]) if extra.get("jing") is not None else None
        dealer = state.get("dealer", 0)
        totals: dict[tuple[int, str], int] = {}
        results: list[dict[str, Any]] = []
        ledger = Ledger()
        if outcome["type"] == "win":
            result = self._win(outcome, jing, dealer, o)
            results.append(result)
            ledger.extend(result["ledger"])
            for p, d in enumerate(result["deltas"]):
                totals[(p, "hand")] = d
            winner = result["winner"]
            next_dealer = dealer_after(dealer, winner)
            summary = f"P{winner} wins {how_won(result['discarder'])}: {result['shape_zh']}" + (
                " 德国" if result["deguo"] else "") + f", {result['total']}"
            pays_jing = True
        else:
            next_dealer = dealer_after(dealer, None, o.dealer_on_draw)
            summary = "drawn hand (荒庄)"
            pays_jing = o.jing_on_draw
        if pays_jing:
            counts = read_counts(extra, jing, o)
            summary_jing = jing_summary(counts, o)
            own = jing_ledger(counts, o)
            ledger.extend(own)
            results.append({**contract([], None, own), "jing": summary_jing})
            for p, d in enumerate(summary_jing["deltas"]):
                totals[(p, "bonus")] = d
            if any(summary_jing["counts"]):
                summary += f"; 精 {summary_jing['counts']}"
        rows = [LedgerRow(player=p, amount=a, reason=r)  # type: ignore[typeddict-item]
                for (p, r), a in sorted(totals.items()) if a]
        new = next_hand(state, rows, next_dealer)
        new["finished"] = bool(o.game_hands and new["hands_played"] >= o.game_hands)
        return HandSettlement(rows=rows, pot_change=0, state=new, results=results,
                              summary=summary, ledger=ledger.payments())

    @staticmethod
    def _win(outcome: Mapping[str, Any], jing: Jing | None, dealer: int,
             o: Options) -> dict[str, Any]:
        wins = outcome.get("wins")
        if not isinstance(wins, list) or len(wins) != 1 or not isinstance(wins[0], Mapping):
            raise BadInput("a Ji'an win outcome has exactly one entry in wins")
        entry = wins[0]
        winner, discarder = entry_seats(entry)
        if "hand" in entry:
            if jing is None:
                raise BadInput("a win recorded with tiles needs the hand's jing "
                               '(extra.jing = {"zheng": "5m", "fu": "6m"})')
            body = entry["hand"]
            if not isinstance(body, Mapping):
                raise BadInput("a win's hand must be an object: {hand, win_tile, melds}")
            body = {**body, "jing": {"zheng": jing.zheng_name, "fu": jing.fu_name}}
        elif isinstance(entry.get("quick"), Mapping):
            body = entry["quick"]
        else:
            raise BadInput("a win needs hand (the tiles) or quick (shape, deguo, jingdiao)")
        return score(table_request(body, winner, dealer, discarder, o))

    def final_settlement(self, state: GameState, options: Any) -> list[LedgerRow]:
        return []
