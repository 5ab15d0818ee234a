"""Penalties and calls for a referee: what the floor of an event does besides seating.

* A **penalty** (or a bonus) is points an organiser or referee gives a player with a
  reason; it counts in the standings (:mod:`events.standings`) and never touches a table,
  whose scores stay zero-sum.
* A **call** comes from a phone at a table of a started round (its seated players and
  the table's creator: those who may write there); the event's referees and organisers
  see it on the event's page at once (:mod:`events.live`) and answer it. A table has one
  call open at a time: calling again while one waits is the same call.
* A hand **disputed** at an event's table (issue 29, confirmation by the table) is a call
  too, with the hand and the player's note (:func:`hand_disputed`).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db import transaction
from django.utils import timezone

from common.errors import BadCommand, Forbidden, NotFound
from common.safetext import check_text
from games.models import EventKind, Table
from games.permissions import Actor, can_write
from games.services import actor_name

from . import live
from .models import Entry, Penalty, RefereeCall, Round, RoundTable, Tournament
from .services import referee_only

# Penalties larger than this (in the tables' points) are a typing slip.
MAX_PENALTY = 10_000_000


def _who(by: Actor) -> tuple[int | None, str]:
    user = by.user
    name = user.get_username() if user is not None and by.user_id is not None else ""
    return by.user_id, str(name)[:150]


def add_penalty(event: Tournament, entry_id: Any, points: Any, reason: Any, by: Actor,
                round_number: int | None = None) -> Penalty:
    """``points`` (negative takes them) for the entry, with the reason; organisers and
    referees."""
    referee_only(event, by)
    entry = (Entry.objects.filter(tournament=event, pk=entry_id).first()
             if isinstance(entry_id, int) else None)
    if entry is None:
        raise NotFound("there is no such player in this event")
    text = reason.strip() if isinstance(reason, str) else ""
    if (isinstance(points, bool) or not isinstance(points, int) or points == 0
            or abs(points) > MAX_PENALTY or not text or len(text) > 200):
        raise BadCommand("a penalty needs points other than 0 (up to 10,000,000 either way) "
                         "and a reason of up to 200 characters",
                         params={"reason": "event_penalty", "max": MAX_PENALTY})
    round_ = (Round.objects.filter(tournament=event, number=round_number).first()
              if round_number is not None else None)
    user_id, name = _who(by)
    penalty = Penalty.objects.create(
        tournament=event, entry=entry, round=round_, points=points,
        reason=check_text(text, "the reason"), given_by_id=user_id, given_by_name=name)
    transaction.on_commit(lambda: live.standings_changed(event.pk))
    return penalty


def remove_penalty(event: Tournament, penalty_id: Any, by: Actor) -> None:
    referee_only(event, by)
    deleted, _ = Penalty.objects.filter(
        tournament=event, pk=penalty_id if isinstance(penalty_id, int) else -1).delete()
    if not deleted:
        raise NotFound("there is no such penalty in this event")
    transaction.on_commit(lambda: live.standings_changed(event.pk))


def round_table_of(table: Table) -> RoundTable | None:
    """The round's table ``table`` is, with its round and event; None for other tables."""
    return (RoundTable.objects.select_related("round__tournament")
            .filter(table_id=table.pk).first())


def call_referee(table: Table, by: Actor) -> RefereeCall:
    """A phone at ``table`` calls the event's referees: those who may write at the table
    (its seated players, its creator, staff)."""
    round_table = round_table_of(table)
    if round_table is None:
        raise NotFound("this table is not one of an event's",
                       params={"reason": "event_not_event_table"})
    if not can_write(table, by):
        raise Forbidden("only the players at this table may call a referee",
                        params={"reason": "event_call"})
    event = round_table.round.tournament
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=event.pk).first()
        waiting = RefereeCall.objects.filter(round_table=round_table,
                                             answered_at__isnull=True).first()
        if waiting is not None:
            return waiting
        call = RefereeCall.objects.create(tournament=event, round_table=round_table,
                                          called_by=actor_name(table, by))
    transaction.on_commit(lambda: live.calls_changed(event.pk))
    return call


def hand_disputed(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    """``post_save`` of a table's logged write: a hand disputed at a table of an event's
    round (issue 29, games.confirmations) calls the event's referees, with the hand and
    the player's note, in the write's transaction (a write rolled back calls nobody).
    A dispute is a call of its own, beside a plain call waiting at the table."""
    if not created or getattr(instance, "kind", None) != EventKind.DISPUTE:
        return
    round_table = round_table_of(instance.table)
    if round_table is None:
        return
    payload = instance.payload if isinstance(instance.payload, dict) else {}
    event_pk = round_table.round.tournament_id
    RefereeCall.objects.create(tournament_id=event_pk, round_table=round_table,
                               called_by=instance.actor_name[:64],
                               hand_number=instance.hand_number,
                               note=str(payload.get("note") or "")[:200])
    transaction.on_commit(lambda: live.calls_changed(event_pk))


def answer_call(event: Tournament, call_id: Any, by: Actor) -> None:
    """A referee (or organiser) is on the way: the call leaves the list."""
    referee_only(event, by)
    _, name = _who(by)
    answered = RefereeCall.objects.filter(
        tournament=event, pk=call_id if isinstance(call_id, int) else -1,
        answered_at__isnull=True).update(answered_at=timezone.now(),
                                         answered_by=name or "referee")
    if not answered:
        raise NotFound("there is no such call waiting")
    transaction.on_commit(lambda: live.calls_changed(event.pk))


def open_calls(event: Tournament) -> list[RefereeCall]:
    return list(RefereeCall.objects.filter(tournament=event, answered_at__isnull=True)
                .select_related("round_table__round", "round_table__table")
                .order_by("created_at", "id"))


def tables_waiting(table_ids: Collection[int]) -> set[int]:
    """Those of ``table_ids`` (mjsite table pks) waiting for a referee: a call not yet
    answered (one query; the big screens say so)."""
    if not table_ids:
        return set()
    return set(RefereeCall.objects.filter(round_table__table_id__in=list(table_ids),
                                          answered_at__isnull=True)
               .values_list("round_table__table_id", flat=True))
