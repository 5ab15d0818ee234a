"""Named engine errors.

Every error the engine raises carries a stable ``code`` (what programs branch on; the API
returns it with HTTP 400) and a ``message`` written for the person at the table.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


class EngineError(ValueError):
    """A user-facing error with a machine-readable code.

    ``params`` say what the error is about, for a translated sentence: ``field`` (the
    request or outcome key, dotted inside objects: ``quick.han``), ``path`` (where in the
    outcome: ``wins.0.quick.han``), ``label`` (the field's English label, a msgid),
    ``player`` (the player the entry is about), ``option`` (an option's name), ``type`` (an
    outcome type) and the bounds ``min``/``max``/``choices`` that were broken; ``reason``
    tells apart the situations one code covers (``own_discard``, ``twice``, ``off``...),
    and ``fan``, ``kind``, ``hand``, ``count`` (tiles held), ``needed`` (the tile counts
    that would do, a list), ``tile`` (a tile in notation) and ``text`` (what was written
    where a tile was expected) are values a sentence may name. The site turns a
    code and its params into a sentence in the reader's language (scoring.error_text).
    """

    code: str = "engine_error"

    def __init__(self, message: str, code: str | None = None,
                 params: dict[str, object] | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        self.params: dict[str, object] = dict(params or {})

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}

    def detail(self) -> dict[str, object]:
        """``as_dict`` plus ``params`` when there are any (what the API and CLI return)."""
        out: dict[str, object] = {"code": self.code, "message": self.message}
        if self.params:
            out["params"] = dict(self.params)
        return out


@contextmanager
def about(at: str = "", field: str = "", **params: object) -> Iterator[None]:
    """Say what an error raised inside is about, where it did not say so itself: its
    ``path`` becomes ``at`` joined with its own ``field`` (else ``field``), and each of
    ``params`` (a ``player``...) is added unless already there. A winner's tiles are
    scored deep inside a ruleset that does not know where in the outcome they were
    entered; the table's rules, which know, wrap that scoring in this."""
    try:
        yield
    except EngineError as exc:
        found = exc.params
        if at and "path" not in found:
            name = str(found.get("field") or field)
            found["path"] = f"{at}.{name}" if name else at
            if name:
                found.setdefault("field", name)
        for key, value in params.items():
            if value is not None:
                found.setdefault(key, value)
        raise


class BadTile(EngineError):
    code = "bad_tile"


class TooManyCopies(EngineError):
    code = "too_many_copies"


class BadMeld(EngineError):
    code = "bad_meld"


class WrongTileCount(EngineError):
    code = "wrong_tile_count"


class BadInput(EngineError):
    code = "bad_input"


class NotAWinningHand(EngineError):
    code = "not_a_winning_hand"


class NoYaku(EngineError):
    code = "no_yaku"


class BelowMinimumFan(EngineError):
    code = "below_minimum_fan"


class UnknownRuleset(EngineError):
    code = "unknown_ruleset"


class BadOption(EngineError):
    code = "bad_option"


class BadOutcome(EngineError):
    """A recorded hand result that the table rules cannot apply (wrong players, type...)."""

    code = "bad_outcome"




# Chinese regional rulesets (Sichuan, Wuhu, Ji'an).


class HonoursNotUsed(EngineError):
    """Sichuan plays with the 108 suited tiles only."""

    code = "honours_not_used"


class ChowNotAllowed(EngineError):
    code = "chow_not_allowed"


class NotMissingASuit(EngineError):
    """Sichuan 缺一门: a winning hand must lack one suit (and its declared 定缺 suit)."""

    code = "not_missing_a_suit"


class NotEightOfASuit(EngineError):
    """Wuhu: a win needs at least eight tiles (支) of one suit."""

    code = "not_eight_of_a_suit"


class BadEvent(EngineError):
    """A recorded hand's events are inconsistent (a winner paying again, a kong after the end)."""

    code = "bad_event"


class GameOver(BadEvent):
    """A hand recorded after the game has ended (every ruleset, one code)."""

    code = "game_over"


class WinFlagConflict(EngineError):
    """Win flags that the tiles make impossible (a robbed kong of a tile you hold...)."""

    code = "win_flag_conflict"


# Table-side analysis (scoring.engine.analysis).


class MissingField(BadInput):
    """A request lacks a field it cannot do without (a hand to analyse, the discards)."""

    code = "missing_field"


class UnknownShape(BadInput):
    """A hand shape name that no ruleset knows (see scoring.engine.analysis.shanten)."""

    code = "unknown_shape"


# Strict entry checks (scoring.engine.entry): every key known, every value bounded. Each is
# a BadInput and a BadOutcome, so a caller that catches either for a table outcome or a
# score request still does.


class StrictError(BadOutcome, BadInput):
    code = "bad_entry"


class UnknownField(StrictError):
    """A key the ruleset's entry spec does not have (a typo must not be ignored)."""

    code = "unknown_field"


class FieldType(StrictError):
    """A value of the wrong kind: text where a number goes, a list for a flag..."""

    code = "bad_field_type"


class OutOfRange(StrictError):
    """A number outside what a real hand can reach (params ``min``, ``max``)."""

    code = "out_of_range"


class TooLong(StrictError):
    """Text or a list longer than a hand can need (params ``max``)."""

    code = "too_long"


class BadText(StrictError):
    """Text with a NUL character or a lone surrogate."""

    code = "bad_text"


class BadChoice(StrictError):
    """A value not among the field's choices (params ``choices``)."""

    code = "bad_choice"


class OutcomeNotAllowed(StrictError):
    """An outcome type the table's options turn off (params ``type``, ``option``)."""

    code = "outcome_not_allowed"
