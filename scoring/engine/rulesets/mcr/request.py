"""Reading and checking an MCR score request (the JSON of ``POST /api/score/``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter
from typing import Any

from ...errors import BadInput, BadMeld, BadOption, WinFlagConflict, WrongTileCount
from ...request import resolve_options as shared_resolve
from ...tiles import (
    WIND_LETTERS,
    Meld,
    check_copies,
    is_flower,
    parse_meld,
    parse_tiles,
    tile_name,
)
from .facts import BIT, TileFacts
from .options import PRESETS, Options
from .reading import MSet
from .split import SEGMENTS, Segment, segment

WIND_KIND = {s: 27 + i for i, s in enumerate(WIND_LETTERS)}


class DeclaredMeld:
    """What scoring needs of a declared meld, worked out once per meld text."""

    __slots__ = ("meld", "mset", "kinds", "mask", "tiles_key", "is_chow", "is_open", "is_kan",
                 "bad_for")

    def __init__(self, meld: Meld) -> None:
        self.meld = meld
        self.kinds = meld.kinds
        self.is_chow = meld.kind == "chi"
        self.is_open = meld.is_open
        self.is_kan = meld.is_kan
        if self.is_chow:
            self.mset = MSet("chow", meld.base, False, True, True)
        elif not self.is_kan:
            self.mset = MSet("pung", meld.base, False, True, True)
        else:
            self.mset = MSet("kong", meld.base, not self.is_open, True, self.is_open)
        mask = 0
        for k in self.kinds:
            mask |= BIT[k]
        self.mask = mask
        self.tiles_key = TileFacts.key_of(mask)
        # Seats that could not have declared it (see _check_claims, which words why).
        self.bad_for = frozenset(seat for seat in WIND_LETTERS if _claim_error(meld, seat))


@dataclass(slots=True)
class WinRequest:
    concealed14: list[int]
    melds: tuple[Meld, ...]
    win_tile: int
    tsumo: bool
    seat: str
    round: str
    flowers: int
    last_tile: bool
    kong: bool
    wall_last: bool
    discarder: str | None
    heavenly: bool
    earthly: bool
    human: bool
    options: Options
    # Worked out while parsing, for the scorer: the declared melds, every tile of the hand
    # (kongs as four), the concealed tiles suit by suit, the kind masks of the concealed
    # tiles and of the whole hand, the hand's TileFacts key and the kinds held four times
    # without being a declared kong.
    declared: tuple[DeclaredMeld, ...] = ()
    held: list[int] = field(default_factory=list)
    segments: tuple[Segment, ...] = ()
    concealed_mask: int = 0
    held_mask: int = 0
    tiles_key: int = 0
    hogs: int = 0


def _flag(request: Mapping[str, Any], name: str) -> bool:
    value = request.get(name, False)
    if value is not False and value is not True:
        raise BadInput(f"'{name}' must be true or false, got {value!r}")
    return value


_SEAT_OF = {s: s for s in WIND_LETTERS}


def _seat(request: Mapping[str, Any], name: str, default: str | None) -> str | None:
    value = request.get(name)
    if value is None:  # absent or null: "not given", as the entry spec reads it
        return default
    found = _SEAT_OF.get(value) if type(value) is str else None
    if found is not None:
        return found
    if not isinstance(value, str) or value.upper() not in WIND_LETTERS:
        raise BadInput(f"'{name}' must be one of E, S, W, N, got {value!r}")
    return value.upper()


def read_options(request: Mapping[str, Any]) -> Options:
    """The request's options (a preset and overrides), through the engine's shared,
    cached resolution (:func:`scoring.engine.request.resolve_options`)."""
    return shared_resolve(Options, PRESETS, request.get("options"), request.get("preset"))


def _flowers(request: Mapping[str, Any], in_hand: int) -> int:
    value = request.get("flowers", 0)
    if type(value) is int and 0 <= value + in_hand <= 8:
        return value + in_hand
    if isinstance(value, bool):
        raise BadInput(
            f"'flowers' is a number of flowers or flower tiles like '1f3f', got {value!r}")
    if isinstance(value, int):
        n = value
    elif isinstance(value, str):
        tiles = parse_tiles(value)
        if not all(is_flower(t.kind) for t in tiles):
            raise BadInput(f"'flowers' holds only flower tiles 1f-8f, got {value!r}")
        check_copies(tiles, what="the flowers")
        n = len(tiles)
    else:
        raise BadInput(f"'flowers' is a number or flower tiles like '1f3f', got {value!r}")
    n += in_hand
    if not 0 <= n <= 8:
        raise BadInput(f"a player holds 0 to 8 flowers, got {n}",
                       params={"count": n, "max": 8, "reason": "flowers_held"})
    return n


def _claim_error(m: Meld, seat: str) -> str | None:
    left = WIND_LETTERS[(WIND_LETTERS.index(seat) - 1) % 4]
    if m.source == seat:
        return f"'{m}': a player cannot claim their own discard"
    if m.kind == "chi" and m.source is not None and m.source != left:
        return (f"'{m}': a chow can only be claimed from the player on the left "
                f"({left} for seat {seat})")
    if m.kind == "ankan" and m.source is not None:
        return f"'{m}': a concealed kong is not claimed from anyone; drop 'from'"
    return None


def _check_claims(melds: tuple[Meld, ...], seat: str) -> None:
    for m in melds:
        error = _claim_error(m, seat)
        if error:
            raise BadMeld(error)


_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}
_SUIT_TOP = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}


def _slow_kinds(text: str) -> list[int]:
    """Tile kinds of ``text``: a plain loop for the usual case, :func:`parse_tiles` (which
    words every error) for anything unusual."""
    out: list[int] = []
    pending: list[int] = []
    for ch in text:
        if "0" <= ch <= "9":
            pending.append(ord(ch) - 48)
        elif ch in _SUIT_BASE:
            if not pending:
                break
            base, top = _SUIT_BASE[ch], _SUIT_TOP[ch]
            for n in pending:
                if n == 0 and base < 27:
                    out.append(base + 4)
                elif 1 <= n <= top:
                    out.append(base + n - 1)
                else:
                    return [t.kind for t in parse_tiles(text)]
            pending.clear()
        elif not ch.isspace():
            break
    else:
        if not pending:
            return out
    return [t.kind for t in parse_tiles(text)]


# One tile written as digit + suit ("5p", "0s" a red five, "3f" a flower): the shape of
# most requests, read two characters at a time.
_ONE_TILE = {f"{d}{suit}": _SUIT_BASE[suit] + d - 1
             for suit, top in _SUIT_TOP.items() for d in range(1, top + 1)}
_ONE_TILE.update({f"0{suit}": _SUIT_BASE[suit] + 4 for suit in "mps"})
_RUNS = re.compile(r"([0-9]+)([mpszf])")
_PLAIN = re.compile(r"(?:[0-9]+[mps]|[1-7]+z|[1-8]+f)*")
_RUN_KINDS: dict[str, list[int]] = {}


def _kinds(text: str) -> list[int]:
    """Tile kinds of ``text`` in the order written (flowers are kinds 34-41)."""
    if not len(text) & 1:
        try:
            return [_ONE_TILE[text[i:i + 2]] for i in range(0, len(text), 2)]
        except KeyError:
            pass
    if _PLAIN.fullmatch(text) is None:
        return _slow_kinds(text)
    out: list[int] = []
    for digits, suit in _RUNS.findall(text):
        run = digits + suit
        found = _RUN_KINDS.get(run)
        if found is None:
            base = _SUIT_BASE[suit]
            found = [base + 4 if d == "0" else base + ord(d) - 49 for d in digits]
            if len(_RUN_KINDS) < 4096:
                _RUN_KINDS[run] = found
        out += found
    return out


def _hand_counts(text: str) -> list[int]:
    """How many of each kind ``text`` holds: 34 tile kinds, then the 8 flowers."""
    counts = [0] * 42
    if not len(text) & 1:
        try:
            for i in range(0, len(text), 2):
                counts[_ONE_TILE[text[i:i + 2]]] += 1
            return counts
        except KeyError:
            counts = [0] * 42
    for k in _kinds(text):
        counts[k] += 1
    return counts


@lru_cache(maxsize=4096)
def _declared(text: str) -> DeclaredMeld:
    return DeclaredMeld(parse_meld(text))


_MELD_OF = attrgetter("meld")


_NO_FLOWERS = [0] * 8
_FLAG_NAMES = ("last_tile", "kong", "wall_last", "heavenly_hand", "earthly_hand", "human_hand")


def parse_request(request: Mapping[str, Any]) -> WinRequest:
    if type(request) is not dict and not isinstance(request, Mapping):
        raise BadInput("the score request must be an object")
    options = read_options(request)
    hand_text = request.get("hand")
    if not isinstance(hand_text, str):
        raise BadInput("'hand' must be the concealed tiles, like '123m456p789s1122z'")
    counts = _hand_counts(hand_text)
    flower_counts = counts[34:]
    hand_flowers = sum(flower_counts) if flower_counts != _NO_FLOWERS else 0
    del counts[34:]
    raw_melds = request.get("melds") or []
    if type(raw_melds) is not list and not isinstance(raw_melds, list | tuple):
        raise BadInput("'melds' must be a list like ['pon 555z from N', 'ankan 1111m']")
    if raw_melds:
        try:
            declared = tuple(map(_declared, raw_melds))
        except TypeError:  # something unhashable, so not a meld text: worded below
            declared = tuple(_declared(m) if isinstance(m, str) else DeclaredMeld(parse_meld(m))
                             for m in raw_melds)
        melds = tuple(map(_MELD_OF, declared))
    else:
        declared = melds = ()
    if len(melds) > 4:
        raise WrongTileCount(f"a hand has at most four melds, got {len(melds)}",
                             params={"count": len(melds), "max": 4, "reason": "melds"})
    win_text = request.get("win_tile")
    if not isinstance(win_text, str):
        raise BadInput("'win_tile' must be one tile, like '5p'")
    win = _ONE_TILE.get(win_text)
    if win is None or win >= 34:
        win_kinds = _kinds(win_text)
        if len(win_kinds) != 1 or win_kinds[0] >= 34:
            raise BadInput(f"'win_tile' must be one non-flower tile, got {win_text!r}")
        win = win_kinds[0]
    size = sum(counts) + 3 * len(melds)
    if size == 13:
        counts[win] += 1
    elif size != 14:
        raise WrongTileCount(
            f"the hand has {size} tiles counting each meld as 3; give the 13 tiles before "
            "the win (or 14 including the winning tile)", params={"count": size, "needed": [13]})
    elif not counts[win]:
        raise WrongTileCount(
            f"the hand has 14 tiles but no {tile_name(win)}: give the 13 tiles before the "
            "win, or include the winning tile in the hand",
            params={"tile": tile_name(win), "reason": "no_win_tile"})
    held = counts[:]
    meld_mask = meld_key = n_kongs = 0
    for d in declared:
        for k in d.kinds:
            held[k] += 1
        meld_mask |= d.mask
        meld_key |= d.tiles_key
        n_kongs += d.is_kan
    top = max(held)
    if top > 4 or (hand_flowers and max(flower_counts) > 1):
        # The general check words the error (which tile, how many).
        every = parse_tiles(hand_text) + [t for m in melds for t in m.tiles]
        if size == 13:
            every += parse_tiles(win_text)
        check_copies(every)
    b = bytes(counts)
    m = SEGMENTS[0].get(b[:9]) or segment(0, b[:9])
    p = SEGMENTS[1].get(b[9:18]) or segment(1, b[9:18])
    s = SEGMENTS[2].get(b[18:27]) or segment(2, b[18:27])
    z = SEGMENTS[3].get(b[27:]) or segment(3, b[27:])
    segs = (m, p, s, z)
    mask = m.mask | p.mask | s.mask | z.mask
    win_kind = request.get("win")
    if win_kind == "tsumo":
        tsumo = True
    elif win_kind == "ron":
        tsumo = False
    else:
        raise BadInput(
            f"'win' must be 'ron' (on a discard) or 'tsumo' (self-drawn), got {win_kind!r}")
    get = request.get
    seat = get("seat_wind", "E")
    if type(seat) is not str or seat not in _SEAT_OF:
        seat = _seat(request, "seat_wind", "E")
    rnd = get("round_wind", "E")
    if type(rnd) is not str or rnd not in _SEAT_OF:
        rnd = _seat(request, "round_wind", "E")
    if seat is None or rnd is None:  # not with an "E" default; says so to mypy
        raise BadInput("seat_wind and round_wind must be one of E, S, W, N")
    for d in declared:
        if seat in d.bad_for:
            _check_claims(melds, seat)
    discarder = get("discarder")
    if discarder is not None and (type(discarder) is not str or discarder not in _SEAT_OF):
        discarder = _seat(request, "discarder", None)
    if tsumo and discarder is not None:
        raise BadInput("a self-drawn win has no discarder; drop 'discarder' or set win to 'ron'")
    if discarder is not None and discarder == seat:
        raise BadInput(f"the discarder ({discarder}) cannot be the winner's own seat")
    flowers = get("flowers", 0)
    if type(flowers) is not int or not 0 <= flowers + hand_flowers <= 8:
        flowers = _flowers(request, hand_flowers)  # words what is wrong
    else:
        flowers += hand_flowers
    flags: tuple[bool, ...] = (
        get("last_tile", False), get("kong", False), get("wall_last", False),
        get("heavenly_hand", False), get("earthly_hand", False), get("human_hand", False))
    for value in flags:
        if value is not False and value is not True:
            # The general reader words the error for the first flag that is not a boolean.
            flags = tuple(_flag(request, name) for name in _FLAG_NAMES)
            break
    req = WinRequest(
        counts, melds, win, tsumo, seat, rnd, flowers, flags[0], flags[1], flags[2],
        discarder, flags[3], flags[4], flags[5], options, declared, held, segs, mask,
        mask | meld_mask, m.tiles_key | p.tiles_key | s.tiles_key | z.tiles_key | meld_key,
        held.count(4) - n_kongs if top == 4 else 0)
    if req.kong or req.last_tile or melds or req.heavenly or req.earthly or req.human:
        _check_flags(req)
    return req


def _check_flags(r: WinRequest) -> None:
    in_melds = r.held[r.win_tile] - r.concealed14[r.win_tile] if r.melds else 0
    if r.kong and r.tsumo and not any(m.is_kan for m in r.melds):
        raise WinFlagConflict("杠上开花 (kong + tsumo) needs a declared kong in 'melds'")
    if r.kong and not r.tsumo and (r.concealed14[r.win_tile] != 1 or in_melds):
        raise WinFlagConflict(
            f"抢杠和 (kong + ron): the robbed {tile_name(r.win_tile)} completes someone else's "
            "kong, so the winner cannot hold another copy of it",
            params={"tile": tile_name(r.win_tile), "reason": "robbed_kong"})
    if r.last_tile and r.concealed14[r.win_tile] != 1:
        raise WinFlagConflict(
            f"和绝张 (last_tile): the hand holds another {tile_name(r.win_tile)} itself, so the "
            "winning tile cannot be the last copy with three already exposed",
            params={"tile": tile_name(r.win_tile), "reason": "last_copy"})
    if in_melds == 3:
        # Three copies in the winner's own exposed melds: the fourth is necessarily the last.
        r.last_tile = True
    if not (r.heavenly or r.earthly or r.human):
        return
    opts = r.options
    for flag, enabled, what in ((r.heavenly, opts.heavenly_hand, "heavenly_hand"),
                                (r.earthly, opts.earthly_hand, "earthly_hand"),
                                (r.human, opts.human_hand, "human_hand")):
        if flag and not enabled:
            raise BadOption(f"'{what}' is not played under these options; enable the option "
                            f"'{what}' (or the 'club' preset) to score it")
    if (r.heavenly or r.earthly or r.human) and r.melds:
        raise WinFlagConflict("天和/地和/人和 happen before any meld is declared")
    if r.heavenly and (r.seat != "E" or not r.tsumo):
        raise WinFlagConflict("天和 is the dealer (seat E) winning by tsumo on the deal")
    if r.earthly and (r.seat == "E" or r.tsumo):
        raise WinFlagConflict("地和 is a non-dealer winning by ron on the dealer's first discard")
    if r.earthly and r.discarder not in (None, "E"):
        raise WinFlagConflict("地和 is won on the dealer's (E) first discard")
    if r.human and (r.seat == "E" or not r.tsumo):
        raise WinFlagConflict("人和 is a non-dealer winning by tsumo on their first draw")
    if sum((r.heavenly, r.earthly, r.human)) > 1:
        raise WinFlagConflict("at most one of 天和, 地和, 人和 applies")


def clear_request_caches() -> None:
    """Forget meld texts and tile runs read before (validated options are kept)."""
    _declared.cache_clear()
    _RUN_KINDS.clear()
