"""A parsed win (:class:`WinContext`) and every reading of its shape (:class:`Reading`).

A *reading* is one way to see the 14 tiles as a winning shape *and* which group the
winning tile completed: ``23345m`` won on 4m is either a kanchan (3-5) or a ryanmen
(23-4), and the two readings can differ in fu and in pinfu. Yaku and fu are computed per
reading; the best-paying one is kept.

Kinds are ints as in :mod:`scoring.engine.tiles` (0-8 man, 9-17 pin, 18-26 sou, 27-33
East South West North White Green Red).
"""

from __future__ import annotations

from functools import partial
from itertools import compress
from operator import itemgetter
from typing import NamedTuple

from ...shapes import seven_pairs, thirteen_orphans
from ...tiles import TERMINALS_AND_HONOURS, Meld, tile_name
from .options import Options
from .split import readings

RUN, TRIPLET, KAN = 0, 1, 2
YAOCHU = frozenset(TERMINALS_AND_HONOURS)
WIND_KIND = {"E": 27, "S": 28, "W": 29, "N": 30}
_terminals = itemgetter(0, 8, 9, 17, 18, 26)


class Reading(NamedTuple):
    """One reading of the hand, as the yaku and fu see it.

    Sets are kept as kinds by shape rather than as objects, since readings are built for
    every hand scored: ``runs`` (first kinds, concealed and called), ``triplets`` (kinds
    of every triplet and kan), ``closed`` (triplets in the concealed hand, i.e. not
    declared), ``ron_triplet`` (the closed triplet a ron completed, an open triplet for fu
    and 三暗刻; -1 if none), ``concealed_triplets`` (for 三暗刻/四暗刻, concealed kans
    included) and ``kans``.
    """

    form: str  # "standard", "chiitoi", "kokushi"
    pair: int = -1  # standard form only
    wait: str = ""  # ryanmen, kanchan, penchan, shanpon, tanki, 13 (kokushi)
    runs: tuple[int, ...] = ()
    triplets: tuple[int, ...] = ()
    closed: tuple[int, ...] = ()
    ron_triplet: int = -1
    concealed_triplets: int = 0
    kans: int = 0
    pairs: tuple[int, ...] = ()  # chiitoi form


class MeldFacts(NamedTuple):
    """What scoring needs from one declared meld, computed once per meld string."""

    meld: Meld
    reds: tuple[int, int, int]  # red 5m, 5p, 5s in it
    kinds: tuple[int, ...]  # its tiles' kinds
    base: int  # a run's first kind, or the triplet's kind
    is_run: bool
    is_open: bool
    is_kan: bool
    fu: int  # 0 for a chi
    fu_label: str  # minkou, minkan, ankan ("" for a chi)
    fu_text: str  # the fu item's words, e.g. "ankan 9s" ("" for a chi)


def meld_facts(m: Meld) -> MeldFacts:
    reds = [0, 0, 0]
    for t in m.tiles:
        if t.red:
            reds[t.kind // 9] += 1
    base = m.base
    fu, label, text = 0, "", ""
    if m.kind != "chi":
        closed = m.kind == "ankan"
        fu = (4 if base in YAOCHU else 2) * (2 if closed else 1) * (4 if m.is_kan else 1)
        label = ("ankan" if closed else "minkan") if m.is_kan else "minkou"
        text = f"{label} {tile_name(base)}"
    return MeldFacts(m, (reds[0], reds[1], reds[2]), m.kinds, base, m.kind == "chi",
                     m.is_open, m.is_kan, fu, label, text)


# NamedTuple's own __new__ is a Python lambda; readings are made per hand, so build the
# tuple directly (all fields, in order).
_reading = partial(tuple.__new__, Reading)


class WinContext:
    """Everything about one win that does not depend on the reading.

    Besides the request's facts it holds hand-wide facts several yaku test, computed once
    here instead of per reading: ``kinds`` held (ascending), ``suits`` (bit 0/1/2 for
    man/pin/sou), ``honours``, ``yaochu`` (any terminal or honour), the melds' runs,
    triplets, kans and fu items, and ``any_flag`` (any situational flag set). A plain
    slotted class: it is built for every request.
    """

    __slots__ = ("concealed", "melds", "win_tile", "tsumo", "seat", "seat_wind", "round_wind",
                 "flags", "options", "counts", "menzen", "kinds", "meld_info", "meld_runs",
                 "meld_triplets", "kans", "ankans", "meld_fu", "meld_fu_total", "any_flag",
                 "suits", "honours", "yaochu")

    def __init__(self, concealed: list[int], melds: tuple[Meld, ...], win_tile: int,
                 tsumo: bool, seat: str, seat_wind: int, round_wind: int,
                 flags: dict[str, bool], options: Options, counts: list[int], menzen: bool,
                 meld_info: tuple[MeldFacts, ...] | None = None, parts: int = -1) -> None:
        self.concealed = concealed  # 34 counts of the concealed tiles, winning tile included
        self.melds = melds
        self.win_tile = win_tile
        self.tsumo = tsumo
        self.seat = seat  # winner's seat wind letter
        self.seat_wind = seat_wind
        self.round_wind = round_wind
        self.flags = flags
        self.options = options
        self.counts = counts  # 34 counts of every tile held, kans as four
        self.menzen = menzen  # no open meld (a concealed kan keeps the hand closed)
        kinds = self.kinds = list(compress(range(34), counts))
        self.kans = self.ankans = self.meld_fu_total = 0
        self.meld_runs: tuple[int, ...] = ()
        self.meld_triplets: tuple[int, ...] = ()
        self.meld_fu: tuple[tuple[str, int, str], ...] = ()
        self.meld_info: tuple[MeldFacts, ...] = ()
        if melds:
            if meld_info is None or len(meld_info) != len(melds):
                meld_info = tuple(meld_facts(m) for m in melds)
            self.meld_info = meld_info
            runs, trips, fu = [], [], []
            for info in meld_info:
                if info.is_run:
                    runs.append(info.base)
                else:
                    trips.append(info.base)
                    self.kans += info.is_kan
                    self.ankans += not info.is_open
                    fu.append(("meld", info.fu, info.fu_text))
                    self.meld_fu_total += info.fu
            self.meld_runs, self.meld_triplets, self.meld_fu = tuple(runs), tuple(trips), tuple(fu)
        self.any_flag = True in flags.values()
        if parts < 0:  # ``parts``: bits 0-3 for man, pin, sou, honours held, when known
            self.suits = (any(counts[0:9]) | any(counts[9:18]) << 1 | any(counts[18:27]) << 2)
            self.honours = kinds[-1] >= 27
        else:
            self.suits = parts & 7
            self.honours = parts > 7
        self.yaochu = self.honours or any(_terminals(counts))

    @property
    def dealer(self) -> bool:
        return self.seat == "E"


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
    w = ctx.win_tile
    ron = not ctx.tsumo
    meld_runs, meld_trips, kans, ankans = ctx.meld_runs, ctx.meld_triplets, ctx.kans, ctx.ankans
    out: list[Reading] = []
    for pair, runs, closed in split:
        all_runs = runs + meld_runs if meld_runs else runs
        all_trips = closed + meld_trips if meld_trips else closed
        hidden = len(closed) + ankans
        if pair == w:
            out.append(_reading(("standard", pair, "tanki", all_runs, all_trips, closed, -1,
                                 hidden, kans, ())))
        if w in closed:
            # A triplet finished by a discard is an open triplet for fu and 三暗刻.
            out.append(_reading(("standard", pair, "shanpon", all_runs, all_trips, closed,
                                 w if ron else -1, hidden - ron, kans, ())))
        last = -1
        for k in runs:  # ascending: identical runs give one reading
            if k != last and k <= w <= k + 2:
                out.append(_reading(("standard", pair, _run_wait(k, w), all_runs, all_trips,
                                     closed, -1, hidden, kans, ())))
            last = k
    return out


def chiitoi_reading(ctx: WinContext) -> Reading | None:
    if ctx.melds or len(ctx.kinds) != 7:  # seven distinct kinds: four of a kind is not 2 pairs
        return None
    match = seven_pairs(ctx.concealed)
    return None if match is None else Reading("chiitoi", wait="tanki", pairs=match.pairs)


def kokushi_reading(ctx: WinContext) -> Reading | None:
    if ctx.melds or len(ctx.kinds) != 13:
        return None
    match = thirteen_orphans(ctx.concealed)
    if match is None or match.pair is None:
        return None
    # 13-sided: the 13 orphans were all held before the winning tile arrived.
    wait = "13" if match.pair == ctx.win_tile else "tanki"
    return Reading("kokushi", pair=match.pair, wait=wait)


def all_readings(ctx: WinContext) -> list[Reading]:
    out = standard_readings(ctx)
    if not ctx.melds and len(ctx.kinds) in (7, 13):  # the only sizes of those two shapes
        for extra in (chiitoi_reading(ctx), kokushi_reading(ctx)):
            if extra is not None:
                out.append(extra)
    return out
