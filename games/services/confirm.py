"""Confirmation by the table (issue 29): a seated player confirms or disputes a recorded
hand from their phone (the rules: :mod:`games.confirmations`). Both are writes of the
table's log, through the one write path (:func:`games.services.commands._write`), so they
are chained, broadcast to every phone and refused with named errors like every write."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from common.errors import Forbidden, NoSuchHand
from games import confirmations
from games.confirmations import ConfirmError, check_note
from games.models import Event, EventKind, Hand, Table
from games.permissions import Actor

from .commands import CommandResult, Plan, _held_seat, _seats, _write
from .history import may_accept
from .tables import _touch, get_table


def may_set(table: Table, actor: Actor) -> bool:
    """Whether ``actor`` may turn confirmation by the table on or off for ``table``: its
    creator, an organiser of its group, staff (as for accepting a changed history: a
    seated player alone may not spare themselves the others' confirmations)."""
    return may_accept(table, actor)


def set_confirm_hands(table_ref: Table | int | str, on: bool, actor: Actor) -> Table:
    """The table's players confirm each hand from now on (``on``), or no longer; the
    answers already logged stay in the log either way. The phones get a fresh snapshot."""
    table = get_table(table_ref)
    if not may_set(table, actor):
        raise Forbidden("only the table's creator, an organiser of its group or staff may "
                        "change whether its players confirm each hand",
                        params={"reason": "confirm_setting"})
    with transaction.atomic():
        Table.objects.filter(pk=table.pk).update(confirm_hands=bool(on))
        table.confirm_hands = bool(on)
        _touch(table)
    return table


def _plan(actor: Actor, hand_number: Any, revision: Any, kind: Any,
          note: Any = None) -> Any:
    def plan(table: Table, events: list[Event]) -> Plan:
        if not table.confirm_hands:
            raise ConfirmError("this table does not ask its players to confirm hands",
                               code="confirm_off")
        if (isinstance(hand_number, bool) or not isinstance(hand_number, int)
                or hand_number < 1):
            raise NoSuchHand(f"hand_number must be a hand's number, got {hand_number!r}"[:200])
        hand = Hand.objects.filter(table_id=table.pk, number=hand_number).first()
        if hand is None:
            raise NoSuchHand(f"there is no hand {hand_number} to confirm",
                             params={"hand": hand_number})
        if revision is not None and revision != hand.revision:
            raise ConfirmError(f"hand {hand_number} was corrected since you looked; look "
                               "at it again", code="hand_changed", params={"hand": hand_number})
        seats = _seats(table)
        held = _held_seat(actor, seats)
        if held is None:
            raise Forbidden("only the players seated at this table confirm or dispute its "
                            "hands, from their own phones", params={"reason": "confirm_seat"})
        answers = confirmations.of_hand(table, hand_number, [s.position for s in seats])
        assert answers is not None  # the table asks for confirmations
        if held.position not in answers.answering:
            raise ConfirmError(f"hand {hand_number} was recorded from your seat; the other "
                               "players confirm it", code="confirm_own",
                               params={"hand": hand_number})
        if held.position in answers.answered:
            raise ConfirmError(f"you have already answered for hand {hand_number}",
                               code="confirm_twice", params={"hand": hand_number})
        payload: dict[str, Any] = {"revision": hand.revision}
        if kind == EventKind.DISPUTE:
            payload["note"] = check_note(note)
        return (kind, payload, hand_number)
    return plan


def confirm_hand(table_id: Table | int | str, hand_number: int, command_id: str,
                 base_seq: int, actor: Actor, revision: int | None = None) -> CommandResult:
    """The actor's seat confirms hand ``hand_number`` (as it stands at ``revision``, when
    given)."""
    return _write(table_id, actor, command_id, base_seq,
                  _plan(actor, hand_number, revision, EventKind.CONFIRM), annotates=True)


def dispute_hand(table_id: Table | int | str, hand_number: int, note: Any, command_id: str,
                 base_seq: int, actor: Actor, revision: int | None = None) -> CommandResult:
    """The actor's seat disputes hand ``hand_number``, saying why in ``note`` (1 to
    :data:`games.confirmations.NOTE_MAX` characters); at an event's table the referees
    are called (events.officiating hears of it)."""
    return _write(table_id, actor, command_id, base_seq,
                  _plan(actor, hand_number, revision, EventKind.DISPUTE, note),
                  annotates=True)
