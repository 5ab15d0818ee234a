"""Ledger rows for spreadsheets: one per player per hand, then the final settlement.

:func:`load` reads any number of tables in four queries (tables, seats with players,
hands with their recording event, ledger entries); the row builders then work in memory.
A row's ``delta`` is the sum of the player's ledger entries in that hand (``detail``
lists them by reason) and ``total`` the running score from the table's start points,
so the last ``total`` of a table is its standing. ``event`` and ``chain`` tie a row to the
table's hash chain (:mod:`games.chain`): the event that gave the hand its outcome (for
the final settlement, the table's last event) and that event's hash.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from games import presenter
from games.models import Hand, LedgerEntry, Seat, Table
from games.services.snapshot import start_scores
from scoring import rendering

COLUMNS = (
    "table", "table_name", "ruleset", "date", "hand", "round", "honba", "outcome",
    "position", "player_id", "player", "role", "scoring", "summary", "detail", "delta",
    "total", "event", "chain",
)
# Columns the server makes (ids, never text a person typed): no formula guard in CSV.
ID_COLUMNS = ("table", "player_id", "event", "chain")

@dataclass
class Loaded:
    """Tables with everything their ledgers need, grouped by table id."""

    tables: list[Table]
    seats: dict[int, list[Seat]] = field(default_factory=dict)
    hands: dict[int, list[Hand]] = field(default_factory=dict)
    entries: dict[int, list[LedgerEntry]] = field(default_factory=dict)
    starts: dict[tuple[str, str], list[int]] = field(default_factory=dict)

    def start(self, table: Table) -> list[int]:
        """The table's start points (tables with the same rules share one computation)."""
        key = (table.ruleset, json.dumps(table.options, sort_keys=True))
        if key not in self.starts:
            self.starts[key] = start_scores(table)
        return list(self.starts[key])


def load(tables: Iterable[Table] | QuerySet[Table]) -> Loaded:
    tables = list(tables)
    ids = [t.pk for t in tables]
    out = Loaded(tables=tables)
    for seat in Seat.objects.filter(table_id__in=ids).select_related("player"):
        out.seats.setdefault(seat.table_id, []).append(seat)
    for hand in (Hand.objects.filter(table_id__in=ids)
                 .select_related("event", "current_event")
                 .order_by("table_id", "number")):
        out.hands.setdefault(hand.table_id, []).append(hand)
    for entry in LedgerEntry.objects.filter(table_id__in=ids).order_by("id"):
        out.entries.setdefault(entry.table_id, []).append(entry)
    return out


def win_items(result: dict[str, Any]) -> list[dict[str, Any]]:
    """A win's scoring elements as the engine's result contract lists them
    (``{"key", "name", "native", "value", "unit", "count"}``); Ji'an's, which count per
    payer, once each."""
    items: list[dict[str, Any]] = []
    seen: set[str] = set()
    for entry in result["items"]:
        if entry["key"] in seen:
            continue
        seen.add(entry["key"])
        items.append({k: v for k, v in entry.items() if k != "payer"})
    return items


def wins_of(hand: Hand) -> list[dict[str, Any]]:
    """The hand's wins: the results (the engine's result contract) that name a winner."""
    return [r for r in hand.result if r["winner"] is not None]


def scoring_text(hand: Hand, position: int) -> str:
    """What ``position``'s wins this hand were worth, item by item, in the reader's
    language (scoring.rendering)."""
    parts = []
    for win in wins_of(hand):
        if win["winner"] != position:
            continue
        views = rendering.item_views(win)
        parts.append("; ".join(" ".join(p for p in (v.native, v.name, v.worth) if p)
                               for v in views) or rendering.headline_text(win["headline"]))
    return " | ".join(p for p in parts if p)


def role(hand: Hand, position: int) -> str:
    wins = wins_of(hand)
    if any(w["winner"] == position for w in wins):
        return "winner"
    if any(w["discarder"] == position for w in wins):
        return "dealt_in"
    return ""


def round_label(state: dict[str, Any]) -> str:
    wind, number = state.get("round_wind"), state.get("hand_number")
    if isinstance(wind, str) and isinstance(number, int):
        return f"{wind}{number}"
    return str(number) if isinstance(number, int) else ""


def _detail(entries: list[LedgerEntry]) -> str:
    # Entry by entry: a riichi stick put in and won back must not read as "riichi +0".
    return "; ".join(f"{e.reason} {e.amount:+d}" for e in entries)


def table_rows(loaded: Loaded, table: Table,
               player_id: int | None = None) -> Iterator[dict[str, Any]]:
    """The ledger rows of one table (only ``player_id``'s when given), hands in order."""
    seats = {s.position: s for s in loaded.seats.get(table.pk, [])}
    by_hand: dict[int | None, dict[int, list[LedgerEntry]]] = defaultdict(
        lambda: defaultdict(list))
    for entry in loaded.entries.get(table.pk, []):
        by_hand[entry.hand_number][entry.position].append(entry)
    running = loaded.start(table)
    base = {"table": table.public_id, "table_name": table.name, "ruleset": table.ruleset}

    def row(position: int, delta: int, **fields: Any) -> dict[str, Any]:
        seat = seats.get(position)
        values = {**base, **fields, "position": position, "delta": delta,
                  "total": running[position],
                  "player_id": seat.player_id if seat else None,
                  "player": seat.player.display_name if seat else ""}
        return {column: values[column] for column in COLUMNS}

    names = [seats[p].player.display_name if p in seats else "" for p in range(len(running))]
    for hand in loaded.hands.get(table.pk, []):
        before = hand.state_before or {}
        outcome = hand.outcome.get("type") if isinstance(hand.outcome, dict) else None
        summary = presenter.hand_text(table.ruleset, table.options, hand.outcome, hand.result,
                                      names)
        for position in range(len(running)):
            entries = by_hand[hand.number][position]
            delta = sum(e.amount for e in entries)
            running[position] += delta
            if player_id is not None and seats[position].player_id != player_id:
                continue
            yield row(position, delta, date=hand.event.created_at.isoformat(),
                      hand=hand.number, round=round_label(before), honba=before.get("honba"),
                      outcome=outcome or "", role=role(hand, position),
                      scoring=scoring_text(hand, position), summary=summary,
                      detail=_detail(entries), event=hand.current_event.seq,
                      chain=hand.current_event.hash)
    if None in by_hand:
        when = table.finished_at.isoformat() if table.finished_at else None
        for position in range(len(running)):
            entries = by_hand[None][position]
            delta = sum(e.amount for e in entries)
            running[position] += delta
            if player_id is not None and seats[position].player_id != player_id:
                continue
            yield row(position, delta, date=when, hand=None, round="", honba=None,
                      outcome="final", role="", scoring="",
                      summary=str(_("Final settlement")),
                      detail=_detail(entries), event=table.seq, chain=table.chain_head)


def rows(loaded: Loaded, player_id: int | None = None) -> list[dict[str, Any]]:
    return [r for table in loaded.tables for r in table_rows(loaded, table, player_id)]
