"""The websocket protocol of ``ws/tables/<public_id>/``: every message is a JSON object
with a ``type``.

Client to server (:data:`InboundMessage`): ``record_hand``, ``undo``, ``redo``,
``correct_hand``, ``end_game``, ``reopen_game`` (writes: each carries a fresh
``command_id`` and the ``base_seq`` it was based on), ``preview`` and ``get_snapshot``
(reads). Any message may carry ``request_id``, echoed in the direct answer.

Server to client (:data:`OutboundMessage`):

* ``snapshot`` on connect and on ``get_snapshot``;
* to everyone at the table, in ``seq`` order: ``hand_recorded``, ``hand_undone``,
  ``hand_redone``, ``hand_corrected``, ``game_ended``, ``game_reopened``, each with the
  new ``seq`` and the whole new ``snapshot``;
* to the sender only: ``ack`` (the command's result; ``duplicate`` when the command id
  was already used, then with the snapshot), ``stale`` (``base_seq`` was not the current
  seq: the current snapshot comes along, rebase and resend with a new command id),
  ``preview`` and ``error``.

A client that sees a ``seq`` more than one above its own asks for ``get_snapshot``. The
socket closes with code 4403 when the table may not be watched (also later, if it turns
private), 4404 when there is no such table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

from games.errors import TableError
from games.safetext import storable

CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404

# --- client to server ----------------------------------------------------------------


class RecordHand(TypedDict):
    type: Literal["record_hand"]
    command_id: str
    base_seq: int
    outcome: dict[str, Any]
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
    outcome: dict[str, Any]
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
    outcome: dict[str, Any]
    hand_number: NotRequired[int]  # preview a correction of this hand
    request_id: NotRequired[str]


class GetSnapshot(TypedDict):
    type: Literal["get_snapshot"]
    request_id: NotRequired[str]


InboundMessage = (RecordHand | Undo | Redo | CorrectHand | EndGame | ReopenGame | Preview
                  | GetSnapshot)

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
    snapshot: dict[str, Any]


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


OutboundMessage = (SnapshotMessage | TableEvent | Ack | StaleMessage | PreviewMessage
                   | ErrorMessage)

WRITE_TYPES = ("record_hand", "undo", "redo", "correct_hand", "end_game", "reopen_game")
READ_TYPES = ("preview", "get_snapshot")


class BadMessage(TableError):
    code = "bad_message"


_FIELDS: dict[str, dict[str, type]] = {
    "record_hand": {"command_id": str, "base_seq": int, "outcome": dict},
    "undo": {"command_id": str, "base_seq": int},
    "redo": {"command_id": str, "base_seq": int},
    "correct_hand": {"command_id": str, "base_seq": int, "hand_number": int, "outcome": dict},
    "end_game": {"command_id": str, "base_seq": int},
    "reopen_game": {"command_id": str, "base_seq": int},
    "preview": {"outcome": dict},
    "get_snapshot": {},
}
_OPTIONAL: dict[str, dict[str, type]] = {"preview": {"hand_number": int}}


def _type_name(tp: type) -> str:
    return {str: "text", int: "a whole number", dict: "an object"}[tp]


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
        if isinstance(value, bool) or not isinstance(value, tp):
            raise BadMessage(f"'{name}' of '{kind}' must be {_type_name(tp)}, got {value!r}"[:300])
    if "command_id" in fields and not 1 <= len(content["command_id"]) <= 64:
        raise BadMessage("command_id must be 1 to 64 characters, new for each command")
    return dict(content)  # type: ignore[return-value]
