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
from .hand import KAN, RUN, YAOCHU, Reading, WinContext

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
    return (ctx.menzen and r.form == "standard" and r.wait == "ryanmen"
            and all(s.shape == RUN for s in r.sets) and pair_fu(ctx, r.pair) == 0)


def _set_label(shape: int, concealed: bool) -> str:
    if shape == KAN:
        return "ankan" if concealed else "minkan"
    return "ankou" if concealed else "minkou"


def compute_fu(ctx: WinContext, r: Reading, pinfu: bool) -> tuple[int, list[FuItem]]:
    """The fu of a reading and its itemisation; ``pinfu`` says pinfu was scored."""
    if r.form == "chiitoi":
        return 25, [{"item": "seven_pairs", "fu": 25, "detail": "seven pairs are a fixed 25"}]
    items: list[FuItem] = [{"item": "base", "fu": 20, "detail": "futei"}]
    if r.form == "kokushi":
        return 20, items
    for s in r.sets:
        if s.shape == RUN:
            continue
        fu = 2 * (2 if s.kind in YAOCHU else 1) * (2 if s.concealed else 1)
        if s.shape == KAN:
            fu *= 4
        label = _set_label(s.shape, s.concealed)
        items.append({"item": "meld", "fu": fu, "detail": f"{label} {tile_name(s.kind)}"})
    pf = pair_fu(ctx, r.pair)
    if pf:
        items.append({"item": "pair", "fu": pf, "detail": f"yakuhai pair {tile_name(r.pair)}"})
    if r.wait in ("kanchan", "penchan", "tanki"):
        items.append({"item": "wait", "fu": 2, "detail": r.wait})
    raw = sum(i["fu"] for i in items)
    if ctx.tsumo:
        if not pinfu:
            items.append({"item": "tsumo", "fu": 2, "detail": "self-draw"})
    elif ctx.menzen:
        items.append({"item": "menzen_ron", "fu": 10, "detail": "closed hand won by ron"})
    elif raw == 20 and ctx.options.open_pinfu_ron_fu_30:
        items.append({"item": "open_pinfu", "fu": 10,
                      "detail": "open hand won by ron with no other fu counts 30"})
    total = sum(i["fu"] for i in items)
    rounded = -(-total // 10) * 10
    if rounded != total:
        items.append({"item": "rounding", "fu": rounded - total, "detail": f"{total} -> {rounded}"})
    return rounded, items

