"""A parsed win (:class:`WinContext`) and every reading of its shape (:class:`Reading`).

A *reading* is one way to see the 14 tiles as a winning shape *and* which group the
winning tile completed: ``23345m`` won on 4m is either a kanchan (3-5) or a ryanmen
(23-4), and the two readings can differ in fu and in pinfu. Yaku and fu are computed per
reading; the best-paying one is kept.

Kinds are ints as in :mod:`scoring.engine.tiles` (0-8 man, 9-17 pin, 18-26 sou, 27-33
East South West North White Green Red).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...decompose import decompositions
from ...tiles import TERMINALS_AND_HONOURS, Meld

RUN, TRIPLET, KAN = 0, 1, 2
YAOCHU = frozenset(TERMINALS_AND_HONOURS)
WIND_KIND = {"E": 27, "S": 28, "W": 29, "N": 30}


@dataclass(frozen=True, slots=True)
class Mentsu:
    """One set of the final hand.

    ``concealed`` is what fu and the concealed-triplet yaku see: a triplet completed by a
    ron counts as open (明刻), as the tile came from another player.
    """

    shape: int  # RUN, TRIPLET or KAN
    kind: int  # first tile of a run, the tile of a triplet/kan
    concealed: bool
    declared: bool = False  # a called or declared meld (chi/pon/kan/ankan)


@dataclass(frozen=True, slots=True)
class Reading:
    form: str  # "standard", "chiitoi", "kokushi"
    pair: int = -1  # standard form only
    sets: tuple[Mentsu, ...] = ()
    wait: str = ""  # ryanmen, kanchan, penchan, shanpon, tanki (standard form)
    pairs: tuple[int, ...] = ()  # chiitoi form


@dataclass(slots=True)
class WinContext:
    """Everything about one win that does not depend on the reading."""

    concealed: list[int]  # 34 counts of the concealed tiles, winning tile included
    melds: tuple[Meld, ...]
    win_tile: int
    tsumo: bool
    seat: str  # winner's seat wind letter
    seat_wind: int
    round_wind: int
    flags: dict[str, bool]
    options: Any
    counts: list[int]  # 34 counts of every tile held, kans as four
    menzen: bool  # no open meld (a concealed kan keeps the hand closed)

    @property
    def dealer(self) -> bool:
        return self.seat == "E"

    @property
    def kinds(self) -> list[int]:
        return [k for k in range(34) if self.counts[k]]


def _meld_set(m: Meld) -> Mentsu:
    if m.kind == "chi":
        return Mentsu(RUN, m.base, False, True)
    if m.is_kan:
        return Mentsu(KAN, m.base, m.kind == "ankan", True)
    return Mentsu(TRIPLET, m.base, False, True)


def _run_wait(start: int, win: int) -> str:
    if win == start + 1:
        return "kanchan"
    rank = start % 9
    if (win == start and rank == 6) or (win == start + 2 and rank == 0):
        return "penchan"
    return "ryanmen"


def standard_readings(ctx: WinContext) -> list[Reading]:
    declared = tuple(_meld_set(m) for m in ctx.melds)
    w = ctx.win_tile
    out: list[Reading] = []
    seen: set[tuple[Any, ...]] = set()
    for d in decompositions(ctx.concealed):
        options: list[tuple[int, str]] = []  # (index of group holding the win tile, wait)
        if d.pair == w:
            options.append((-1, "tanki"))
        for i, g in enumerate(d.groups):
            if g.shape == "triplet":
                if g.kind == w:
                    options.append((i, "shanpon"))
            elif g.kind <= w <= g.kind + 2:
                options.append((i, _run_wait(g.kind, w)))
        for idx, wait in options:
            key = (d.pair, tuple(sorted((g.shape, g.kind) for g in d.groups)), wait,
                   d.groups[idx].shape if idx >= 0 else "")
            if key in seen:
                continue
            seen.add(key)
            sets = []
            for i, g in enumerate(d.groups):
                if g.shape == "run":
                    sets.append(Mentsu(RUN, g.kind, True))
                else:
                    # A triplet finished by a discard is an open triplet for fu and 三暗刻.
                    sets.append(Mentsu(TRIPLET, g.kind, ctx.tsumo or i != idx))
            out.append(Reading("standard", d.pair, tuple(sets) + declared, wait))
    return out


def chiitoi_reading(ctx: WinContext) -> Reading | None:
    if ctx.melds:
        return None
    pairs = tuple(k for k in range(34) if ctx.concealed[k])
    if len(pairs) == 7 and all(ctx.concealed[k] == 2 for k in pairs):
        return Reading("chiitoi", pairs=pairs, wait="tanki")
    return None


def kokushi_reading(ctx: WinContext) -> Reading | None:
    if ctx.melds:
        return None
    c = ctx.concealed
    if all(c[k] for k in YAOCHU) and sum(c[k] for k in YAOCHU) == 14:
        pair = next(k for k in YAOCHU if c[k] == 2)
        # 13-sided: the 13 orphans were all held before the winning tile arrived.
        return Reading("kokushi", pair=pair, wait="13" if pair == ctx.win_tile else "tanki")
    return None


def all_readings(ctx: WinContext) -> list[Reading]:
    out = standard_readings(ctx)
    for extra in (chiitoi_reading(ctx), kokushi_reading(ctx)):
        if extra is not None:
            out.append(extra)
    return out
