"""The full picture of a table that pages, websocket clients and the API render."""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from typing import Any

from games.models import Hand, LedgerEntry, Seat, Table
from scoring import registry
from scoring.engine.errors import EngineError
from scoring.engine.game import seat_wind


def start_scores(table: Table) -> list[int]:
    """Points each seat starts with, from the ruleset's initial state under the table's
    options (0 when the ruleset is no longer installed)."""
    try:
        rules = registry.get(table.ruleset)
        initial = rules.rules.initial_state(rules.options_from_snapshot(table.options))
    except EngineError:
        return [0, 0, 0, 0]
    return list(initial.get("scores") or [0, 0, 0, 0])


def _row(entry: LedgerEntry) -> dict[str, Any]:
    return {"position": entry.position, "amount": entry.amount, "reason": entry.reason}


# Snapshots by (table, seq, updated_at), as JSON text so no caller can change a shared
# one. A burst of phones (re)connecting to a table after a write or a Redis restart then
# costs one build instead of one per phone. Every write and seat or visibility change
# moves updated_at, so the key names one version even across processes; the short life
# bounds what an edit outside the services (the admin renaming a player) can leave stale.
_CACHE: OrderedDict[tuple[int, int, Any], tuple[float, str]] = OrderedDict()
_CACHE_SIZE = 1024
_CACHE_SECONDS = 10.0
_LOCK = threading.Lock()


def cache_snapshot(key: tuple[int, int, Any], text: str) -> None:
    """Remember ``text`` (a serialised snapshot) for ``key`` = (pk, seq, updated_at)."""
    with _LOCK:
        _CACHE[key] = (time.monotonic() + _CACHE_SECONDS, text)
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def _cached(key: tuple[int, int, Any]) -> str | None:
    with _LOCK:
        hit = _CACHE.get(key)
        if hit is None:
            return None
        if hit[0] < time.monotonic():
            del _CACHE[key]
            return None
        return hit[1]


def snapshot(table: Table) -> dict[str, Any]:
    """Everything a client shows (see :func:`build_snapshot`)."""
    return build_snapshot(table)


def cached_snapshot(table: Table) -> dict[str, Any]:
    """:func:`snapshot`, from the cache when this version of the table was built lately.

    Only for a ``table`` just read from the database: the key is its seq and updated_at,
    so an instance read before a later write would get the older version back.
    """
    key = (table.pk, table.seq, table.updated_at)
    text = _cached(key)
    if text is not None:
        loaded: dict[str, Any] = json.loads(text)
        return loaded
    snap = build_snapshot(table)
    cache_snapshot(key, json.dumps(snap))
    return snap


def build_snapshot(table: Table, seats: list[Seat] | None = None) -> dict[str, Any]:
    """Everything a client shows; three queries whatever the game's length (two when the
    caller has read the seats, with their players).

    Standings are the start points plus the sum of each seat's ledger rows (the final
    settlement included); ``chart`` holds the cumulative score of each seat after each
    hand (first point: the start; last: after the final settlement, when there is one).
    """
    if seats is None:
        seats = list(Seat.objects.filter(table_id=table.pk).select_related("player"))
    hands = list(Hand.objects.filter(table_id=table.pk).order_by("number"))
    ledger = list(LedgerEntry.objects.filter(table_id=table.pk).order_by("id"))
    start = start_scores(table)
    by_hand: dict[int | None, list[LedgerEntry]] = {}
    for entry in ledger:
        by_hand.setdefault(entry.hand_number, []).append(entry)

    running = list(start)
    labels = ["start"]
    series: list[list[int]] = [[s] for s in start]
    hand_items = []
    for hand in hands:
        rows = by_hand.get(hand.number, [])
        deltas = [0, 0, 0, 0]
        for entry in rows:
            deltas[entry.position] += entry.amount
        running = [a + b for a, b in zip(running, deltas, strict=True)]
        labels.append(str(hand.number))
        for i in range(4):
            series[i].append(running[i])
        before = hand.state_before or {}
        hand_items.append({
            "number": hand.number,
            "type": hand.outcome.get("type") if isinstance(hand.outcome, dict) else None,
            "summary": hand.summary,
            "outcome": hand.outcome,
            "results": hand.result,
            "scoring": scoring_items(hand.result),
            "rows": [_row(e) for e in rows],
            "deltas": deltas,
            "pot_change": hand.pot_change,
            "revision": hand.revision,
            "recorded_by": hand.recorded_by,
            "round_wind": before.get("round_wind"),
            "hand_in_round": before.get("hand_number"),
            "honba": before.get("honba", 0),
            "dealer": before.get("dealer"),
        })
    final = by_hand.get(None, [])
    if final:
        for entry in final:
            running[entry.position] += entry.amount
        labels.append("final")
        for i in range(4):
            series[i].append(running[i])

    order = sorted(range(4), key=lambda p: (-running[p], p))
    ranks = [0, 0, 0, 0]
    for index, p in enumerate(order):
        prev = order[index - 1] if index else None
        ranks[p] = ranks[prev] if prev is not None and running[prev] == running[p] else index + 1
    state = table.state or {}
    dealer = state.get("dealer", 0)
    names = {s.position: s.player.display_name for s in seats}
    final_table: list[dict[str, Any]] = []
    try:
        rules = registry.get(table.ruleset)
        title, title_native = rules.title, rules.title_native
        outcome_types = list(rules.rules.outcome_types)
        ranker = getattr(rules.rules, "final_table", None)
        if table.finished and callable(ranker):
            final_table = list(ranker(state, rules.options_from_snapshot(table.options)))
    except EngineError:
        title, title_native, outcome_types = table.ruleset, "", []
    return {
        "table": {
            "id": table.public_id,
            "name": table.name,
            "ruleset": table.ruleset,
            "ruleset_title": title,
            "ruleset_title_native": title_native,
            "preset": table.preset,
            "visibility": table.visibility,
            "finished": table.finished,
            "ended_manually": table.ended_manually,
            "created_at": table.created_at.isoformat() if table.created_at else None,
            "finished_at": table.finished_at.isoformat() if table.finished_at else None,
        },
        "seq": table.seq,
        "options": table.options,
        "outcome_types": outcome_types,
        "seats": [{
            "position": s.position,
            "player": {"id": s.player_id, "name": s.player.display_name},
            "claimed": s.is_claimed,
            "wind": _wind(state, s.position, dealer),
        } for s in seats],
        "state": state,
        "standings": [{"position": p, "name": names.get(p, ""), "score": running[p],
                       "start": start[p], "rank": ranks[p]} for p in range(4)],
        "hands": hand_items,
        "final": [_row(e) for e in final],
        "final_table": final_table,
        "chart": {"labels": labels, "series": series},
        "can_undo": bool(hands) and not table.ended_manually,
        "can_redo": table.can_redo and not table.ended_manually,
    }



def _wind(state: dict[str, Any], position: int, dealer: Any) -> str | None:
    # Rulesets that move players between rounds (MCR) say each seat's wind themselves.
    winds = (state.get("extra") or {}).get("seat_winds")
    if isinstance(winds, list) and len(winds) == 4:
        return str(winds[position])
    return seat_wind(position, dealer) if isinstance(dealer, int) else None


_ITEM_LISTS = ("yaku", "yakuman", "fans", "items")


def scoring_items(results: Any) -> list[dict[str, Any]]:
    """Each win's yaku/fan as ``{"winner", "items": [{"name", "native", "value"}], "text"}``:
    one display shape over the rulesets' own result formats (kept whole in ``results``)."""
    out: list[dict[str, Any]] = []
    for result in results if isinstance(results, list) else []:
        if not isinstance(result, dict) or "winner" not in result:
            continue
        items = []
        for key in _ITEM_LISTS:
            entries = result.get(key)
            if key == "items" and "headline" in result:
                continue  # the engine's result contract: read by the coming renderer
            if not isinstance(entries, list):
                continue
            for entry in entries:
                if not isinstance(entry, dict):
                    continue
                items.append({
                    "name": entry.get("name_en") or entry.get("name") or "",
                    "native": entry.get("name_ja") or entry.get("name_zh")
                    or entry.get("name_native") or "",
                    "value": next((entry[k] for k in ("han", "fan", "value", "points")
                                   if isinstance(entry.get(k), int)), None),
                })
        out.append({"winner": result["winner"], "items": items,
                    "text": str(result.get("text") or "")})
    return out
