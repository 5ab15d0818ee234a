"""The 81 fans as detectors: one small class per fan, one shared signature.

Each detector says how many times its fan is present in one reading *before* the
exclusion principles are applied; :mod:`.scorer` then drops what the table's ``excludes``
says a higher fan already covers (不重复原则). Fans between sets (一般高, 三色三同顺, 三同刻…)
come from :mod:`.reading`, which applies 不拆移, 套算一次 and 不得相同 when combining sets.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from .fans import BY_ID, FanDef
from .reading import GREEN, REVERSIBLE, Ctx

TERMINAL_KINDS = frozenset({0, 8, 9, 17, 18, 26})


class Fan(ABC):
    id: ClassVar[str]

    @property
    def info(self) -> FanDef:
        return BY_ID[self.id]

    @abstractmethod
    def count(self, ctx: Ctx) -> int:
        """How many times the fan is present in this reading, before exclusions."""


REGISTRY: list[Fan] = []


def fan(cls: type[Fan]) -> type[Fan]:
    if cls.id not in BY_ID:
        raise KeyError(f"fan {cls.id!r} is not in the fan table")
    REGISTRY.append(cls())
    return cls


class ChowCombination(Fan):
    def count(self, ctx: Ctx) -> int:
        return ctx.chow_fans.get(self.id, 0)


class PungCombination(Fan):
    def count(self, ctx: Ctx) -> int:
        return ctx.pung_fans.get(self.id, 0)


def _all_kinds(ctx: Ctx, allowed: frozenset[int]) -> bool:
    return all(k in allowed for k in ctx.facts.kinds)


def _suited_in(ctx: Ctx, ranks: frozenset[int]) -> bool:
    return not ctx.facts.has_honours and ctx.facts.ranks <= ranks


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
        return int(_all_kinds(ctx, GREEN))


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

    def count(self, ctx: Ctx) -> int:
        if ctx.reading.form != "seven_pairs":
            return 0
        kinds = ctx.facts.kinds
        return int(len(kinds) == 7 and kinds[-1] < 27 and kinds[6] - kinds[0] == 6
                   and kinds[0] // 9 == kinds[6] // 9)


@fan
class ThirteenOrphans(Fan):
    id = "thirteen_orphans"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.reading.form == "thirteen_orphans")


# --- 64 ------------------------------------------------------------------------------

@fan
class AllTerminals(Fan):
    id = "all_terminals"

    def count(self, ctx: Ctx) -> int:
        return int(_all_kinds(ctx, TERMINAL_KINDS))


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

    def count(self, ctx: Ctx) -> int:
        return int(ctx.reading.form == "seven_pairs")


@fan
class GreaterHonorsAndKnittedTiles(Fan):
    id = "greater_honors_and_knitted_tiles"

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
        return int(_suited_in(ctx, frozenset({7, 8, 9})))


@fan
class MiddleTiles(Fan):
    id = "middle_tiles"

    def count(self, ctx: Ctx) -> int:
        return int(_suited_in(ctx, frozenset({4, 5, 6})))


@fan
class LowerTiles(Fan):
    id = "lower_tiles"

    def count(self, ctx: Ctx) -> int:
        return int(_suited_in(ctx, frozenset({1, 2, 3})))


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

    def count(self, ctx: Ctx) -> int:
        return int(ctx.reading.form == "honours_knitted")


@fan
class KnittedStraight(Fan):
    id = "knitted_straight"

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
        return int(_suited_in(ctx, frozenset({6, 7, 8, 9})))


@fan
class LowerFour(Fan):
    id = "lower_four"

    def count(self, ctx: Ctx) -> int:
        return int(_suited_in(ctx, frozenset({1, 2, 3, 4})))


@fan
class BigThreeWinds(PungCombination):
    id = "big_three_winds"


# --- 8 -------------------------------------------------------------------------------

@fan
class MixedStraight(ChowCombination):
    id = "mixed_straight"


@fan
class ReversibleTiles(Fan):
    id = "reversible_tiles"

    def count(self, ctx: Ctx) -> int:
        return int(_all_kinds(ctx, REVERSIBLE))


@fan
class MixedTripleChow(ChowCombination):
    id = "mixed_triple_chow"


@fan
class MixedShiftedPungs(PungCombination):
    id = "mixed_shifted_pungs"


@fan
class ChickenHand(Fan):
    """Scored by the scorer when nothing else is: it depends on every other fan."""

    id = "chicken_hand"

    def count(self, ctx: Ctx) -> int:
        return 0


@fan
class LastTileDraw(Fan):
    id = "last_tile_draw"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.facts.tsumo and ctx.facts.wall_last)


@fan
class LastTileClaim(Fan):
    id = "last_tile_claim"

    def count(self, ctx: Ctx) -> int:
        return int(not ctx.facts.tsumo and ctx.facts.wall_last)


@fan
class OutWithReplacementTile(Fan):
    id = "out_with_replacement_tile"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.facts.tsumo and ctx.facts.kong)


@fan
class RobbingTheKong(Fan):
    id = "robbing_the_kong"

    def count(self, ctx: Ctx) -> int:
        return int(not ctx.facts.tsumo and ctx.facts.kong)


# --- 6 -------------------------------------------------------------------------------

@fan
class AllPungs(Fan):
    id = "all_pungs"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.is_sets and len(ctx.pungs) == 4)


@fan
class HalfFlush(Fan):
    id = "half_flush"

    def count(self, ctx: Ctx) -> int:
        return int(len(ctx.facts.suits) == 1 and ctx.facts.has_honours)


@fan
class MixedShiftedChows(ChowCombination):
    id = "mixed_shifted_chows"


@fan
class AllTypes(Fan):
    id = "all_types"

    def count(self, ctx: Ctx) -> int:
        kinds = ctx.facts.kinds
        return int(len(ctx.facts.suits) == 3 and any(27 <= k <= 30 for k in kinds)
                   and any(k >= 31 for k in kinds))


@fan
class MeldedHand(Fan):
    id = "melded_hand"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.facts.n_exposed_melds == 4 and not ctx.facts.tsumo)


@fan
class TwoConcealedKongs(Fan):
    id = "two_concealed_kongs"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.kongs[1] >= 2)


@fan
class TwoDragonPungs(PungCombination):
    id = "two_dragon_pungs"


# --- 4 -------------------------------------------------------------------------------

@fan
class OutsideHand(Fan):
    id = "outside_hand"

    def count(self, ctx: Ctx) -> int:
        if not ctx.is_standard:
            return 0
        return int(all(any(k in TERMINAL_KINDS or k >= 27 for k in g) for g in ctx.groups))


@fan
class FullyConcealedHand(Fan):
    id = "fully_concealed_hand"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.facts.n_exposed_melds == 0 and ctx.facts.tsumo)


@fan
class TwoMeldedKongs(Fan):
    id = "two_melded_kongs"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.kongs[0] >= 2)


@fan
class LastTile(Fan):
    id = "last_tile"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.facts.last_tile)


# --- 2 -------------------------------------------------------------------------------

@fan
class DragonPung(Fan):
    id = "dragon_pung"

    def count(self, ctx: Ctx) -> int:
        return len(ctx.dragon_pungs)


@fan
class PrevalentWind(Fan):
    id = "prevalent_wind"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.facts.round_wind in ctx.wind_pungs)


@fan
class SeatWind(Fan):
    id = "seat_wind"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.facts.seat_wind in ctx.wind_pungs)


@fan
class ConcealedHand(Fan):
    id = "concealed_hand"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.facts.n_exposed_melds == 0 and not ctx.facts.tsumo)


@fan
class AllChows(Fan):
    id = "all_chows"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.is_sets and not ctx.pungs and 0 <= ctx.reading.pair < 27)


@fan
class TileHog(Fan):
    id = "tile_hog"

    def count(self, ctx: Ctx) -> int:
        counts, kongs = ctx.facts.counts, ctx.kong_kinds
        return sum(1 for k in ctx.facts.kinds if counts[k] == 4 and k not in kongs)


@fan
class DoublePung(PungCombination):
    id = "double_pung"


@fan
class TwoConcealedPungs(Fan):
    id = "two_concealed_pungs"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.concealed_pungs == 2)


@fan
class ConcealedKong(Fan):
    id = "concealed_kong"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.kongs[1] >= 1)


@fan
class AllSimples(Fan):
    id = "all_simples"

    def count(self, ctx: Ctx) -> int:
        return int(all(k < 27 and k not in TERMINAL_KINDS for k in ctx.facts.kinds))


# --- 1 -------------------------------------------------------------------------------

@fan
class PureDoubleChow(ChowCombination):
    id = "pure_double_chow"


@fan
class MixedDoubleChow(ChowCombination):
    id = "mixed_double_chow"


@fan
class ShortStraight(ChowCombination):
    id = "short_straight"


@fan
class TwoTerminalChows(ChowCombination):
    id = "two_terminal_chows"


@fan
class PungOfTerminalsOrHonors(Fan):
    """Terminal pungs, and wind pungs no wind fan already pays for (不重复原则)."""

    id = "pung_of_terminals_or_honors"

    def count(self, ctx: Ctx) -> int:
        f = ctx.facts
        pungs = ctx.pungs
        n = sum(1 for k in pungs if k in TERMINAL_KINDS)
        winds = ctx.wind_pungs
        if len(winds) < 3:
            n += sum(1 for k in winds if k not in (f.seat_wind, f.round_wind))
        return n


@fan
class MeldedKong(Fan):
    id = "melded_kong"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.kongs[0] >= 1)


@fan
class OneVoidedSuit(Fan):
    id = "one_voided_suit"

    def count(self, ctx: Ctx) -> int:
        return int(len(ctx.facts.suits) == 2)


@fan
class NoHonors(Fan):
    id = "no_honors"

    def count(self, ctx: Ctx) -> int:
        return int(not ctx.facts.has_honours)


def _wait_position(ctx: Ctx) -> str | None:
    if "wait" not in ctx.memo:
        ctx.memo["wait"] = _find_wait_position(ctx)
    return ctx.memo["wait"]  # type: ignore[return-value]


def _find_wait_position(ctx: Ctx) -> str | None:
    """Where the winning tile sits when it was the only tile waited on.

    Edge is the 3 of 123 or the 7 of 789, closed the middle of a chow, single the pair.
    When the tile fits several places of the reading only one wait fan counts, edge first.
    """
    f = ctx.facts
    if not ctx.is_sets:
        return None
    w = f.win_tile
    found: set[str] = set()
    for s in ctx.reading.sets:
        if s.declared or s.shape != "chow":
            continue
        rank = s.kind % 9
        if s.kind + 1 == w:
            found.add("closed_wait")
        elif (rank == 0 and w == s.kind + 2) or (rank == 6 and w == s.kind):
            found.add("edge_wait")
    if ctx.reading.pair == w:
        found.add("single_wait")
    if not found or not f.unique_wait:
        return None
    for name in ("edge_wait", "closed_wait", "single_wait"):
        if name in found:
            return name
    return None


@fan
class EdgeWait(Fan):
    id = "edge_wait"

    def count(self, ctx: Ctx) -> int:
        return int(_wait_position(ctx) == self.id)


@fan
class ClosedWait(Fan):
    id = "closed_wait"

    def count(self, ctx: Ctx) -> int:
        return int(_wait_position(ctx) == self.id)


@fan
class SingleWait(Fan):
    id = "single_wait"

    def count(self, ctx: Ctx) -> int:
        return int(_wait_position(ctx) == self.id)


@fan
class SelfDrawn(Fan):
    id = "self_drawn"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.facts.tsumo)


@fan
class FlowerTiles(Fan):
    """Flowers are added by the scorer after the minimum check: not part of a reading."""

    id = "flower_tiles"

    def count(self, ctx: Ctx) -> int:
        return 0
