"""Capabilities: what a ruleset package may declare beyond the contract, each with its default.

The site and the analyser ask the ruleset; they never keep a table of rulesets. Every
capability is a module-level name of the package (beside ``NAME``, ``Options``...), and
this module is the one place that reads them: :func:`read` returns the declared value, or
the default below when the package declares none, and refuses a declaration of the wrong
shape with a message naming the capability.

``WIN_SHAPES: tuple[str, ...]`` (default ``("standard",)``)
    the shapes a win may take: ``"standard"`` (sets and a pair) and the names of
    :mod:`scoring.engine.shapes`; the analyser's shanten and waits ask for them.
``WIN_WORDS: tuple[str, str]`` (default ``("ron", "tsumo")``)
    the ``win`` values its ``score()`` takes for a win on a discard and a self-draw.
``NEEDS_MISSING_SUIT: bool`` (default False)
    a hand still holding all three suits cannot win (缺一门), so it is never ready.
``ANALYSER_FIELDS: tuple[str, ...]`` (default ``()``)
    the fields of its entry spec's score request that the hand analyser's form asks,
    beside the hand and melds every ruleset has: ``"seat_wind"``, ``"dora_indicators"``,
    or a dotted path into an object field (``"jing.zheng"``). The form is built from the
    spec's fields (label, kind), as the record sheet is.
``DANGER_TOOL: bool`` (default False)
    whether the tile-danger estimate (against a player who declared and waits with a
    closed hand) applies to its tables; the table page links it only then.
``STAKE_UNIT: tuple[int, str]`` (default ``(1, "per point")``)
    how many points one stake unit is and its English name (a msgid): settling up pays
    the stake per unit of a table's result.
``NATIVE_LANGUAGE: str`` (default ``"zh"``)
    the language its items' native names are written in; the Chinese pages respell
    Chinese names in their script, and show names in another language as they are.
``NATIVE_PARTS: tuple[str, ...]`` (default ``()``)
    words its item names are built from, translated like the names themselves.
``DECLARATIONS: tuple[Declaration, ...]`` (default ``()``)
    the live declarations a player may make while a hand is played (riichi's 立直): the
    table offers each one (a button on the players' phones), logs it, shows it on every
    phone, starts the record sheet with its declarers ticked, and counts it in the
    players' statistics. See :class:`Declaration`.
``STANDINGS: tuple[Standing, ...]`` (default: points won, :data:`POINTS_WON`)
    how a tournament or league night of the ruleset ranks its players over the rounds,
    each convention with its source; the first is an event's default, the organiser may
    choose another. See :class:`Standing`.

Who a ron is paid by is not declared apart: the entry spec already says it (a
``discarder`` request field of kind ``wind`` names a seat wind, and the analyser supplies
the player on the winner's left; of kind ``player`` it is a number the table fills in).

A package may also have a ``site`` subpackage: a Django app (never imported by the engine)
with its own pages, which the site's registry mounts (see ``scoring/registry.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any

from .shapes import SHAPES

STANDARD = "standard"


class CapabilityError(TypeError):
    """A package declares a capability in a shape the site cannot use (a programming
    error of the package, reported when it is first read)."""


def _strings(value: Any) -> bool:
    return isinstance(value, tuple) and all(isinstance(v, str) and v for v in value)


def _win_shapes(value: Any) -> bool:
    return _strings(value) and bool(value) and all(v in (STANDARD, *SHAPES) for v in value)


# Who may make a declaration: ``own_seat``, a seated player for themself (the table's
# creator and staff for anyone, for a player without a phone); ``any_writer``, whoever may
# write at the table for any player.
WHO = ("own_seat", "any_writer")
# Keys a declaration cannot take: the other words of its logged event (``on``) and the
# payloads of the table's other events (games.replay).
RESERVED_KEYS = ("on", "outcome", "previous", "reverts", "redoes")


@dataclass(frozen=True)
class Declaration:
    """A live declaration: made by a player while a hand is played, before it is
    recorded, and taken back until then; it goes into that hand's outcome.

    ``key`` names it in the table's log and on the socket, and is the outcome field
    (kind ``players``, in one or more of the entry spec's outcomes) that lists the
    declarers: the record sheet starts with them ticked, and what the declaration
    costs or changes is the ruleset's table rules' to settle from that field when the
    hand is recorded (riichi's 1,000-point stick to the pot), as for a hand entered
    without declaring. The texts are English msgids the site translates: ``label`` and
    ``label_off`` the button declaring it and taking it back, ``mark`` the word beside
    a declarer on the scoreboard, ``done`` and ``undone`` what the declarer's phone
    says, ``said`` and ``unsaid`` what the other phones say (``%(name)s``: the
    player), ``statistic_label`` the name of ``statistic``, the key of the share of
    hands a player made it in, in their statistics. ``native`` is its native name.
    ``who`` may declare: one of :data:`WHO`.
    """

    key: str
    label: str
    label_off: str
    mark: str
    done: str
    undone: str
    said: str
    unsaid: str
    statistic: str
    statistic_label: str
    native: str = ""
    who: str = "own_seat"

    def texts(self) -> tuple[str, ...]:
        """Its English texts, each a msgid."""
        return (self.label, self.label_off, self.mark, self.done, self.undone, self.said,
                self.unsaid, self.statistic_label)


_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


@dataclass(frozen=True)
class Standing:
    """A tournament convention: how an event's players are ranked over its rounds.

    Each player's **score** is the sum, over the tables they played, of their points at
    the end of the table less the start points (so what the table's own final settlement
    adds, such as riichi's uma and oka, is in it), plus the event's penalties. With
    ``table_points`` (by place, best first) a player also earns those at each table,
    tied players sharing the points of the places they cover; players are then ranked by
    table points, then score; without, by score. Equal players share a place.

    ``table_points_option`` names the option of the ruleset that holds the table points
    (so an event whose rules change them ranks as its tables do), ``table_points`` being
    the fallback. ``unit`` and ``decimals`` say how a score is shown (riichi's 45,300
    points as 45.3: unit 1000, one decimal). ``label`` names it and ``source`` says
    where it comes from (English msgids the site translates); ``key`` names it in an
    event's settings and the API.
    """

    key: str
    label: str
    source: str
    table_points: tuple[int, ...] = ()
    table_points_option: str = ""
    unit: int = 1
    decimals: int = 0

    def texts(self) -> tuple[str, ...]:
        return (self.label, self.source)


# What a ruleset without a published tournament convention ranks by.
POINTS_WON = Standing(
    key="points", label="Points won",
    source="The points each player won at their tables, added up over the rounds, as "
           "score sheets add them; no published tournament rule ranks this ruleset "
           "otherwise.")


def _standing(value: Any) -> bool:
    return (isinstance(value, Standing) and bool(_NAME.fullmatch(value.key))
            and all(isinstance(t, str) and t.strip() for t in value.texts())
            and isinstance(value.table_points, tuple)
            and all(isinstance(p, int) and not isinstance(p, bool)
                    for p in value.table_points)
            and isinstance(value.table_points_option, str)
            and isinstance(value.unit, int) and not isinstance(value.unit, bool)
            and value.unit > 0 and isinstance(value.decimals, int)
            and not isinstance(value.decimals, bool) and 0 <= value.decimals <= 3)


def _standings(value: Any) -> bool:
    return (isinstance(value, tuple) and bool(value) and all(_standing(s) for s in value)
            and len({s.key for s in value}) == len(value))


def _declaration(value: Any) -> bool:
    return (isinstance(value, Declaration) and bool(_NAME.fullmatch(value.key))
            and value.key not in RESERVED_KEYS
            and bool(_NAME.fullmatch(value.statistic)) and value.statistic.endswith("_rate")
            and all(isinstance(t, str) and t.strip() for t in value.texts())
            and "%(name)s" in value.said and "%(name)s" in value.unsaid
            and isinstance(value.native, str) and value.who in WHO)


def _declarations(value: Any) -> bool:
    return (isinstance(value, tuple) and all(_declaration(d) for d in value)
            and len({d.key for d in value}) == len(value))


def _stake_unit(value: Any) -> bool:
    return (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int)
            and not isinstance(value[0], bool) and value[0] > 0
            and isinstance(value[1], str) and bool(value[1]))


@dataclass(frozen=True)
class Capability:
    name: str
    default: Any
    valid: Callable[[Any], bool]
    shape: str  # what a valid declaration is, in English, for the error


CAPABILITIES: dict[str, Capability] = {c.name: c for c in (
    Capability("WIN_SHAPES", (STANDARD,), _win_shapes,
               f"a non-empty tuple of shape names ({', '.join((STANDARD, *SHAPES))})"),
    Capability("WIN_WORDS", ("ron", "tsumo"),
               lambda v: _strings(v) and len(v) == 2 and v[0] != v[1],
               "a tuple of two different words (win on a discard, self-draw)"),
    Capability("NEEDS_MISSING_SUIT", False, lambda v: isinstance(v, bool), "true or false"),
    Capability("ANALYSER_FIELDS", (), _strings, "a tuple of request field names"),
    Capability("DANGER_TOOL", False, lambda v: isinstance(v, bool), "true or false"),
    Capability("STAKE_UNIT", (1, "per point"), _stake_unit,
               "a tuple (points per unit > 0, English name)"),
    Capability("NATIVE_LANGUAGE", "zh",
               lambda v: isinstance(v, str) and v.isalpha() and 2 <= len(v) <= 3,
               "a language code such as 'zh' or 'ja'"),
    Capability("NATIVE_PARTS", (), _strings, "a tuple of words"),
    Capability("DECLARATIONS", (), _declarations,
               "a tuple of Declaration with different keys, each key and statistic a "
               "lowercase name (the statistic ending in _rate, the key none of "
               f"{', '.join(RESERVED_KEYS)}), every text filled in, said and unsaid "
               f"naming %(name)s, who one of {', '.join(WHO)}"),
    Capability("STANDINGS", (POINTS_WON,), _standings,
               "a non-empty tuple of Standing with different keys, each key a lowercase "
               "name, its label and source filled in, table points whole numbers, unit "
               "above 0 and 0 to 3 decimals"),
)}


def read(package: ModuleType, name: str) -> Any:
    """The capability ``name`` of ``package``: its declaration, or the default."""
    capability = CAPABILITIES[name]
    value = getattr(package, name, capability.default)
    if not capability.valid(value):
        owner = getattr(package, "NAME", package.__name__)
        raise CapabilityError(f"the ruleset {owner!r} declares {name} as {value!r:.80}; "
                              f"{name} must be {capability.shape}")
    return value


@lru_cache(maxsize=32)
def discarder_by_wind(package: ModuleType) -> bool:
    """Whether a ron's score request names its discarder by seat wind (the entry spec's
    ``discarder`` field is of kind ``wind``), under the package's default options."""
    spec = package.entry_spec(package.Options())
    return any(f.name == "discarder" and f.kind == "wind" for f in spec.request)
