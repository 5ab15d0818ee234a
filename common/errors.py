"""Named refusals of the table service layer, shaped like the engine's errors.

Pages, the websocket consumer and the API all answer ``{"error": {"code", "message"}}``;
engine errors (:class:`scoring.engine.errors.EngineError`) keep their own codes.
"""

from __future__ import annotations


class TableError(Exception):
    """A command the table refuses; ``code`` is stable, ``message`` says what to do."""

    code = "table_error"

    def __init__(self, message: str, code: str | None = None,
                 params: dict[str, object] | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        # What the reader's sentence names (scoring.error_text), as an engine error's.
        self.params: dict[str, object] = dict(params or {})

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class NotFound(TableError):
    code = "not_found"


class Forbidden(TableError):
    code = "forbidden"


class JoinKeyNeeded(Forbidden):
    """Sitting down at a table without its join link's secret."""

    code = "join_key_needed"


class Stale(TableError):
    code = "stale"


class BadCommand(TableError):
    code = "bad_command"


class NothingToUndo(TableError):
    code = "nothing_to_undo"


class NothingToRedo(TableError):
    code = "nothing_to_redo"


class NoSuchHand(TableError):
    code = "no_such_hand"


class NothingToDeclare(TableError):
    """A live declaration the table's rules do not offer (scoring.registry.declarations)."""

    code = "nothing_to_declare"


class GameEnded(TableError):
    """A hand or undo on a game ended with end_game; reopen it first."""

    code = "game_ended"


class NotEnded(TableError):
    code = "not_ended"


class SeatTaken(TableError):
    code = "seat_taken"


class HistoryChanged(TableError):
    """The table's history was changed outside the site (its hash chain, games.chain):
    nothing is written on top of it until someone allowed to accepts it."""

    code = "history_changed"


class Unstorable(TableError):
    """A value the database refused (a number past its integer range, say): the command
    is refused as it is; sending it again would fail again."""

    code = "unstorable"


class DatabaseUnavailable(TableError):
    """The database did not answer; nothing was changed and the command may be retried."""

    code = "database_unavailable"


def database_error(exc: Exception) -> TableError:
    """The named refusal for a database error (``django.db.DatabaseError``): pages, the
    API and the websocket answer it instead of a 500 or a closed socket."""
    from django.db import DataError

    if isinstance(exc, DataError):
        return Unstorable("the database cannot store a value of this command (a number "
                          "out of range or a character it refuses); correct it and send again")
    return DatabaseUnavailable("the database did not answer; nothing was changed, try again "
                               "in a moment")
