"""Reading a Sichuan win request into a :class:`WinContext` and its readings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...decompose import Group, decompositions
from ...errors import BadInput, ChowNotAllowed, HonoursNotUsed, NotMissingASuit, WrongTileCount
from ...tiles import Meld, Tile, check_copies, counts34, is_flower, parse_meld, parse_tiles

SUIT_LETTERS = "mps"
FLAGS = ("after_kong", "kong_discard", "robbing_kong", "last_tile")


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


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the hand: standard sets and a pair, or seven pairs."""

    seven_pairs: bool
    pair: int | None = None
    groups: tuple[Group, ...] = ()


def suits_held(counts: Sequence[int]) -> set[str]:
    return {SUIT_LETTERS[k // 9] for k in range(27) if counts[k]}


def win_kind(value: Any) -> bool:
    """True for a self-draw; accepts this ruleset's and riichi's spellings."""
    if value in ("self_draw", "tsumo"):
        return True
    if value in ("discard", "ron"):
        return False
    raise BadInput(f"win must be 'self_draw' or 'discard', got {value!r}")


def read_flags(request: Mapping[str, Any]) -> dict[str, bool]:
    flags = {}
    for name in FLAGS:
        value = request.get(name, False)
        if not isinstance(value, bool):
            raise BadInput(f"{name} must be true or false, got {value!r}")
        flags[name] = value
    return flags


def parse_melds(raw: Any) -> tuple[Meld, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise BadInput('melds must be a list like ["pon 555p", "ankan 9999s"]')
    melds = tuple(parse_meld(m) for m in raw)
    for m in melds:
        if m.kind == "chi":
            raise ChowNotAllowed(
                f"'{m}': Sichuan has no chow; only pon and kongs can be declared")
    return melds


def check_suited(tiles: Sequence[Tile]) -> None:
    odd = [t for t in tiles if t.kind >= 27]
    if odd:
        what = "flowers" if any(is_flower(t.kind) for t in odd) else "honours"
        raise HonoursNotUsed(
            f"Sichuan plays with the 108 suited tiles only; remove the {what} "
            f"({''.join(str(t) for t in odd)})")


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
    hand_text = request.get("hand")
    if not isinstance(hand_text, str):
        raise BadInput("hand must be the concealed tiles without the winning tile, e.g. '1123m'")
    tiles = parse_tiles(hand_text)
    win_tiles = parse_tiles(request.get("win_tile") or "")
    if len(win_tiles) != 1:
        raise BadInput("win_tile must be exactly one tile, e.g. '5p'")
    melds = parse_melds(request.get("melds"))
    every = tiles + win_tiles + [t for m in melds for t in m.tiles]
    check_suited(every)
    size = len(tiles) + 3 * len(melds)
    if size != 13:
        raise WrongTileCount(
            f"the hand has {size} tiles (counting each meld as 3) without the winning tile; "
            "13 are needed")
    check_copies(every)
    self_draw = win_kind(request.get("win"))
    flags = read_flags(request)
    if flags["after_kong"] and not (self_draw and any(m.is_kan for m in melds)):
        raise BadInput("after_kong (杠上花) is a self-draw after declaring a kong among the melds")
    if flags["kong_discard"] and self_draw:
        raise BadInput("kong_discard (杠上炮) is a win on a discard; use after_kong for 杠上花")
    if flags["robbing_kong"] and self_draw:
        raise BadInput("robbing_kong (抢杠) is a win on another player's added kong, not a "
                       "self-draw")
    counts = counts34(every)
    check_missing_suit(counts, request.get("missing_suit"))
    return WinContext(concealed=tuple(counts34(tiles + win_tiles)), melds=melds,
                      counts=tuple(counts), self_draw=self_draw, **flags)


def readings(concealed: Sequence[int], n_melds: int) -> list[Reading]:
    out = [Reading(False, d.pair, d.groups) for d in decompositions(concealed)]
    if n_melds == 0 and sum(concealed) == 14 and all(n % 2 == 0 for n in concealed):
        # Four of a kind counts as two pairs (龙七对).
        out.append(Reading(True))
    return out
