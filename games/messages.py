"""The websocket protocol of ``ws/tables/<public_id>/``: every message is a JSON object
with a ``type``.

Client to server, each declared once in :data:`INBOUND` (its schema, what it does, the
rate it counts against; its handler is the consumer's method of its name), the list the
table page hands its scripts (:func:`protocol`): ``record_hand``, ``undo``, ``redo``,
``correct_hand``, ``end_game``, ``reopen_game``, ``declare``, ``confirm_hand``,
``dispute_hand`` (writes: each carries a fresh
``command_id`` and the ``base_seq`` it was based on: for a hand, the seq the phone saw
when its player started entering it), ``preview``, ``get_snapshot`` and ``get_hands``
(reads; ``get_hands`` with ``before``: the :data:`games.presenter.PAGE` hands before that
number, for the history a phone has not loaded), and
``entering`` (presence: a writer's phone has the record form open, or closed it; sent
again every :data:`PRESENCE_REFRESH` seconds while open). Any message may carry
``request_id``, echoed in the direct answer.

Server to client (:data:`OutboundMessage`):

* ``snapshot`` on connect, on ``get_snapshot``, and when the table's seats or visibility
  change (so a phone whose seat was freed loses its buttons at once); its ``view`` has
  the latest :data:`games.presenter.PAGE` hands rendered (``rendered_from``), older ones
  come with ``get_hands``;
* ``missed`` instead of ``snapshot`` on connect when the socket's address says the seq
  the phone last saw (``?since=N``) and it missed few writes: the hands they touched
  (from ``view.hands_from``), the chart from that point (``chart.from``) and the rest of
  the state, as an event has them;
* the first message of a connection (``snapshot`` or ``missed``) also names the release
  of the pages' scripts this server serves (``build``, :func:`common.build.scripts_build`):
  a page handed another one when it loaded runs older scripts, and asks its reader to
  reload instead of reading this server's messages or sending it writes;
* ``hands`` answering ``get_hands``: earlier hands rendered (``hands_from`` on, oldest
  first) at the table's ``seq``;
* ``presence`` to everyone at the table: who is entering a hand (``entering``) or stopped
  (``entering: false``), by connection ``id``; an entry lapses after ``ttl`` seconds
  unless refreshed, so a phone that vanished without closing stops showing;
* to everyone at the table, in ``seq`` order: ``hand_recorded``, ``hand_undone``,
  ``hand_redone``, ``hand_corrected``, ``game_ended``, ``game_reopened``,
  ``declaration_changed``, ``hand_confirmed``, ``hand_disputed`` (:data:`TABLE_EVENTS`),
  each with the
  new ``seq``, what the write changed of the ``snapshot`` (the chart from ``chart.from``)
  and the hands from the first it changed rendered (``view.hands_from``);
* ``clock``: the round clock as this table sees it (:mod:`games.clock`), after the
  snapshot on connect and whenever the clock changes (``state`` "off": none times it);
* to the sender only: ``ack`` (the command's result; ``duplicate`` when the command id
  was already used, then with the snapshot), ``stale`` (``base_seq`` was not the current
  seq: the current snapshot comes along, rebase and resend with a new command id),
  ``preview`` and ``error`` (an error answering a write carries its ``command_id``, also
  when the write could not be read: a phone sends its next write once the one before it
  is answered, static/js/sync.js).

A client that sees a ``seq`` more than one above its own asks for ``get_snapshot``. The
socket closes with code 4403 when the table may not be watched (also later, if it turns
private), 4404 when there is no such table, 4503 when the database did not answer (try
again later). Every answer to a write carries its ``command_id``, also an error raised
before the write was looked at (the database gone, a limit).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    TypedDict,
    get_args,
    get_origin,
    get_type_hints,
)

from common.build import scripts_build
from common.errors import TableError
from common.safetext import storable

CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
# The database did not answer when the socket opened: reconnect later (static/js/sync.js
# says the server cannot be reached and retries with backoff). Not 1013 "try again later":
# daphne (autobahn) sends only 1000 and 3000-4999, and turned 1013 into 1011.
CLOSE_UNAVAILABLE = 4503
# Presence: phones refresh "entering" this often; others drop it after PRESENCE_TTL.
PRESENCE_REFRESH = 20
PRESENCE_TTL = 45

# --- client to server ----------------------------------------------------------------

# What a message does: a logged change, a read, or presence (needs the right to write,
# stores nothing).
Kind = Literal["write", "read", "presence"]
# The rates a message counts against: games.limits' budget of changes per phone and
# table (the record sheet's plain form and the API share it), or the socket's own reads
# and watchers' previews, counted before any database work (games.socket_limits).
WRITE_LIMIT = "table_write"
READ_LIMIT = "ws_read"
PREVIEW_LIMIT = "ws_preview"

# A field's own check beyond its JSON type: (value, field name, message type); raises
# BadMessage.
Check = Callable[[Any, str, str], None]

# A sheet has a few hundred fields at most; a value is a tile string or a number.
FORM_FIELDS = 600
FORM_VALUE = 200


def _check_form(form: Any, name: str = "form", kind: str = "") -> None:
    if not isinstance(form, Mapping) or len(form) > FORM_FIELDS:
        raise BadMessage(f"'form' must be an object of at most {FORM_FIELDS} fields")
    for field, value in form.items():
        values = value if isinstance(value, list) else [value]
        if (len(field) > FORM_VALUE or not storable(field) or len(values) > 50
                or not all(isinstance(v, str) and len(v) <= FORM_VALUE and storable(v)
                           for v in values)):
            raise BadMessage("each field of 'form' must be a text or a list of texts of up "
                             f"to {FORM_VALUE} characters")


def _check_command_id(value: str, name: str, kind: str) -> None:
    if not 1 <= len(value) <= 64:
        raise BadMessage("command_id must be 1 to 64 characters, new for each command")


def _check_request_id(value: str, name: str, kind: str) -> None:
    if len(value) > 64 or not storable(value):
        raise BadMessage("request_id must be a text of up to 64 characters, without NUL or "
                         "unpaired surrogates")


def _check_key(value: str, name: str, kind: str) -> None:
    if not 1 <= len(value) <= 64 or not storable(value):
        raise BadMessage(f"'{name}' of '{kind}' must be a text of 1 to 64 characters")


# The record sheet's fields as the page sends them: name -> a value or a list of values.
Form = Annotated[dict[str, str | list[str]], _check_form]
# A write's id, new for each command (a repeat is answered again, not done twice).
CommandId = Annotated[str, _check_command_id]
# Any message may carry one; its direct answer echoes it.
RequestId = Annotated[str, _check_request_id]


class RecordHand(TypedDict):
    type: Literal["record_hand"]
    command_id: CommandId
    base_seq: int
    outcome: NotRequired[dict[str, Any]]  # the engine's outcome, or
    form: NotRequired[Form]  # the record sheet's fields (games.record_sheet)
    request_id: NotRequired[RequestId]


class Declare(TypedDict):
    type: Literal["declare"]
    command_id: CommandId
    base_seq: int
    player: int  # who makes the declaration in the hand being played
    on: bool  # false takes the declaration back
    # Which of the ruleset's live declarations (scoring.registry.declarations), by its
    # key; without it, the ruleset's first (a page from before there could be several).
    declaration: NotRequired[Annotated[str, _check_key]]
    request_id: NotRequired[RequestId]


class Undo(TypedDict):
    type: Literal["undo"]
    command_id: CommandId
    base_seq: int
    request_id: NotRequired[RequestId]


class Redo(TypedDict):
    type: Literal["redo"]
    command_id: CommandId
    base_seq: int
    request_id: NotRequired[RequestId]


class CorrectHand(TypedDict):
    type: Literal["correct_hand"]
    command_id: CommandId
    base_seq: int
    hand_number: int
    outcome: NotRequired[dict[str, Any]]
    form: NotRequired[Form]
    request_id: NotRequired[RequestId]


def _check_note(value: str, name: str, kind: str) -> None:
    # games.confirmations.NOTE_MAX, checked there again with a sentence for the reader;
    # here only what no phone sends (a novel, NUL).
    if len(value) > 2000 or not storable(value):
        raise BadMessage(f"'{name}' of '{kind}' must be a text of up to 200 characters")


class ConfirmHand(TypedDict):
    """A seated player confirms hand ``hand_number`` as it stands at ``revision`` (issue
    29, games.confirmations); like every write it carries a command id and base seq, but
    a later seq does not make it stale: the revision says which hand they saw."""

    type: Literal["confirm_hand"]
    command_id: CommandId
    base_seq: int
    hand_number: int
    revision: NotRequired[int]
    request_id: NotRequired[RequestId]


class DisputeHand(TypedDict):
    """A seated player disputes hand ``hand_number`` with a note; at an event's table the
    referees are called (events.officiating)."""

    type: Literal["dispute_hand"]
    command_id: CommandId
    base_seq: int
    hand_number: int
    note: Annotated[str, _check_note]
    revision: NotRequired[int]
    request_id: NotRequired[RequestId]


class EndGame(TypedDict):
    type: Literal["end_game"]
    command_id: CommandId
    base_seq: int
    request_id: NotRequired[RequestId]


class ReopenGame(TypedDict):
    type: Literal["reopen_game"]
    command_id: CommandId
    base_seq: int
    request_id: NotRequired[RequestId]


class Preview(TypedDict):
    type: Literal["preview"]
    outcome: NotRequired[dict[str, Any]]
    form: NotRequired[Form]
    hand_number: NotRequired[int]  # preview a correction of this hand
    request_id: NotRequired[RequestId]


class GetSnapshot(TypedDict):
    type: Literal["get_snapshot"]
    request_id: NotRequired[RequestId]


class GetHands(TypedDict):
    type: Literal["get_hands"]
    before: int  # the oldest hand the phone holds: it gets the ones just before it
    count: NotRequired[int]  # how many (1 to games.presenter.PAGE, the default)
    request_id: NotRequired[RequestId]


class Entering(TypedDict):
    type: Literal["entering"]
    active: bool  # the record form is open (true) or was closed (false)
    hand_number: NotRequired[int]  # the hand being corrected, if any
    request_id: NotRequired[RequestId]


WriteMessage = (RecordHand | Undo | Redo | CorrectHand | EndGame | ReopenGame | Declare
                | ConfirmHand | DisputeHand)
InboundMessage = WriteMessage | Preview | GetSnapshot | GetHands | Entering

# --- server to client ----------------------------------------------------------------


class You(TypedDict):
    can_write: bool
    seat: int | None  # the position this connection holds, if any
    is_creator: bool


class SnapshotMessage(TypedDict):
    type: Literal["snapshot"]
    seq: int
    snapshot: dict[str, Any]  # games.services.snapshot()
    you: You
    request_id: NotRequired[RequestId]
    build: NotRequired[str]  # on connect only (common.build)


class TableEvent(TypedDict):
    type: Literal["hand_recorded", "hand_undone", "hand_redone", "hand_corrected",
                  "game_ended", "game_reopened", "declaration_changed",
                  "hand_confirmed", "hand_disputed"]  # TABLE_EVENTS
    seq: int
    command_id: str
    hand_number: int | None
    actor: str  # display name of whoever did it
    change: NotRequired[str]  # undo/redo: "record" (a hand) or "correct" (a correction)
    # declaration_changed: which declaration (its key), by whom, made or taken back.
    declaration: NotRequired[str]
    player: NotRequired[int]
    on: NotRequired[bool]
    snapshot: dict[str, Any]


class Presence(TypedDict):
    type: Literal["presence"]
    id: str  # the connection, random (not a credential)
    name: str  # the seated player's name, or "creator" / "staff" / "centre"
    entering: bool
    hand_number: int | None  # the hand being corrected, or None for a new hand
    ttl: int  # seconds the entry lasts unless refreshed


class Ack(TypedDict):
    type: Literal["ack"]
    command_id: str
    seq: int
    event: str  # the TableEvent type this command produced
    hand_number: int | None
    duplicate: bool
    snapshot: NotRequired[dict[str, Any]]  # only with duplicate
    request_id: NotRequired[RequestId]


class StaleMessage(TypedDict):
    type: Literal["stale"]
    command_id: str
    code: Literal["stale"]
    message: str
    seq: int
    snapshot: dict[str, Any]
    request_id: NotRequired[RequestId]


class PreviewMessage(TypedDict):
    type: Literal["preview"]
    result: dict[str, Any]  # games.services.PreviewResult
    request_id: NotRequired[RequestId]


class ClockMessage(TypedDict):
    """The round clock as this table sees it (games.clock, issue 28): after the snapshot
    on connect and at every change of the clock; ``state`` "off" when none times it."""

    type: Literal["clock"]
    state: Literal["ready", "running", "paused", "off"]
    clock: NotRequired[int]
    version: NotRequired[int]
    duration: NotRequired[int]  # seconds
    extra: NotRequired[int]  # seconds given to this table
    remaining_ms: NotRequired[int]  # at server_now
    server_now: NotRequired[int]  # the server's time as the message left, ms since epoch
    ends_at: NotRequired[int | None]  # server time the time runs out, while running
    end_rule: NotRequired[str]  # games.models.EndRule
    warnings: NotRequired[list[int]]  # minutes left at which to warn


class ErrorMessage(TypedDict):
    type: Literal["error"]
    code: str  # e.g. bad_message, forbidden, rate_limited (then with retry_after)
    message: str
    command_id: NotRequired[str]
    retry_after: NotRequired[int]  # seconds, with rate_limited
    request_id: NotRequired[RequestId]


OutboundMessage = (SnapshotMessage | TableEvent | Presence | Ack | StaleMessage
                   | PreviewMessage | ErrorMessage | ClockMessage)

class BadMessage(TableError):
    code = "bad_message"


# Whole numbers in messages stay within a database integer (and far within msgpack's).
INT_LIMIT = 2**31


def _type_name(tp: Any) -> str:
    return {str: "text", int: "a whole number", dict: "an object",
            bool: "true or false"}[tp]


# A field of a message: (required, its JSON type, its own checks).
FieldSpec = tuple[bool, type, tuple[Check, ...]]


def _field_checks(schema: type) -> dict[str, FieldSpec]:
    """Each field of ``schema`` but ``type``: (required, its JSON type, its own checks),
    read from the TypedDict's annotations (``NotRequired`` and ``Annotated`` included)."""
    out = {}
    for name, hint in get_type_hints(schema, include_extras=True).items():
        if name == "type":
            continue
        required = get_origin(hint) is not NotRequired
        if not required:
            (hint,) = get_args(hint)
        checks: tuple[Check, ...] = ()
        if get_origin(hint) is Annotated:
            hint, *extra = get_args(hint)
            checks = tuple(extra)
        out[name] = (required, get_origin(hint) or hint, checks)
    return out


@dataclass(frozen=True)
class Inbound:
    """One message a phone may send, declared once: its schema (a TypedDict whose
    ``type`` is the Literal naming it; the fields, their types and checks are read from
    it), what it does (``write``: a logged change; ``read``; ``presence``: needs the right
    to write but stores nothing), the rate it counts against and whether it carries a
    hand (``outcome`` or ``form``, exactly one). Its handler is the table consumer's
    method of the same name (:class:`games.consumers.TableConsumer`), as Channels names
    a group message's handler after its type."""

    schema: type
    kind: Kind
    # games.limits' table_write (shared by every way a phone changes a table), or the
    # socket's own ws_read / ws_preview (games.socket_limits). By kind unless given.
    limit: str = ""
    hand: bool = False

    def __post_init__(self) -> None:
        if not self.limit:
            object.__setattr__(self, "limit", WRITE_LIMIT if self.kind == "write"
                               else READ_LIMIT)

    @cached_property
    def type(self) -> str:
        (name,) = get_args(get_type_hints(self.schema)["type"])
        return str(name)

    @cached_property
    def fields(self) -> dict[str, FieldSpec]:
        return _field_checks(self.schema)

    def parse(self, content: Mapping[str, Any]) -> dict[str, Any]:
        """``content`` (a JSON object of this type) checked field by field; raises
        :class:`BadMessage` saying what is wrong."""
        kind = self.type
        for name, (required, tp, checks) in self.fields.items():
            if name not in content:
                if required:
                    raise BadMessage(f"'{kind}' needs '{name}' ({_type_name(tp)})")
                continue
            value = content[name]
            if (isinstance(value, bool) and tp is not bool) or not isinstance(value, tp):
                raise BadMessage(f"'{name}' of '{kind}' must be {_type_name(tp)}, got "
                                 f"{value!r}"[:300])
            if isinstance(value, int) and not -INT_LIMIT <= value < INT_LIMIT:
                # A hand number, seq or seat is far smaller; a huge one, passed on to the
                # other phones in a presence message, was an OverflowError in the channel
                # layer's msgpack (issue 24).
                raise BadMessage(f"'{name}' of '{kind}' must be a whole number below "
                                 f"{INT_LIMIT:,}, got {str(value)[:40]}")
            for check in checks:
                check(value, name, kind)
        if self.hand and ("outcome" in content) == ("form" in content):
            raise BadMessage(f"'{kind}' needs either 'outcome' (an object) or 'form' (the "
                             "record sheet's fields)")
        return dict(content)


def _registry(*declared: Inbound) -> dict[str, Inbound]:
    out = {message.type: message for message in declared}
    assert len(out) == len(declared), "a message type is declared twice"
    return out


# Every message a phone may send. A new one is a TypedDict above, a line here and a
# handler of its name in games.consumers.TableConsumer (a test checks each has one).
INBOUND: dict[str, Inbound] = _registry(
    Inbound(RecordHand, "write", hand=True),
    Inbound(Undo, "write"),
    Inbound(Redo, "write"),
    Inbound(CorrectHand, "write", hand=True),
    Inbound(EndGame, "write"),
    Inbound(ReopenGame, "write"),
    Inbound(Declare, "write"),
    Inbound(ConfirmHand, "write"),
    Inbound(DisputeHand, "write"),
    Inbound(Preview, "read", limit=PREVIEW_LIMIT, hand=True),
    Inbound(GetSnapshot, "read"),
    Inbound(GetHands, "read"),
    Inbound(Entering, "presence"),
)

# The event each kind of logged write is announced as (games.services.commands), to
# everyone at the table in seq order: TableEvent's types.
TABLE_EVENTS: dict[str, str] = {
    "record": "hand_recorded", "undo": "hand_undone", "redo": "hand_redone",
    "correct": "hand_corrected", "end": "game_ended", "reopen": "game_reopened",
    "declare": "declaration_changed", "confirm": "hand_confirmed",
    "dispute": "hand_disputed"}


def protocol() -> dict[str, Any]:
    """What the table page's scripts know of the protocol, handed to them with the page
    (static/js/sync.js keeps no copy): each inbound type, its kind and whether it carries
    a hand (kept in the outbox until answered), the table events' types, the close codes,
    how often a phone entering a hand says so again, and the release of the scripts the
    page loads (``build``: the socket's first message names the server's, and a page
    whose differs asks to be reloaded)."""
    return {"build": scripts_build(),
            "inbound": [{"type": m.type, "kind": m.kind, "hand": m.hand}
                        for m in INBOUND.values()],
            "events": list(TABLE_EVENTS.values()),
            "close": {"forbidden": CLOSE_FORBIDDEN, "not_found": CLOSE_NOT_FOUND,
                      "unavailable": CLOSE_UNAVAILABLE},
            "presence_refresh": PRESENCE_REFRESH}


def parse_inbound(content: Any) -> InboundMessage:
    """Check a decoded client message; raises :class:`BadMessage` saying what is wrong."""
    if not isinstance(content, Mapping):
        raise BadMessage("each message must be a JSON object with a 'type'")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in INBOUND:  # a list or dict type is unhashable
        raise BadMessage(f"unknown message type {kind!r}; use one of "
                         f"{', '.join(INBOUND)}", code="unknown_type")
    return INBOUND[kind].parse(content)  # type: ignore[return-value]  # checked by its schema
