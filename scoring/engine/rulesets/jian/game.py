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

Where the options play them, ``extra`` also carries::

    "kongs": [{"player": 1, "kong": "exposed" | "concealed" | "jing"}],   # 杠分
    "jing_discarded": [0, 2, 0, 1],               # or "jing_discarded_tiles": [...]
    "lower_jing": [{"zheng": "3p", "jing_counts": [0, 1, 2, 0]}],   # 下精, one per turn
                                                  # (or "jing_tiles": [...] per player)

and a win may say ``heavenly_hand``, ``earthly_hand`` or ``robbing_kong`` in its hand or
quick entry. Kongs and 下精 are paid with the 精, so a drawn hand pays them only under
``jing_on_draw``. Under ``dezhongde`` the table decides 德中德 from the recorded 精: a win
entry saying otherwise is refused.

Seats (winner, dealer, discarder), ``win`` and ``jing`` are filled in from the table.
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
    Reason,
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
from ...result import Contract, Ledger, contract, result_of
from .entry import entry_spec
from .hand import Jing, read_jing
from .jing import jing_ledger, jing_summary, read_counts, read_discarded, read_lower
from .kongs import kong_ledger, read_kongs
from .options import PRESETS, Options
from .score import scored

OUTCOME_TYPES = ("win", "draw")


class JianGame:
    outcome_types: tuple[str, ...] = OUTCOME_TYPES

    def initial_state(self, options: Any) -> GameState:
        return fresh_state()

    def apply(self, state: GameState, outcome: Mapping[str, Any], options: Any) -> HandSettlement:
        o = ruleset_options(options, Options, PRESETS, "Ji'an")
        check_unfinished(state)
        if not isinstance(outcome, Mapping) or outcome.get("type") not in OUTCOME_TYPES:
            raise BadInput(f"a Ji'an outcome type is one of {', '.join(OUTCOME_TYPES)}")
        check_outcome(entry_spec(o), outcome)
        extra = outcome.get("extra") or {}
        if not isinstance(extra, Mapping):
            raise BadInput("extra must be an object: {jing, jing_counts | jing_tiles}")
        jing = read_jing(extra["jing"]) if extra.get("jing") is not None else None
        dealer = state.get("dealer", 0)
        # Everything the hand records is read (and checked) whether or not it is paid.
        held = read_counts(extra, jing, o)
        recorded = any(extra.get(k) is not None for k in ("jing_counts", "jing_tiles"))
        counts = [h + d for h, d in zip(held, read_discarded(extra, jing, o), strict=True)]
        top = 4 * (o.zheng_jing + o.fu_jing)
        if sum(counts) > top:
            raise BadInput(f"the 精 held and discarded add up to {sum(counts)} but four 正精 "
                           f"and four 副精 count {top} in all",
                           params={"count": sum(counts), "max": top, "reason": "jing_total"})
        lower = read_lower(extra, o)
        kongs = read_kongs(extra, o)
        totals: dict[tuple[int, Reason], int] = {}
        results: list[Contract] = []
        ledger = Ledger()
        if outcome["type"] == "win":
            result = self._win(outcome, jing, dealer, o, held if recorded else None)
            results.append(result_of(result, result["winner"], result["discarder"]))
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
            for turn, turn_counts in enumerate([counts, *lower]):
                summary_jing = jing_summary(turn_counts, o, dealer)
                own = jing_ledger(turn_counts, o, dealer)
                ledger.extend(own)
                # The 精 paid, by cause (jing, chongguan); whose and how many, in summary.
                results.append(contract([], None, own))
                for p, d in enumerate(summary_jing["deltas"]):
                    totals[(p, "bonus")] = totals.get((p, "bonus"), 0) + d
                if any(turn_counts):
                    summary += f"; {'下精' if turn else '精'} {turn_counts}"
            if kongs:
                own = kong_ledger(kongs, o)
                ledger.extend(own)
                results.append(contract([], None, own))
                for pay in own:
                    totals[(pay["player"], "kong")] = (totals.get((pay["player"], "kong"), 0)
                                                       + pay["amount"])
                summary += "; 杠 " + ", ".join(f"P{p} {kind}" for p, kind in kongs)
        rows = [LedgerRow(player=p, amount=a, reason=r)
                for (p, r), a in sorted(totals.items()) if a]
        new = next_hand(state, rows, next_dealer)
        new["finished"] = bool(o.game_hands and new["hands_played"] >= o.game_hands)
        return HandSettlement(rows=rows, pot_change=0, state=new, results=results,
                              summary=summary, ledger=ledger.payments())

    @staticmethod
    def _win(outcome: Mapping[str, Any], jing: Jing | None, dealer: int, o: Options,
             held: list[int] | None) -> dict[str, Any]:
        """The win's score; ``held`` (the recorded 精, when recorded) decides 德中德."""
        wins = outcome.get("wins")
        if not isinstance(wins, list) or len(wins) != 1 or not isinstance(wins[0], Mapping):
            raise BadInput("a Ji'an win outcome has exactly one entry in wins",
                           params=choose_params("wins.0.winner"))
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
            raise BadInput("a win needs hand (the tiles) or quick (shape, deguo, jingdiao)",
                           params={"reason": "hand_or_quick", "path": "wins.0.quick",
                                   "player": winner})
        if o.dezhongde and held is not None:
            clean = not any(n for q, n in enumerate(held) if q != winner)
            if body.get("dezhongde", clean) is not clean:
                raise BadInput("dezhongde (德中德) contradicts the recorded 精: it holds when "
                               "no other player has any 精")
            body = {**body, "dezhongde": clean}
        with about_win(entry):
            return scored(table_request(body, winner, dealer, discarder, o))

    def final_settlement(self, state: GameState, options: Any) -> list[LedgerRow]:
        return []
