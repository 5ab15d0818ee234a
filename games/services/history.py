"""Accepting a history changed outside the site (issue 29, :mod:`games.chain`).

A table whose chain was found changed refuses writes (``history_changed``). Its creator,
an organiser of its group (:func:`games.permissions.organises`) or staff may accept the
history *as it now is*: an ``accept`` event is appended, chained to the last event that
is there, holding what was found and the hash of the events as they are (``rehash``),
so a check lets the change pass from then on and reports any later one. The hands and
the ledger are rebuilt from the log as it is, the table writes again and every phone
gets a fresh snapshot. The change stays in the log for all to see (the audit trail).
"""

from __future__ import annotations

from django.db import transaction

from common.errors import Forbidden, TableError
from games import chain, seat_results
from games.broadcast import broadcast_seats
from games.models import Event, EventKind, Hand, Table
from games.permissions import Actor, is_creator, organises
from games.replay import replay
from scoring import registry

from .commands import _actor_name, _held_seat, _lock, _save, _seats
from .tables import get_table


def may_accept(table: Table, actor: Actor) -> bool:
    """Whether ``actor`` may accept a changed history: the table's creator, an organiser
    of its group, or staff (a seated player alone may not: they may be the one who
    gains from the change)."""
    return actor.is_staff or is_creator(table, actor) or organises(table, actor)


def accept_history(table_ref: Table | int | str, actor: Actor, command_id: str) -> Event:
    """Accept ``table_ref``'s changed history as it is (see the module's text); the
    ``accept`` event. A repeated ``command_id`` returns the event it made."""
    if not isinstance(command_id, str) or not 1 <= len(command_id) <= 64:
        raise TableError("command_id must be a text of 1 to 64 characters",
                         code="bad_command")
    table = get_table(table_ref)
    if not may_accept(table, actor):
        raise Forbidden("only the table's creator, an organiser of its group or staff may "
                        "accept a changed history")
    with transaction.atomic():
        table = _lock(table.pk)
        done = Event.objects.filter(table_id=table.pk, command_id=command_id).first()
        if done is not None:
            return done
        rows = chain.rows_of(table)
        verdict = chain.verify_rows(table, rows)
        changed = table.chain_break
        if changed is None and verdict.problem is not None:
            changed = chain.changed_of(rows, verdict.problem, "server")
        if changed is None:
            raise TableError("the history of this table holds; there is nothing to accept",
                             code="nothing_to_accept")
        seat_rows = _seats(table)
        events = list(Event.objects.filter(table_id=table.pk).order_by("seq"))
        event = Event(table=table, seq=max(table.seq, verdict.head_seq) + 1,
                      command_id=command_id, kind=EventKind.ACCEPT, hand_number=None,
                      payload={"changed": changed, "rehash": verdict.rehash},
                      actor_user_id=actor.user_id, actor_device=actor.device,
                      actor_name=_actor_name(table, actor, seat_rows),
                      seat=getattr(_held_seat(actor, seat_rows), "position", None))
        event.response = {"ok": True, "command_id": command_id, "kind": event.kind,
                          "seq": event.seq, "hand_number": None}
        # Chained to the last event there is (the table's latest hash may name one that
        # was removed).
        chain.seal(table, event, prev=verdict.head or "")
        ruleset = registry.get(table.ruleset)
        options = ruleset.options_from_snapshot(table.options)
        # The hands as the log now says: a changed outcome changes the ledger.
        result = replay(ruleset.rules, options, [*events, event])
        event.save()
        # Every row again: a row is kept when its events are the same, but an event
        # changed in place is the same row with another outcome.
        Hand.objects.filter(table_id=table.pk).delete()
        _save(table, result, [*events, event], {s.position: s.player_id for s in seat_rows})
        table.seq, table.chain_break = event.seq, None
        table.save(update_fields=["seq", "state", "finished", "ended_manually", "can_redo",
                                  "undo_target", "redo_target", "finished_at", "updated_at",
                                  "chain_head", "chain_break"])
        seat_results.refresh(table, seat_rows, 1)
        pk = table.pk
        transaction.on_commit(lambda: broadcast_seats(pk))  # a fresh snapshot each
    chain.forget(pk)
    return event
