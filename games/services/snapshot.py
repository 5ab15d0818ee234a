"""The full picture of a table that pages, websocket clients and the API render."""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from typing import Any

from django.utils.translation import get_language

from games import presenter
from games.models import Event, EventKind, Hand, LedgerEntry, Seat, Table
from games.replay import declared_in
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
_CACHE: OrderedDict[tuple[Any, ...], tuple[float, str]] = OrderedDict()
_CACHE_SIZE = 1024
_CACHE_SECONDS = 10.0
_LOCK = threading.Lock()


def cache_snapshot(key: tuple[Any, ...], text: str) -> None:
    """Remember ``text`` (a serialised snapshot) for ``key`` = (pk, seq, updated_at), or
    a rendered message for (pk, seq, updated_at, language)."""
    with _LOCK:
        _CACHE[key] = (time.monotonic() + _CACHE_SECONDS, text)
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def _cached(key: tuple[Any, ...]) -> str | None:
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


def cached_message(table: Table) -> dict[str, Any]:
    """The phones' share of :func:`snapshot` and its rendered view in the active language
    (``games.presenter.message``), from the cache when this version of the table was
    rendered lately in that language; for a ``table`` just read, as
    :func:`cached_snapshot`."""
    key = (table.pk, table.seq, table.updated_at, get_language())
    text = _cached(key)
    if text is not None:
        loaded: dict[str, Any] = json.loads(text)
        return loaded
    message = presenter.message({}, cached_snapshot(table))
    cache_snapshot(key, json.dumps(message))
    return message


def _declared(table: Table, hands: int) -> list[int]:
    if table.finished:
        return []
    events = Event.objects.filter(table_id=table.pk, kind=EventKind.DECLARE,
                                  hand_number=hands + 1).order_by("seq")
    return declared_in(list(events), hands + 1)


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
    n = len(start)  # players: three at a sanma or 三人两房 table
    labels = ["start"]
    series: list[list[int]] = [[s] for s in start]
    hand_items = []
    for hand in hands:
        rows = by_hand.get(hand.number, [])
        deltas = [0] * n
        for entry in rows:
            deltas[entry.position] += entry.amount
        running = [a + b for a, b in zip(running, deltas, strict=True)]
        labels.append(str(hand.number))
        for i in range(n):
            series[i].append(running[i])
        before = hand.state_before or {}
        hand_items.append({
            "number": hand.number,
            "type": hand.outcome.get("type") if isinstance(hand.outcome, dict) else None,
            "summary": hand.summary,
            "outcome": hand.outcome,
            "results": hand.result,
            "payments": hand.payments,
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
        for i in range(n):
            series[i].append(running[i])

    order = sorted(range(n), key=lambda p: (-running[p], p))
    ranks = [0] * n
    for index, p in enumerate(order):
        prev = order[index - 1] if index else None
        ranks[p] = ranks[prev] if prev is not None and running[prev] == running[p] else index + 1
    state = table.state or {}
    dealer = state.get("dealer", 0)
    names = {s.position: s.player.display_name for s in seats}
    final_table: list[dict[str, Any]] = []
    later = [0] * n
    try:
        rules = registry.get(table.ruleset)
        title, title_native = rules.title, rules.title_native
        outcome_types = list(rules.rules.outcome_types)
        ranker = getattr(rules.rules, "final_table", None)
        if table.finished and callable(ranker):
            final_table = list(ranker(state, rules.options_from_snapshot(table.options)))
        if not table.finished and hands:
            later = _penalties_at_end(rules, table, state, n)
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
            "wind": _wind(state, s.position, dealer, n),
        } for s in seats],
        "state": state,
        # penalty_at_end: points a penalty already recorded will take when the game ends
        # (EMA chombo), shown from the hand on; 0 once the game is over and it is taken.
        "standings": [{"position": p, "name": names.get(p, ""), "score": running[p],
                       "start": start[p], "rank": ranks[p], "penalty_at_end": later[p]}
                      for p in range(n)],
        "players": n,
        "hands": hand_items,
        "final": [_row(e) for e in final],
        "final_table": final_table,
        "chart": {"labels": labels, "series": series},
        # Riichi declared live in the hand being played (games.replay, "declare").
        "declared": _declared(table, len(hands)),
        "can_undo": bool(hands) and not table.ended_manually,
        "can_redo": table.can_redo and not table.ended_manually,
        # What undo and redo would do, so the buttons can name the hand.
        "undo": _undo_target(table, len(hands)),
        "redo": table.redo_target if table.can_redo and not table.ended_manually else None,
    }


def _penalties_at_end(rules: Any, table: Table, state: dict[str, Any],
                      players: int) -> list[int]:
    """Each seat's penalties the final settlement would take if the game ended now: its
    ``penalty`` rows are the deductions paid to nobody (EMA chombo, see
    :func:`scoring.engine.game.check_final_settlement`)."""
    out = [0] * players
    if len(state.get("scores") or []) != players:
        return out  # a table stored before its state was kept: nothing to settle
    for row in rules.rules.final_settlement(state, rules.options_from_snapshot(table.options)):
        if row["reason"] == "penalty" and 0 <= row["player"] < players:
            out[row["player"]] += row["amount"]
    return out


def _undo_target(table: Table, hands: int) -> dict[str, Any] | None:
    if not hands or table.ended_manually:
        return None
    # Tables written before the targets were stored: undo removed the last hand.
    return table.undo_target or {"kind": "record", "number": hands}



def _wind(state: dict[str, Any], position: int, dealer: Any, players: int) -> str | None:
    # Rulesets that move players between rounds (MCR) say each seat's wind themselves.
    winds = (state.get("extra") or {}).get("seat_winds")
    if isinstance(winds, list) and len(winds) == players:
        return str(winds[position])
    return seat_wind(position, dealer, players) if isinstance(dealer, int) else None
