"""Detectors of the 88- to 12-fan fans (see :mod:`.rules_base`)."""

from __future__ import annotations

from .facts import (
    LOWER_FOUR_RANKS,
    LOWER_RANKS,
    MIDDLE_RANKS,
    RANKS_1_9,
    SUIT_MASKS,
    UPPER_FOUR_RANKS,
    UPPER_RANKS,
)
from .reading import Ctx
from .rules_base import (
    ALL_FIVES,
    CONCEALED_PUNGS2,
    DRAGON_PUNG,
    FOUR_PUNGS,
    HONOURS_KNITTED,
    NINE,
    SEVEN_PAIRS,
    SPECIAL,
    STANDARD,
    THIRTEEN_ORPHANS,
    WIND_PUNG,
    ChowCombination,
    Fan,
    PungCombination,
    SituationFan,
    TilesFan,
)

# --- 88 ------------------------------------------------------------------------------

class BigFourWinds(PungCombination):
    id = "big_four_winds"


class BigThreeDragons(PungCombination):
    id = "big_three_dragons"


class AllGreen(TilesFan):
    id = "all_green"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.tiles.green)


class NineGates(Fan):
    id = "nine_gates"
    needs = STANDARD | NINE

    def count(self, ctx: Ctx) -> int:
        f = ctx.facts
        suit = f.win_tile // 9
        if not ctx.is_standard or f.n_melds or suit > 2 or f.mask & ~SUIT_MASKS[suit]:
            return 0
        base = 9 * suit
        before = list(f.concealed14[base:base + 9])
        before[f.win_tile - base] -= 1
        return int(before == [3, 1, 1, 1, 1, 1, 1, 1, 3])


class FourKongs(SituationFan):
    id = "four_kongs"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.situation.kongs == 4)


class SevenShiftedPairs(Fan):
    id = "seven_shifted_pairs"
    needs = SEVEN_PAIRS

    def count(self, ctx: Ctx) -> int:
        if ctx.reading.form != "seven_pairs":
            return 0
        kinds = ctx.facts.kinds
        return int(len(kinds) == 7 and kinds[-1] < 27 and kinds[6] - kinds[0] == 6
                   and kinds[0] // 9 == kinds[6] // 9)


class ThirteenOrphans(Fan):
    id = "thirteen_orphans"
    needs = THIRTEEN_ORPHANS

    def count(self, ctx: Ctx) -> int:
        return int(ctx.reading.form == "thirteen_orphans")


# --- 64 ------------------------------------------------------------------------------

class AllTerminals(TilesFan):
    id = "all_terminals"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.tiles.only_ranks(RANKS_1_9))


class LittleFourWinds(Fan):
    id = "little_four_winds"
    needs = WIND_PUNG

    def count(self, ctx: Ctx) -> int:
        return int(len(ctx.wind_pungs) == 3 and 27 <= ctx.reading.pair <= 30)


class LittleThreeDragons(Fan):
    id = "little_three_dragons"
    needs = DRAGON_PUNG

    def count(self, ctx: Ctx) -> int:
        return int(len(ctx.dragon_pungs) == 2 and ctx.reading.pair >= 31)


class AllHonors(TilesFan):
    id = "all_honors"

    def count(self, ctx: Ctx) -> int:
        return int(not ctx.tiles.suits)


class FourConcealedPungs(Fan):
    id = "four_concealed_pungs"
    needs = CONCEALED_PUNGS2

    def count(self, ctx: Ctx) -> int:
        return int(ctx.concealed_pungs == 4)


class PureTerminalChows(ChowCombination):
    id = "pure_terminal_chows"


# --- 48 ------------------------------------------------------------------------------

class QuadrupleChow(ChowCombination):
    id = "quadruple_chow"


class FourPureShiftedPungs(PungCombination):
    id = "four_pure_shifted_pungs"


# --- 32 ------------------------------------------------------------------------------

class FourPureShiftedChows(ChowCombination):
    id = "four_pure_shifted_chows"


class ThreeKongs(SituationFan):
    id = "three_kongs"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.situation.kongs == 3)


class AllTerminalsAndHonors(TilesFan):
    id = "all_terminals_and_honors"

    def count(self, ctx: Ctx) -> int:
        t = ctx.tiles
        return int(bool(t.suits) and t.honours and t.ranks_within(RANKS_1_9))


# --- 24 ------------------------------------------------------------------------------

class SevenPairs(Fan):
    id = "seven_pairs"
    needs = SEVEN_PAIRS

    def count(self, ctx: Ctx) -> int:
        return int(ctx.reading.form == "seven_pairs")


class GreaterHonorsAndKnittedTiles(Fan):
    id = "greater_honors_and_knitted_tiles"
    needs = HONOURS_KNITTED

    def count(self, ctx: Ctx) -> int:
        return int(ctx.reading.form == "honours_knitted"
                   and all(ctx.facts.counts[k] for k in range(27, 34)))


class AllEvenPungs(Fan):
    id = "all_even_pungs"
    needs = STANDARD | FOUR_PUNGS

    def count(self, ctx: Ctx) -> int:
        if not ctx.is_standard or len(ctx.pungs) != 4:
            return 0
        return int(all(g[0] < 27 and (g[0] % 9 + 1) % 2 == 0 for g in ctx.groups))


class FullFlush(TilesFan):
    id = "full_flush"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.tiles.n_suits == 1 and not ctx.tiles.honours)


class PureTripleChow(ChowCombination):
    id = "pure_triple_chow"


class PureShiftedPungs(PungCombination):
    id = "pure_shifted_pungs"


class UpperTiles(TilesFan):
    id = "upper_tiles"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.tiles.only_ranks(UPPER_RANKS))


class MiddleTiles(TilesFan):
    id = "middle_tiles"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.tiles.only_ranks(MIDDLE_RANKS))


class LowerTiles(TilesFan):
    id = "lower_tiles"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.tiles.only_ranks(LOWER_RANKS))


# --- 16 ------------------------------------------------------------------------------

class PureStraight(ChowCombination):
    id = "pure_straight"


class ThreeSuitedTerminalChows(ChowCombination):
    id = "three_suited_terminal_chows"


class PureShiftedChows(ChowCombination):
    id = "pure_shifted_chows"


class AllFives(Fan):
    id = "all_fives"
    needs = STANDARD | ALL_FIVES

    def count(self, ctx: Ctx) -> int:
        if not ctx.is_standard:
            return 0
        return int(all(any(k < 27 and k % 9 == 4 for k in g) for g in ctx.groups))


class TriplePung(PungCombination):
    id = "triple_pung"


class ThreeConcealedPungs(Fan):
    id = "three_concealed_pungs"
    needs = CONCEALED_PUNGS2

    def count(self, ctx: Ctx) -> int:
        return int(ctx.concealed_pungs == 3)


# --- 12 ------------------------------------------------------------------------------

class LesserHonorsAndKnittedTiles(Fan):
    id = "lesser_honors_and_knitted_tiles"
    needs = HONOURS_KNITTED

    def count(self, ctx: Ctx) -> int:
        return int(ctx.reading.form == "honours_knitted")


class KnittedStraight(Fan):
    id = "knitted_straight"
    needs = SPECIAL

    def count(self, ctx: Ctx) -> int:
        form = ctx.reading.form
        if form == "knitted":
            return 1
        # 全不靠 holding all nine tiles of its knitted straight also scores 组合龙.
        return int(form == "honours_knitted" and sum(ctx.facts.counts[:27]) == 9)


class UpperFour(TilesFan):
    id = "upper_four"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.tiles.only_ranks(UPPER_FOUR_RANKS))


class LowerFour(TilesFan):
    id = "lower_four"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.tiles.only_ranks(LOWER_FOUR_RANKS))


class BigThreeWinds(PungCombination):
    id = "big_three_winds"


# The 88 to 12-fan fans, one detector each, in the order of the fan table.
HIGH: tuple[Fan, ...] = (
    BigFourWinds(), BigThreeDragons(), AllGreen(), NineGates(), FourKongs(),
    SevenShiftedPairs(), ThirteenOrphans(), AllTerminals(), LittleFourWinds(),
    LittleThreeDragons(), AllHonors(), FourConcealedPungs(), PureTerminalChows(),
    QuadrupleChow(), FourPureShiftedPungs(), FourPureShiftedChows(), ThreeKongs(),
    AllTerminalsAndHonors(), SevenPairs(), GreaterHonorsAndKnittedTiles(), AllEvenPungs(),
    FullFlush(), PureTripleChow(), PureShiftedPungs(), UpperTiles(), MiddleTiles(),
    LowerTiles(), PureStraight(), ThreeSuitedTerminalChows(), PureShiftedChows(),
    AllFives(), TriplePung(), ThreeConcealedPungs(), LesserHonorsAndKnittedTiles(),
    KnittedStraight(), UpperFour(), LowerFour(), BigThreeWinds(),
)
