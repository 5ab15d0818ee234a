"""Reading a Ji'an hand: the 精 kinds, the shapes it can make with them, 德国 and 精调."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import BadInput, NotAWinningHand
from ...request import check_after_kong, flag, meld_list, no_flowers, read_tiles
from ...shapes import SEVEN_PAIRS, SEVEN_PAIRS_QUADS, THIRTEEN_LAN, thirteen_lan
from ...tiles import Meld, counts34, kind_of, next_kind, tile_name
from ...waits import held_counts
from ...wildcards import analyse_wild, is_win_wild, waits_wild

SHAPE_FLAGS = (SEVEN_PAIRS_QUADS, THIRTEEN_LAN)


@dataclass(frozen=True, slots=True)
class Jing:
    zheng: int  # 正精 kind
    fu: int  # 副精 kind

    @property
    def kinds(self) -> tuple[int, int]:
        return (self.zheng, self.fu)

    @property
    def zheng_name(self) -> str:
        return tile_name(self.zheng)

    @property
    def fu_name(self) -> str:
        return tile_name(self.fu)


def read_jing(raw: Any) -> Jing:
    """``{"zheng": "5m", "fu": "6m"}``; 副精 defaults to the tile after 正精."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("zheng"), str):
        raise BadInput('jing must name the 正精 tile (and optionally 副精): '
                       '{"zheng": "5m", "fu": "6m"}')
    zheng = kind_of(raw["zheng"])
    fu = kind_of(raw["fu"]) if raw.get("fu") is not None else next_kind(zheng)
    if zheng >= 34 or fu >= 34:
        raise BadInput("flowers cannot be 精")
    if zheng == fu:
        raise BadInput(f"正精 and 副精 must be different tiles, both are {tile_name(zheng)}")
    return Jing(zheng, fu)


def _melds(raw: Any) -> tuple[Meld, ...]:
    return meld_list(raw or None, '["chi 123m", "pon 555p"]')


@dataclass(frozen=True, slots=True)
class Candidate:
    shape: str
    deguo: bool


@dataclass(frozen=True, slots=True)
class HandReading:
    candidates: tuple[Candidate, ...]
    jingdiao: bool
    self_draw: bool
    after_kong: bool


def read_hand(request: Mapping[str, Any], jing: Jing, self_draw: bool) -> HandReading:
    read = read_tiles(request, _melds, no_flowers("Ji'an"))
    melds = read.melds
    after_kong = flag(request, "after_kong")
    check_after_kong(after_kong, self_draw, melds)
    before = counts34(read.tiles)
    full = read.concealed_counts()
    wild = analyse_wild(full, jing.kinds, len(melds), SHAPE_FLAGS)
    if not wild.win:
        raise NotAWinningHand(
            "these tiles do not form a win even with the 精 as wildcards: four sets and a "
            "pair, 小七 (seven pairs), 十三烂 or 七星十三烂")
    out: list[Candidate] = []
    no_chi = all(m.kind != "chi" for m in melds)
    if "standard" in wild.shapes:
        out.append(Candidate("plain", "standard" in wild.natural_shapes))
        if wild.all_triplets and no_chi:
            out.append(Candidate("big_seven", is_win_wild(full, 0, runs=False)))
    if SEVEN_PAIRS in wild.shapes:
        out.append(Candidate("small_seven", SEVEN_PAIRS in wild.natural_shapes))
    if THIRTEEN_LAN in wild.shapes:
        natural = thirteen_lan(full, len(melds))
        out.append(Candidate("thirteen_lan", natural is not None))
        if wild.seven_stars:
            out.append(Candidate("seven_star_lan", bool(natural and natural.seven_stars)))
    expanded = list(out)
    for c in out:
        if c.deguo:  # the wild reading of the same shape is never worth more, but is valid
            expanded.append(Candidate(c.shape, False))
    jingdiao = _universal_wait(before, jing, melds)
    return HandReading(tuple(dict.fromkeys(expanded)), jingdiao, self_draw, after_kong)


def _universal_wait(before: list[int], jing: Jing, melds: tuple[Meld, ...]) -> bool:
    """精调: with a lone 精 for the pair, any tile completes the hand."""
    if not any(before[k] for k in jing.kinds):
        return False
    held = held_counts(before, melds)
    possible = [k for k in range(34) if held[k] < 4]
    return waits_wild(before, jing.kinds, melds, SHAPE_FLAGS) == possible
