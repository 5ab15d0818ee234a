"""Calling pymahjonggb (``MahjongGB``, the C++ ChineseOfficialMahjong calculator) on our
requests, with its naming quirks mapped onto the official fan names. Test-only."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ....tiles import WIND_LETTERS, is_flower, parse_meld, parse_tiles
from .randomhands import ref_tile

# Its names for the wait fans differ from the official table; 嵌张 is the older name of 坎张.
NAME_MAP = {"独听・边张": "边张", "独听・嵌张": "坎张", "独听・单钓": "单钓将", "嵌张": "坎张"}
# It scores one exposed plus one concealed kong as 明暗杠 (5); the official table has no
# such fan, and the two kongs score 明杠 1 + 暗杠 2.
MIXED_KONGS = "明暗杠"


def reference_args(request: Mapping[str, Any]) -> dict[str, Any]:
    """Arguments of ``MahjongGB.MahjongFanCalculator`` for one of our score requests."""
    tiles = [t for t in parse_tiles(request["hand"]) if not is_flower(t.kind)]
    win = parse_tiles(request["win_tile"])[0].kind
    melds = [parse_meld(m) for m in request.get("melds", [])]
    kinds = [t.kind for t in tiles]
    if len(kinds) + 3 * len(melds) == 14:
        kinds.remove(win)
    seat = WIND_LETTERS.index(request.get("seat_wind", "E"))
    packs = []
    for m in melds:
        # Claims are given as relative seats 1-3; only "not 0" (exposed) matters to scoring.
        if m.kind == "chi":
            packs.append(("CHI", ref_tile(m.base + 1), 1))
        elif m.kind == "pon":
            packs.append(("PENG", ref_tile(m.base), 2))
        else:
            packs.append(("GANG", ref_tile(m.base), 0 if m.kind == "ankan" else 2))
    flowers = request.get("flowers", 0)
    if isinstance(flowers, str):
        flowers = len(parse_tiles(flowers))
    return {
        "pack": tuple(packs),
        "hand": tuple(ref_tile(k) for k in sorted(kinds)),
        "winTile": ref_tile(win),
        "flowerCount": flowers,
        "isSelfDrawn": request["win"] == "tsumo",
        "is4thTile": bool(request.get("last_tile", False)),
        "isAboutKong": bool(request.get("kong", False)),
        "isWallLast": bool(request.get("wall_last", False)),
        "seatWind": seat,
        "prevalentWind": WIND_LETTERS.index(request.get("round_wind", "E")),
        "verbose": True,
    }


def reference_fans(args: Mapping[str, Any]) -> tuple[int, Counter[str]]:
    """(total, fan name -> count) by pymahjonggb, quirks mapped to the official fans."""
    import MahjongGB

    out: Counter[str] = Counter()
    total = 0
    for points, count, name, _en in MahjongGB.MahjongFanCalculator(**args):
        name = NAME_MAP.get(name, name)
        if name == MIXED_KONGS:
            out["明杠"] += 1
            out["暗杠"] += 1
            total += 3
        else:
            out[name] += count
            total += points * count
    return total, out
