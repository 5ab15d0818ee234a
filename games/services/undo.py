"""Undoing the last hand without replaying the log: the state stored before it comes back
and its rows go (:func:`undo_last`, called by :mod:`games.services.commands` inside the
write's transaction)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import router
from django.db.models import Case, F, JSONField, Q, QuerySet, When

from common.prepared import Prepared, attnames
from games.models import Event, EventKind, Hand, LedgerEntry, Table
from games.replay import fold


@dataclass
class _LightEvent:
    """An event as :func:`games.replay.fold` reads it for undo and redo's targets, without
    its outcome (never read from the database for this)."""

    seq: int
    kind: str
    hand_number: int | None
    payload: dict[str, Any]
    actor_name: str = ""


def _light_events(table: Table) -> list[_LightEvent]:
    """The log without the outcomes: what :func:`fold` needs to know what undo and redo
    would take back, the JSON picked by the database (a declaration's small payload
    whole, of the other events only what an undo reverts)."""
    return [_LightEvent(seq, kind, number, declared if kind == EventKind.DECLARE
                        else {"outcome": None, "reverts": reverts})
            for seq, kind, number, reverts, declared in _LIGHT.rows(table.pk)]


def _light_query(pk: int) -> QuerySet[Event, tuple[Any, ...]]:
    declaration = Case(When(kind=EventKind.DECLARE, then=F("payload")), default=None,
                       output_field=JSONField())
    return (Event.objects.filter(table_id=pk).order_by("seq")
            .annotate(declaration=declaration)
            .values_list("seq", "kind", "hand_number", "payload__reverts", "declaration"))


# An undo's reads, compiled once per process (common.prepared), as a record's are.
_LIGHT = Prepared(_light_query, 987654321)
_HAND_COLUMNS = attnames(Hand)
_LAST_HAND = Prepared(lambda pk, number: Hand.objects.filter(table_id=pk, number=number)
                      .order_by("pk").values_list(*_HAND_COLUMNS)[:1], 987654321, 987654322)
_ENTRY_COLUMNS = ["id", "hand_number", "position", "amount"]
_ENTRIES = Prepared(lambda pk, number: LedgerEntry.objects.filter(
    Q(hand_number=number) | Q(hand_number__isnull=True), table_id=pk)
    .values_list(*_ENTRY_COLUMNS), 987654321, 987654322)


@dataclass
class Undone:
    """The hand an undo took back, and its ledger rows with the final settlement's (read
    before they were deleted, for :func:`games.seat_results.refresh`)."""

    hand: Hand
    entries: list[LedgerEntry]

    @property
    def number(self) -> int:
        return int(self.hand.number)


def undo_last(table: Table, event: Event) -> Undone | None:
    """Undo the last hand recorded by restoring the state stored before it, when that is
    what undo would do (the game going or finished by its own rules); returns what it
    took back, or None for the full path (a correction to take back, an ended game...).

    Replaying the log settles every hand again (its cost grew with the game); the hand's
    ``state_before`` is what that replay computes for the hand before it (the property
    test checks that the rows equal a fresh replay after any mix of writes). What undo
    and redo would do next comes from the log's changes alone (:func:`fold` without the
    outcomes)."""
    light = _light_events(table)
    folded = fold(light)
    target = folded.undo_target
    count = len(folded.active)
    if (folded.ended or target is None or target["kind"] != "record"
            or target["number"] != count):
        return None
    alias = router.db_for_write(Hand)
    found = _LAST_HAND.rows(table.pk, count)
    last = Hand.from_db(alias, _HAND_COLUMNS, list(found[0])) if found else None
    if last is None or not last.state_before:
        return None
    event.kind, event.hand_number = EventKind.UNDO, count
    event.payload = {"reverts": "record"}
    after = fold([*light, _LightEvent(event.seq, event.kind, count, event.payload)])
    entries = [LedgerEntry.from_db(alias, _ENTRY_COLUMNS, list(row))
               for row in _ENTRIES.rows(table.pk, count)]
    LedgerEntry.objects.filter(table_id=table.pk, hand__isnull=True).delete()
    # The last hand is the one at the count (hands and active slots are one to one):
    # deleting the instance in hand spares reading it again with every column to cascade.
    last.delete()  # cascades its rows
    table.state = dict(last.state_before)
    table.finished, table.finished_at, table.ended_manually = False, None, False
    table.can_redo = bool(after.redo)
    table.undo_target, table.redo_target = after.undo_target, after.redo_target
    return Undone(last, entries)
