"""Which yaku can apply to a hand at all, from a handful of cheap hand-wide features.

Every yaku and yakuman class declares ``needs``: features the hand must have for it to
be possible (riichi declared, a triplet's worth of a dragon, one suit only...). The
features are computed once per hand; the matching part of each registry is cached per
feature set, so a typical hand calls ``han`` on a handful of classes, not fifty. This
is only a filter: ``han`` still decides, per reading.
"""

from __future__ import annotations

from functools import lru_cache

from .hand import YAOCHU, WinContext
from .yaku import YAKU, Yaku
from .yakuman import GREEN, YAKUMAN

FLAG_FEATURES = ("riichi", "double_riichi", "open_riichi", "ippatsu", "rinshan", "chankan",
                 "haitei", "houtei", "tenhou", "chiihou", "renhou")


def hand_features(ctx: WinContext) -> frozenset[str]:
    flags = ctx.flags
    f = {name for name in FLAG_FEATURES if flags[name]} if ctx.any_flag else set()
    counts = ctx.counts
    kinds = ctx.kinds
    if ctx.tsumo:
        f.add("tsumo")
    if ctx.menzen:
        f.add("menzen")
    if not ctx.melds:
        f.add("no_melds")
        if len(kinds) == 7:
            f.add("seven_pairs")
            if ctx.options.daisharin and ctx.suits == 2 and not ctx.honours:
                f.add("daisharin")
        elif ctx.yaochu and all(counts[k] for k in YAOCHU):
            f.add("kokushi")
    if ctx.yaochu:
        f.add("yaochu")
        if all(k in YAOCHU for k in kinds):
            if not ctx.suits:
                f.add("all_honours")
            elif not ctx.honours:
                f.add("all_terminals")
            else:
                f.add("honroutou")
    elif ctx.menzen or ctx.options.kuitan:
        f.add("simples")
    if not ctx.honours:
        f.add("no_honours")
    if ctx.suits == 7:
        f.add("three_suits")
    elif ctx.suits in (1, 2, 4):
        f.add("honitsu" if ctx.honours else "chinitsu")
        if all(counts[k] for k in range(kinds[0] - kinds[0] % 9, kinds[0] - kinds[0] % 9 + 9)):
            f.add("ittsu")
    if "ittsu" not in f and any(all(counts[b:b + 9]) for b in (0, 9, 18)):
        f.add("ittsu")
    triplets = 0
    for k in kinds:
        if counts[k] >= 3:
            triplets += 1
            if k >= 31:
                f.add(f"triplet{k}")
            if k == ctx.seat_wind:
                f.add("seat_triplet")
            if k == ctx.round_wind:
                f.add("round_triplet")
    if triplets >= 3:
        f.add("triplets3")
        if triplets >= 4:
            f.add("triplets4")
    if ctx.honours:
        dragons = counts[31] + counts[32] + counts[33]
        if dragons >= 8:
            f.add("dragons8")
            if dragons >= 9:
                f.add("dragons9")
        winds = counts[27] + counts[28] + counts[29] + counts[30]
        if winds >= 11:
            f.add("winds11")
            if winds >= 12:
                f.add("winds12")
    kans = ctx.kans
    if kans >= 3:
        f.add("kans3")
        if kans == 4:
            f.add("kans4")
    if ctx.suits in (0, 4) and all(k in GREEN for k in kinds):  # sou and green dragon only
        f.add("all_green")
    return frozenset(f)


@lru_cache(maxsize=2048)
def active(features: frozenset[str]) -> tuple[tuple[Yaku, ...], tuple[Yaku, ...]]:
    """(yakuman, yaku) whose needs the hand meets, in registry order."""
    return (tuple(y for y in YAKUMAN if y.needs <= features),
            tuple(y for y in YAKU if y.needs <= features))
