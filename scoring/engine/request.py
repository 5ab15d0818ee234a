"""Pieces of a score request that the rulesets read alike.

Each ruleset owns its request shape (see its ``score`` module); what lives here is what
they spell and check the same way: options naming a preset, the ``win`` kind, true/false
flags, whole numbers, the seats, the concealed tiles with the winning tile and the melds,
and the deltas of a list of payments. Messages name the request key, so a caller's user
learns what to fix whichever ruleset they play.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from .errors import BadInput, BadOption, WrongTileCount
from .game import check_player
from .options import build_options
from .tiles import Meld, Tile, check_copies, counts34, parse_meld, parse_tiles

Opts = TypeVar("Opts")

AFTER_KONG = ("after_kong (杠开) is a self-draw on the replacement tile of a kong "
              "among the melds")


def build_preset(cls: type[Opts], presets: Mapping[str, Mapping[str, Any]], preset: Any,
                 overrides: Mapping[str, Any]) -> Opts:
    """``cls`` built from the named preset (or the defaults) with ``overrides`` on top."""
    base = None
    if preset is not None:
        if not isinstance(preset, str) or preset not in presets:
            raise BadOption(f"unknown preset {str(preset)[:64]!r}; choose one of: "
                            f"{', '.join(presets)}", params={"option": "preset"})
        base = build_options(cls, presets[preset]["options"])
    return build_options(cls, overrides, base=base)


def _freeze(value: Any) -> Any:
    """A hashable key that keeps ``True`` and ``1`` apart (they hash equal)."""
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, Mapping):
        return ("map", tuple(sorted((str(k), _freeze(v)) for k, v in value.items())))
    return (type(value).__name__, value)


# Options built before, by (class, preset, overrides): validating options costs more than
# scoring a hand, and a table uses the same few all evening. Two keys: one made without
# sorting for a request's own dict (types kept: True == 1 but is not a number of fan),
# and a sorted one that any mapping of the same values finds.
_RESOLVED: dict[Any, Any] = {}
_RESOLVED_LIMIT = 512


def resolve_options(cls: type[Opts], presets: Mapping[str, Mapping[str, Any]], raw: Any,
                    preset: Any = None) -> Opts:
    """An options object, or a mapping of overrides that may name its own ``preset``
    (which wins over the request's top-level ``preset``); built once per distinct value."""
    if raw is None:
        raw = {}
    elif isinstance(raw, cls):
        return raw
    fast: Any = None
    if type(raw) is dict:
        try:
            fast = (cls, preset, tuple(raw.items()), tuple(map(type, raw.values())))
            found = _RESOLVED.get(fast)
        except TypeError:  # an unhashable value (a list): the sorted key below
            fast = found = None
        if found is not None:
            return cast(Opts, found)  # stored under its own class in the key
    if not isinstance(raw, Mapping):
        raise BadOption(f"options must be an object of name: value, got {type(raw).__name__}")
    try:
        key: Any = (cls, _freeze(preset), _freeze(raw))
        found = _RESOLVED.get(key)
    except TypeError:  # a value no key can hold (a set): build, and let validation say
        key = found = None
    if found is None:
        overrides = dict(raw)
        found = build_preset(cls, presets, overrides.pop("preset", preset), overrides)
        if len(_RESOLVED) >= _RESOLVED_LIMIT:
            _RESOLVED.clear()
        if key is not None:
            _RESOLVED[key] = found
    if fast is not None:
        _RESOLVED[fast] = found
    return found


def request_options(request: Any, cls: type[Opts],
                    presets: Mapping[str, Mapping[str, Any]]) -> Opts:
    """The options of a score request, after checking that the request is an object."""
    if not isinstance(request, Mapping):
        raise BadInput("the request must be an object")
    return resolve_options(cls, presets, request.get("options"), request.get("preset"))


def win_kind(value: Any) -> bool:
    """True for a self-draw; the Chinese rulesets accept riichi's spellings too."""
    if value in ("self_draw", "tsumo"):
        return True
    if value in ("discard", "ron"):
        return False
    raise BadInput(f"win must be 'self_draw' or 'discard', got {value!r}")


def flag(request: Mapping[str, Any], name: str) -> bool:
    """``request[name]`` as true/false, absent meaning false; 0 and 1 are refused."""
    value = request.get(name, False)
    if not isinstance(value, bool):
        raise BadInput(f"{name} must be true or false, got {value!r}")
    return value


def whole_number(request: Mapping[str, Any], key: str, lo: int, hi: int,
                 default: int | None = 0) -> int:
    """``request[key]`` as a whole number in ``lo..hi`` (true/false are not numbers)."""
    value = request.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise BadInput(f"{key} must be a whole number {lo}-{hi}, got {value!r}",
                       params={"field": key, "min": lo, "max": hi})
    return value


def discarder_seat(request: Mapping[str, Any], winner: int, players: int = 4) -> int:
    """The discarder, defaulting to the player before the winner (who discards to them)."""
    d = request.get("discarder")
    return check_player((winner - 1) % players if d is None else d, "discarder", players)


def win_seats(request: Mapping[str, Any], self_draw: bool) -> tuple[int, int, int | None]:
    """(winner, dealer, discarder) of a one-winner request; no discarder on a self-draw."""
    winner = check_player(request.get("winner", 0), "winner")
    dealer = check_player(request.get("dealer", 0), "dealer")
    discarder = None
    if not self_draw:
        discarder = discarder_seat(request, winner)
        if discarder == winner:
            raise BadInput("the discarder must be another player than the winner")
    return winner, dealer, discarder


def deltas_of(payments: Iterable[Mapping[str, Any]], winner: int) -> list[int]:
    """Each player's change when every ``{"payer", "amount"}`` is paid to ``winner``."""
    deltas = [0, 0, 0, 0]
    for pay in payments:
        deltas[pay["payer"]] -= pay["amount"]
        deltas[winner] += pay["amount"]
    return deltas


@dataclass(frozen=True, slots=True)
class HandTiles:
    """The tiles of a tiles-mode request, read and checked."""

    tiles: list[Tile]  # concealed, without the winning tile
    win_tile: Tile
    melds: tuple[Meld, ...]
    every: list[Tile]  # concealed, winning tile and every meld tile (kongs as four)

    def concealed_counts(self) -> list[int]:
        """34 counts of the concealed tiles, the winning tile included."""
        return counts34([*self.tiles, self.win_tile])


def meld_list(raw: Any, example: str) -> tuple[Meld, ...]:
    """``None`` is no melds; otherwise a list of meld texts like ``example``."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise BadInput(f"melds must be a list like {example}")
    return tuple(parse_meld(m) for m in raw)


def no_flowers(ruleset: str) -> Callable[[Sequence[Tile]], None]:
    """A tile check for a ruleset played without flowers."""
    def check(tiles: Sequence[Tile]) -> None:
        if any(t.kind >= 34 for t in tiles):
            raise BadInput(f"{ruleset} mahjong has no flowers; remove the 'f' tiles")

    return check


def read_tiles(request: Mapping[str, Any], read_melds: Callable[[Any], tuple[Meld, ...]],
               check: Callable[[Sequence[Tile]], None], size: int = 13) -> HandTiles:
    """``hand`` (``size`` tiles with melds counted as 3, winning tile apart: 13, or 16 in
    Taiwan), ``win_tile`` and ``melds``; ``check`` refuses tiles the ruleset does not play
    with, before the count and copies checks so that its message is the one shown."""
    hand_text = request.get("hand")
    if not isinstance(hand_text, str):
        raise BadInput("hand must be the concealed tiles without the winning tile, e.g. '1123m'")
    tiles = parse_tiles(hand_text)
    win_tiles = parse_tiles(request.get("win_tile") or "")
    if len(win_tiles) != 1:
        raise BadInput("win_tile must be exactly one tile, e.g. '5p'")
    melds = read_melds(request.get("melds"))
    every = tiles + win_tiles + [t for m in melds for t in m.tiles]
    check(every)
    held = len(tiles) + 3 * len(melds)
    if held != size:
        raise WrongTileCount(
            f"the hand has {held} tiles (counting each meld as 3) without the winning tile; "
            f"{size} are needed", params={"count": held, "needed": [size]})
    check_copies(every)
    return HandTiles(tiles, win_tiles[0], melds, every)


def check_after_kong(after_kong: bool, self_draw: bool, melds: Sequence[Meld],
                     message: str = AFTER_KONG) -> None:
    """A win after a kong is a self-draw by a hand that has declared a kong."""
    if after_kong and not (self_draw and any(m.is_kan for m in melds)):
        raise BadInput(message)
