"""Detectors of the 88- to 12-fan fans (see :mod:`.rules_base`)."""

from __future__ import annotations

from .reading import GREEN, Ctx
from .rules_base import (
    TERMINAL_KINDS,
    ChowCombination,
    Fan,
    PungCombination,
    all_kinds,
    fan,
    suited_in,
)

# --- 88 ------------------------------------------------------------------------------

@fan
class BigFourWinds(PungCombination):
    id = "big_four_winds"


@fan
class BigThreeDragons(PungCombination):
    id = "big_three_dragons"


@fan
class AllGreen(Fan):
    id = "all_green"

    def count(self, ctx: Ctx) -> int:
        return int(all_kinds(ctx, GREEN))


@fan
class NineGates(Fan):
    id = "nine_gates"

    def count(self, ctx: Ctx) -> int:
        f = ctx.facts
        if not ctx.is_standard or f.n_exposed_melds or f.n_kongs_declared:
            return 0
        suits = f.suits
        if len(suits) != 1 or f.has_honours:
            return 0
        base = 9 * next(iter(suits))
        before = list(f.concealed14[base:base + 9])
        before[f.win_tile - base] -= 1
        return int(before == [3, 1, 1, 1, 1, 1, 1, 1, 3])


@fan
class FourKongs(Fan):
    id = "four_kongs"

    def count(self, ctx: Ctx) -> int:
        return int(sum(ctx.kongs) == 4)


@fan
class SevenShiftedPairs(Fan):
    id = "seven_shifted_pairs"
    needs = "special"

    def count(self, ctx: Ctx) -> int:
        if ctx.reading.form != "seven_pairs":
            return 0
        kinds = ctx.facts.kinds
        return int(len(kinds) == 7 and kinds[-1] < 27 and kinds[6] - kinds[0] == 6
                   and kinds[0] // 9 == kinds[6] // 9)


@fan
class ThirteenOrphans(Fan):
    id = "thirteen_orphans"
    needs = "special"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.reading.form == "thirteen_orphans")


# --- 64 ------------------------------------------------------------------------------

@fan
class AllTerminals(Fan):
    id = "all_terminals"

    def count(self, ctx: Ctx) -> int:
        return int(all_kinds(ctx, TERMINAL_KINDS))


@fan
class LittleFourWinds(Fan):
    id = "little_four_winds"

    def count(self, ctx: Ctx) -> int:
        return int(len(ctx.wind_pungs) == 3 and 27 <= ctx.reading.pair <= 30)


@fan
class LittleThreeDragons(Fan):
    id = "little_three_dragons"

    def count(self, ctx: Ctx) -> int:
        return int(len(ctx.dragon_pungs) == 2 and ctx.reading.pair >= 31)


@fan
class AllHonors(Fan):
    id = "all_honors"

    def count(self, ctx: Ctx) -> int:
        return int(not ctx.facts.suits)


@fan
class FourConcealedPungs(Fan):
    id = "four_concealed_pungs"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.concealed_pungs == 4)


@fan
class PureTerminalChows(ChowCombination):
    id = "pure_terminal_chows"


# --- 48 ------------------------------------------------------------------------------

@fan
class QuadrupleChow(ChowCombination):
    id = "quadruple_chow"


@fan
class FourPureShiftedPungs(PungCombination):
    id = "four_pure_shifted_pungs"


# --- 32 ------------------------------------------------------------------------------

@fan
class FourPureShiftedChows(ChowCombination):
    id = "four_pure_shifted_chows"


@fan
class ThreeKongs(Fan):
    id = "three_kongs"

    def count(self, ctx: Ctx) -> int:
        return int(sum(ctx.kongs) == 3)


@fan
class AllTerminalsAndHonors(Fan):
    id = "all_terminals_and_honors"

    def count(self, ctx: Ctx) -> int:
        f = ctx.facts
        return int(bool(f.suits) and f.has_honours
                   and all(k in TERMINAL_KINDS or k >= 27 for k in f.kinds))


# --- 24 ------------------------------------------------------------------------------

@fan
class SevenPairs(Fan):
    id = "seven_pairs"
    needs = "special"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.reading.form == "seven_pairs")


@fan
class GreaterHonorsAndKnittedTiles(Fan):
    id = "greater_honors_and_knitted_tiles"
    needs = "special"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.reading.form == "honours_knitted"
                   and all(ctx.facts.counts[k] for k in range(27, 34)))


@fan
class AllEvenPungs(Fan):
    id = "all_even_pungs"

    def count(self, ctx: Ctx) -> int:
        if not ctx.is_standard or len(ctx.pungs) != 4:
            return 0
        return int(all(g[0] < 27 and (g[0] % 9 + 1) % 2 == 0 for g in ctx.groups))


@fan
class FullFlush(Fan):
    id = "full_flush"

    def count(self, ctx: Ctx) -> int:
        return int(len(ctx.facts.suits) == 1 and not ctx.facts.has_honours)


@fan
class PureTripleChow(ChowCombination):
    id = "pure_triple_chow"


@fan
class PureShiftedPungs(PungCombination):
    id = "pure_shifted_pungs"


@fan
class UpperTiles(Fan):
    id = "upper_tiles"

    def count(self, ctx: Ctx) -> int:
        return int(suited_in(ctx, frozenset({7, 8, 9})))


@fan
class MiddleTiles(Fan):
    id = "middle_tiles"

    def count(self, ctx: Ctx) -> int:
        return int(suited_in(ctx, frozenset({4, 5, 6})))


@fan
class LowerTiles(Fan):
    id = "lower_tiles"

    def count(self, ctx: Ctx) -> int:
        return int(suited_in(ctx, frozenset({1, 2, 3})))


# --- 16 ------------------------------------------------------------------------------

@fan
class PureStraight(ChowCombination):
    id = "pure_straight"


@fan
class ThreeSuitedTerminalChows(ChowCombination):
    id = "three_suited_terminal_chows"


@fan
class PureShiftedChows(ChowCombination):
    id = "pure_shifted_chows"


@fan
class AllFives(Fan):
    id = "all_fives"

    def count(self, ctx: Ctx) -> int:
        if not ctx.is_standard:
            return 0
        return int(all(any(k < 27 and k % 9 == 4 for k in g) for g in ctx.groups))


@fan
class TriplePung(PungCombination):
    id = "triple_pung"


@fan
class ThreeConcealedPungs(Fan):
    id = "three_concealed_pungs"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.concealed_pungs == 3)


# --- 12 ------------------------------------------------------------------------------

@fan
class LesserHonorsAndKnittedTiles(Fan):
    id = "lesser_honors_and_knitted_tiles"
    needs = "special"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.reading.form == "honours_knitted")


@fan
class KnittedStraight(Fan):
    id = "knitted_straight"
    needs = "special"

    def count(self, ctx: Ctx) -> int:
        form = ctx.reading.form
        if form == "knitted":
            return 1
        # 全不靠 holding all nine tiles of its knitted straight also scores 组合龙.
        return int(form == "honours_knitted" and sum(ctx.facts.counts[:27]) == 9)


@fan
class UpperFour(Fan):
    id = "upper_four"

    def count(self, ctx: Ctx) -> int:
        return int(suited_in(ctx, frozenset({6, 7, 8, 9})))


@fan
class LowerFour(Fan):
    id = "lower_four"

    def count(self, ctx: Ctx) -> int:
        return int(suited_in(ctx, frozenset({1, 2, 3, 4})))


@fan
class BigThreeWinds(PungCombination):
    id = "big_three_winds"
