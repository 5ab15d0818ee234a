"""Reading a Ji'an hand: the 精 kinds, the shapes it can make with them, 德国 and 精调."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import BadInput, BadMeld, NotAWinningHand
from ...honour_runs import honour_chow, is_honour_run
from ...request import check_after_kong, flag, meld_list, no_flowers, read_tiles
from ...shapes import SEVEN_PAIRS, SEVEN_PAIRS_QUADS, THIRTEEN_LAN, thirteen_lan
from ...tiles import WIND_LETTERS, Meld, counts34, kind_of, next_kind, parse_tiles, tile_name
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
        raise BadInput(f"正精 and 副精 must be different tiles, both are {tile_name(zheng)}",
                       params={"tile": tile_name(zheng), "reason": "same_jing"})
    return Jing(zheng, fu)


def _melds(raw: Any) -> tuple[Meld, ...]:
    return meld_list(raw or None, '["chi 123m", "pon 555p"]')


def _melds_with_honour_chows(raw: Any) -> tuple[Meld, ...]:
    """Melds where honour chows are played: ``chi 124z`` (three winds), ``chi 567z``."""
    if not raw:
        return ()
    if not isinstance(raw, list):
        raise BadInput('melds must be a list like ["chi 123m", "chi 124z", "pon 555p"]')
    out = []
    for text in raw:
        try:
            out.append(meld_list([text], "")[0])
        except BadMeld:
            parts = text.split() if isinstance(text, str) else []
            if len(parts) not in (2, 4) or parts[0].lower() != "chi":
                raise
            source = parts[3].upper() if len(parts) == 4 and parts[2] == "from" else None
            tiles = tuple(parse_tiles(parts[1]))
            if len(parts) == 4 and source not in WIND_LETTERS:
                raise
            if not is_honour_run(tiles):
                raise BadMeld(f"'{text}' is not a chi: three consecutive tiles of one suit, "
                              "three different winds or 中发白",
                              params={"text": text}) from None
            out.append(honour_chow(tiles, source))
    return tuple(out)


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


def read_hand(request: Mapping[str, Any], jing: Jing, self_draw: bool, *,
              honour_chows: bool = False, natural_stars: bool = False) -> HandReading:
    """The shapes the tiles can be paid as; ``honour_chows`` lets honours make chows,
    ``natural_stars`` refuses 精 standing in for one of 七星十三烂's seven honours."""
    read = read_tiles(request, _melds_with_honour_chows if honour_chows else _melds,
                      no_flowers("Ji'an"))
    melds = read.melds
    after_kong = flag(request, "after_kong")
    check_after_kong(after_kong, self_draw, melds)
    before = counts34(read.tiles)
    full = read.concealed_counts()
    wild = analyse_wild(full, jing.kinds, len(melds), SHAPE_FLAGS, honour_runs=honour_chows)
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
        if wild.seven_stars and (not natural_stars or all(full[k] for k in range(27, 34))):
            out.append(Candidate("seven_star_lan", bool(natural and natural.seven_stars)))
    expanded = list(out)
    for c in out:
        if c.deguo:  # the wild reading of the same shape is never worth more, but is valid
            expanded.append(Candidate(c.shape, False))
    jingdiao = _universal_wait(before, jing, melds, honour_chows)
    return HandReading(tuple(dict.fromkeys(expanded)), jingdiao, self_draw, after_kong)


def _universal_wait(before: list[int], jing: Jing, melds: tuple[Meld, ...],
                    honour_chows: bool = False) -> bool:
    """精调: with a lone 精 for the pair, any tile completes the hand."""
    if not any(before[k] for k in jing.kinds):
        return False
    held = held_counts(before, melds)
    possible = [k for k in range(34) if held[k] < 4]
    return waits_wild(before, jing.kinds, melds, SHAPE_FLAGS,
                      honour_runs=honour_chows) == possible
