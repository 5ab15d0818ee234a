"""Reading and checking a score request into a :class:`~.hand.WinContext`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from operator import add
from typing import Any

from ...errors import BadInput, TooManyCopies, WrongTileCount
from ...request import resolve_options as shared_resolve
from ...tiles import (
    WIND_LETTERS,
    Meld,
    Tile,
    check_copies,
    counts34,
    parse_meld,
    parse_tiles,
    tile_name,
)
from .hand import WIND_KIND, MeldFacts, WinContext, meld_facts
from .options import PRESETS, Options

FLAGS = ("riichi", "double_riichi", "open_riichi", "ippatsu", "rinshan", "chankan", "haitei",
         "houtei", "tenhou", "chiihou", "renhou", "nagashi_mangan")


_DEFAULT_OPTIONS = Options()


def resolve_options(request: Mapping[str, Any]) -> Options:
    """``options`` may name a preset (``{"preset": "tenhou", "kiriage": true}``); the
    engine's shared resolution (:func:`scoring.engine.request.resolve_options`), with
    the request without options answered at once."""
    raw = request.get("options")
    if not raw and "preset" not in request:
        return _DEFAULT_OPTIONS
    return shared_resolve(Options, PRESETS, raw, request.get("preset"))


def seat(value: Any, what: str, default: str | None = None) -> str:
    if value is None and default is not None:
        return default
    if value not in WIND_LETTERS:
        raise BadInput(f"{what} must be one of E, S, W, N (East is the dealer), got {value!r}")
    return str(value)


def count(request: Mapping[str, Any], key: str) -> int:
    value = request.get(key, 0)
    if type(value) is not int or value < 0:  # bool is not accepted: type, not isinstance
        raise BadInput(f"{key} must be a whole number 0 or more, got {value!r}",
                       params={"field": key, "min": 0, "reason": "at_least"})
    return value


def indicators(request: Mapping[str, Any], key: str) -> list[Tile]:
    value = request.get(key)
    if not value:
        return []
    if isinstance(value, str):
        return list(tiles_of(value))
    if not isinstance(value, list):
        raise BadInput(f"{key} must be a list of tiles like [\"3m\", \"7z\"] or a string \"3m7z\"")
    out: list[Tile] = []
    for item in value:
        tile = FAST_TILES.get(item) if isinstance(item, str) else None
        if tile is not None:
            out.append(tile)
        else:
            out.extend(tiles_of(item) if isinstance(item, str) else parse_tiles(item))
    if len(out) > 5:
        raise BadInput(f"{key} has {len(out)} tiles; there are at most 5 indicators",
                       params={"field": key, "count": len(out), "max": 5,
                               "reason": "indicators"})
    return out


NO_FLAGS: dict[str, bool] = dict.fromkeys(FLAGS, False)
_FLAG_SET = frozenset(FLAGS)


def flags_of(request: Mapping[str, Any]) -> dict[str, bool]:
    if _FLAG_SET.isdisjoint(request):
        return NO_FLAGS  # shared and never modified: most requests set no flag
    present = _FLAG_SET.intersection(request)
    flags = dict(NO_FLAGS)
    for name in present:
        value = request[name]
        if type(value) is not bool:
            raise BadInput(f"{name} must be true or false, got {value!r}")
        flags[name] = value
    if flags["double_riichi"]:  # double riichi is a riichi; one flag is enough
        flags["riichi"] = True
    return flags


def check_reds(reds: list[int], options: Options) -> None:
    """``reds`` counts red 5m, 5p, 5s held; the set has one of each (or two 5p, or with
    two red fives none in man)."""
    if options.red_fives == 0:
        raise BadInput("these rules play without red fives; write the red tile as 5, not 0")
    for suit, n in zip("mps", reds, strict=True):
        allowed = 2 if options.red_fives == 4 and suit == "p" else 1
        if options.red_fives == 2 and suit == "m":
            allowed = 0
        if n > allowed:
            raise BadInput(f"the hand has {n} red 5{suit} but the set has {allowed}",
                           params={"tile": f"0{suit}", "count": n, "max": allowed,
                                   "reason": "red_fives"})


def check_flags(flags: dict[str, bool], tsumo: bool, dealer: bool, has_open: bool,
                has_kan: bool, has_melds: bool) -> None:
    # Plain tests in order rather than a table of (condition, message): a third of
    # requests set a flag, and building every condition up front cost more than the rest
    # of the request's checks.
    riichi, haitei, houtei = flags["riichi"], flags["haitei"], flags["houtei"]
    rinshan, chankan = flags["rinshan"], flags["chankan"]
    tenhou, chiihou, renhou = flags["tenhou"], flags["chiihou"], flags["renhou"]
    message = None
    if riichi and has_open:
        message = "riichi needs a closed hand; an open meld was given"
    elif flags["ippatsu"] and not riichi:
        message = "ippatsu needs riichi; set riichi or drop it"
    elif flags["open_riichi"] and not riichi:
        message = "open_riichi needs riichi as well"
    elif haitei and not tsumo:
        message = "haitei is a tsumo on the last tile; for ron use houtei"
    elif houtei and tsumo:
        message = "houtei is a ron on the last discard; for tsumo use haitei"
    elif rinshan and not tsumo:
        message = "rinshan (after a kan) is always a tsumo"
    elif rinshan and not has_kan:
        message = "rinshan needs a kan among the melds (or, in sanma, a North set aside)"
    elif rinshan and haitei:
        message = "a replacement tile after a kan is not haitei"
    elif chankan and tsumo:
        message = "chankan (robbing a kan) is always a ron"
    elif chankan and houtei:
        message = "chankan and houtei cannot both apply"
    elif tenhou and not (dealer and tsumo and not has_melds):
        message = "tenhou is the dealer's tsumo on the first draw, with no melds"
    elif chiihou and (dealer or not tsumo or has_melds):
        message = "chiihou is a non-dealer's tsumo on the first draw, with no melds"
    elif renhou and (dealer or tsumo or has_melds):
        message = "renhou is a non-dealer's ron before the first draw, with no melds"
    elif (tenhou or chiihou or renhou) and riichi and not flags["double_riichi"]:
        message = "riichi cannot be declared before a first-turn win"
    if message is not None:
        raise BadInput(message)


# --- three players (sanma) -----------------------------------------------------------

_MIDDLE_MAN = range(1, 8)  # 2m-8m, taken out of a three-player set
_NORTH, _WEST, _ONE_MAN, _NINE_MAN = 30, 29, 0, 8


def sanma_seat(value: str | None, what: str) -> None:
    if value == "N":
        raise BadInput(f"{what}: three players sit East, South and West; there is no North "
                       "seat")


def check_sanma_tiles(ctx: WinContext) -> None:
    """No 2m-8m and no chi in a three-player hand."""
    if any(ctx.counts[k] for k in _MIDDLE_MAN):
        raise BadInput("three players play without 2m-8m (only 1m and 9m are in the set)")
    if ctx.meld_runs:
        raise BadInput("three players cannot chi; a run is only made from the wall")


def kita_count(request: Mapping[str, Any], options: Options) -> int:
    """Norths set aside (kita), each a dora when North is nukidora."""
    value = request.get("kita", 0)
    if type(value) is not int or not 0 <= value <= 4:
        raise BadInput(f"kita (North tiles set aside) must be a whole number 0-4, got {value!r}")
    if value and not options.nukidora:
        raise BadInput("North is not a nukidora in these rules (option nukidora); a North "
                       "stays in the hand")
    return value


def check_visible_copies(request: Mapping[str, Any], ctx: WinContext, kita: int) -> None:
    """No fifth copy among every tile the request shows: the hand, its melds and winning
    tile (already checked), the dora and ura indicators and the Norths set aside; no red
    five more than the set has; in sanma no indicator of 2m-8m, which are out of the set."""
    shown = indicators(request, "dora_indicators") + indicators(request, "ura_indicators")
    if not shown and not kita:
        return
    counts = list(ctx.counts)
    for t in shown:
        counts[t.kind] += 1
    counts[_NORTH] += kita
    for k, n in enumerate(counts):
        if n > 4:
            raise TooManyCopies(
                f"{tile_name(k)} is shown {n} times (hand, melds, winning tile, indicators "
                f"and Norths set aside together); a set has only 4",
                params={"tile": tile_name(k), "count": n})
    options = ctx.options
    if options.players == 3 and any(t.kind in _MIDDLE_MAN for t in shown):
        raise BadInput("three players play without 2m-8m; no indicator can show one")
    if any(t.red for t in shown):
        held = list(tiles_of(str(request.get("hand")))) + [
            t for m in ctx.melds for t in m.tiles] + list(tiles_of(str(request["win_tile"])))
        reds = [0, 0, 0]
        for t in [*held, *shown]:
            if t.red:
                reds[t.kind // 9] += 1
        check_reds(reds, options)


def _indicator_kinds(request: Mapping[str, Any], key: str) -> list[int]:
    return [t.kind for t in indicators(request, key)]


def sanma_dora(request: Mapping[str, Any], key: str, ctx: WinContext) -> int:
    """Dora a 1m indicator adds without 2m-8m: it points at 9m."""
    return sum(ctx.counts[_NINE_MAN] for k in _indicator_kinds(request, key) if k == _ONE_MAN)


def north_indicated(request: Mapping[str, Any], key: str) -> int:
    """Indicators pointing at North (a West shown): each makes a kita one more dora."""
    return sum(1 for k in _indicator_kinds(request, key) if k == _WEST)


FAST_TILES: dict[str, Tile] = {}
for _suit, _base in (("m", 0), ("p", 9), ("s", 18)):
    for _d in range(1, 10):
        FAST_TILES[f"{_d}{_suit}"] = Tile(_base + _d - 1)
    FAST_TILES[f"0{_suit}"] = Tile(_base + 4, red=True)
for _d in range(1, 8):
    FAST_TILES[f"{_d}z"] = Tile(26 + _d)


@lru_cache(maxsize=4096)
def tiles_of(text: str) -> tuple[Tile, ...]:
    """Parse riichi tiles; irregular text goes to :func:`parse_tiles` for its error."""
    out: list[Tile] = []
    start = 0
    for i, ch in enumerate(text):
        if ch in "mpsz":
            for d in text[start:i]:
                t = FAST_TILES.get(d + ch)
                if t is None:
                    return tuple(parse_tiles(text))
                out.append(t)
            start = i + 1
        elif not ch.isdigit():
            return tuple(parse_tiles(text))
    if start != len(text):
        return tuple(parse_tiles(text))
    return tuple(out)


_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}


_TOKEN = re.compile(r"[0-9]+[mpsz]")


_PART_SIZE = {"m": 9, "p": 9, "s": 9, "z": 7}


Token = tuple[tuple[int, ...], int, int, int, int]
_TOKEN_CACHE: dict[str, Token] = {}


def _token(digits: str, suit: str) -> Token | None:
    """One run of digits with its suit letter: (counts over the suit's ranks, red fives,
    tiles, first kind of the suit, the suit's bit in ``parts``), or None if a digit is not
    a tile of that suit."""
    size = _PART_SIZE[suit]
    seg = [0] * size
    reds = 0
    for d in digits:
        if d == "0" and size == 9:
            seg[4] += 1
            reds += 1
        elif "1" <= d <= "9" and int(d) <= size:
            seg[int(d) - 1] += 1
        else:
            return None
    base = _SUIT_BASE[suit]
    return tuple(seg), reds, len(digits), base, 1 << (base // 9)


Scanned = tuple[list[int], list[int], int, int]


def scan(text: str) -> Scanned:
    """(34 counts, red fives per suit, tile count, parts) of a concealed-tile string;
    ``parts`` has bit 0/1/2/3 set for man/pin/sou/honours held.

    The hot path of every request: each run of digits with its suit (``"23067m"``) is
    turned into that suit's counts by a cache and added as a slice; anything unusual
    (flowers, spaces, bad characters) goes through :func:`tiles_of` for its error. The
    runs found must cover the text: each is its tiles plus one letter long. The whole
    string is not cached: a table never sends the same hand twice, and a cache of
    34-count results cost more to keep than the scan.
    """
    counts = [0] * 34
    reds = [0, 0, 0]
    n = parts = 0
    cache = _TOKEN_CACHE
    tokens = _TOKEN.findall(text)
    for tok in tokens:
        found = cache.get(tok)
        if found is None:
            found = _token(tok[:-1], tok[-1])
            if found is None:
                return _scan_slow(text)
            if len(cache) > 16384:
                cache.clear()
            cache[tok] = found
        seg, red, k, base, bit = found
        end = base + len(seg)
        if parts & bit:  # the suit was written twice, as in "1m2m"
            counts[base:end] = map(add, counts[base:end], seg)
        else:
            counts[base:end] = seg
        parts |= bit
        n += k
        if red:
            reds[base // 9] += red
    if n + len(tokens) != len(text):
        return _scan_slow(text)
    return counts, reds, n, parts


def _scan_slow(text: str) -> Scanned:
    tiles = tiles_of(text)  # raises BadTile with the offending character
    if any(t.kind >= 34 for t in tiles):
        raise BadInput("riichi has no flowers; remove the 'f' tiles")
    reds = [0, 0, 0]
    parts = 0
    for t in tiles:
        if t.red:
            reds[t.kind // 9] += 1
        parts |= 1 << (t.kind // 9)
    return counts34(tiles), reds, len(tiles), parts


@lru_cache(maxsize=4096)
def meld_of(text: str) -> MeldFacts:
    return meld_facts(parse_meld(text))


def build_context(request: Mapping[str, Any], options: Options) -> tuple[WinContext, int]:
    """The win context and the number of red fives held."""
    hand_text = request.get("hand")
    if not isinstance(hand_text, str):
        raise BadInput("hand must be the concealed tiles without the winning tile, e.g. '123m456p'")
    concealed, reds, n, parts = scan(hand_text)
    win_text = request.get("win_tile")
    win_tile = FAST_TILES.get(win_text) if isinstance(win_text, str) else None
    if win_tile is None:
        win_tiles = tiles_of(win_text) if isinstance(win_text, str) else ()
        if len(win_tiles) != 1 or win_tiles[0].kind >= 34:
            raise BadInput("win_tile must be exactly one tile, e.g. '5p'")
        win_tile = win_tiles[0]
    melds_raw = request.get("melds")
    parsed: tuple[MeldFacts, ...] = ()
    melds: tuple[Meld, ...] = ()
    if melds_raw:
        if not isinstance(melds_raw, list):
            raise BadInput("melds must be a list like [\"pon 555z\", \"chi 234m\"]")
        parsed = tuple([meld_of(m) if isinstance(m, str) else meld_facts(parse_meld(m))
                        for m in melds_raw])
        melds = tuple([info.meld for info in parsed])
    size = n + 3 * len(melds)
    if size != 13:
        raise WrongTileCount(
            f"the hand has {size} tiles (counting each meld as 3) without the winning tile; "
            "13 are needed", params={"count": size, "needed": [13]})
    win_kind = win_tile.kind
    concealed[win_kind] += 1
    parts |= 1 << (win_kind // 9)
    if win_tile.red:
        reds[win_kind // 9] += 1
    has_open = has_kan = False
    counts = concealed  # the same list when nothing is declared; neither is changed later
    if parsed:
        counts = list(concealed)
        for info in parsed:
            for k in info.kinds:
                counts[k] += 1
            if info.reds != (0, 0, 0):
                reds = [a + b for a, b in zip(reds, info.reds, strict=True)]
            has_open = has_open or info.is_open
            has_kan = has_kan or info.is_kan
            parts |= 1 << (info.base // 9)
    if max(counts) > 4:
        all_tiles = list(tiles_of(hand_text)) + [win_tile]
        for m in melds:
            all_tiles.extend(m.tiles)
        check_copies(all_tiles)  # raises, naming the tile
    aka = reds[0] + reds[1] + reds[2]
    if aka and (options.red_fives in (0, 2) or max(reds) > 1):
        check_reds(reds, options)
    win = request.get("win")
    if win not in ("ron", "tsumo"):
        raise BadInput(f"win must be 'ron' or 'tsumo', got {win!r}")
    tsumo = win == "tsumo"
    # Seats read by a lookup, seat() only explaining a bad one (str first: a list value
    # is not a dict key).
    me = request.get("seat_wind")
    seat_kind = WIND_KIND.get(me) if type(me) is str else None
    if seat_kind is None:
        seat_kind = WIND_KIND[seat(me, "seat_wind")]  # raises unless a wind
    round_wind = request.get("round_wind")
    round_kind = 27 if round_wind is None else (
        WIND_KIND.get(round_wind) if type(round_wind) is str else None)
    if round_kind is None:
        round_kind = WIND_KIND[seat(round_wind, "round_wind", default="E")]
    flags = flags_of(request)
    if flags is not NO_FLAGS and True in flags.values():
        # A North set aside (kita) draws a replacement from the dead wall like a kan: a
        # win on it is rinshan kaihou (riichi.wiki "Sanma"). ``kita`` is checked later.
        kita = options.players == 3 and options.nukidora and request.get("kita")
        replaced = has_kan or (type(kita) is int and kita > 0)
        check_flags(flags, tsumo, me == "E", has_open, replaced, bool(melds))
    ctx = WinContext(concealed, melds, win_kind, tsumo, str(me), seat_kind,
                     round_kind, flags, options, counts, not has_open, parsed, parts)
    return ctx, aka
