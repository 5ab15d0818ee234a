"""Detectors of the 8- to 1-fan fans (see :mod:`.rules_base`)."""

from __future__ import annotations

from .facts import RANKS_2_8, TERMINAL_KINDS
from .reading import Ctx
from .rules_base import (
    CONCEALED_PUNGS2,
    DRAGON_PUNG,
    FOUR_PUNGS,
    NO_PUNGS,
    OUTSIDE,
    SETS,
    STANDARD,
    TERMINAL_PUNG,
    WAIT,
    WIND_PUNG,
    ChowCombination,
    Fan,
    PungCombination,
    SituationFan,
    TilesFan,
)

# --- 8 -------------------------------------------------------------------------------

class MixedStraight(ChowCombination):
    id = "mixed_straight"


class ReversibleTiles(TilesFan):
    id = "reversible_tiles"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.tiles.reversible)


class MixedTripleChow(ChowCombination):
    id = "mixed_triple_chow"


class MixedShiftedPungs(PungCombination):
    id = "mixed_shifted_pungs"


class ChickenHand(SituationFan):
    """Scored by the scorer when nothing else is: it depends on every other fan."""

    id = "chicken_hand"

    def count(self, ctx: Ctx) -> int:
        return 0


class LastTileDraw(SituationFan):
    id = "last_tile_draw"

    def count(self, ctx: Ctx) -> int:
        s = ctx.situation
        return int(s.tsumo and s.wall_last)


class LastTileClaim(SituationFan):
    id = "last_tile_claim"

    def count(self, ctx: Ctx) -> int:
        s = ctx.situation
        return int(not s.tsumo and s.wall_last)


class OutWithReplacementTile(SituationFan):
    id = "out_with_replacement_tile"

    def count(self, ctx: Ctx) -> int:
        s = ctx.situation
        return int(s.tsumo and s.kong)


class RobbingTheKong(SituationFan):
    id = "robbing_the_kong"

    def count(self, ctx: Ctx) -> int:
        s = ctx.situation
        return int(not s.tsumo and s.kong)


# --- 6 -------------------------------------------------------------------------------

class AllPungs(Fan):
    id = "all_pungs"
    needs = FOUR_PUNGS

    def count(self, ctx: Ctx) -> int:
        return int(ctx.is_sets and len(ctx.pungs) == 4)


class HalfFlush(TilesFan):
    id = "half_flush"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.tiles.n_suits == 1 and ctx.tiles.honours)


class MixedShiftedChows(ChowCombination):
    id = "mixed_shifted_chows"


class AllTypes(TilesFan):
    id = "all_types"

    def count(self, ctx: Ctx) -> int:
        t = ctx.tiles
        return int(t.n_suits == 3 and t.has_winds and t.has_dragons)


class MeldedHand(SituationFan):
    id = "melded_hand"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.situation.exposed_melds == 4 and not ctx.situation.tsumo)


class TwoConcealedKongs(SituationFan):
    id = "two_concealed_kongs"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.situation.concealed_kongs >= 2)


class TwoDragonPungs(PungCombination):
    id = "two_dragon_pungs"


# --- 4 -------------------------------------------------------------------------------

class OutsideHand(Fan):
    id = "outside_hand"
    needs = STANDARD | OUTSIDE

    def count(self, ctx: Ctx) -> int:
        if not ctx.is_standard:
            return 0
        return int(all(any(k in TERMINAL_KINDS or k >= 27 for k in g) for g in ctx.groups))


class FullyConcealedHand(SituationFan):
    id = "fully_concealed_hand"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.situation.exposed_melds == 0 and ctx.situation.tsumo)


class TwoMeldedKongs(SituationFan):
    id = "two_melded_kongs"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.situation.melded_kongs >= 2)


class LastTile(SituationFan):
    id = "last_tile"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.situation.last_tile)


# --- 2 -------------------------------------------------------------------------------

class DragonPung(Fan):
    id = "dragon_pung"
    needs = DRAGON_PUNG

    def count(self, ctx: Ctx) -> int:
        return len(ctx.dragon_pungs)


class PrevalentWind(Fan):
    id = "prevalent_wind"
    needs = WIND_PUNG

    def count(self, ctx: Ctx) -> int:
        return int(ctx.facts.round_wind in ctx.wind_pungs)


class SeatWind(Fan):
    id = "seat_wind"
    needs = WIND_PUNG

    def count(self, ctx: Ctx) -> int:
        return int(ctx.facts.seat_wind in ctx.wind_pungs)


class ConcealedHand(SituationFan):
    id = "concealed_hand"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.situation.exposed_melds == 0 and not ctx.situation.tsumo)


class AllChows(Fan):
    id = "all_chows"
    needs = SETS | NO_PUNGS

    def count(self, ctx: Ctx) -> int:
        return int(ctx.is_sets and not ctx.pungs and 0 <= ctx.reading.pair < 27)


class TileHog(SituationFan):
    id = "tile_hog"

    def count(self, ctx: Ctx) -> int:
        return ctx.situation.hogs


class DoublePung(PungCombination):
    id = "double_pung"


class TwoConcealedPungs(Fan):
    id = "two_concealed_pungs"
    needs = CONCEALED_PUNGS2

    def count(self, ctx: Ctx) -> int:
        return int(ctx.concealed_pungs == 2)


class ConcealedKong(SituationFan):
    id = "concealed_kong"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.situation.concealed_kongs >= 1)


class AllSimples(TilesFan):
    id = "all_simples"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.tiles.only_ranks(RANKS_2_8))


# --- 1 -------------------------------------------------------------------------------

class PureDoubleChow(ChowCombination):
    id = "pure_double_chow"


class MixedDoubleChow(ChowCombination):
    id = "mixed_double_chow"


class ShortStraight(ChowCombination):
    id = "short_straight"


class TwoTerminalChows(ChowCombination):
    id = "two_terminal_chows"


class PungOfTerminalsOrHonors(Fan):
    """Terminal pungs, and wind pungs no wind fan already pays for (不重复原则)."""

    id = "pung_of_terminals_or_honors"
    needs = TERMINAL_PUNG

    def count(self, ctx: Ctx) -> int:
        f = ctx.facts
        pungs = ctx.pungs
        n = sum(1 for k in pungs if k in TERMINAL_KINDS)
        winds = ctx.wind_pungs
        if len(winds) < 3:
            n += sum(1 for k in winds if k not in (f.seat_wind, f.round_wind))
        return n


class MeldedKong(SituationFan):
    id = "melded_kong"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.situation.melded_kongs >= 1)


class OneVoidedSuit(TilesFan):
    id = "one_voided_suit"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.tiles.n_suits == 2)


class NoHonors(TilesFan):
    id = "no_honors"

    def count(self, ctx: Ctx) -> int:
        return int(not ctx.tiles.honours)


def _wait_position(ctx: Ctx) -> str | None:
    # The three wait fans ask alike: work it out for the first, keep it for the others.
    if ctx._wait is False:
        ctx._wait = _find_wait_position(ctx)
    return ctx._wait if isinstance(ctx._wait, str) else None


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


class EdgeWait(Fan):
    id = "edge_wait"
    needs = WAIT

    def count(self, ctx: Ctx) -> int:
        return int(_wait_position(ctx) == self.id)


class ClosedWait(Fan):
    id = "closed_wait"
    needs = WAIT

    def count(self, ctx: Ctx) -> int:
        return int(_wait_position(ctx) == self.id)


class SingleWait(Fan):
    id = "single_wait"
    needs = WAIT

    def count(self, ctx: Ctx) -> int:
        return int(_wait_position(ctx) == self.id)


class SelfDrawn(SituationFan):
    id = "self_drawn"

    def count(self, ctx: Ctx) -> int:
        return int(ctx.situation.tsumo)


class FlowerTiles(SituationFan):
    """Flowers are added by the scorer after the minimum check: not part of a hand's fans."""

    id = "flower_tiles"

    def count(self, ctx: Ctx) -> int:
        return 0


# The 8 to 1-fan fans, one detector each, in the order of the fan table.
LOW: tuple[Fan, ...] = (
    MixedStraight(), ReversibleTiles(), MixedTripleChow(), MixedShiftedPungs(),
    ChickenHand(), LastTileDraw(), LastTileClaim(), OutWithReplacementTile(),
    RobbingTheKong(), AllPungs(), HalfFlush(), MixedShiftedChows(), AllTypes(),
    MeldedHand(), TwoConcealedKongs(), TwoDragonPungs(), OutsideHand(),
    FullyConcealedHand(), TwoMeldedKongs(), LastTile(), DragonPung(), PrevalentWind(),
    SeatWind(), ConcealedHand(), AllChows(), TileHog(), DoublePung(), TwoConcealedPungs(),
    ConcealedKong(), AllSimples(), PureDoubleChow(), MixedDoubleChow(), ShortStraight(),
    TwoTerminalChows(), PungOfTerminalsOrHonors(), MeldedKong(), OneVoidedSuit(),
    NoHonors(), EdgeWait(), ClosedWait(), SingleWait(), SelfDrawn(), FlowerTiles(),
)
