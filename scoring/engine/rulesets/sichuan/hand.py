"""Reading a Sichuan win request into a :class:`WinContext` and its readings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...decompose import Group, decompositions
from ...errors import BadInput, ChowNotAllowed, HonoursNotUsed, NotMissingASuit
from ...request import check_after_kong, flag, meld_list, read_tiles, win_kind
from ...tiles import Meld, Tile, counts34, format_tiles, is_flower

SUIT_LETTERS = "mps"
FLAGS = ("after_kong", "kong_discard", "robbing_kong", "last_tile", "heavenly_hand",
         "earthly_hand")


@dataclass(frozen=True, slots=True)
class WinContext:
    concealed: tuple[int, ...]  # 34 counts of the concealed tiles, winning tile included
    melds: tuple[Meld, ...]
    counts: tuple[int, ...]  # every tile of the hand, kongs as four
    self_draw: bool
    after_kong: bool = False  # 杠上花 on a self-draw
    kong_discard: bool = False  # 杠上炮: the discarder had just declared a kong
    robbing_kong: bool = False  # 抢杠
    last_tile: bool = False  # 海底: the last tile of the wall (or its discard)
    heavenly_hand: bool = False  # 天胡: the dealer wins on the dealt fourteen tiles
    earthly_hand: bool = False  # 地胡: another player wins at their first chance
    win_tile: int = -1  # kind of the winning tile (-1: not known)


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the hand: standard sets and a pair, or seven pairs."""

    seven_pairs: bool
    pair: int | None = None
    groups: tuple[Group, ...] = ()


def suits_held(counts: Sequence[int]) -> set[str]:
    return {SUIT_LETTERS[k // 9] for k in range(27) if counts[k]}


def read_flags(request: Mapping[str, Any]) -> dict[str, bool]:
    return {name: flag(request, name) for name in FLAGS}


def parse_melds(raw: Any) -> tuple[Meld, ...]:
    melds = meld_list(raw, '["pon 555p", "ankan 9999s"]')
    for m in melds:
        if m.kind == "chi":
            raise ChowNotAllowed(
                f"'{m}': Sichuan has no chow; only pon and kongs can be declared",
                params={"text": str(m)})
    return melds


def check_suited(tiles: Sequence[Tile]) -> None:
    odd = [t for t in tiles if t.kind >= 27]
    if odd:
        what = "flowers" if any(is_flower(t.kind) for t in odd) else "honours"
        raise HonoursNotUsed(
            f"Sichuan plays with the 108 suited tiles only; remove the {what} "
            f"({''.join(str(t) for t in odd)})", params={"text": format_tiles(odd)})


def check_two_suits(counts: Sequence[int], options: Any) -> None:
    """三人两房: no tile of the suit taken out (``counts`` over the 34 kinds)."""
    if getattr(options, "players", 4) != 3:
        return
    gone = options.removed_suit
    if gone in suits_held(counts):
        raise BadInput(f"three players play with two suits: the {gone} suit is taken out; "
                       f"remove the {gone} tiles",
                       params={"text": f"1{gone}–9{gone}", "reason": "suit_removed"})


def check_missing_suit(counts: Sequence[int], declared: Any, who: str = "the hand") -> None:
    held = suits_held(counts)
    if len(held) == 3:
        raise NotMissingASuit(
            f"{who} holds all three suits; a Sichuan win must lack one suit (缺一门)")
    if declared is not None:
        if declared not in SUIT_LETTERS:
            raise BadInput(f"missing_suit must be 'm', 'p' or 's', got {declared!r}")
        if declared in held:
            raise NotMissingASuit(
                f"{who} still holds its declared missing suit '{declared}' (定缺)")


def parse_request(request: Mapping[str, Any]) -> WinContext:
    read = read_tiles(request, parse_melds, check_suited)
    melds = read.melds
    self_draw = win_kind(request.get("win"))
    flags = read_flags(request)
    check_after_kong(flags["after_kong"], self_draw, melds,
                     "after_kong (杠上花) is a self-draw after declaring a kong among the melds")
    if flags["kong_discard"] and self_draw:
        raise BadInput("kong_discard (杠上炮) is a win on a discard; use after_kong for 杠上花")
    if flags["robbing_kong"] and self_draw:
        raise BadInput("robbing_kong (抢杠) is a win on another player's added kong, not a "
                       "self-draw")
    check_first_win(flags, self_draw, melds)
    counts = counts34(read.every)
    check_missing_suit(counts, request.get("missing_suit"))
    return WinContext(concealed=tuple(read.concealed_counts()), melds=melds,
                      counts=tuple(counts), self_draw=self_draw, win_tile=read.win_tile.kind,
                      **flags)


def check_first_win(flags: Mapping[str, bool], self_draw: bool,
                    melds: Sequence[Meld] = ()) -> None:
    """天胡 and 地胡 happen before anything is declared; 天胡 is a self-draw."""
    if flags["heavenly_hand"] and flags["earthly_hand"]:
        raise BadInput("a win is 天胡 (the dealer) or 地胡 (another player), not both")
    if flags["heavenly_hand"] and not self_draw:
        raise BadInput("heavenly_hand (天胡) is the dealer's self-draw on the dealt tiles")
    if (flags["heavenly_hand"] or flags["earthly_hand"]) and melds:
        raise BadInput("天胡 and 地胡 are won before any pon or kong is declared")


def readings(concealed: Sequence[int], n_melds: int) -> list[Reading]:
    out = [Reading(False, d.pair, d.groups) for d in decompositions(concealed)]
    if n_melds == 0 and sum(concealed) == 14 and all(n % 2 == 0 for n in concealed):
        # Four of a kind counts as two pairs (龙七对).
        out.append(Reading(True))
    return out
