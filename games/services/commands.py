"""Writes to a table: record, undo, redo, correct, end and reopen (what a hand would pay
without saving it: :mod:`games.services.preview`).

Every write runs in one transaction holding the table row lock:

1. the command id is looked up first: a repeat returns the original answer
   (``duplicate: true``), so a retried send after a flaky connection records nothing new;
2. ``base_seq`` must equal the table's ``seq``, else ``stale`` with the current snapshot;
3. the event is appended to the log. A hand recorded at the end of a game that is still
   going (the common write) is applied to the stored ``Table.state`` alone and adds only
   its own Hand/LedgerEntry rows (:func:`games.replay.append`); undoing the last hand
   brings back the state stored before it (:mod:`games.services.undo`); every other write
   (redo, correct, end, reopen, or a record or undo the short paths do not take) replays
   the whole active log from the initial state (:func:`games.replay.replay`) and
   rebuilds the rows from the first hand that changed. All give the same rows (a
   property test checks it); any EngineError/TableError rolls all of it back;
4. what the write changed (:func:`games.services.snapshot.build_changes`: its hands, the
   standings, the chart's tail) is serialised once and, after commit, broadcast to the
   table's websocket group, where each process renders it once per language among its
   phones (:mod:`games.broadcast`). The whole snapshot is built when a phone connects.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any, NotRequired, TypedDict

from django.db import (
    DatabaseError,
    IntegrityError,
    OperationalError,
    connections,
    router,
    transaction,
)
from django.db.models import Count
from django.utils import timezone

from common.errors import (
    BadCommand,
    Forbidden,
    NoSuchHand,
    NotFound,
    NothingToDeclare,
    Stale,
    TableError,
    database_error,
)
from common.prepared import Prepared, attnames, save_fields
from common.safetext import check_json, check_text
from games import chain, record_sheet, seat_results
from games.broadcast import broadcast_table
from games.messages import TABLE_EVENTS
from games.models import (
    Event,
    EventKind,
    Hand,
    LedgerEntry,
    Player,
    Seat,
    Table,
    Visibility,
)
from games.permissions import Actor, for_every_seat, is_centre, is_creator
from games.replay import Appended, Replay, append, declaration_of, fold, replay
from scoring import registry
from scoring.engine.errors import EngineError

from .snapshot import build_changes, build_snapshot
from .tables import get_table
from .undo import Undone, undo_last

RETRIES = 40
logger = logging.getLogger(__name__)

# The websocket event announced for each kind of write (the protocol's, games.messages).
OUTBOUND = TABLE_EVENTS


class CommandError(TypedDict):
    code: str
    message: str  # English, for developers; people read the site's sentence for the code
    params: NotRequired[dict[str, Any]]  # what the sentence names: player, field, option


def command_error(exc: EngineError | TableError) -> CommandError:
    out = CommandError(code=exc.code, message=exc.message)
    params = getattr(exc, "params", None)
    if params:
        out["params"] = dict(params)
    return out


class CommandResult(TypedDict, total=False):
    """The answer to a write. ``ok`` false carries ``error`` (and ``snapshot`` if stale)."""

    ok: bool
    command_id: str
    kind: str  # record, undo, redo, correct, end, reopen
    event: str  # the outbound websocket event: hand_recorded, hand_undone...
    seq: int
    hand_number: int | None
    duplicate: bool
    snapshot: dict[str, Any]
    error: CommandError


class _Refused(Exception):
    """Leaves the transaction (rolling back) with a finished answer."""

    def __init__(self, result: CommandResult) -> None:
        super().__init__(result.get("error"))
        self.result = result


# A planned event: kind, payload and the hand number it touches.
# The kind is an EventKind member (a str; Django's choices are untyped here, hence Any).
Plan = tuple[Any, dict[str, Any], int | None]


# Guards on what a client can make the server store and send to every phone (issue 13).
# A real outcome is well under 2 KB (the largest sample is 342 bytes); daphne closes a
# socket whose message passes 1 MiB, which would cut every phone off the table. An event
# carries the hands from the first one a write changed (a correction of hand 1 of a
# 200-hand game with tile-by-tile hands: about 300 KB).
MAX_OUTCOME_BYTES = 8 * 1024
MAX_EVENT_BYTES = 768 * 1024
MAX_NUMBER = 2**31 - 1  # the largest hand number or seq a database column holds


def _check_command(command_id: Any, base_seq: Any) -> None:
    if not isinstance(command_id, str) or not 1 <= len(command_id) <= 64:
        raise BadCommand("command_id must be a text of 1 to 64 characters, new for each "
                         "command (a UUID will do)")
    check_text(command_id, "command_id")
    if (isinstance(base_seq, bool) or not isinstance(base_seq, int)
            or not 0 <= base_seq <= MAX_NUMBER):
        raise BadCommand("base_seq must be the table's seq the command is based on (0 or more)")


def _held_seat(actor: Actor, seats: Sequence[Seat]) -> Seat | None:
    """:func:`games.permissions.seat_of` over seats already read under the table lock."""
    uid = actor.user_id
    for seat in seats:
        if ((actor.device and seat.claimed_device == actor.device)
                or (uid is not None and (seat.claimed_user_id == uid
                                         or seat.player.user_id == uid))):
            return seat
    return None


def _may_write(table: Table, actor: Actor, seats: Sequence[Seat]) -> bool:
    """:func:`games.permissions.can_write` without reading the seats a second time."""
    return for_every_seat(table, actor) or _held_seat(actor, seats) is not None


def _actor_name(table: Table, actor: Actor, seats: Sequence[Seat]) -> str:
    if actor.name:
        return actor.name[:64]
    seat = _held_seat(actor, seats)
    if seat is not None:
        return seat.player.display_name[:64]
    if is_centre(table, actor):  # the tablet in the middle of the table (issue 28)
        return "centre"
    if actor.user_id is not None and actor.user is not None:
        return str(actor.user.get_username())[:64]
    return "creator" if is_creator(table, actor) else "staff"


def actor_name(table_ref: Table | int | str, actor: Actor) -> str:
    """How the table's phones name ``actor``: their seat's player, else "creator"/"staff"
    (or the user name of a signed-in writer without a seat)."""
    table = get_table(table_ref)
    return _actor_name(table, actor, _seats(table))


def _lock(table_ref: Table | int | str) -> Table:
    if isinstance(table_ref, int) and not isinstance(table_ref, bool):
        pk = table_ref  # the consumer's case: no lookup query before the lock
    else:
        pk = get_table(table_ref).pk
    # Writing first takes SQLite's write lock at once (a plain SELECT FOR UPDATE is a no-op
    # there, and a read lock upgraded later can deadlock); on PostgreSQL it is the row lock.
    if not _touch(pk):
        raise NotFound(f"there is no table {table_ref!r}; check the link")
    rows = _LOCKED.rows(pk)
    if not rows:  # gone between the two statements (not on SQLite: it is locked)
        raise NotFound(f"there is no table {table_ref!r}; check the link")
    return Table.from_db(router.db_for_write(Table), _TABLE_COLUMNS, list(rows[0]))


# The write path's reads, compiled once per process (common.prepared): each cost the ORM
# several times the statement itself, on the database thread every socket shares.
_TABLE_COLUMNS = attnames(Table)
_LOCKED = Prepared(lambda pk: Table.objects.select_for_update().filter(pk=pk)
                   .values_list(*_TABLE_COLUMNS), -1)
_SEAT_COLUMNS = attnames(Seat)
_PLAYER_COLUMNS = attnames(Player)
_SEATS = Prepared(lambda pk: Seat.objects.filter(table_id=pk).values_list(
    *_SEAT_COLUMNS, *(f"player__{name}" for name in _PLAYER_COLUMNS)), -1)
_REPEATED = Prepared(lambda pk, command_id: Event.objects.filter(
    table_id=pk, command_id=command_id).order_by("pk").values_list("pk")[:1], -1, "\x00")
# Active hands and Hand rows are one to one, so the count is the last number.
_HAND_COUNT = Prepared(lambda pk: Hand.objects.filter(table_id=pk).values("table_id")
                       .annotate(count=Count("pk")).values_list("count"), -1)


def _touch(pk: int) -> bool:
    """``UPDATE`` the table's ``updated_at`` (its version for the caches); whether the
    table is there. The statement the ORM's ``update()`` would run, without compiling it
    on every write."""
    alias = router.db_for_write(Table)
    connection = connections[alias]
    meta = Table._meta
    quote = connection.ops.quote_name
    field = meta.get_field("updated_at")
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {quote(meta.db_table)} SET {quote(field.column)} = %s "
                       f"WHERE {quote(meta.pk.column)} = %s",
                       [field.get_db_prep_save(timezone.now(), connection), pk])
        return bool(cursor.rowcount)


def _seats(table: Table) -> list[Seat]:
    """The table's seats with their players (``select_related("player")``)."""
    alias = router.db_for_write(Seat)
    width = len(_SEAT_COLUMNS)
    seats = []
    for row in _SEATS.rows(table.pk):
        seat = Seat.from_db(alias, _SEAT_COLUMNS, list(row[:width]))
        seat.player = Player.from_db(alias, _PLAYER_COLUMNS, list(row[width:]))
        seats.append(seat)
    return seats


def _repeated(table: Table, command_id: str) -> Event | None:
    """The event this command id wrote at ``table`` already, if any."""
    rows = _REPEATED.rows(table.pk, command_id)
    return Event.objects.get(pk=rows[0][0]) if rows else None


def _appendable(table: Table) -> bool:
    """Whether a new hand can be applied to the stored state: the game is going on (an
    ended or finished game takes the full path, which refuses it with the right error)."""
    return bool(table.state) and not table.finished and not table.ended_manually


def _save_appended(table: Table, event: Event, done: Appended,
                   seats: dict[int, int]) -> tuple[list[Hand], list[LedgerEntry]]:
    """Add the rows of one hand appended at the end, as :func:`_save` would have; returns
    the new hand and its rows (with the final settlement's, if the hand ended the game)."""
    settlement = done.settlement
    hand = Hand.objects.create(
        table_id=table.pk, number=done.number, outcome=event.payload["outcome"],
        result=settlement.get("results", []), summary=settlement.get("summary", ""),
        payments=settlement.get("ledger", []),
        state_before=table.state, state_after=settlement["state"],
        pot_change=settlement["pot_change"], recorded_by=event.actor_name, event=event,
        current_event=event, revision=1,
        # What undo took back before this hand (the stored target is the log's, as
        # games.replay.fold would give it): undoing the hand brings it back.
        undo_before=table.undo_target)
    rows = [LedgerEntry(table_id=table.pk, hand=hand, hand_number=hand.number,
                        player_id=seats[row["player"]], position=row["player"],
                        amount=row["amount"], reason=row["reason"])
            for row in settlement["rows"]]
    rows += [LedgerEntry(table_id=table.pk, hand=None, hand_number=None,
                         player_id=seats[row["player"]], position=row["player"],
                         amount=row["amount"], reason=row["reason"])
             for row in done.final_rows]
    LedgerEntry.objects.bulk_create(rows)
    table.state = dict(done.state)
    table.finished = done.finished
    table.can_redo = False  # a new hand clears what could be redone
    table.undo_target, table.redo_target = {"kind": "record", "number": done.number}, None
    if done.finished:
        table.finished_at = timezone.now()
    return [hand], rows


def _save(table: Table, result: Replay, events: Sequence[Event],
          seats: dict[int, int]) -> int:
    """Make the materialised rows of ``table`` equal to ``result``, a replay of ``events``;
    returns the number of the first hand whose rows changed (one past the last if none).

    Hands whose row already holds the same outcome event at the same place are kept: the
    replay is deterministic, so their settlement cannot have changed, and their ids stay
    stable for links. From the first hand that differs on, rows are replaced.
    """
    by_seq = {ev.seq: ev for ev in events}
    existing = list(Hand.objects.filter(table_id=table.pk).order_by("number")
                    .only("number", "event_id", "current_event_id", "revision"))
    keep = 0
    for row, played in zip(existing, result.hands, strict=False):
        slot = played.slot
        if (row.number != played.number or row.revision != slot.revision
                or row.event_id != by_seq[slot.record_seq].pk
                or row.current_event_id != by_seq[slot.current_seq].pk):
            break
        keep += 1
    LedgerEntry.objects.filter(table_id=table.pk, hand__isnull=True).delete()
    Hand.objects.filter(table_id=table.pk, number__gt=keep).delete()  # cascades its rows
    fresh = result.hands[keep:]
    hands = Hand.objects.bulk_create(
        Hand(table_id=table.pk, number=h.number, outcome=h.slot.outcome,
             result=h.settlement.get("results", []), summary=h.settlement.get("summary", ""),
             payments=h.settlement.get("ledger", []), state_before=h.state_before,
             state_after=h.settlement["state"],
             pot_change=h.settlement["pot_change"], recorded_by=h.slot.recorded_by,
             event=by_seq[h.slot.record_seq], current_event=by_seq[h.slot.current_seq],
             revision=h.slot.revision, undo_before=h.slot.undo_before)
        for h in fresh)
    rows = []
    for hand, played in zip(hands, fresh, strict=True):
        for row in played.settlement["rows"]:
            rows.append(LedgerEntry(table_id=table.pk, hand=hand, hand_number=hand.number,
                                    player_id=seats[row["player"]], position=row["player"],
                                    amount=row["amount"], reason=row["reason"]))
    for row in result.final_rows:
        rows.append(LedgerEntry(table_id=table.pk, hand=None, hand_number=None,
                                player_id=seats[row["player"]], position=row["player"],
                                amount=row["amount"], reason=row["reason"]))
    LedgerEntry.objects.bulk_create(rows)
    was_finished = table.finished
    table.state = dict(result.state)
    table.finished = result.finished
    table.ended_manually = result.ended_manually
    table.can_redo = result.can_redo
    table.undo_target, table.redo_target = result.undo_target, result.redo_target
    if result.finished and not was_finished:
        table.finished_at = timezone.now()
    elif not result.finished:
        table.finished_at = None
    return keep + 1


def _write(table_ref: Table | int | str, actor: Actor, command_id: Any, base_seq: Any,
           plan: Callable[[Table, list[Event]], Plan],
           appended: dict[str, Any] | None = None, undoes: bool = False,
           annotates: bool = False) -> CommandResult:
    try:
        _check_command(command_id, base_seq)
        for attempt in range(RETRIES):
            try:
                return _write_once(table_ref, actor, command_id, base_seq, plan, appended,
                                   undoes, annotates)
            except IntegrityError:
                # Another writer committed the same seq or command id between our read and
                # write: look again; the repeat check or the stale check then answers.
                if attempt == RETRIES - 1:
                    raise
            except OperationalError as exc:
                # SQLite refuses rather than waits in some lock states (shared cache, lock
                # upgrades); back off and retry. Other databases wait on the row lock.
                if "locked" not in str(exc) or attempt == RETRIES - 1:
                    raise
                time.sleep(min(0.05, 0.002 * 2 ** attempt))
        raise AssertionError("unreachable")
    except _Refused as refused:
        return refused.result
    except (EngineError, TableError) as exc:
        return CommandResult(ok=False, command_id=str(command_id),
                             error=command_error(exc))
    except DatabaseError as exc:
        # Rolled back whole: PostgreSQL refusing a number past its integer range, or the
        # database going away, is a refusal with a name, never a 500 or a closed socket.
        logger.warning("write to table %s refused by the database: %s", table_ref, exc)
        return CommandResult(ok=False, command_id=str(command_id),
                             error=command_error(database_error(exc)))


def _write_once(table_ref: Table | int | str, actor: Actor, command_id: str, base_seq: int,
                plan: Callable[[Table, list[Event]], Plan],
                appended: dict[str, Any] | None, undoes: bool,
                annotates: bool = False) -> CommandResult:
    """One attempt; ``appended`` is the outcome of a plain record, ``undoes`` says an
    undo (the two writes that need not replay the log), ``annotates`` a confirmation or
    dispute of a hand (:mod:`games.services.confirm`), which changes no hand: it is
    neither stale (it names its hand and revision instead) nor replayed."""
    with transaction.atomic():
        table = _lock(table_ref)
        seat_rows = _seats(table)
        if not _may_write(table, actor, seat_rows):
            raise Forbidden("only the table's seated players, its creator and staff may "
                            "change it; join a seat through the table's link")
        previous = _repeated(table, command_id)
        if previous is not None:
            raise _Refused(CommandResult(**previous.response, duplicate=True,
                                         snapshot=build_snapshot(table)))
        chain.refuse_if_changed(table)  # issue 29: a history changed outside the site
        if base_seq != table.seq and not annotates and not _only_answers_since(table,
                                                                                 base_seq):
            error = Stale(f"the table changed since you looked (you had {base_seq}, it is now "
                          f"at {table.seq}); here is the current state, try again")
            raise _Refused(CommandResult(ok=False, command_id=command_id,
                                         error=command_error(error),
                                         snapshot=build_snapshot(table)))
        seats = {s.position: s.player_id for s in seat_rows}
        ruleset = registry.get(table.ruleset)
        options = ruleset.options_from_snapshot(table.options)
        event = Event(table=table, seq=table.seq + 1, command_id=command_id,
                      actor_user_id=actor.user_id, actor_device=actor.device,
                      actor_name=_actor_name(table, actor, seat_rows),
                      seat=getattr(_held_seat(actor, seat_rows), "position", None))
        prev_head = table.chain_head or None
        written: tuple[list[Hand], list[LedgerEntry]] | None = None
        undone: Undone | None = None
        if appended is not None and _appendable(table):
            counted = _HAND_COUNT.rows(table.pk)
            number = (counted[0][0] if counted else 0) + 1
            event.kind, event.hand_number = EventKind.RECORD, number
            event.payload = {"outcome": _outcome(appended)}
            done = append(ruleset.rules, options, table.state, number,
                          event.payload["outcome"])
            _respond(event)
            chain.seal(table, event)
            event.save()
            written = _save_appended(table, event, done, seats)
            hands_from = number
        elif annotates:
            event.kind, event.payload, event.hand_number = plan(table, [])
            _respond(event)
            chain.seal(table, event)
            event.save()
            hands_from = int(event.hand_number or 1)
        elif undoes and (undone := undo_last(table, event)) is not None:
            _respond(event)
            chain.seal(table, event)
            event.save()
            hands_from, written = undone.number, ([], [])  # no hand from it on, no final rows
        else:
            events = list(Event.objects.filter(table_id=table.pk).order_by("seq"))
            event.kind, event.payload, event.hand_number = plan(table, events)
            result = replay(ruleset.rules, options, [*events, event])
            _respond(event)
            chain.seal(table, event)
            event.save()
            hands_from = _save(table, result, [*events, event], seats)
        table.seq = event.seq
        # The UPDATE save(update_fields=...) runs, without compiling it each time.
        save_fields(table, ["seq", "state", "finished", "ended_manually", "can_redo",
                            "undo_target", "redo_target", "finished_at", "updated_at",
                            "chain_head"])
        # A confirmation changes no result: the seats' rows stand (their points summed).
        totals = None if annotates else seat_results.refresh(
            table, seat_rows, hands_from, written,  # this transaction
            (undone.hand, undone.entries) if undone else None)
        # Only what the write changed: the whole snapshot is built when a phone connects.
        changes = build_changes(table, seat_rows, hands_from, written, (ruleset, options),
                                totals)
        change = event.payload.get("reverts") or event.payload.get("redoes")
        head = {"type": event.response["event"], "seq": event.seq, "command_id": command_id,
                "hand_number": event.hand_number, "actor": event.actor_name,
                # The phones check that each event follows the last hash they saw.
                "chain": chain.event_link(event.hash, prev_head),
                # For undo/redo: whether a hand or a correction was taken back or redone;
                # for a declaration, which, who and whether it was taken back.
                **({"change": change} if change else {}),
                **(_declaration_head(event.payload) if event.kind == EventKind.DECLARE
                   else {})}
        payload = json.dumps({"head": head, "changes": changes})
        if len(payload) > MAX_EVENT_BYTES:
            # A guard behind the outcome checks: a change no phone could be sent at once
            # (a correction of an early hand of a very long game) is refused, rolled back.
            raise TableError(f"this change would send the phones more than "
                             f"{MAX_EVENT_BYTES // 1024} KB at once; start a new table",
                             code="table_full")
        table_pk, seq = table.pk, table.seq
        private = changes["table"]["visibility"] == Visibility.PRIVATE

        def after_commit() -> None:
            # The phones' consumers render it, once per language present (games.broadcast).
            broadcast_table(table_pk, seq, payload, private=private)

        transaction.on_commit(after_commit)
        return CommandResult(**event.response, duplicate=False, snapshot=changes)


def _only_answers_since(table: Table, base_seq: int) -> bool:
    """Whether every event after ``base_seq`` is a confirmation or dispute of a hand
    (issue 29): those change no hand, so a write based on the table before them is not
    stale (a hand entered while the others confirm the last one is recorded as it is)."""
    if not 0 <= base_seq < table.seq:
        return False
    return not (Event.objects.filter(table_id=table.pk, seq__gt=base_seq)
                .exclude(kind__in=[EventKind.CONFIRM, EventKind.DISPUTE]).exists())


def _declaration_head(payload: dict[str, Any]) -> dict[str, Any]:
    key, player, on = declaration_of(payload)
    return {"declaration": key, "player": player, "on": on}


def _respond(event: Event) -> None:
    event.response = dict(CommandResult(
        ok=True, command_id=event.command_id, kind=event.kind,
        event=OUTBOUND[event.kind], seq=event.seq, hand_number=event.hand_number))


def _outcome(outcome: Any) -> dict[str, Any]:
    """The outcome if the service may store it; the ruleset then checks its meaning."""
    if not isinstance(outcome, dict):
        raise BadCommand("outcome must be an object such as {\"type\": ..., ...}")
    check_json(outcome, "the outcome")
    if len(json.dumps(outcome)) > MAX_OUTCOME_BYTES:
        raise BadCommand(f"the outcome is larger than {MAX_OUTCOME_BYTES} bytes; send only "
                         "what the hand needs", code="outcome_too_large")
    return outcome


def _hand_number(hand_number: Any) -> int:
    if (isinstance(hand_number, bool) or not isinstance(hand_number, int)
            or not 1 <= hand_number <= MAX_NUMBER):
        raise NoSuchHand(f"hand_number must be a hand's number (1 or more), got "
                         f"{hand_number!r}"[:200])
    return hand_number


def _hand_count(events: Sequence[Event]) -> int:
    return len(fold(events).active)


def outcome_of_form(table_id: Table | int | str, form: Any) -> dict[str, Any]:
    """The outcome a table's record sheet describes, filled in as ``form`` (a posted form
    or the fields the page sends); the engine checks it when it is recorded."""
    table = get_table(table_id)
    sheet = record_sheet.shape(table.ruleset, table.options, table.seats.count())
    if sheet is None:
        return {"type": str(form.get("type") or "")} if hasattr(form, "get") else {}
    return record_sheet.outcome_from(sheet, form)


def record_hand(table_id: Table | int | str, outcome: dict[str, Any], command_id: str,
                base_seq: int, actor: Actor) -> CommandResult:
    """Append one hand's outcome (the ruleset's :class:`~scoring.engine.game.Outcome`)."""
    def plan(table: Table, events: list[Event]) -> Plan:
        return (EventKind.RECORD, {"outcome": _outcome(outcome)}, _hand_count(events) + 1)
    return _write(table_id, actor, command_id, base_seq, plan, appended=outcome)


def undo(table_id: Table | int | str, command_id: str, base_seq: int,
         actor: Actor) -> CommandResult:
    """Take back the latest change still in force: the last hand recorded (or redone) is
    removed, or the last correction reverted; either can be redone until a new hand is
    recorded."""
    def plan(table: Table, events: list[Event]) -> Plan:
        folded = fold(events)
        target = folded.undo_target
        if target is None:  # nothing was recorded, or only legacy undos remain
            return (EventKind.UNDO, {"reverts": "record"}, len(folded.active) or None)
        return (EventKind.UNDO, {"reverts": target["kind"]}, target["number"])
    return _write(table_id, actor, command_id, base_seq, plan, undoes=True)


def redo(table_id: Table | int | str, command_id: str, base_seq: int,
         actor: Actor) -> CommandResult:
    """Make the most recently undone change again."""
    def plan(table: Table, events: list[Event]) -> Plan:
        target = fold(events).redo_target
        # "redoes" only informs the phones (fold redoes whatever was undone last).
        return (EventKind.REDO, {"redoes": target["kind"]} if target else {},
                target["number"] if target else None)
    return _write(table_id, actor, command_id, base_seq, plan)


def correct_hand(table_id: Table | int | str, hand_number: int, outcome: dict[str, Any],
                 command_id: str, base_seq: int, actor: Actor) -> CommandResult:
    """Replace hand ``hand_number``'s outcome; every later hand is recomputed."""
    def plan(table: Table, events: list[Event]) -> Plan:
        _hand_number(hand_number)
        old = Hand.objects.filter(table_id=table.pk, number=hand_number).first()
        if old is None:
            raise NoSuchHand(f"there is no hand {hand_number} to correct",
                             params={"hand": hand_number})
        return (EventKind.CORRECT, {"outcome": _outcome(outcome), "previous": old.outcome},
                hand_number)
    return _write(table_id, actor, command_id, base_seq, plan)


def declare(table_id: Table | int | str, player: int, on: bool, command_id: str,
            base_seq: int, actor: Actor, declaration: str | None = None) -> CommandResult:
    """``player`` makes the live declaration ``declaration`` (a key of the table's
    ruleset's, :func:`scoring.registry.declarations`; None: its first) in the hand being
    played (``on``), or takes it back: from their own seat's phone, or the creator's,
    the centre tablet's or staff's for anyone (a declaration whose ``who`` says
    ``any_writer``: any writer's).
    Every phone shows it and the record sheet starts with the declarers ticked."""
    def plan(table: Table, events: list[Event]) -> Plan:
        chosen = registry.declaration(table.ruleset, table.options, declaration)
        if chosen is None:
            raise NothingToDeclare(
                f"this table's rules have no declaration {declaration!r} to make"[:200]
                if declaration is not None else "this table's rules have nothing to declare")
        seats = _seats(table)
        if isinstance(player, bool) or not isinstance(player, int) or not any(
                s.position == player for s in seats):
            raise BadCommand(f"there is no player {player!r} at this table"[:200])
        held = _held_seat(actor, seats)
        if (chosen.who == "own_seat" and not for_every_seat(table, actor)
                and (held is None or held.position != player)):
            raise Forbidden(f"a player declares {chosen.key} from their own seat's phone")
        if table.finished:
            raise TableError("the game is over", code="game_over")
        return (EventKind.DECLARE, {chosen.key: player, "on": bool(on)},
                len(fold(events).active) + 1)
    return _write(table_id, actor, command_id, base_seq, plan)


def end_game(table_id: Table | int | str, command_id: str, base_seq: int,
             actor: Actor) -> CommandResult:
    """End the game now: the ruleset's final settlement is added to the ledger."""
    def plan(table: Table, events: list[Event]) -> Plan:
        if table.finished and not table.ended_manually:
            raise TableError("the game is already over", code="game_over")
        return (EventKind.END, {}, None)
    return _write(table_id, actor, command_id, base_seq, plan)


def reopen_game(table_id: Table | int | str, command_id: str, base_seq: int,
                actor: Actor) -> CommandResult:
    """Cancel an :func:`end_game` so play can go on."""
    def plan(table: Table, events: list[Event]) -> Plan:
        return (EventKind.REOPEN, {}, None)
    return _write(table_id, actor, command_id, base_seq, plan)
