"""Fu (符) of one reading, itemised the way seed 001 derives it.

Base 20; a triplet is 2, doubled for terminals/honours, doubled again when concealed;
a kan is four times its triplet; a yakuhai pair 2 (a double-wind pair per option); a
single-tile wait (kanchan, penchan, tanki) 2; tsumo 2; a closed ron 10; then round up
to the next 10. Seven pairs are a fixed 25. Seed 001's shortcut "if it is still 20 fu":
closed -> pinfu (20 on tsumo, 30 on ron), open tsumo -> 22 -> 30, open ron -> 30.
"""

from __future__ import annotations

from typing import Any

from ...tiles import DRAGONS, tile_name
from .hand import KAN, TRIPLET, YAOCHU, Reading, WinContext

FuItem = dict[str, Any]


def pair_fu(ctx: WinContext, kind: int) -> int:
    if kind in DRAGONS:
        return 2
    seat, rnd = kind == ctx.seat_wind, kind == ctx.round_wind
    if seat and rnd:
        return ctx.options.double_wind_pair_fu
    return 2 if seat or rnd else 0


def is_pinfu_shape(ctx: WinContext, r: Reading) -> bool:
    """Closed, four runs, a valueless pair and a two-sided wait."""
    return (ctx.menzen and r.wait == "ryanmen" and len(r.runs) == 4
            and pair_fu(ctx, r.pair) == 0)


_LABELS = {(KAN, True): "ankan", (KAN, False): "minkan", (TRIPLET, True): "ankou",
           (TRIPLET, False): "minkou"}
TILE_NAMES = tuple(tile_name(k) for k in range(34))
FIXED = {"base": "futei", "tsumo": "self-draw", "menzen_ron": "closed hand won by ron",
         "open_pinfu": "open hand won by ron with no other fu counts 30",
         "seven_pairs": "seven pairs are a fixed 25"}

# An item is (name, fu, detail) with detail left unformatted: many readings are tried
# and only the winner's breakdown is shown, so strings are built once, by fu_breakdown.
Item = tuple[str, int, Any]


def compute_fu(ctx: WinContext, r: Reading, pinfu: bool) -> tuple[int, list[Item]]:
    """The fu of a reading and its items; ``pinfu`` says pinfu was scored."""
    if r.form == "chiitoi":
        return 25, [("seven_pairs", 25, None)]
    items: list[Item] = [("base", 20, None)]
    if r.form == "kokushi":
        return 20, items
    total = 20
    for kind in r.closed:
        concealed = kind != r.ron_triplet
        fu = (4 if kind in YAOCHU else 2) * (2 if concealed else 1)
        items.append(("meld", fu, (_LABELS[TRIPLET, concealed], kind)))
        total += fu
    if ctx.meld_fu:
        items.extend(ctx.meld_fu)
        total += ctx.meld_fu_total
    pf = pair_fu(ctx, r.pair)
    if pf:
        items.append(("pair", pf, r.pair))
        total += pf
    if r.wait in ("kanchan", "penchan", "tanki"):
        items.append(("wait", 2, r.wait))
        total += 2
    if ctx.tsumo:
        if not pinfu:
            items.append(("tsumo", 2, None))
            total += 2
    elif ctx.menzen:
        items.append(("menzen_ron", 10, None))
        total += 10
    elif total == 20 and ctx.options.open_pinfu_ron_fu_30:
        items.append(("open_pinfu", 10, None))
        total += 10
    rounded = -(-total // 10) * 10
    if rounded != total:
        items.append(("rounding", rounded - total, total))
    return rounded, items


_TEXT: dict[Item, str] = {}


def fu_breakdown(items: list[Item]) -> list[FuItem]:
    """The items as shown: ``{"item", "fu", "detail"}`` in seed 001's words."""
    out: list[FuItem] = []
    for item in items:
        text = _TEXT.get(item)
        if text is None:
            text = _TEXT[item] = _detail(*item)
        out.append({"item": item[0], "fu": item[1], "detail": text})
    return out


def _detail(name: str, fu: int, detail: Any) -> str:
    """The words for one item (a few hundred distinct ones exist, so they are cached)."""
    if name == "meld":
        return f"{detail[0]} {TILE_NAMES[detail[1]]}"
    if name == "pair":
        return f"yakuhai pair {TILE_NAMES[detail]}"
    if name == "wait":
        return str(detail)
    if name == "rounding":
        return f"{detail} -> {detail + fu}"
    return FIXED[name]
