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
from .hand import YAOCHU, Reading, WinContext

FuItem = dict[str, Any]
Item = tuple[str, int, str]  # (item, fu, the words shown for it)


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


TILE_NAMES = tuple(tile_name(k) for k in range(34))
FIXED = {"base": "futei", "tsumo": "self-draw", "menzen_ron": "closed hand won by ron",
         "open_pinfu": "open hand won by ron with no other fu counts 30",
         "seven_pairs": "seven pairs are a fixed 25"}
# Item texts by kind, made once: the texts are part of every reading's items, and a
# table index costs less than formatting or a keyed cache.
_ANKOU = tuple(f"ankou {name}" for name in TILE_NAMES)
_MINKOU = tuple(f"minkou {name}" for name in TILE_NAMES)
_PAIR = tuple(f"yakuhai pair {name}" for name in TILE_NAMES)
_BASE: Item = ("base", 20, FIXED["base"])
_SEVEN_PAIRS: Item = ("seven_pairs", 25, FIXED["seven_pairs"])
_TSUMO: Item = ("tsumo", 2, FIXED["tsumo"])
_MENZEN_RON: Item = ("menzen_ron", 10, FIXED["menzen_ron"])
_OPEN_PINFU: Item = ("open_pinfu", 10, FIXED["open_pinfu"])
_WAIT = {w: ("wait", 2, w) for w in ("kanchan", "penchan", "tanki")}
_ROUNDING: dict[int, Item] = {}


def compute_fu(ctx: WinContext, r: Reading, pinfu: bool) -> tuple[int, list[Item]]:
    """The fu of a reading and its items; ``pinfu`` says pinfu was scored."""
    if r.form == "chiitoi":
        return 25, [_SEVEN_PAIRS]
    items: list[Item] = [_BASE]
    if r.form == "kokushi":
        return 20, items
    total = 20
    for kind in r.closed:
        if kind != r.ron_triplet:
            fu = 8 if kind in YAOCHU else 4
            items.append(("meld", fu, _ANKOU[kind]))
        else:
            fu = 4 if kind in YAOCHU else 2
            items.append(("meld", fu, _MINKOU[kind]))
        total += fu
    if ctx.meld_fu:
        items.extend(ctx.meld_fu)
        total += ctx.meld_fu_total
    pf = pair_fu(ctx, r.pair)
    if pf:
        items.append(("pair", pf, _PAIR[r.pair]))
        total += pf
    wait = _WAIT.get(r.wait)
    if wait is not None:
        items.append(wait)
        total += 2
    if ctx.tsumo:
        if not pinfu:
            items.append(_TSUMO)
            total += 2
    elif ctx.menzen:
        items.append(_MENZEN_RON)
        total += 10
    elif total == 20 and ctx.options.open_pinfu_ron_fu_30:
        items.append(_OPEN_PINFU)
        total += 10
    rounded = -(-total // 10) * 10
    if rounded != total:
        rounding = _ROUNDING.get(total)
        if rounding is None:
            rounding = _ROUNDING[total] = ("rounding", rounded - total, f"{total} -> {rounded}")
        items.append(rounding)
    return rounded, items


def fu_breakdown(items: list[Item]) -> list[FuItem]:
    """The items as shown: ``{"item", "fu", "detail"}`` in seed 001's words."""
    return [{"item": name, "fu": fu, "detail": text} for name, fu, text in items]
