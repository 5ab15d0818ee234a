"""Named seating errors, shaped like the engine's (``scoring.engine.errors``).

Every refusal carries a stable ``code`` (what a page or the API branches on), an English
``message`` naming the specifics, and ``params`` for a translated sentence: ``player`` (a
player as given), ``token`` (text that named no player), ``round`` and ``table`` (1-based),
``size`` and ``sizes`` (table sizes found and allowed), ``count``, ``min`` and ``max``.
"""

from __future__ import annotations


class SeatingError(ValueError):
    """Input no seating can be made from; ``code`` is stable, ``message`` says what to fix."""

    code: str = "seating_error"

    def __init__(self, message: str, params: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.params: dict[str, object] = dict(params or {})

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"code": self.code, "message": self.message}
        if self.params:
            out["params"] = dict(self.params)
        return out


class TooFewPlayers(SeatingError):
    """Fewer present players than one table needs."""

    code = "seating_too_few_players"


class TooManyPlayers(SeatingError):
    code = "seating_too_many_players"


class BadRounds(SeatingError):
    """A number of rounds outside 1..MAX_ROUNDS."""

    code = "seating_bad_rounds"


class DuplicatePlayer(SeatingError):
    """The same player given twice in the list of players."""

    code = "seating_duplicate_player"


class BadLayout(SeatingError):
    """A table size other than 3 or 4, or three-player tables in a three-player event."""

    code = "seating_bad_layout"


class CannotFill(SeatingError):
    """More seats to fill than tables to put them at (5 players at four-player tables)."""

    code = "seating_cannot_fill"


class MissingStanding(SeatingError):
    """Swiss seating for a player without a standing."""

    code = "seating_missing_standing"


class EmptySeating(SeatingError):
    """A fixed seating with no rounds, or a round with no tables."""

    code = "seating_empty"


class UnknownPlayer(SeatingError):
    """A fixed seating names someone who is not a player of the event (or not present)."""

    code = "seating_unknown_player"


class PlayerTwice(SeatingError):
    """A fixed seating seats one player twice in one round."""

    code = "seating_player_twice"


class PlayerMissing(SeatingError):
    """A fixed seating leaves a present player without a seat in a round (Pantheon #784:
    its scripted seating hung when the event had more players than the script)."""

    code = "seating_player_missing"


class WrongTableSize(SeatingError):
    """A fixed table with a number of seats the event's layout does not allow."""

    code = "seating_wrong_table_size"
