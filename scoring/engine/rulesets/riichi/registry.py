"""Which yaku can apply to a hand at all, from a handful of cheap hand-wide features.

Every yaku and yakuman class declares ``needs``: features the hand must have for it to
be possible (riichi declared, a triplet's worth of a dragon, one suit only...). The
features are computed once per hand as a bit set; the matching part of each registry is
cached per feature set, so a typical hand calls ``han`` on a handful of classes, not fifty. This
is only a filter: ``han`` still decides, per reading.
"""

from __future__ import annotations

from .hand import YAOCHU, WinContext
from .yaku import YAKU, Yaku
from .yakuman import GREEN, YAKUMAN

FLAG_FEATURES = ("riichi", "double_riichi", "open_riichi", "ippatsu", "rinshan", "chankan",
                 "haitei", "houtei", "tenhou", "chiihou", "renhou")


FEATURES = FLAG_FEATURES + (
    "tsumo", "menzen", "no_melds", "seven_pairs", "daisharin", "kokushi", "yaochu",
    "all_honours", "all_terminals", "honroutou", "simples", "no_honours", "three_suits",
    "honitsu", "chinitsu", "ittsu", "triplet31", "triplet32", "triplet33", "seat_triplet",
    "round_triplet", "triplets3", "triplets4", "dragons8", "dragons9", "winds11", "winds12",
    "kans3", "kans4", "all_green")
BIT = {name: 1 << i for i, name in enumerate(FEATURES)}


def hand_features(ctx: WinContext) -> int:
    """The hand's features as a bit set (see :data:`BIT`)."""
    f = 0
    if ctx.any_flag:
        flags = ctx.flags
        for name in FLAG_FEATURES:
            if flags[name]:
                f |= BIT[name]
    counts = ctx.counts
    kinds = ctx.kinds
    if ctx.tsumo:
        f |= BIT["tsumo"]
    if ctx.menzen:
        f |= BIT["menzen"]
    if not ctx.melds:
        f |= BIT["no_melds"]
        if len(kinds) == 7:
            f |= BIT["seven_pairs"]
            if ctx.options.daisharin and ctx.suits == 2 and not ctx.honours:
                f |= BIT["daisharin"]
        elif ctx.yaochu and all(counts[k] for k in YAOCHU):
            f |= BIT["kokushi"]
    if ctx.yaochu:
        f |= BIT["yaochu"]
        if all(k in YAOCHU for k in kinds):
            if not ctx.suits:
                f |= BIT["all_honours"]
            elif not ctx.honours:
                f |= BIT["all_terminals"]
            else:
                f |= BIT["honroutou"]
    elif ctx.menzen or ctx.options.kuitan:
        f |= BIT["simples"]
    if not ctx.honours:
        f |= BIT["no_honours"]
    if ctx.suits == 7:
        f |= BIT["three_suits"]
    elif ctx.suits in (1, 2, 4):
        f |= BIT["honitsu"] if ctx.honours else BIT["chinitsu"]
        if all(counts[k] for k in range(kinds[0] - kinds[0] % 9, kinds[0] - kinds[0] % 9 + 9)):
            f |= BIT["ittsu"]
    if not f & BIT["ittsu"] and any(all(counts[b:b + 9]) for b in (0, 9, 18)):
        f |= BIT["ittsu"]
    triplets = 0
    for k in kinds:
        if counts[k] >= 3:
            triplets += 1
            if k >= 31:
                f |= BIT[f"triplet{k}"]
            if k == ctx.seat_wind:
                f |= BIT["seat_triplet"]
            if k == ctx.round_wind:
                f |= BIT["round_triplet"]
    if triplets >= 3:
        f |= BIT["triplets3"]
        if triplets >= 4:
            f |= BIT["triplets4"]
    if ctx.honours:
        dragons = counts[31] + counts[32] + counts[33]
        if dragons >= 8:
            f |= BIT["dragons8"]
            if dragons >= 9:
                f |= BIT["dragons9"]
        winds = counts[27] + counts[28] + counts[29] + counts[30]
        if winds >= 11:
            f |= BIT["winds11"]
            if winds >= 12:
                f |= BIT["winds12"]
    kans = ctx.kans
    if kans >= 3:
        f |= BIT["kans3"]
        if kans == 4:
            f |= BIT["kans4"]
    if ctx.suits in (0, 4) and all(k in GREEN for k in kinds):  # sou and green dragon only
        f |= BIT["all_green"]
    return f


_ACTIVE: dict[int, tuple[tuple[Yaku, ...], tuple[Yaku, ...]]] = {}


def mask(names: frozenset[str]) -> int:
    out = 0
    for name in names:
        out |= BIT[name]
    return out


def active(features: int) -> tuple[tuple[Yaku, ...], tuple[Yaku, ...]]:
    """(yakuman, yaku) whose needs the hand meets, in registry order; cached per feature
    set (a few hundred distinct ones occur)."""
    found = _ACTIVE.get(features)
    if found is None:
        found = _ACTIVE[features] = (
            tuple(y for y in YAKUMAN if mask(y.needs) & ~features == 0),
            tuple(y for y in YAKU if mask(y.needs) & ~features == 0))
    return found
