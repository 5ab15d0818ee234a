"""The full picture of a table that pages, websocket clients and the API render."""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from typing import Any

from django.db import router
from django.db.models import Q, Sum
from django.utils.translation import get_language

from common.prepared import Prepared, attnames
from games import confirmations, presenter
from games.models import Event, EventKind, Hand, LedgerEntry, Seat, Table
from games.replay import declared_in
from scoring import registry
from scoring.engine.errors import EngineError
from scoring.engine.game import seat_wind


def start_scores(table: Table) -> list[int]:
    """Points each seat starts with, from the ruleset's initial state under the table's
    options (0 when the ruleset is no longer installed)."""
    return _start(*_rules_of(table))


def _rules_of(table: Table) -> tuple[Any, Any]:
    """The table's ruleset and its options read from the table's snapshot of them, or
    (None, None) when the ruleset is no longer installed. Looked up once per build: each
    lookup lists the installed rulesets and reads the options' types again."""
    try:
        ruleset = registry.get(table.ruleset)
        return ruleset, ruleset.options_from_snapshot(table.options)
    except EngineError:
        return None, None


def _start(ruleset: Any, options: Any) -> list[int]:
    if ruleset is None:
        return [0, 0, 0, 0]
    try:
        initial = ruleset.rules.initial_state(options)
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
    (``games.presenter.message``: the latest hands only), from the cache when this version
    of the table was rendered lately in that language; for a ``table`` just read, as
    :func:`cached_snapshot`."""
    key = (table.pk, table.seq, table.updated_at, get_language())
    text = _cached(key)
    if text is not None:
        loaded: dict[str, Any] = json.loads(text)
        return loaded
    message = presenter.message({}, cached_snapshot(table))
    cache_snapshot(key, json.dumps(message))
    return message


# A phone back after missing more writes than this gets the whole snapshot again.
MISSED_MAX = 50
# A confirmation or dispute changes no result, but its hand's entry (who confirmed it).
_TOUCH_HANDS = (EventKind.RECORD, EventKind.CORRECT, EventKind.UNDO, EventKind.REDO,
                EventKind.CONFIRM, EventKind.DISPUTE)


def missed_changes(table: Table, since: int) -> dict[str, Any] | None:
    """What changed at ``table`` after seq ``since``, in the shape of
    :func:`build_changes` (from the first hand a missed write touched), for a phone that
    reconnects having seen ``since``; None when the whole snapshot is due instead (too far
    behind, or a seq this table never had). Costs the missed writes, not the game."""
    if isinstance(since, bool) or not isinstance(since, int) or not 0 <= since <= table.seq:
        return None
    if table.seq - since > MISSED_MAX:
        return None
    count = Hand.objects.filter(table_id=table.pk).count()
    first = count + 1
    for kind, number in (Event.objects.filter(table_id=table.pk, seq__gt=since)
                         .values_list("kind", "hand_number")):
        if kind in _TOUCH_HANDS:
            if not isinstance(number, int):
                return None  # an undo logged before they named their hand
            first = min(first, number)
    seats = list(Seat.objects.filter(table_id=table.pk).select_related("player"))
    return build_changes(table, seats, max(first, 1))


_EVENT_COLUMNS = attnames(Event)
# Read by every write's changes (common.prepared: compiled once per process).
_DECLARED = Prepared(lambda pk, number: Event.objects.filter(
    table_id=pk, kind=EventKind.DECLARE, hand_number=number).order_by("seq")
    .values_list(*_EVENT_COLUMNS), 987654321, 987654322)


def _declared(table: Table, hands: int) -> dict[str, list[int]]:
    if table.finished:
        return {}
    alias = router.db_for_write(Event)
    events = [Event.from_db(alias, _EVENT_COLUMNS, list(row))
              for row in _DECLARED.rows(table.pk, hands + 1)]
    return declared_in(events, hands + 1)


def _hand_item(hand: Hand, rows: list[LedgerEntry], players: int) -> dict[str, Any]:
    """One hand of ``snapshot["hands"]`` with its ledger rows."""
    deltas = [0] * players
    for entry in rows:
        deltas[entry.position] += entry.amount
    before = hand.state_before or {}
    return {
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
    }


def build_snapshot(table: Table, seats: list[Seat] | None = None) -> dict[str, Any]:
    """Everything a client shows; three queries whatever the game's length (two when the
    caller has read the seats, with their players).

    Standings are the start points plus the sum of each seat's ledger rows (the final
    settlement included); ``chart`` holds the cumulative score of each seat after each
    hand (first point: the start; last: after the final settlement, when there is one;
    ``from`` 0: the whole game). Built when a phone connects (cached by seq), for the
    pages and the API; a write builds only :func:`build_changes`.
    """
    if seats is None:
        seats = list(Seat.objects.filter(table_id=table.pk).select_related("player"))
    hands = list(Hand.objects.filter(table_id=table.pk).order_by("number"))
    ledger = list(LedgerEntry.objects.filter(table_id=table.pk).order_by("id"))
    ruleset, options = _rules_of(table)
    start = _start(ruleset, options)
    return _assemble(table, seats, hands, ledger, 1, list(start), len(hands),
                     (ruleset, options, start))


def build_changes(table: Table, seats: list[Seat], hands_from: int,
                  written: tuple[list[Hand], list[LedgerEntry]] | None = None,
                  rules: tuple[Any, Any] | None = None,
                  totals: list[int] | None = None) -> dict[str, Any]:
    """What a write changed, in the shape of :func:`build_snapshot`: the hands numbered
    ``hands_from`` and up (``hands``), the standings, and the chart's points after those
    hands (``chart["from"]`` is the first one's index in the whole chart; from 0, the
    start, when ``hands_from`` is 1).

    Its cost does not grow with the game: the points before ``hands_from`` are summed in
    SQL, and a hand appended at the end passes its new rows as ``written`` (no query for
    them). ``hand_count`` says how many hands the game has; ``undo_hand`` is the hand
    undo would name when it is older than ``hands_from``. ``rules``: the table's ruleset
    and options, when the caller has them; ``totals``: each seat's points before
    ``hands_from``, start included, when the caller knows them (the write's stored seat
    results, :func:`games.seat_results.refresh`), else summed here.
    """
    ruleset, options = rules if rules is not None else _rules_of(table)
    start = _start(ruleset, options)
    before = list(start)
    if totals is not None and len(totals) == len(start):
        before = list(totals)
    elif hands_from > 1:
        for position, total in (LedgerEntry.objects
                                .filter(table_id=table.pk, hand_number__lt=hands_from)
                                .values_list("position").annotate(total=Sum("amount"))
                                .values_list("position", "total")):
            if 0 <= position < len(before):
                before[position] += total or 0
    target = table.undo_target if isinstance(table.undo_target, dict) else None
    older = target.get("number") if target else None
    if written is not None:
        hands, ledger = written
    else:
        hands = list(Hand.objects.filter(table_id=table.pk, number__gte=hands_from)
                     .order_by("number"))
        ledger = list(LedgerEntry.objects.filter(table_id=table.pk).filter(
            Q(hand_number__gte=hands_from) | Q(hand_number__isnull=True)).order_by("id"))
    extra: list[Hand] = []
    count = hands_from - 1 + len(hands)
    if isinstance(older, int) and older < hands_from:
        extra = list(Hand.objects.filter(table_id=table.pk, number=older))
    snap = _assemble(table, seats, hands, ledger, hands_from, before, count,
                     (ruleset, options, start))
    if extra:
        snap["undo_hand"] = _hand_item(extra[0], [], len(start))
    return snap


def _assemble(table: Table, seats: list[Seat], hands: list[Hand], ledger: list[LedgerEntry],
              hands_from: int, running: list[int], count: int,
              rules: tuple[Any, Any, list[int]]) -> dict[str, Any]:
    """The snapshot of ``table`` from hand ``hands_from`` on: ``hands`` are those hands,
    ``ledger`` their rows and the final settlement's, ``running`` each seat's points
    before them, ``count`` the game's number of hands, ``rules`` the ruleset, options and
    start points."""
    ruleset, options, start = rules
    by_hand: dict[int | None, list[LedgerEntry]] = {}
    for entry in ledger:
        by_hand.setdefault(entry.hand_number, []).append(entry)

    n = len(start)  # players: three at a sanma or 三人两房 table
    running = list(running)
    # A whole snapshot's chart starts at the start points; a write's changes start after
    # the points the phones have already (the one before hands_from among them).
    whole = hands_from == 1
    labels = ["start"] if whole else []
    series: list[list[int]] = [[s] if whole else [] for s in running]
    hand_items = []
    answers = confirmations.of_hands(table, [h.number for h in hands],
                                     [s.position for s in seats])
    for hand in hands:
        item = _hand_item(hand, by_hand.get(hand.number, []), n)
        if hand.number in answers:  # the table asks its players to confirm (issue 29)
            item["confirm"] = answers[hand.number].as_dict()
        running = [a + b for a, b in zip(running, item["deltas"], strict=True)]
        labels.append(str(hand.number))
        for i in range(n):
            series[i].append(running[i])
        hand_items.append(item)
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
    title, title_native, outcome_types = table.ruleset, "", []
    if ruleset is not None:
        title, title_native = ruleset.title, ruleset.title_native
        outcome_types = list(ruleset.rules.outcome_types)
        ranker = getattr(ruleset.rules, "final_table", None)
        try:
            if table.finished and callable(ranker):
                final_table = list(ranker(state, options))
            if not table.finished and count:
                later = _penalties_at_end(ruleset, options, state, n)
        except EngineError:
            pass  # a state the installed ruleset no longer reads: shown without them
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
            "confirm_hands": table.confirm_hands,
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
        # The hands before hands_from are not in this snapshot (build_changes).
        "hands_from": hands_from,
        "hand_count": count,
        "final": [_row(e) for e in final],
        "final_table": final_table,
        "chart": {"from": 0 if whole else hands_from, "labels": labels, "series": series},
        # The live declarations made in the hand being played, key -> declarers
        # (games.replay, "declare").
        "declared": _declared(table, count),
        "can_undo": bool(count) and not table.ended_manually,
        "can_redo": table.can_redo and not table.ended_manually,
        # What undo and redo would do, so the buttons can name the hand.
        "undo": _undo_target(table, count),
        "redo": table.redo_target if table.can_redo and not table.ended_manually else None,
    }


def hands_page(table: Table, before: int, size: int) -> dict[str, Any]:
    """The hands numbered ``before - size`` to ``before - 1`` (from 1) with what rendering
    them needs (seats, ruleset, options): the earlier history a phone asks for when its
    player scrolls to it. Three queries, whatever the game's length."""
    seats = list(Seat.objects.filter(table_id=table.pk).select_related("player"))
    low = max(1, before - size)
    hands: list[Hand] = []
    rows: dict[int, list[LedgerEntry]] = {}
    if low < before:  # no hand asked (a preview names one from the seats): no reading
        hands = list(Hand.objects.filter(table_id=table.pk, number__gte=low,
                                         number__lt=before).order_by("number"))
        for entry in LedgerEntry.objects.filter(table_id=table.pk, hand_number__gte=low,
                                                hand_number__lt=before).order_by("id"):
            rows.setdefault(entry.hand_number or 0, []).append(entry)
    players = len(start_scores(table))
    answers = confirmations.of_hands(table, [h.number for h in hands],
                                     [s.position for s in seats])
    items = []
    for h in hands:
        item = _hand_item(h, rows.get(h.number, []), players)
        if h.number in answers:
            item["confirm"] = answers[h.number].as_dict()
        items.append(item)
    return {"table": {"id": table.public_id, "ruleset": table.ruleset},
            "options": table.options, "seq": table.seq,
            "seats": [{"position": s.position,
                       "player": {"id": s.player_id, "name": s.player.display_name}}
                      for s in seats],
            "players": players, "hands_from": low,
            "hands": items}


def _penalties_at_end(rules: Any, options: Any, state: dict[str, Any],
                      players: int) -> list[int]:
    """Each seat's penalties the final settlement would take if the game ended now: its
    ``penalty`` rows are the deductions paid to nobody (EMA chombo, see
    :func:`scoring.engine.game.check_final_settlement`)."""
    out = [0] * players
    if len(state.get("scores") or []) != players:
        return out  # a table stored before its state was kept: nothing to settle
    for row in rules.rules.final_settlement(state, options):
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
