"""Reading a Wuhu win: 支数 per suit, the 押档 (closed wait) value and the readings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...agari import is_win
from ...decompose import Group, decompositions
from ...errors import BadInput, NotAWinningHand, WrongTileCount
from ...tiles import Meld, check_copies, counts34, parse_meld, parse_tiles
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


def win_kind(value: Any) -> bool:
    if value in ("self_draw", "tsumo"):
        return True
    if value in ("discard", "ron"):
        return False
    raise BadInput(f"win must be 'self_draw' or 'discard', got {value!r}")


def parse_request(request: Mapping[str, Any]) -> WinContext:
    hand_text = request.get("hand")
    if not isinstance(hand_text, str):
        raise BadInput("hand must be the concealed tiles without the winning tile, e.g. '1123m'")
    tiles = parse_tiles(hand_text)
    win_tiles = parse_tiles(request.get("win_tile") or "")
    if len(win_tiles) != 1:
        raise BadInput("win_tile must be exactly one tile, e.g. '5p'")
    raw = request.get("melds") or []
    if not isinstance(raw, list):
        raise BadInput('melds must be a list like ["chi 123m", "pon 555p", "ankan 9999s"]')
    melds = tuple(parse_meld(m) for m in raw)
    every = tiles + win_tiles + [t for m in melds for t in m.tiles]
    if any(t.kind >= 34 for t in every):
        raise BadInput("Wuhu mahjong has no flowers; remove the 'f' tiles")
    size = len(tiles) + 3 * len(melds)
    if size != 13:
        raise WrongTileCount(
            f"the hand has {size} tiles (counting each meld as 3) without the winning tile; "
            "13 are needed")
    check_copies(every)
    after_kong = request.get("after_kong", False)
    if not isinstance(after_kong, bool):
        raise BadInput(f"after_kong must be true or false, got {after_kong!r}")
    self_draw = win_kind(request.get("win"))
    if after_kong and not (self_draw and any(m.is_kan for m in melds)):
        raise BadInput("after_kong (杠开) is a self-draw on the replacement tile of a kong "
                       "among the melds")
    return WinContext(concealed=tuple(counts34(tiles + win_tiles)), melds=melds,
                      counts=tuple(counts34(every)), win_tile=win_tiles[0].kind,
                      self_draw=self_draw, after_kong=after_kong)


def _fills_gap(g: Group, tile: int, options: Options) -> bool:
    if g.shape != "run" or tile not in g.kinds:
        return False
    if tile == g.kind + 1:
        return True
    if not options.edge_wait:
        return False
    return (g.kind % 9 == 0 and tile == g.kind + 2) or (g.kind % 9 == 6 and tile == g.kind)


def waits(concealed13: Sequence[int], held: Sequence[int]) -> list[int]:
    out = []
    for k in range(34):
        if held[k] >= 4:
            continue
        c = list(concealed13)
        c[k] += 1
        if is_win(c):
            out.append(k)
    return out


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
        held = list(ctx.counts)
        held[ctx.win_tile] -= 1
        closed_ok = waits(before, held) == [ctx.win_tile]
    rank = ctx.win_tile % 9 + 1
    out = []
    for d in found:
        gap = closed_ok and ctx.win_tile < 27 and any(
            _fills_gap(g, ctx.win_tile, options) for g in d.groups)
        out.append(Reading(d.pair, d.groups, rank if gap else 0))
    return out
