"""Reading a Wuhu win: 支数 per suit, the 押档 (closed wait) value and the readings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...decompose import Group, decompositions
from ...errors import NotAWinningHand
from ...request import check_after_kong, flag, meld_list, no_flowers, read_tiles, win_kind
from ...tiles import Meld, counts34
from ...waits import waits
from .options import Options

SUITS = "mps"


@dataclass(frozen=True, slots=True)
class WinContext:
    concealed: tuple[int, ...]  # 34 counts, winning tile included
    melds: tuple[Meld, ...]
    counts: tuple[int, ...]  # every tile, kongs as four
    win_tile: int
    self_draw: bool
    after_kong: bool

    @property
    def suit_tiles(self) -> tuple[int, int, int]:
        """支 of each suit: its physical tiles, a kong's fourth tile included."""
        c = self.counts
        return (sum(c[0:9]), sum(c[9:18]), sum(c[18:27]))

    @property
    def honours(self) -> int:
        return sum(self.counts[27:34])


@dataclass(frozen=True, slots=True)
class Reading:
    pair: int
    groups: tuple[Group, ...]
    ya: int  # rank of the winning tile when it fills a closed wait, else 0


def _melds(raw: Any) -> tuple[Meld, ...]:
    return meld_list(raw or None, '["chi 123m", "pon 555p", "ankan 9999s"]')


def parse_request(request: Mapping[str, Any]) -> WinContext:
    read = read_tiles(request, _melds, no_flowers("Wuhu"))
    after_kong = flag(request, "after_kong")
    self_draw = win_kind(request.get("win"))
    check_after_kong(after_kong, self_draw, read.melds)
    return WinContext(concealed=tuple(read.concealed_counts()), melds=read.melds,
                      counts=tuple(counts34(read.every)), win_tile=read.win_tile.kind,
                      self_draw=self_draw, after_kong=after_kong)


def _fills_gap(g: Group, tile: int, options: Options) -> bool:
    if g.shape != "run" or tile not in g.kinds:
        return False
    if tile == g.kind + 1:
        return True
    if not options.edge_wait:
        return False
    return (g.kind % 9 == 0 and tile == g.kind + 2) or (g.kind % 9 == 6 and tile == g.kind)


def readings(ctx: WinContext, options: Options) -> list[Reading]:
    found = decompositions(ctx.concealed)
    if not found:
        raise NotAWinningHand(
            "these tiles do not form a win: four sets (chi, pon, kong or concealed sets) "
            "and a pair")
    closed_ok = True
    if options.closed_wait == "single_wait":
        before = list(ctx.concealed)
        before[ctx.win_tile] -= 1
        closed_ok = waits(before, ctx.melds) == [ctx.win_tile]
    rank = ctx.win_tile % 9 + 1
    out = []
    for d in found:
        gap = closed_ok and ctx.win_tile < 27 and any(
            _fills_gap(g, ctx.win_tile, options) for g in d.groups)
        out.append(Reading(d.pair, d.groups, rank if gap else 0))
    return out
