"""Which yaku can apply to a hand at all, from a handful of cheap hand-wide features.

Every yaku and yakuman class declares ``needs``: features the hand must have for it to
be possible (riichi declared, a triplet's worth of a dragon, one suit only...). The
features are computed once per hand as a bit set; the matching part of each registry is
cached per feature set, so a typical hand calls ``han`` on a handful of classes, not fifty. This
is only a filter: ``han`` still decides, per reading.
"""

from __future__ import annotations

from operator import itemgetter

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
    "kans3", "kans4", "all_green", "outside")
BIT = {name: 1 << i for i, name in enumerate(FEATURES)}


_ALL_GREEN = BIT["all_green"]
_ALL_HONOURS = BIT["all_honours"]
_ALL_TERMINALS = BIT["all_terminals"]
_CHINITSU = BIT["chinitsu"]
_DAISHARIN = BIT["daisharin"]
_DRAGONS8 = BIT["dragons8"]
_DRAGONS9 = BIT["dragons9"]
_HONITSU = BIT["honitsu"]
_HONROUTOU = BIT["honroutou"]
_KANS3 = BIT["kans3"]
_KANS4 = BIT["kans4"]
_KOKUSHI = BIT["kokushi"]
_MENZEN = BIT["menzen"]
_NO_HONOURS = BIT["no_honours"]
_NO_MELDS = BIT["no_melds"]
_ROUND_TRIPLET = BIT["round_triplet"]
_SEAT_TRIPLET = BIT["seat_triplet"]
_SEVEN_PAIRS = BIT["seven_pairs"]
_SIMPLES = BIT["simples"]
_THREE_SUITS = BIT["three_suits"]
_TRIPLETS3 = BIT["triplets3"]
_TRIPLETS4 = BIT["triplets4"]
_TSUMO = BIT["tsumo"]
_WINDS11 = BIT["winds11"]
_WINDS12 = BIT["winds12"]
_YAOCHU = BIT["yaochu"]
_ITTSU = BIT["ittsu"]
_OUTSIDE = BIT["outside"]
_DRAGON_TRIPLET = {31: BIT["triplet31"], 32: BIT["triplet32"], 33: BIT["triplet33"]}
_yaochu_counts = itemgetter(*sorted(YAOCHU))


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
        f |= _TSUMO
    if ctx.menzen:
        f |= _MENZEN
    if not ctx.melds:
        f |= _NO_MELDS
        if len(kinds) == 7:
            f |= _SEVEN_PAIRS
            if ctx.options.daisharin and ctx.suits == 2 and not ctx.honours:
                f |= _DAISHARIN
        elif ctx.yaochu and all(_yaochu_counts(counts)):
            f |= _KOKUSHI
    if ctx.yaochu:
        f |= _YAOCHU
        # Every set and the pair of an outside hand holds a terminal or honour: five at least.
        if sum(_yaochu_counts(counts)) >= 5:
            f |= _OUTSIDE
        if YAOCHU.issuperset(kinds):
            if not ctx.suits:
                f |= _ALL_HONOURS
            elif not ctx.honours:
                f |= _ALL_TERMINALS
            else:
                f |= _HONROUTOU
    elif ctx.menzen or ctx.options.kuitan:
        f |= _SIMPLES
    if not ctx.honours:
        f |= _NO_HONOURS
    if ctx.suits == 7:
        f |= _THREE_SUITS
    elif ctx.suits in (1, 2, 4):
        f |= _HONITSU if ctx.honours else _CHINITSU
    # A straight needs nine kinds of one suit.
    if len(kinds) >= 9 and (all(counts[0:9]) or all(counts[9:18]) or all(counts[18:27])):
        f |= _ITTSU
    triplets = 0
    for k in kinds:
        if counts[k] >= 3:
            triplets += 1
            if k >= 27:
                if k >= 31:
                    f |= _DRAGON_TRIPLET[k]
                if k == ctx.seat_wind:
                    f |= _SEAT_TRIPLET
                if k == ctx.round_wind:
                    f |= _ROUND_TRIPLET
    if triplets >= 3:
        f |= _TRIPLETS3
        if triplets >= 4:
            f |= _TRIPLETS4
    if ctx.honours:
        dragons = counts[31] + counts[32] + counts[33]
        if dragons >= 8:
            f |= _DRAGONS8
            if dragons >= 9:
                f |= _DRAGONS9
        winds = counts[27] + counts[28] + counts[29] + counts[30]
        if winds >= 11:
            f |= _WINDS11
            if winds >= 12:
                f |= _WINDS12
    kans = ctx.kans
    if kans >= 3:
        f |= _KANS3
        if kans == 4:
            f |= _KANS4
    if ctx.suits in (0, 4) and GREEN.issuperset(kinds):  # sou and green dragon only
        f |= _ALL_GREEN
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
