"""A parsed win (:class:`WinContext`) and every reading of its shape (:class:`Reading`).

A *reading* is one way to see the 14 tiles as a winning shape *and* which group the
winning tile completed: ``23345m`` won on 4m is either a kanchan (3-5) or a ryanmen
(23-4), and the two readings can differ in fu and in pinfu. Yaku and fu are computed per
reading; the best-paying one is kept.

Kinds are ints as in :mod:`scoring.engine.tiles` (0-8 man, 9-17 pin, 18-26 sou, 27-33
East South West North White Green Red).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...tiles import TERMINALS_AND_HONOURS, Meld
from .split import readings

RUN, TRIPLET, KAN = 0, 1, 2
YAOCHU = frozenset(TERMINALS_AND_HONOURS)
WIND_KIND = {"E": 27, "S": 28, "W": 29, "N": 30}
SUIT_BIT = tuple(1 << (k // 9) if k < 27 else 0 for k in range(34))


# One set of the final hand: (shape, kind, concealed, declared). Shape is RUN, TRIPLET or
# KAN; kind is a run's first tile or the triplet's tile; ``concealed`` is what fu and the
# concealed-triplet yaku see (a triplet completed by a ron counts as open, 明刻);
# ``declared`` marks a called or declared meld. A plain tuple, not a class: readings
# build many of them and this is the scoring hot path.
Mentsu = tuple[int, int, bool, bool]


class Reading(NamedTuple):
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
    kinds: list[int] = field(default_factory=list)  # kinds held, ascending
    declared: tuple[Mentsu, ...] = ()  # the melds as sets
    any_flag: bool = False  # any situational flag set
    suits: int = 0  # bit 0/1/2 set when man/pin/sou tiles are held
    honours: bool = False
    yaochu: bool = False  # any terminal or honour held

    def __post_init__(self) -> None:
        # Hand-wide facts several yaku test, computed once instead of per reading.
        kinds = self.kinds = [k for k, n in enumerate(self.counts) if n]
        self.declared = tuple(_meld_set(m) for m in self.melds) if self.melds else ()
        self.any_flag = True in self.flags.values()
        suits = 0
        for k in kinds:
            suits |= SUIT_BIT[k]
        self.suits = suits
        self.honours = kinds[-1] >= 27
        self.yaochu = self.honours or not YAOCHU.isdisjoint(kinds)

    @property
    def dealer(self) -> bool:
        return self.seat == "E"


def _meld_set(m: Meld) -> Mentsu:
    if m.kind == "chi":
        return (RUN, m.base, False, True)
    if m.is_kan:
        return (KAN, m.base, m.kind == "ankan", True)
    return (TRIPLET, m.base, False, True)


def _run_wait(start: int, win: int) -> str:
    if win == start + 1:
        return "kanchan"
    rank = start % 9
    if (win == start and rank == 6) or (win == start + 2 and rank == 0):
        return "penchan"
    return "ryanmen"


def standard_readings(ctx: WinContext) -> list[Reading]:
    split = readings(ctx.concealed)
    if not split:
        return []
    declared = ctx.declared
    w = ctx.win_tile
    tsumo = ctx.tsumo
    out: list[Reading] = []
    for pair, groups in split:
        # (index of the group holding the winning tile, wait); identical groups give the
        # same reading, so each (group, wait) is kept once.
        seen: set[tuple[Any, str]] = set()
        if pair == w:
            out.append(Reading("standard", pair, tuple(
                (RUN, kind, True, False) if run else (TRIPLET, kind, True, False)
                for run, kind in groups) + declared, "tanki"))
        for idx, (run, kind) in enumerate(groups):
            if run:
                if not kind <= w <= kind + 2:
                    continue
                wait = _run_wait(kind, w)
            elif kind == w:
                wait = "shanpon"
            else:
                continue
            if (groups[idx], wait) in seen:
                continue
            seen.add((groups[idx], wait))
            # A triplet finished by a discard is an open triplet for fu and 三暗刻.
            sets = tuple((RUN, k, True, False) if r
                         else (TRIPLET, k, tsumo or i != idx, False)
                         for i, (r, k) in enumerate(groups))
            out.append(Reading("standard", pair, sets + declared, wait))
    return out


def chiitoi_reading(ctx: WinContext) -> Reading | None:
    if ctx.melds or len(ctx.kinds) != 7:
        return None
    pairs = tuple(ctx.kinds)  # without melds the kinds held are the concealed ones
    if all(ctx.concealed[k] == 2 for k in pairs):
        return Reading("chiitoi", pairs=pairs, wait="tanki")
    return None


def kokushi_reading(ctx: WinContext) -> Reading | None:
    if ctx.melds or len(ctx.kinds) != 13:
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
