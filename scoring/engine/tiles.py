"""Tile notation: ``123m456p789s1122z``, ``0`` = red five, flowers ``1f..8f``.

Internally a tile *kind* is an int: man 0-8, pin 9-17, sou 18-26, honours 27-33
(E S W N white green red), flowers 34-41. Win detection works on a 34-long count
vector; the red flag only matters for dora and for writing the hand back out, so it
rides on :class:`Tile` rather than on the kind.

Melds are written ``"chi 123m"``, ``"pon 555z"``, ``"kan 1111p"`` (open kong),
``"ankan 9999s"`` (concealed kong), ``"kakan 5555m"`` (added kong). A meld may name
the seat it was claimed from: ``"pon 555z from N"`` (seats E/S/W/N), which pao and
MCR's claim rules need.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .errors import BadMeld, BadTile, TooManyCopies, WrongTileCount

SUITS = "mpsz"
NUM_KINDS = 34
FLOWER_BASE = 34
NUM_FLOWERS = 8
MAX_COPIES = 4

SUIT_NAMES = {
    "m": "characters (man)",
    "p": "dots (pin)",
    "s": "bamboo (sou)",
    "z": "honours",
    "f": "flowers",
}
HONOUR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
# The winds in their order, by letter: the seats from the dealer's and the rounds. The one
# wind tuple of the engine and the site (a score request's players count from East: E=0).
WIND_LETTERS = ("E", "S", "W", "N")
WIND_NAMES = dict(zip(WIND_LETTERS, HONOUR_NAMES, strict=False))  # "E" -> "East"

# Terminal and honour kinds (幺九牌), used by thirteen orphans and many yaku.
TERMINALS = (0, 8, 9, 17, 18, 26)
HONOURS = tuple(range(27, 34))
TERMINALS_AND_HONOURS = TERMINALS + HONOURS
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)


def suit_of(kind: int) -> str:
    if kind < 27:
        return SUITS[kind // 9]
    return "z" if kind < FLOWER_BASE else "f"


def rank_of(kind: int) -> int:
    """1-9 for suited tiles, 1-7 for honours, 1-8 for flowers."""
    if kind < 27:
        return kind % 9 + 1
    if kind < FLOWER_BASE:
        return kind - 26
    return kind - FLOWER_BASE + 1


def is_suited(kind: int) -> bool:
    return kind < 27


def is_honour(kind: int) -> bool:
    return 27 <= kind < FLOWER_BASE


def is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def next_kind(kind: int) -> int:
    """The tile after ``kind`` in its cycle: 9 wraps to 1, E S W N E, white green red
    white (riichi's dora after an indicator, Ji'an's 副精 after 正精)."""
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3


def is_flower(kind: int) -> bool:
    return kind >= FLOWER_BASE


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One physical tile: its kind plus the red-five flag."""

    kind: int
    red: bool = False

    def __str__(self) -> str:
        if self.red:
            return f"0{suit_of(self.kind)}"
        return f"{rank_of(self.kind)}{suit_of(self.kind)}"


def kind_of(text: str) -> int:
    """The kind of one tile written like ``5m``, ``0p`` or ``7z``."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise BadTile(f"'{text}' is not a single tile", "bad_tile",
                      params={"text": text, "reason": "one_tile"})
    return tiles[0].kind


def tile_name(kind: int) -> str:
    return str(Tile(kind))


def _make_tile(digit: str, suit: str, pos: int, text: str) -> Tile:
    n = int(digit)
    where = f"in '{text}' at character {pos + 1}"
    if suit in "mps":
        if n == 0:
            return Tile(SUITS.index(suit) * 9 + 4, red=True)
        return Tile(SUITS.index(suit) * 9 + n - 1)
    if suit == "z":
        if n == 0:
            raise BadTile(f"0z is not a tile {where}: only suited fives can be red (0m, 0p, 0s)",
                          params={"text": "0z"})
        if n > 7:
            raise BadTile(
                f"{n}z is not a tile {where}: honours are 1z-7z "
                "(East, South, West, North, White, Green, Red)", params={"text": f"{n}z"}
            )
        return Tile(26 + n)
    if n == 0 or n > NUM_FLOWERS:
        raise BadTile(f"{n}f is not a tile {where}: flowers are 1f-8f",
                      params={"text": f"{n}f"})
    return Tile(FLOWER_BASE + n - 1)


def parse_tiles(text: str) -> list[Tile]:
    """Parse ``123m456p0s77z`` into tiles, in the order written.

    Raises :class:`BadTile` naming the offending character.
    """
    if not isinstance(text, str):
        raise BadTile(f"a tile string is expected, got {type(text).__name__}")
    tiles: list[Tile] = []
    pending: list[tuple[str, int]] = []
    for pos, ch in enumerate(text):
        if ch.isdigit() and ch.isascii():
            pending.append((ch, pos))
        elif ch in "mpszf":
            if not pending:
                raise BadTile(
                    f"in '{text}' the suit letter '{ch}' at character {pos + 1} "
                    "has no digits before it", params={"text": text, "reason": "no_digits"}
                )
            tiles.extend(_make_tile(d, ch, p, text) for d, p in pending)
            pending.clear()
        elif ch.isspace():
            continue
        else:
            raise BadTile(
                f"in '{text}' character {pos + 1} '{ch}' is not a digit or a suit letter "
                "(m = characters, p = dots, s = bamboo, z = honours, f = flowers)",
                params={"text": ch})
    if pending:
        digits = "".join(d for d, _ in pending)
        raise BadTile(
            f"in '{text}' the digits '{digits}' at the end have no suit letter (m, p, s, z, f)",
            params={"text": text, "reason": "no_suit"}
        )
    return tiles


def format_tiles(tiles: Iterable[Tile], sort: bool = False) -> str:
    """Write tiles back in compact notation, one suit letter per run of one suit."""
    seq = sorted(tiles) if sort else list(tiles)
    out: list[str] = []
    run_suit = ""
    for t in seq:
        s = suit_of(t.kind)
        if run_suit and s != run_suit:
            out.append(run_suit)
        run_suit = s
        out.append("0" if t.red else str(rank_of(t.kind)))
    if run_suit:
        out.append(run_suit)
    return "".join(out)


def format_kinds(kinds: Iterable[int]) -> str:
    return format_tiles((Tile(k) for k in kinds), sort=True)


# Tile groups as typed: the digits written before their suit letter ("123m", "0p", "1f").
TILE_GROUP = re.compile(r"([0-9]+)([mpszf])")
# Melds as typed in one box: one a line, or separated by commas or semicolons.
MELD_SEPARATORS = re.compile(r"[\n,;]+")


def tile_codes(text: str) -> list[str]:
    """``"123m11z"`` as ``["1m", "2m", "3m", "1z", "1z"]``, leniently (for drawing a typed
    text and reading a typed list): what is not digits before a suit letter is passed over,
    and :func:`parse_tiles` names it when the text is scored."""
    return [d + suit for digits, suit in TILE_GROUP.findall(text or "") for d in digits]


def split_melds(text: str) -> list[str]:
    """``"pon 777z, chi 123m"`` as ``["pon 777z", "chi 123m"]``: the melds typed in one box
    (:func:`parse_meld` reads each)."""
    return [part.strip() for part in MELD_SEPARATORS.split(text or "") if part.strip()]


def counts34(tiles: Iterable[Tile]) -> list[int]:
    c = [0] * NUM_KINDS
    for t in tiles:
        if t.kind < NUM_KINDS:
            c[t.kind] += 1
    return c


def counts_of(text: str) -> list[int]:
    return counts34(parse_tiles(text))


MeldKind = Literal["chi", "pon", "kan", "ankan", "kakan"]
MELD_KINDS: tuple[str, ...] = ("chi", "pon", "kan", "ankan", "kakan")


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. ``kan`` is an open (exposed) kong, ``ankan`` concealed, ``kakan`` added."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    source: str | None = None  # seat (E/S/W/N) it was claimed from, when known

    @property
    def base(self) -> int:
        """Lowest kind in the meld (the run's first tile or the triplet's tile)."""
        return min(t.kind for t in self.tiles)

    @property
    def is_kan(self) -> bool:
        return self.kind in ("kan", "ankan", "kakan")

    @property
    def is_open(self) -> bool:
        return self.kind != "ankan"

    @property
    def is_run(self) -> bool:
        return self.kind == "chi"

    @property
    def kinds(self) -> tuple[int, ...]:
        return tuple(t.kind for t in self.tiles)

    @property
    def red_count(self) -> int:
        return sum(t.red for t in self.tiles)

    def __str__(self) -> str:
        text = f"{self.kind} {format_tiles(self.tiles)}"
        return f"{text} from {self.source}" if self.source else text


def parse_meld(text: str) -> Meld:
    """Parse ``"pon 555z"`` / ``"chi 312m from N"``; the tiles must form that meld."""
    if not isinstance(text, str):
        raise BadMeld(f"a meld is written like 'pon 555z', got {type(text).__name__}")
    parts = text.split()
    if len(parts) not in (2, 4) or (len(parts) == 4 and parts[2] != "from"):
        raise BadMeld(
            f"'{text}' is not a meld: write it as '<kind> <tiles>' such as 'chi 123m', 'pon 555z', "
            "'kan 1111p', 'ankan 9999s', 'kakan 5555m', optionally followed by 'from E|S|W|N'",
            params={"text": text})
    kind, body = parts[0].lower(), parts[1]
    if kind not in MELD_KINDS:
        raise BadMeld(f"'{text}': '{parts[0]}' is not a meld kind (chi, pon, kan, ankan, kakan)",
                      params={"text": text})
    source = None
    if len(parts) == 4:
        source = parts[3].upper()
        if source not in WIND_LETTERS:
            raise BadMeld(f"'{text}': '{parts[3]}' is not a seat (E, S, W, N)",
                          params={"text": text})
    tiles = tuple(parse_tiles(body))
    if any(is_flower(t.kind) for t in tiles):
        raise BadMeld(f"'{text}': flowers cannot be part of a meld", params={"text": text})
    kinds = sorted(t.kind for t in tiles)
    if kind == "chi":
        ok = (
            len(kinds) == 3
            and kinds[0] < 27
            and kinds[1] == kinds[0] + 1
            and kinds[2] == kinds[0] + 2
            and kinds[0] // 9 == kinds[2] // 9
        )
        if not ok:
            raise BadMeld(
                f"'{text}' is not a chi: a chi is three consecutive tiles of one suit, "
                "like 'chi 345p'", params={"text": text}
            )
    else:
        want = 3 if kind == "pon" else 4
        if len(kinds) != want or len(set(kinds)) != 1:
            article = "an" if kind == "ankan" else "a"
            raise BadMeld(
                f"'{text}' is not {article} {kind}: {article} {kind} is {want} identical tiles, "
                f"like '{kind} {'5' * want}z'", params={"text": text}
            )
    return Meld(kind, tiles, source)  # type: ignore[arg-type]  # kind is one of MELD_KINDS


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's tiles: the concealed part, declared melds and flowers drawn."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    flowers: tuple[Tile, ...] = field(default=())

    @property
    def counts(self) -> list[int]:
        return counts34(self.concealed)

    def all_tiles(self) -> list[Tile]:
        out = list(self.concealed)
        for m in self.melds:
            out.extend(m.tiles)
        return out

    @property
    def shape_size(self) -> int:
        """Tile count with each meld counted as three (kongs included)."""
        return len(self.concealed) + 3 * len(self.melds)


def check_copies(
    tiles: Iterable[Tile], max_copies: int = MAX_COPIES, what: str = "the hand"
) -> None:
    """A physical set has four of each tile (one of each flower)."""
    seen: dict[int, int] = {}
    for t in tiles:
        seen[t.kind] = seen.get(t.kind, 0) + 1
        limit = 1 if is_flower(t.kind) else max_copies
        if seen[t.kind] > limit:
            raise TooManyCopies(
                f"{what} has {seen[t.kind]} copies of {tile_name(t.kind)}; a set has only {limit}",
                params={"tile": tile_name(t.kind), "count": seen[t.kind]})


def parse_hand(
    concealed: str,
    melds: Sequence[str] | None = None,
    *,
    sizes: tuple[int, ...] | None = None,
    allow_flowers: bool = True,
) -> Hand:
    """Parse a hand: concealed tiles (flowers are split off) plus meld strings.

    ``sizes`` lists the acceptable shape sizes (concealed + 3 per meld), e.g. ``(13, 14)``;
    ``None`` accepts any 3n+1 or 3n+2 size.
    """
    tiles = parse_tiles(concealed)
    flowers = tuple(t for t in tiles if is_flower(t.kind))
    if flowers and not allow_flowers:
        raise BadTile(f"flowers ({format_tiles(flowers)}) are not used in this ruleset",
                      params={"text": format_tiles(flowers), "reason": "no_flowers"})
    body = tuple(t for t in tiles if not is_flower(t.kind))
    parsed = tuple(parse_meld(m) for m in (melds or ()))
    hand = Hand(body, parsed, flowers)
    check_copies(hand.all_tiles() + list(flowers))
    size = hand.shape_size
    if sizes is not None:
        if size not in sizes:
            want = " or ".join(str(s) for s in sizes)
            raise WrongTileCount(
                f"the hand has {size} tiles (counting each meld as 3) but {want} are needed",
                params={"count": size, "needed": list(sizes)})
    elif size % 3 == 0:
        raise WrongTileCount(
            f"the hand has {size} tiles (counting each meld as 3); a hand has 3n+1 tiles "
            "waiting or 3n+2 tiles complete", params={"count": size, "reason": "any_size"}
        )
    return hand


def format_hand(hand: Hand) -> dict[str, object]:
    return {
        "hand": format_tiles(hand.concealed) + format_tiles(hand.flowers),
        "melds": [str(m) for m in hand.melds],
    }
