"""The websocket protocol of ``ws/tables/<public_id>/``: every message is a JSON object
with a ``type``.

Client to server (:data:`InboundMessage`): ``record_hand``, ``undo``, ``redo``,
``correct_hand``, ``end_game``, ``reopen_game`` (writes: each carries a fresh
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
* ``hands`` answering ``get_hands``: earlier hands rendered (``hands_from`` on, oldest
  first) at the table's ``seq``;
* ``presence`` to everyone at the table: who is entering a hand (``entering``) or stopped
  (``entering: false``), by connection ``id``; an entry lapses after ``ttl`` seconds
  unless refreshed, so a phone that vanished without closing stops showing;
* to everyone at the table, in ``seq`` order: ``hand_recorded``, ``hand_undone``,
  ``hand_redone``, ``hand_corrected``, ``game_ended``, ``game_reopened``, each with the
  new ``seq``, what the write changed of the ``snapshot`` (the chart from ``chart.from``)
  and the hands from the first it changed rendered (``view.hands_from``);
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

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

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


# The record sheet's fields as the page sends them: name -> a value or a list of values.
Form = dict[str, str | list[str]]
# A sheet has a few hundred fields at most; a value is a tile string or a number.
FORM_FIELDS = 600
FORM_VALUE = 200


class RecordHand(TypedDict):
    type: Literal["record_hand"]
    command_id: str
    base_seq: int
    outcome: NotRequired[dict[str, Any]]  # the engine's outcome, or
    form: NotRequired[Form]  # the record sheet's fields (games.record_sheet)
    request_id: NotRequired[str]


class Declare(TypedDict):
    type: Literal["declare"]
    command_id: str
    base_seq: int
    player: int  # who declares riichi in the hand being played
    on: bool  # false takes the declaration back
    request_id: NotRequired[str]


class Undo(TypedDict):
    type: Literal["undo"]
    command_id: str
    base_seq: int
    request_id: NotRequired[str]


class Redo(TypedDict):
    type: Literal["redo"]
    command_id: str
    base_seq: int
    request_id: NotRequired[str]


class CorrectHand(TypedDict):
    type: Literal["correct_hand"]
    command_id: str
    base_seq: int
    hand_number: int
    outcome: NotRequired[dict[str, Any]]
    form: NotRequired[Form]
    request_id: NotRequired[str]


class EndGame(TypedDict):
    type: Literal["end_game"]
    command_id: str
    base_seq: int
    request_id: NotRequired[str]


class ReopenGame(TypedDict):
    type: Literal["reopen_game"]
    command_id: str
    base_seq: int
    request_id: NotRequired[str]


class Preview(TypedDict):
    type: Literal["preview"]
    outcome: NotRequired[dict[str, Any]]
    form: NotRequired[Form]
    hand_number: NotRequired[int]  # preview a correction of this hand
    request_id: NotRequired[str]


class GetSnapshot(TypedDict):
    type: Literal["get_snapshot"]
    request_id: NotRequired[str]


class GetHands(TypedDict):
    type: Literal["get_hands"]
    before: int  # the oldest hand the phone holds: it gets the ones just before it
    count: NotRequired[int]  # how many (1 to games.presenter.PAGE, the default)
    request_id: NotRequired[str]


class Entering(TypedDict):
    type: Literal["entering"]
    active: bool  # the record form is open (true) or was closed (false)
    hand_number: NotRequired[int]  # the hand being corrected, if any
    request_id: NotRequired[str]


WriteMessage = RecordHand | Undo | Redo | CorrectHand | EndGame | ReopenGame | Declare
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
    request_id: NotRequired[str]


class TableEvent(TypedDict):
    type: Literal["hand_recorded", "hand_undone", "hand_redone", "hand_corrected",
                  "game_ended", "game_reopened"]
    seq: int
    command_id: str
    hand_number: int | None
    actor: str  # display name of whoever did it
    change: str | None  # undo/redo: "record" (a hand) or "correct" (a correction)
    snapshot: dict[str, Any]


class Presence(TypedDict):
    type: Literal["presence"]
    id: str  # the connection, random (not a credential)
    name: str  # the seated player's name, or "creator" / "staff"
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
    request_id: NotRequired[str]


class StaleMessage(TypedDict):
    type: Literal["stale"]
    command_id: str
    code: Literal["stale"]
    message: str
    seq: int
    snapshot: dict[str, Any]
    request_id: NotRequired[str]


class PreviewMessage(TypedDict):
    type: Literal["preview"]
    result: dict[str, Any]  # games.services.PreviewResult
    request_id: NotRequired[str]


class ErrorMessage(TypedDict):
    type: Literal["error"]
    code: str  # e.g. bad_message, forbidden, rate_limited (then with retry_after)
    message: str
    command_id: NotRequired[str]
    retry_after: NotRequired[int]  # seconds, with rate_limited
    request_id: NotRequired[str]


OutboundMessage = (SnapshotMessage | TableEvent | Presence | Ack | StaleMessage
                   | PreviewMessage | ErrorMessage)

WRITE_TYPES = ("record_hand", "undo", "redo", "correct_hand", "end_game", "reopen_game",
               "declare")
READ_TYPES = ("preview", "get_snapshot", "get_hands")
# Needs the right to write, but changes nothing stored.
PRESENCE_TYPES = ("entering",)


class BadMessage(TableError):
    code = "bad_message"


# Whole numbers in messages stay within a database integer (and far within msgpack's).
INT_LIMIT = 2**31

_FIELDS: dict[str, dict[str, type]] = {
    "record_hand": {"command_id": str, "base_seq": int},
    "undo": {"command_id": str, "base_seq": int},
    "redo": {"command_id": str, "base_seq": int},
    "correct_hand": {"command_id": str, "base_seq": int, "hand_number": int},
    "end_game": {"command_id": str, "base_seq": int},
    "reopen_game": {"command_id": str, "base_seq": int},
    "declare": {"command_id": str, "base_seq": int, "player": int, "on": bool},
    "preview": {},
    "get_snapshot": {},
    "get_hands": {"before": int},
    "entering": {"active": bool},
}
_OPTIONAL: dict[str, dict[str, type]] = {"preview": {"hand_number": int},
                                         "get_hands": {"count": int},
                                         "entering": {"hand_number": int}}
# A hand comes as the engine's outcome or as the record sheet's fields: one of the two.
_HAND_TYPES = ("record_hand", "correct_hand", "preview")


def _check_form(form: Any) -> None:
    if not isinstance(form, Mapping) or len(form) > FORM_FIELDS:
        raise BadMessage(f"'form' must be an object of at most {FORM_FIELDS} fields")
    for name, value in form.items():
        values = value if isinstance(value, list) else [value]
        if (len(name) > FORM_VALUE or not storable(name) or len(values) > 50
                or not all(isinstance(v, str) and len(v) <= FORM_VALUE and storable(v)
                           for v in values)):
            raise BadMessage("each field of 'form' must be a text or a list of texts of up "
                             f"to {FORM_VALUE} characters")


def _type_name(tp: type) -> str:
    return {str: "text", int: "a whole number", dict: "an object", bool: "true or false"}[tp]


def parse_inbound(content: Any) -> InboundMessage:
    """Check a decoded client message; raises :class:`BadMessage` saying what is wrong."""
    if not isinstance(content, Mapping):
        raise BadMessage("each message must be a JSON object with a 'type'")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:  # a list or dict type is unhashable
        raise BadMessage(f"unknown message type {kind!r}; use one of "
                         f"{', '.join(_FIELDS)}", code="unknown_type")
    request_id = content.get("request_id")
    if request_id is not None and (not isinstance(request_id, str) or len(request_id) > 64
                                   or not storable(request_id)):
        raise BadMessage("request_id must be a text of up to 64 characters, without NUL or "
                         "unpaired surrogates")
    fields = _FIELDS[kind]
    for name, tp in {**fields, **_OPTIONAL.get(kind, {})}.items():
        if name not in content:
            if name in fields:
                raise BadMessage(f"'{kind}' needs '{name}' ({_type_name(tp)})")
            continue
        value = content[name]
        if (isinstance(value, bool) and tp is not bool) or not isinstance(value, tp):
            raise BadMessage(f"'{name}' of '{kind}' must be {_type_name(tp)}, got {value!r}"[:300])
        if isinstance(value, int) and not -INT_LIMIT <= value < INT_LIMIT:
            # A hand number, seq or seat is far smaller; a huge one, passed on to the other
            # phones in a presence message, was an OverflowError in the channel layer's
            # msgpack (issue 24).
            raise BadMessage(f"'{name}' of '{kind}' must be a whole number below "
                             f"{INT_LIMIT:,}, got {str(value)[:40]}")
    if kind in _HAND_TYPES:
        if ("outcome" in content) == ("form" in content):
            raise BadMessage(f"'{kind}' needs either 'outcome' (an object) or 'form' (the "
                             "record sheet's fields)")
        if "outcome" in content and not isinstance(content["outcome"], dict):
            raise BadMessage(f"'outcome' of '{kind}' must be an object")
        if "form" in content:
            _check_form(content["form"])
    if "command_id" in fields and not 1 <= len(content["command_id"]) <= 64:
        raise BadMessage("command_id must be 1 to 64 characters, new for each command")
    return dict(content)  # type: ignore[return-value]  # checked field by field above
