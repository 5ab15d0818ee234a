"""Confirmation by the table (issue 29): at a table that asks for it
(``Table.confirm_hands``), a recorded hand counts at once but shows as *unconfirmed*
until the other seated players confirm it from their phones; a player may instead
*dispute* it with a note.

Both are events of the table's log (``confirm`` and ``dispute``: :mod:`games.replay`
passes over them), so they are in its hash chain, its log page and API, and what follows
here is worked out from the log alone:

* an answer counts for the hand as it now stands: one made before the hand's latest
  ``record``, ``correct``, ``undo`` or ``redo`` (the events naming its number that give
  or take its outcome) no longer does, so an undo takes a hand's confirmations with it
  and a corrected hand is confirmed again;
* who answers: every seat but the one the hand's current outcome was written from (the
  :attr:`games.models.Hand.current_event`'s seat); all seats when it was written from
  none (the creator, the centre tablet, staff);
* each seat answers once (confirm or dispute) per version of the hand;
* a hand is ``disputed`` while any answer is a dispute, ``confirmed`` when every seat that
  answers confirmed, else ``unconfirmed``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from common.errors import BadCommand
from common.safetext import check_text
from games.models import Event, EventKind, Hand, Table

# A dispute's note: a sentence or two for the referee, no essay.
NOTE_MAX = 200
# The events that give a hand its outcome or take it away: answers before the latest of
# these no longer count.
_RESETS = (EventKind.RECORD, EventKind.CORRECT, EventKind.UNDO, EventKind.REDO)
_ANSWERS = (EventKind.CONFIRM, EventKind.DISPUTE)


class ConfirmError(BadCommand):
    """A confirmation or dispute the table refuses; its ``code`` names why."""


@dataclass
class HandAnswers:
    """One hand's answers: the seats that confirmed and disputed it (with the notes), and
    those that answer it (every seat but its writer's)."""

    answering: list[int]
    confirmed: list[int] = field(default_factory=list)
    disputed: list[tuple[int, str]] = field(default_factory=list)

    @property
    def answered(self) -> set[int]:
        return {*self.confirmed, *(seat for seat, _note in self.disputed)}

    @property
    def waiting(self) -> list[int]:
        """The seats that may still answer."""
        done = self.answered
        return [seat for seat in self.answering if seat not in done]

    @property
    def state(self) -> str:
        if self.disputed:
            return "disputed"
        return "unconfirmed" if self.waiting else "confirmed"

    def as_dict(self) -> dict[str, Any]:
        return {"state": self.state, "confirmed": list(self.confirmed),
                "disputed": [{"seat": seat, "note": note} for seat, note in self.disputed],
                "waiting": self.waiting}


def check_note(note: Any) -> str:
    """A dispute's note, trimmed; refused when empty, too long or not storable text."""
    text = note.strip() if isinstance(note, str) else ""
    if not text or len(text) > NOTE_MAX:
        raise ConfirmError(f"a dispute needs a note of 1 to {NOTE_MAX} characters saying "
                           "what is wrong", code="dispute_note", params={"max": NOTE_MAX})
    return check_text(text, "the note")


# (seq, kind, hand_number, seat, note) of a table's events, what answers() reads.
Logged = tuple[int, str, int | None, int | None, Any]


def _rows(table_ids: Iterable[int]) -> dict[int, list[Logged]]:
    out: dict[int, list[Logged]] = {}
    for table_id, *row in (Event.objects
                           .filter(table_id__in=list(table_ids),
                                   kind__in=[*_RESETS, *_ANSWERS], hand_number__isnull=False)
                           .order_by("table_id", "seq")
                           .values_list("table_id", "seq", "kind", "hand_number", "seat",
                                        "payload__note")):
        out.setdefault(table_id, []).append(tuple(row))
    return out


def answers(rows: Sequence[Logged], hands: dict[int, int | None],
            positions: Sequence[int]) -> dict[int, HandAnswers]:
    """Each of ``hands`` (number -> the seat its outcome was written from) with its
    answers, from the table's ``rows`` (oldest first) and its seats' ``positions``."""
    out = {number: HandAnswers([p for p in positions if p != writer])
           for number, writer in hands.items()}
    for _seq, kind, number, seat, note in rows:
        hand = out.get(number) if number is not None else None
        if hand is None:
            continue
        if kind in _RESETS:
            hand.confirmed, hand.disputed = [], []
        elif seat is not None and seat in hand.waiting:
            if kind == EventKind.CONFIRM:
                hand.confirmed.append(seat)
            else:
                hand.disputed.append((seat, str(note or "")))
    return out


def _writers(table_ids: Iterable[int], numbers: Iterable[int] | None = None
             ) -> dict[int, dict[int, int | None]]:
    """Each table's hands: number -> the seat its current outcome was written from."""
    hands = Hand.objects.filter(table_id__in=list(table_ids))
    if numbers is not None:
        hands = hands.filter(number__in=list(numbers))
    out: dict[int, dict[int, int | None]] = {}
    for table_id, number, seat in hands.values_list("table_id", "number",
                                                    "current_event__seat"):
        out.setdefault(table_id, {})[number] = seat
    return out


def of_hands(table: Table, numbers: Iterable[int], positions: Sequence[int]
             ) -> dict[int, HandAnswers]:
    """The answers of the table's hands ``numbers`` (two queries); {} when the table does
    not ask for confirmations."""
    numbers = list(numbers)
    if not table.confirm_hands or not numbers:
        return {}
    writers = _writers([table.pk], numbers).get(table.pk, {})
    return answers(_rows([table.pk]).get(table.pk, []), writers, positions)


def of_hand(table: Table, number: int, positions: Sequence[int]) -> HandAnswers | None:
    return of_hands(table, [number], positions).get(number) if table.confirm_hands else None


def unconfirmed(tables: Iterable[Table]) -> dict[int, int]:
    """How many hands of each table that asks for confirmations are not confirmed
    (unconfirmed or disputed), by table pk; tables that do not ask are left out. Three
    queries, whatever the number of tables."""
    asking = [t.pk for t in tables if t.confirm_hands]
    if not asking:
        return {}
    from games.models import Seat

    positions: dict[int, list[int]] = {}
    for table_id, position in (Seat.objects.filter(table_id__in=asking)
                               .order_by("table_id", "position")
                               .values_list("table_id", "position")):
        positions.setdefault(table_id, []).append(position)
    writers = _writers(asking)
    rows = _rows(asking)
    return {pk: sum(1 for hand in answers(rows.get(pk, []), writers.get(pk, {}),
                                          positions.get(pk, [])).values()
                    if hand.state != "confirmed")
            for pk in asking}
