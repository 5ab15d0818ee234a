"""A standard win read once for the rulesets that count 台 or 番 over sets and a pair
(Taiwan 16-tile, Hong Kong): its tiles, flowers and melds, every reading, and the facts
their items ask of a reading (runs, triplets, concealed triplets, how the winning tile was
waited on).

Sizes: Hong Kong hands hold 13 tiles (four sets and a pair at a win), Taiwan hands 16
(five sets and a pair); the readings come from :mod:`scoring.engine.decompose`, the waits
from :mod:`scoring.engine.waits`, both of which take any 3n+2 / 3n+1 size.

Flowers are written ``1f``..``8f``: ``1f``-``4f`` the seasons 春夏秋冬, ``5f``-``8f`` the
flowers 梅蘭菊竹. Seat ``n`` (East 0 .. North 3) owns ``(n+1)f`` and ``(n+5)f``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

from .decompose import Group, decompositions
from .errors import BadInput, TooManyCopies, WinFlagConflict
from .request import flag, meld_list, read_tiles, win_kind
from .tiles import FLOWER_BASE, WIND_LETTERS, Meld, Tile, counts34, is_flower, parse_tiles
from .waits import waits

WaitShape = Literal["pair", "edge", "closed", "open", "triplet"]

SEASONS = (1, 2, 3, 4)
FLOWERS = (5, 6, 7, 8)


def seat_flowers(seat: int) -> tuple[int, int]:
    """The season and the flower (numbers 1-8) that belong to seat ``seat`` (0 = East)."""
    return seat + 1, seat + 5


def read_flowers(raw: Any, used: bool, ruleset: str) -> tuple[int, ...]:
    """``"1f6f"`` (or a list of such texts) as sorted flower numbers 1-8; empty when absent."""
    if raw is None or raw == "" or raw == []:
        return ()
    if not used:
        raise BadInput(f"this {ruleset} table plays without flowers; remove 'flowers'")
    text = "".join(raw) if isinstance(raw, list) and all(isinstance(t, str) for t in raw) \
        else raw
    if not isinstance(text, str):
        raise BadInput("flowers must be the flower tiles drawn, e.g. '1f6f'")
    tiles = parse_tiles(text)
    if any(not is_flower(t.kind) for t in tiles):
        raise BadInput("flowers lists only flower tiles 1f-8f")
    numbers = sorted(t.kind - FLOWER_BASE + 1 for t in tiles)
    if len(set(numbers)) != len(numbers):
        raise TooManyCopies(f"each flower exists once, but {text} repeats one",
                            params={"text": text, "reason": "flower_twice"})
    return tuple(numbers)


def wind_index(value: Any, what: str, default: str = "E") -> int:
    """A wind letter E/S/W/N as 0-3."""
    letter = default if value is None else value
    if letter not in WIND_LETTERS:
        raise BadInput(f"{what} must be one of E, S, W, N; got {value!r}")
    return WIND_LETTERS.index(letter)


@dataclass(frozen=True, slots=True)
class WinContext:
    """How and where a hand was won, beside its tiles."""

    seat: int  # the winner's seat wind, 0 East .. 3 North (from winner and dealer)
    round_wind: int
    after_kong: bool  # 槓上開花: the replacement tile of a kong (or, in Taiwan, a flower)
    double_kong: bool  # 槓上槓: the replacement of a second kong in a row
    robbing_kong: bool
    last_tile: bool  # the wall's last tile, drawn or (where counted) discarded
    first_turn: str | None  # 天胡 / 地胡 / 人胡: "heavenly", "earthly", "human"


def read_context(request: Mapping[str, Any], self_draw: bool, winner: int, dealer: int,
                 first_turns: Sequence[str], double_kong: bool = False) -> WinContext:
    """The win's flags, checked against each other and the way it was won; the ruleset
    checks what is its own (which first-turn wins it knows, and who may make them)."""
    first = request.get("first_turn")
    if first is not None and first not in first_turns:
        raise BadInput(f"first_turn must be one of {', '.join(first_turns)} or null")
    ctx = WinContext(seat=(winner - dealer) % 4,
                     round_wind=wind_index(request.get("round_wind"), "round_wind"),
                     after_kong=flag(request, "after_kong"),
                     double_kong=double_kong and flag(request, "double_kong"),
                     robbing_kong=flag(request, "robbing_kong"),
                     last_tile=flag(request, "last_tile"), first_turn=first)
    if (ctx.after_kong or ctx.double_kong) and not self_draw:
        raise WinFlagConflict("槓上開花 (after_kong) is a self-drawn win on a replacement tile")
    if ctx.after_kong and ctx.double_kong:
        raise WinFlagConflict("槓上槓 already is a win on a kong's replacement tile; "
                              "set double_kong alone")
    if ctx.robbing_kong and (self_draw or ctx.last_tile):
        raise WinFlagConflict("搶槓 (robbing_kong) is a win on another player's added kong, "
                              "not a self-draw or the last tile")
    return ctx


@dataclass(frozen=True, slots=True)
class WinningHand:
    """The tiles of one win, checked; ``concealed`` includes the winning tile."""

    concealed: tuple[int, ...]  # 34 counts
    melds: tuple[Meld, ...]
    counts: tuple[int, ...]  # 34 counts of every tile, kongs as four
    win_tile: int
    self_draw: bool
    flowers: tuple[int, ...]
    waits: tuple[int, ...]  # the kinds the hand waited on before the win

    @property
    def concealed_hand(self) -> bool:
        """No chi, pon or open kong (a concealed kong keeps the hand concealed)."""
        return all(not m.is_open for m in self.melds)

    @property
    def kinds(self) -> list[int]:
        return [k for k in range(34) if self.counts[k]]

    @property
    def suits(self) -> set[int]:
        """The suits present (0 characters, 1 dots, 2 bamboo)."""
        return {k // 9 for k in self.kinds if k < 27}

    @property
    def honours(self) -> bool:
        return any(self.counts[k] for k in range(27, 34))

    @property
    def kong_count(self) -> int:
        return sum(m.is_kan for m in self.melds)

    def tiles_are(self, allowed: Callable[[int], bool]) -> bool:
        return all(allowed(k) for k in self.kinds)


def read_winning_hand(request: Mapping[str, Any], size: int, ruleset: str,
                      flowers_used: bool = True) -> WinningHand:
    """``hand``/``win_tile``/``melds``/``win``/``flowers`` of a tiles-mode request."""
    def no_flowers_in_hand(tiles: Sequence[Tile]) -> None:
        if any(is_flower(t.kind) for t in tiles):
            raise BadInput("write flowers under 'flowers', not in the hand")

    read = read_tiles(
        request, lambda raw: meld_list(raw or None, '["chi 123m", "pon 555z", "kan 1111p"]'),
        no_flowers_in_hand, size)
    concealed = read.concealed_counts()
    before = list(concealed)
    before[read.win_tile.kind] -= 1
    return WinningHand(
        concealed=tuple(concealed), melds=read.melds, counts=tuple(counts34(read.every)),
        win_tile=read.win_tile.kind, self_draw=win_kind(request.get("win")),
        flowers=read_flowers(request.get("flowers"), flowers_used, ruleset),
        waits=tuple(waits(before, read.melds)))


# Where the winning tile can sit, in the order a tie between equal values is shown
# (獨聽's name: 單吊 before 中洞 before 邊張).
WAIT_ORDER: tuple[WaitShape, ...] = ("pair", "closed", "edge", "triplet", "open")


def run_wait(start: int, tile: int) -> WaitShape:
    """The shape a run starting at ``start`` waited in when ``tile`` completed it."""
    if tile == start + 1:
        return "closed"
    if (start % 9 == 0 and tile == start + 2) or (start % 9 == 6 and tile == start):
        return "edge"
    return "open"


@dataclass(frozen=True)
class Reading:
    """One way the concealed tiles split into sets and a pair, with one place for the
    winning tile among them (``wait_shape``), seen with the hand.

    A hand whose winning tile fits several places of the same split (the pair or a run,
    the edge or the open side of two runs) has one reading per place: the rulesets pay
    the best of them, as a player may declare the wait that pays most.
    """

    hand: WinningHand
    pair: int
    groups: tuple[Group, ...]  # the concealed sets
    wait_shape: WaitShape  # how the winning tile completed this reading

    @cached_property
    def runs(self) -> list[int]:
        """First kind of every run, concealed or claimed."""
        return ([g.kind for g in self.groups if g.shape == "run"]
                + [m.base for m in self.hand.melds if m.is_run])

    @cached_property
    def triplets(self) -> list[int]:
        """Kind of every triplet or kong, concealed or claimed."""
        return ([g.kind for g in self.groups if g.shape == "triplet"]
                + [m.base for m in self.hand.melds if not m.is_run])

    @cached_property
    def concealed_triplets(self) -> int:
        """Triplets held concealed (暗刻), concealed kongs included. A triplet this
        reading completes with another player's discard is not concealed (the reading
        that puts the tile in another set or the pair keeps it)."""
        n = sum(g.shape == "triplet" for g in self.groups)
        n += sum(m.kind == "ankan" for m in self.hand.melds)
        if not self.hand.self_draw and self.wait_shape == "triplet":
            n -= 1
        return n


def wait_places(pair: int, groups: Sequence[Group], tile: int) -> list[WaitShape]:
    """Every shape in which ``tile`` can have completed the split ``pair`` + ``groups``,
    each once, in :data:`WAIT_ORDER`."""
    shapes: set[WaitShape] = set()
    if tile == pair:
        shapes.add("pair")
    for g in groups:
        if g.shape == "triplet" and g.kind == tile:
            shapes.add("triplet")
        elif g.shape == "run" and tile in g.kinds:
            shapes.add(run_wait(g.kind, tile))
    return [s for s in WAIT_ORDER if s in shapes]


def readings(hand: WinningHand) -> list[Reading]:
    """Every sets-and-pair reading of the hand, once per place of the winning tile; empty
    when it is not such a win."""
    return [Reading(hand, d.pair, d.groups, shape)
            for d in decompositions(hand.concealed)
            for shape in wait_places(d.pair, d.groups, hand.win_tile)]
