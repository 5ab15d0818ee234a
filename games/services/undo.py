"""Undoing the last hand without reading the log: the state stored before it comes back,
its rows go, and what undo takes back next is the one stored with it (:func:`undo_last`,
called by :mod:`games.services.commands` inside the write's transaction).

An undo reads the table (locked), the last hand and its rows, whatever the game's length;
the log is only appended to."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import router
from django.db.models import Q

from common.prepared import Prepared, attnames
from games.models import Event, EventKind, Hand, LedgerEntry, Table

# An undo's reads, compiled once per process (common.prepared), as a record's are.
_HAND_COLUMNS = attnames(Hand)
# The hand with the highest number: the last one (hands and active slots are one to one).
_LAST_HAND = Prepared(lambda pk: Hand.objects.filter(table_id=pk).order_by("-number")
                      .values_list(*_HAND_COLUMNS)[:1], 987654321)
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
    took back, or None for the full path (a correction to take back, an ended game, a
    table written before its targets were stored).

    Replaying the log settles every hand again, and even folding its kinds grew with the
    game; the table's stored ``undo_target`` is what that fold gives (the property test
    checks the stored rows equal a fresh replay after any mix of writes), the hand's
    ``state_before`` is the state after the hand before it, and its ``undo_before`` what
    undo named before the hand was added, which is what it names again once the hand is
    gone (:class:`games.replay.Slot`)."""
    target = table.undo_target
    if (table.ended_manually or not isinstance(target, dict)
            or target.get("kind") != "record"):
        return None
    alias = router.db_for_write(Hand)
    found = _LAST_HAND.rows(table.pk)
    last = Hand.from_db(alias, _HAND_COLUMNS, list(found[0])) if found else None
    if last is None or last.number != target.get("number") or not last.state_before:
        return None
    number = int(last.number)
    event.kind, event.hand_number = EventKind.UNDO, number
    event.payload = {"reverts": "record"}
    entries = [LedgerEntry.from_db(alias, _ENTRY_COLUMNS, list(row))
               for row in _ENTRIES.rows(table.pk, number)]
    LedgerEntry.objects.filter(table_id=table.pk, hand__isnull=True).delete()
    # Deleting the instance in hand spares reading it again with every column to cascade.
    last.delete()  # cascades its rows
    table.state = dict(last.state_before)
    table.finished, table.finished_at, table.ended_manually = False, None, False
    # The hand can be redone (it is the latest undone change); undo takes back next what
    # it took back before the hand was added.
    table.can_redo = True
    table.undo_target = last.undo_before
    table.redo_target = {"kind": "record", "number": number}
    return Undone(last, entries)
