"""Detectors of the 8- to 1-fan fans (see :mod:`.rules_base`)."""

from __future__ import annotations

from .reading import REVERSIBLE, Ctx
from .rules_base import (
    TERMINAL_KINDS,
    ChowCombination,
    Fan,
    PungCombination,
    all_kinds,
    fan,
)

# --- 8 -------------------------------------------------------------------------------

@fan
class MixedStraight(ChowCombination):
    id = "mixed_straight"


@fan
class ReversibleTiles(Fan):
    id = "reversible_tiles"

    def count(self, ctx: Ctx) -> int:
        return int(all_kinds(ctx, REVERSIBLE))


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
