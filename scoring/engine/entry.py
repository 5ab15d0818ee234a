"""Entry specs: what a ruleset's record form asks and its score requests accept, as data.

A ruleset package declares, for the table's options, an :class:`EntrySpec`:

* ``tiles``: the tile set (honours, flowers, red fives, chow allowed);
* ``request``: the fields of a score request (``python -m scoring.engine score``,
  ``POST /api/score/``), the win entry's ``hand`` body being the tiles-mode part of it;
* ``outcomes``: per outcome type the table's options allow, the outcome's fields: the
  wins (with their ``winner``, ``discarder``, ``pao``, ``hand`` and ``quick`` objects),
  riichi sticks, tenpai lists, shown hands, 精, Sichuan events and missing suits...;
* ``phrases``: the English templates of its hand summaries (msgids the site translates).

The site renders its record form from :meth:`EntrySpec.as_json` and the same spec drives
:func:`check_outcome` and :func:`check_request`: every key must be known, every number
bounded to what a real hand can reach, every text and list bounded, and no text may hold a
NUL or a lone surrogate. Errors are :class:`~scoring.engine.errors.StrictError`s whose
``params`` name the ``field`` (its key, dotted inside objects), the ``path`` within the
outcome (``wins.1.quick.han``), its English ``label``, the ``player`` the entry is about
when there is one, and the broken bound (``min``/``max``/``choices``).

What the spec cannot say (a discarder who is also the winner, a riichi declarer who is not
tenpai) stays in the ruleset's own checks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal, TypeVar

from .errors import (
    BadChoice,
    BadText,
    FieldType,
    OutcomeNotAllowed,
    OutOfRange,
    TooLong,
    UnknownField,
)
from .tiles import WIND_NAMES

Opts = TypeVar("Opts")

Kind = Literal[
    "int",  # a whole number in min..max
    "bool",  # true or false
    "choice",  # one of choices' values
    "text",  # free text (a preset name) up to max_length
    "tiles",  # a tile string, "123m456p"
    "tile",  # one tile, "5p"
    "tile_list",  # a list of single tiles (indicators)
    "melds",  # a list of meld strings, "pon 555z"
    "wind",  # a seat wind E, S, W or N (riichi and MCR requests name seats by wind)
    "player",  # a player number 0..players-1
    "players",  # a list of distinct player numbers
    "object",  # an object with ``fields``
    "list",  # a list of objects with ``fields``
    "player_map",  # an object keyed by player number ("0".."3"), each value ``fields``
    "int_list",  # one whole number in min..max per player
    "tiles_list",  # one tile string per player
    "choice_list",  # one of choices' values (or null) per player
    "count_or_choices",  # a whole number in min..max, or a list of choices' values
    "count_or_tiles",  # a whole number in min..max, or a tile string (MCR's flowers)
    "options",  # the ruleset's options (names checked by the options themselves)
]
KINDS: tuple[str, ...] = Kind.__args__  # type: ignore[attr-defined]  # Literal's values

TILES_TEXT = 64  # characters of a tile string: 14 tiles with spaces and suits to spare
MELD_TEXT = 40  # "ankan 1111m from N" and room for spaces
TEXT = 64  # any other text (a preset name, an option's text value)
OPTION_ITEMS = 40  # entries of an options object, or of a list option


@dataclass(frozen=True, slots=True)
class Field:
    """One key of a request or an outcome (see :data:`Kind`).

    ``label`` is English (a msgid); ``group`` tells the site where the field belongs on
    the form ("seat", "flag", "indicator", "quick", "tiles", "table" ...), ``default``
    what the form starts with.

    The record form shows what a person enters: ``ask`` is False for what the table fills
    in itself (the seats and winds of a win's score request, its options, honba...) and
    requests may still carry. ``when`` = (sibling, value) asks a field only when a
    sibling has that value (a Sichuan event's kong fields when its kind is "kong").
    ``widget`` names a way of asking the site offers beside the plain one for the kind:
    "han_fu" (a han × fu grid over an object's ``han`` and ``fu``), "per_player" (a list
    of one entry per player, its ``player`` fixed), "shared" (a list entry's field the
    later entries take from the first: a multiple ron's discarder), "sequence" (a list
    whose next entry is offered as soon as the last is filled in: events in order),
    "steps" (a small whole number offered as one-tap values beside the box).
    """

    name: str
    kind: Kind
    label: str
    min: int | None = None
    max: int | None = None
    choices: tuple[tuple[Any, str], ...] = ()  # (value, English label)
    fields: tuple[Field, ...] = ()
    required: bool = False
    nullable: bool = False
    max_items: int | None = None
    max_length: int | None = None
    default: Any = None
    group: str = ""
    help: str = ""
    ask: bool = True
    when: tuple[str, Any] | None = None
    widget: str = ""

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "label": self.label}
        for key in ("min", "max", "max_items", "max_length", "default", "help", "group",
                    "widget"):
            value = getattr(self, key)
            if value is not None and value != "":
                out[key] = value
        if not self.ask:
            out["ask"] = False
        if self.when is not None:
            out["when"] = {"field": self.when[0], "value": self.when[1]}
        if self.required:
            out["required"] = True
        if self.nullable:
            out["nullable"] = True
        if self.choices:
            out["choices"] = [{"value": v, "label": label} for v, label in self.choices]
        if self.fields:
            out["fields"] = [f.as_json() for f in self.fields]
        return out


@dataclass(frozen=True, slots=True)
class TileSet:
    """The tiles a ruleset plays with, for the picker and the checks."""

    honours: bool = True
    flowers: bool = False
    red_fives: int = 0  # red fives in the set (0: none, so "0m" is refused)
    chow: bool = True  # chi melds allowed
    wildcards: bool = False  # 精 / 百搭 turned up each hand
    # Tiles taken out of the set ("2m".."8m" in sanma, a whole suit in 三人两房).
    out: tuple[str, ...] = ()
    hand_size: int = 13  # concealed tiles before the winning one, no melds (Taiwan: 16)

    def as_json(self) -> dict[str, Any]:
        return {"honours": self.honours, "flowers": self.flowers,
                "red_fives": self.red_fives, "chow": self.chow, "wildcards": self.wildcards,
                "out": list(self.out), "hand_size": self.hand_size}


@dataclass(frozen=True, slots=True)
class OutcomeSpec:
    """One outcome type: its label and its fields (``type`` itself is implied)."""

    type: str
    label: str
    fields: tuple[Field, ...]
    help: str = ""  # what a player should know when recording it (a msgid)

    def as_json(self) -> dict[str, Any]:
        return {"type": self.type, "label": self.label, "help": self.help,
                "fields": [f.as_json() for f in self.fields]}


@dataclass(frozen=True, slots=True)
class Tally:
    """One line of a quick entry's checklist (a yaku, a fan): ticking it adds ``value`` to
    the quick field named ``unit`` (``open_value`` for a hand with calls, where that
    differs); a ``counted`` line (dora) is asked as a number. ``fu`` suggests a quick
    entry's fu by outcome type ("" for any): pinfu 30 on a ron, 20 on a self-draw."""

    key: str
    name: str  # English, a msgid (the package's ITEMS name)
    native: str
    unit: str
    value: int
    open_value: int | None = None
    counted: bool = False
    fu: Mapping[str, int] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "native": self.native, "unit": self.unit,
                "value": self.value, "open_value": self.open_value, "counted": self.counted,
                "fu": dict(self.fu)}


@dataclass(frozen=True, slots=True)
class EntrySpec:
    """Everything the site needs to ask for a ruleset's hands, under one set of options."""

    ruleset: str
    players: int
    tiles: TileSet
    request: tuple[Field, ...]
    outcomes: tuple[OutcomeSpec, ...]
    phrases: Mapping[str, str] = field(default_factory=dict)
    # Outcome types the ruleset has but these options turn off: type -> option name.
    disabled: Mapping[str, str] = field(default_factory=dict)
    # What a quick entry can add up (a han or fan checklist), in the order players look.
    checklist: tuple[Tally, ...] = ()

    def outcome(self, kind: str) -> OutcomeSpec | None:
        return next((o for o in self.outcomes if o.type == kind), None)

    def as_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "players": self.players,
                "tiles": self.tiles.as_json(),
                "request": [f.as_json() for f in self.request],
                "outcomes": [o.as_json() for o in self.outcomes],
                "phrases": dict(self.phrases), "disabled": dict(self.disabled),
                "checklist": [t.as_json() for t in self.checklist]}

    def texts(self) -> list[str]:
        """Every English text a person reads (labels, help, choice labels, phrases), for
        the site's generated msgid list."""
        out: list[str] = []

        def walk(fields: Sequence[Field]) -> None:
            for f in fields:
                out.extend(t for t in (f.label, f.help) if t)
                out.extend(label for _, label in f.choices if label)
                walk(f.fields)

        walk(self.request)
        for o in self.outcomes:
            out.extend(t for t in (o.label, o.help) if t)
            walk(o.fields)
        out.extend(self.phrases.values())
        out.extend(t.name for t in self.checklist)
        return list(dict.fromkeys(out))


# --- building blocks shared by the rulesets --------------------------------------------


def derived(f: Field) -> Field:
    """``f`` as a key the table fills in itself: accepted, not asked."""
    return replace(f, ask=False)


def asked_when(f: Field, sibling: str, value: Any) -> Field:
    """``f`` asked only when ``sibling`` is ``value``."""
    return replace(f, when=(sibling, value))


def flag(name: str, label: str, group: str = "flag", help: str = "") -> Field:
    return Field(name, "bool", label, group=group, help=help)


def number(name: str, label: str, lo: int, hi: int, default: int | None = None,
           group: str = "quick", required: bool = False, nullable: bool = False,
           help: str = "") -> Field:
    return Field(name, "int", label, min=lo, max=hi, default=default, group=group,
                 required=required, nullable=nullable, help=help)


def choice(name: str, label: str, choices: Sequence[tuple[Any, str]], default: Any = None,
           group: str = "", required: bool = False, nullable: bool = False) -> Field:
    return Field(name, "choice", label, choices=tuple(choices), default=default, group=group,
                 required=required, nullable=nullable)


def player(name: str, label: str, required: bool = False, nullable: bool = False,
           group: str = "seat") -> Field:
    return Field(name, "player", label, required=required, nullable=nullable, group=group)


def players(name: str, label: str, group: str = "table") -> Field:
    return Field(name, "players", label, group=group)


def hand_tiles(concealed_label: str = "Concealed tiles (without the winning tile)",
               chow: bool = True, melds: int = 4) -> tuple[Field, ...]:
    """``hand``, ``win_tile`` and ``melds`` of a tiles-mode request; ``melds`` is how many
    sets a hand can declare (4, or 5 in Taiwan's 16-tile hands)."""
    example = '["chi 123m", "pon 555z"]' if chow else '["pon 555p", "ankan 9999s"]'
    return (Field("hand", "tiles", concealed_label, max_length=TILES_TEXT, group="tiles"),
            Field("win_tile", "tile", "Winning tile", max_length=8, group="tiles"),
            Field("melds", "melds", "Declared melds", max_items=melds, max_length=MELD_TEXT,
                  group="tiles", help=example))


def flower_tiles(win_label: str) -> tuple[Field, ...]:
    """``flowers`` (the flower tiles drawn, "1f6f") and ``flower_win`` (a win on the
    flowers alone), for the rulesets that score each flower (Taiwan, Hong Kong)."""
    return (Field("flowers", "tiles", "Flowers", max_length=24, group="tiles",
                  help="the flowers drawn, like 1f6f"),
            flag("flower_win", win_label))


# A wind field's choices: (letter, English name), East first.
WIND_CHOICES = tuple(WIND_NAMES.items())
WIN_KINDS = (("self_draw", "Self-draw"), ("discard", "Win on a discard"),
             ("tsumo", "Tsumo (self-draw)"), ("ron", "Ron (win on a discard)"))


def request_common(players_n: int = 4) -> tuple[Field, ...]:
    """The keys every score request may have: the ruleset, a preset and option overrides
    (at a table, its own: never asked)."""
    return (Field("ruleset", "text", "Ruleset", max_length=TEXT, ask=False),
            Field("preset", "text", "Preset", max_length=TEXT, nullable=True, ask=False),
            Field("options", "options", "Options", nullable=True, ask=False))


def wind(name: str, label: str, nullable: bool = False,
         seats: tuple[tuple[str, str], ...] = WIND_CHOICES) -> Field:
    """A seat named by its wind, in a score request (the table knows its seats' winds);
    three players sit East, South and West (``seats=WIND_CHOICES[:3]``)."""
    return Field(name, "wind", label, choices=seats, nullable=nullable, group="seat",
                 ask=False)


def seat_numbers() -> tuple[Field, ...]:
    """The Chinese rulesets' seats in a score request: players by number (the table's win
    entry names them, so the hand's request does not ask them again)."""
    return tuple(derived(f) for f in (player("winner", "Winner"), player("dealer", "Dealer"),
                                      player("discarder", "Discarder", nullable=True)))


# Summary phrases every ruleset's summaries use (English msgids; ``%(name)s`` fields).
COMMON_PHRASES: dict[str, str] = {
    "win_discard": "%(winner)s wins on %(discarder)s's discard",
    "win_self_draw": "%(winner)s wins by self-draw",
    "points": "%(points)s points",
    "and": ", ",
    "then": "; ",
}


# --- checking ----------------------------------------------------------------------------


def check_text(value: str, path: str, label: str, limit: int, params: dict[str, Any]) -> None:
    if len(value) > limit:
        raise TooLong(f"{label} ({path}) is longer than {limit} characters",
                      params={**params, "max": limit})
    if "\x00" in value:
        raise BadText(f"{label} ({path}) holds a NUL character", params=params)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise BadText(f"{label} ({path}) holds a lone surrogate", params=params) from None


def _text_ok(value: str, limit: int) -> bool:
    """Whether :func:`check_text` lets ``value`` pass, without building the parameters of
    an error that is not raised (most texts are short ASCII: no encoding needed)."""
    if len(value) > limit or "\x00" in value:
        return False
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# The name -> field map of each fields tuple checked, built once (specs are cached per
# options and live as long as the process); the tuple is kept to rule out a reused id.
_KNOWN: dict[int, tuple[Sequence[Field], dict[str, Field]]] = {}
_KNOWN_LIMIT = 1024


def _known(fields: Sequence[Field]) -> dict[str, Field]:
    found = _KNOWN.get(id(fields))
    if found is not None and found[0] is fields:
        return found[1]
    known = {f.name: f for f in fields}
    if len(_KNOWN) >= _KNOWN_LIMIT:
        _KNOWN.clear()
    _KNOWN[id(fields)] = (fields, known)
    return known


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Checker:
    def __init__(self, players_n: int) -> None:
        self.players = players_n

    def params(self, f: Field, path: str, who: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {"field": f.name, "path": path, "label": f.label}
        if who is not None:
            out["player"] = who
        return out

    def fields(self, fields: Sequence[Field], value: Any, path: str, what: str,
               who: int | None) -> None:
        if not isinstance(value, Mapping):
            raise FieldType(f"{what} must be an object", params={
                "field": path.rsplit(".", 1)[-1], "path": path or what, "label": what,
                **({"player": who} if who is not None else {})})
        known = _known(fields)
        # One pass in the request's own order, which is all a good request needs; at the
        # first doubt the checks start again in the order that decides which error is
        # reported (unknown keys first, then values in the spec's order). A refused
        # request pays its checks twice per level of nesting: specs nest a few levels.
        try:
            for key in value:
                f = known.get(key) if isinstance(key, str) else None
                if f is None:
                    break
                self.value(f, value[key], _join(path, key), who)
            else:
                return
        except Exception:  # noqa: BLE001 - the checks below raise it again, in order
            pass
        for key in value:
            if not isinstance(key, str) or key not in known:
                shown = key if isinstance(key, str) else repr(key)
                if isinstance(key, str):
                    check_text(key, path or "(top)", "a key", TEXT, {"path": path})
                params: dict[str, Any] = {"field": shown, "path": _join(path, shown)}
                if who is not None:
                    params["player"] = who
                raise UnknownField(f"{what} has no field {shown!r}; known: "
                                   f"{', '.join(known) or 'none'}", params=params)
        # A missing required field is left to the ruleset, whose message says what the
        # hand lacks; ``required`` tells the form.
        for f in fields:
            if f.name in value:
                self.value(f, value[f.name], _join(path, f.name), who)

    def value(self, f: Field, v: Any, path: str, who: int | None) -> None:
        if v is None:
            return  # null is "not given": the ruleset decides whether that will do
        kind = f.kind
        if kind == "int":
            self.whole(f, v, path, who)
        elif kind == "bool":
            if not isinstance(v, bool):
                raise FieldType(f"{f.label} ({path}) must be true or false, got {v!r}"[:200],
                                params=self.params(f, path, who))
        elif kind == "choice":
            if isinstance(v, str) and not _text_ok(v, TEXT):
                check_text(v, path, f.label, TEXT, self.params(f, path, who))
            # type as well as value: true is not 1
            if not any(v == c and type(v) is type(c) for c, _ in f.choices):
                values = [c for c, _ in f.choices]
                raise BadChoice(f"{f.label} ({path}) must be one of "
                                f"{', '.join(map(str, values))}",
                                params={**self.params(f, path, who), "choices": values})
        elif kind in ("text", "tiles", "tile"):
            self.text(f, v, path, who)
        elif kind == "player":
            self.player(f, v, path, who)
        elif kind == "wind":
            if not isinstance(v, str) or v.upper() not in ("E", "S", "W", "N"):
                raise BadChoice(f"{f.label} ({path}) must be a seat wind E, S, W or N, got "
                                f"{v!r}"[:200], params={**self.params(f, path, who),
                                                       "choices": ["E", "S", "W", "N"]})
        elif kind == "tile_list" and isinstance(v, str):
            self.text(f, v, path, who)  # indicators may be written as one tile string
        elif kind in ("players", "tile_list", "melds", "int_list", "tiles_list"):
            self.items(f, v, path, who)
        elif kind == "choice_list":
            self.sized_list(f, v, path, who, self.players)
            values = [c for c, _ in f.choices]
            for i, item in enumerate(v):
                if item is not None and not any(item == c and type(item) is type(c)
                                                for c in values):
                    raise BadChoice(f"{f.label} ({path}.{i}) must be one of "
                                    f"{', '.join(map(str, values))} or null",
                                    params={**self.params(f, f"{path}.{i}", i),
                                            "choices": values})
        elif kind == "object":
            self.fields(f.fields, v, path, f.label, who)
        elif kind == "list":
            limit = f.max_items or self.players
            self.sized_list(f, v, path, who, limit)
            for i, entry in enumerate(v):
                self.fields(f.fields, entry, f"{path}.{i}", f.label, _who(entry, who))
        elif kind == "player_map":
            if not isinstance(v, Mapping):
                raise FieldType(f"{f.label} ({path}) must map players to objects",
                                params=self.params(f, path, who))
            for key, entry in v.items():
                p = _player_key(key, self.players)
                if p is None:
                    raise UnknownField(f"{f.label} ({path}) is keyed by player numbers "
                                       f"0-{self.players - 1}, got {str(key)[:20]!r}",
                                       params={**self.params(f, path, who),
                                               "field": str(key)[:20]})
                self.fields(f.fields, entry, f"{path}.{p}", f.label, p)
        elif kind == "count_or_choices":
            if isinstance(v, list):
                self.sized_list(f, v, path, who, f.max_items or 8)
                values = [c for c, _ in f.choices]
                for item in v:
                    if not isinstance(item, str) or item not in values:
                        raise BadChoice(f"{f.label} ({path}) lists {str(item)[:20]!r}; "
                                        f"known: {', '.join(values)}",
                                        params={**self.params(f, path, who), "choices": values})
            else:
                self.whole(f, v, path, who)
        elif kind == "count_or_tiles":
            if isinstance(v, str):
                self.text(f, v, path, who)
            else:
                self.whole(f, v, path, who)
        elif kind == "options":
            self.options(f, v, path, who)

    def whole(self, f: Field, v: Any, path: str, who: int | None) -> None:
        if not _whole(v):
            raise FieldType(f"{f.label} ({path}) must be a whole number, got {v!r}"[:200],
                            params=self.params(f, path, who))
        lo, hi = f.min, f.max
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise OutOfRange(f"{f.label} ({path}) must be {lo}-{hi}, got {v}"[:200],
                             params={**self.params(f, path, who), "min": lo, "max": hi})

    def text(self, f: Field, v: Any, path: str, who: int | None) -> None:
        if not isinstance(v, str):
            raise FieldType(f"{f.label} ({path}) must be text, got {type(v).__name__}",
                            params=self.params(f, path, who))
        limit = f.max_length or (8 if f.kind == "tile" else TILES_TEXT if f.kind == "tiles"
                                 else TEXT)
        if not _text_ok(v, limit):
            check_text(v, path, f.label, limit, self.params(f, path, who))

    def player(self, f: Field, v: Any, path: str, who: int | None) -> None:
        if not _whole(v) or not 0 <= v < self.players:
            raise OutOfRange(f"{f.label} ({path}) must be a player number 0-"
                             f"{self.players - 1}, got {v!r}"[:200],
                             params={**self.params(f, path, who), "min": 0,
                                     "max": self.players - 1})

    def sized_list(self, f: Field, v: Any, path: str, who: int | None, limit: int) -> None:
        if not isinstance(v, list | tuple):
            raise FieldType(f"{f.label} ({path}) must be a list", params=self.params(f, path, who))
        if len(v) > limit:
            raise TooLong(f"{f.label} ({path}) lists more than {limit}",
                          params={**self.params(f, path, who), "max": limit})

    def items(self, f: Field, v: Any, path: str, who: int | None) -> None:
        kind = f.kind
        limit = f.max_items or (self.players if kind in ("players", "int_list", "tiles_list")
                                else 8)
        self.sized_list(f, v, path, who, limit)
        for i, item in enumerate(v):
            at = f"{path}.{i}"
            if kind == "players":
                self.player(f, item, at, who)
            elif kind == "int_list":
                self.whole(f, item, at, who if who is not None else i)
            elif kind == "melds":
                if not isinstance(item, str):
                    raise FieldType(f"{f.label} ({at}) must be meld texts like \"pon 555z\"",
                                    params=self.params(f, at, who))
                if not _text_ok(item, f.max_length or MELD_TEXT):
                    check_text(item, at, f.label, f.max_length or MELD_TEXT,
                               self.params(f, at, who))
            else:  # tile_list, tiles_list
                if not isinstance(item, str):
                    raise FieldType(f"{f.label} ({at}) must be tiles like \"5m\"",
                                    params=self.params(f, at, who))
                if not _text_ok(item, f.max_length or TILES_TEXT):
                    player_of = who if who is not None or kind != "tiles_list" else i
                    check_text(item, at, f.label, f.max_length or TILES_TEXT,
                               self.params(f, at, player_of))

    def options(self, f: Field, v: Any, path: str, who: int | None) -> None:
        if not isinstance(v, Mapping):
            return  # an Options object, or a wrong type the options code names
        if len(v) > OPTION_ITEMS:
            raise TooLong(f"{f.label} ({path}) has more than {OPTION_ITEMS} entries",
                          params={**self.params(f, path, who), "max": OPTION_ITEMS})
        for key, value in v.items():
            at = _join(path, str(key)[:TEXT])
            if isinstance(key, str) and not _text_ok(key, TEXT):
                check_text(key, at, "an option name", TEXT, {"path": at, "option": key[:TEXT]})
            values = value if isinstance(value, list | tuple) else [value]
            if len(values) > OPTION_ITEMS:
                raise TooLong(f"option {str(key)[:TEXT]!r} lists too many values",
                              params={"path": at, "option": str(key)[:TEXT],
                                      "max": OPTION_ITEMS})
            for item in values:
                if isinstance(item, str):
                    if not _text_ok(item, TEXT):
                        check_text(item, at, "an option value", TEXT,
                                   {"path": at, "option": str(key)[:TEXT]})
                elif _whole(item) and abs(item) > 10 ** 9:
                    raise OutOfRange(f"option {str(key)[:TEXT]!r} is out of range",
                                     params={"path": at, "option": str(key)[:TEXT],
                                             "min": -10 ** 9, "max": 10 ** 9})


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _who(entry: Any, default: int | None) -> int | None:
    """The player an entry is about: its winner, or the player it names."""
    if isinstance(entry, Mapping):
        for key in ("winner", "player"):
            p = entry.get(key)
            if isinstance(p, int) and not isinstance(p, bool):
                return p
    return default


def _player_key(key: Any, players_n: int) -> int | None:
    if isinstance(key, str) and key.isdigit() and len(key) <= 2:
        key = int(key)
    return key if _whole(key) and 0 <= key < players_n else None


def check_outcome(spec: EntrySpec, outcome: Mapping[str, Any]) -> None:
    """Refuse an outcome whose type these options turn off, or any key or value outside
    the spec; the ruleset has already checked that ``outcome["type"]`` is one of its own."""
    kind = outcome.get("type")
    found = spec.outcome(kind) if isinstance(kind, str) else None
    if found is None:
        option = spec.disabled.get(kind) if isinstance(kind, str) else None
        raise OutcomeNotAllowed(
            f"{kind!r} is not recorded under these rules"
            + (f" (option {option})" if option else ""),
            params={"type": str(kind)[:TEXT], **({"option": option} if option else {})})
    type_field = Field("type", "choice", "Outcome", choices=((found.type, found.label),))
    _Checker(spec.players).fields((type_field, *found.fields), outcome, "", "the outcome",
                                  None)


def check_request(spec: EntrySpec, request: Mapping[str, Any]) -> None:
    """Refuse a score request with any key or value outside the spec."""
    _Checker(spec.players).fields(spec.request, request, "", "the request", None)


def cached(build: Callable[[Opts], EntrySpec]) -> Callable[[Opts], EntrySpec]:
    """``build`` remembered per options object (a table's options do not change, and
    options are frozen, hashable dataclasses)."""
    return lru_cache(maxsize=64)(build)
