"""Score one Wuhu win.

Request, tiles mode::

    {"hand": "2345678m11p456s", "win_tile": "9m", "win": "self_draw" | "discard",
     "melds": ["chi 123m", "pon 555p", "kan 7777s", "ankan 1111m", "kakan 2222p"],
     "after_kong": false,                  # 杠开
     "winner": 0, "dealer": 0, "discarder": 2,   # optional seats (discarder: discard only)
     "options": {"preset": "wuhu_2468"}}

Request, counts mode (table-side quick entry)::

    {"zhi": 8, "ya": 6, "win": "self_draw",     # 支数 of the longest suit; 押 0 if none
     "mouths": ["四活", "杠开"] or 2,            # 嘴子 names, or their count
     "exposed_kongs": 0, "concealed_kongs": 1, "after_kong": false, ...seats, options}

Either mode may give ``"chips": [5, 30, 30, 55]``, each player's chips before the hand (a
table fills it in): under ``cap_at_chips`` no payment exceeds the payer's chips.

Response (the result contract of :mod:`scoring.engine.result`, then the older fields)::

    {"ruleset": "wuhu", "players": 4,
     "items": [{"key": "base_points", "name": "Base (底番)", "native": "底番·自摸押档",
                "value": 4, "unit": "chips", "count": 1},
               {"key": "zhi_points", "name": "Suit tiles (支番)", "native": "支番", ...},
               {"key": "four_alive", "native": "四活", "value": 1, "unit": "mouth", ...},
               {"key": "mouth_points", "native": "嘴子", "value": 4, "unit": "chips", ...},
               {"key": "concealed_kongs", "native": "暗杠", "value": 2, "unit": "chips",
                "count": 1}, ...],
     "headline": {"value": 14, "unit": "chips", "points": 46, "limit": null,
                  "native_limit": null},             # limit "Full payment" / 全交
     "ledger": [...], "pot_change": 0,
     "zhi": 8, "ya": 6, "win_type": "自摸押档", "self_draw": true,
     "mouths": [{"name_zh": "四活", "name_en": "...", "count": 1}], "mouth_count": 1,
     "base_points": 4, "zhi_points": 6, "mouth_points": 4, "kong_points": 0,
     "value": 14,                          # what a non-dealer loser pays (not 全交)
     "full": false,                        # 全交: every payer pays the stake instead
     "payments": [{"payer": 1, "amount": 18}, ...], "deltas": [..4 ints..]}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import BadInput, NotEightOfASuit
from ...items import info, listed
from ...request import deltas_of, flag, request_options, whole_number, win_kind, win_seats
from ...request import resolve_options as resolve_ruleset_options
from ...result import Contract, Headline, Item, contract, headline, payments_of, result_of
from .hand import parse_request, readings
from .mouths import BY_NAME, View, mouths_of
from .options import PRESETS, Options

WIN_TYPES = ("平胡", "押档", "自摸", "自摸押档")

# Items listed without an element class; their values come from the options.
BASE = info("base_points", "Base (底番)", "底番", "chips", 0)
ZHI = info("zhi_points", "Suit tiles (支番)", "支番", "chips", 0)
MOUTH_POINTS = info("mouth_points", "Mouths (嘴子) paid", "嘴子", "chips", 0)
EXPOSED_KONGS = info("exposed_kongs", "Exposed kong", "明杠", "chips", 0)
CONCEALED_KONGS = info("concealed_kongs", "Concealed kong", "暗杠", "chips", 0)
ENTERED_MOUTHS = info("mouths", "Mouths (entered at the table)", "嘴子", "mouth")
EXTRA_ITEMS = (BASE, ZHI, MOUTH_POINTS, EXPOSED_KONGS, CONCEALED_KONGS, ENTERED_MOUTHS)


@dataclass(frozen=True, slots=True)
class Win:
    zhi: int
    ya: int
    self_draw: bool  # as drawn; 杠开 without 押档 is paid as not self-drawn
    mouths: tuple[Item, ...]  # unit "mouth"
    exposed_kongs: int
    concealed_kongs: int
    after_kong: bool


def resolve_options(raw: Any, preset: Any = None) -> Options:
    return resolve_ruleset_options(Options, PRESETS, raw, preset)


def round_tens(x: int) -> int:
    """Tens in ``x`` rounded half up (四舍五入到整十): 56 → 6, 75 → 8, 44 → 4."""
    return (x + 5) // 10


def value_of(win: Win, options: Options) -> dict[str, Any]:
    # 杠后开花若是压档算自摸，不是压档不算自摸 (seed): without 押 it is paid as a plain win.
    self_draw = win.self_draw and not (win.after_kong and win.ya == 0)
    kind = (2 if self_draw else 0) + (1 if win.ya else 0)
    base = options.base_points[kind]
    n = options.n_self_draw if self_draw else options.n_plain
    zhi_points = round_tens((win.zhi + win.ya) * n)
    mouth_count = sum(m["value"] * m["count"] for m in win.mouths)
    per_mouth = options.mouth_points * (2 if self_draw else 1)
    mouth_points = mouth_count * per_mouth
    kong_points = (win.exposed_kongs * options.exposed_kong
                   + win.concealed_kongs * options.concealed_kong)
    names = {m["native"] for m in win.mouths}
    full = options.full_hand and (mouth_count >= 2 or (options.extra_full_hands and (
        ("混一色" in names and self_draw) or ("杠开" in names and win.ya > 0))))
    # The natives say which 底番 and how many 支 (and 押) the figures come from.
    items = [{**listed(BASE, value=base), "native": f"底番·{WIN_TYPES[kind]}"},
             {**listed(ZHI, value=zhi_points),
              "native": f"支番·{win.zhi}支" + (f"押{win.ya}" if win.ya else "")},
             *win.mouths]
    if mouth_count:
        items.append(listed(MOUTH_POINTS, mouth_count, per_mouth))
    if win.exposed_kongs:
        items.append(listed(EXPOSED_KONGS, win.exposed_kongs, options.exposed_kong))
    if win.concealed_kongs:
        items.append(listed(CONCEALED_KONGS, win.concealed_kongs, options.concealed_kong))
    return {"zhi": win.zhi, "ya": win.ya, "win_type": WIN_TYPES[kind], "self_draw": self_draw,
            "mouths": [{"name_zh": m["native"], "name_en": m["name"],
                        "count": m["value"] * m["count"]} for m in win.mouths],
            "mouth_count": mouth_count, "base_points": base,
            "zhi_points": zhi_points, "mouth_points": mouth_points, "kong_points": kong_points,
            "value": base + zhi_points + mouth_points + kong_points, "full": full,
            "items": items}


def win_headline(value: Mapping[str, Any], points: int) -> Headline:
    """The hand's value in chips (what a non-dealer loser pays), 全交 named."""
    full = bool(value["full"])
    return headline(value["value"], "chips", points,
                    limits=("Full payment", "全交") if full else (None, None))


def quick_win(request: Mapping[str, Any], options: Options) -> Win:
    zhi = whole_number(request, "zhi", 0, 16)
    ya = whole_number(request, "ya", 0, 9)
    if ya == 1 or ya == 9:
        raise BadInput("押 is the rank of a tile filling a closed wait: 2-8, or 0 for none")
    raw = request.get("mouths", 0)
    if isinstance(raw, list):
        unknown = [m for m in raw if m not in BY_NAME]
        if unknown:
            raise BadInput(f"unknown 嘴子 {unknown}; known: {', '.join(BY_NAME)}")
        mouths = tuple(_named(m, options) for m in raw)
    else:
        n = whole_number(request, "mouths", 0, 8)
        mouths = (listed(ENTERED_MOUTHS, n),) if n else ()
    after_kong = flag(request, "after_kong")
    if after_kong and not any(m["native"] == "杠开" for m in mouths) and isinstance(raw, list):
        mouths += (_named("杠开", options),)
    return Win(zhi, ya, win_kind(request.get("win")), mouths,
               whole_number(request, "exposed_kongs", 0, 4),
               whole_number(request, "concealed_kongs", 0, 4),
               after_kong)


def _named(native: str, options: Options) -> Item:
    """The item of a 嘴子 named at the table."""
    m = BY_NAME[native]
    return Item(key=m.key, name=m.name, native=m.native, value=m.value_for(options), unit=m.unit,
                count=1)


def tile_win(request: Mapping[str, Any], options: Options) -> list[Win]:
    ctx = parse_request(request)
    zhi = max(ctx.suit_tiles)
    exposed = sum(m.kind in ("kan", "kakan") for m in ctx.melds)
    concealed = sum(m.kind == "ankan" for m in ctx.melds)
    return [Win(zhi, r.ya, ctx.self_draw, tuple(mouths_of(View(ctx, r, options))), exposed,
                concealed, ctx.after_kong) for r in readings(ctx, options)]


def best_value(request: Mapping[str, Any], options: Options) -> dict[str, Any]:
    wins = tile_win(request, options) if "hand" in request else [quick_win(request, options)]
    if wins[0].zhi < 8:
        raise NotEightOfASuit(
            f"the longest suit has {wins[0].zhi} tiles; a Wuhu win needs at least 8 (八支)",
            params={"count": wins[0].zhi, "min": 8})
    values = [value_of(w, options) for w in wins]
    return max(values, key=lambda v: (v["full"], v["value"]))


def chips_left(request: Mapping[str, Any]) -> list[int] | None:
    """``chips``: each player's chips before the hand (the table fills it in), or None."""
    chips = request.get("chips")
    if chips is None:
        return None
    if not isinstance(chips, list) or len(chips) != 4 or any(
            isinstance(c, bool) or not isinstance(c, int) for c in chips):
        raise BadInput("chips must list each player's chips before the hand: four whole "
                       "numbers")
    return list(chips)


def payments(value: Mapping[str, Any], winner: int, dealer: int, discarder: int | None,
             options: Options, chips: list[int] | None = None) -> list[dict[str, int]]:
    """Who pays what: every other player, or the discarder alone (discarder_only); under
    ``cap_at_chips`` nobody pays more than the ``chips`` they have left."""
    if discarder is not None and options.discard_payment == "discarder_only":
        payers = [discarder]
    else:
        payers = [p for p in range(4) if p != winner]
    out = []
    for p in payers:
        if value["full"]:
            amount = options.full_points + (
                options.full_self_draw_extra if value["self_draw"] else 0)
        else:
            amount = value["value"]
            like_dealer = dealer in (p, winner) or (
                p == discarder and options.discard_payment == "discarder_as_dealer")
            if like_dealer:
                amount += value["base_points"]
        if options.cap_at_chips and chips is not None:
            amount = min(amount, max(chips[p], 0))
        out.append({"payer": p, "amount": amount})
    return out


def score(request: Mapping[str, Any]) -> Contract:
    """One win's result contract."""
    figures = scored(request)
    return result_of(figures, figures["winner"], figures["discarder"])


def scored(request: Mapping[str, Any]) -> dict[str, Any]:
    """The figures of one win (支, 押, 嘴子, each payer's amount...) with its contract's
    parts: what the table rules and this ruleset's tests read."""
    options = request_options(request, Options, PRESETS)
    value = best_value(request, options)
    winner, dealer, discarder = win_seats(request, win_kind(request.get("win")))
    pays = payments(value, winner, dealer, discarder, options, chips_left(request))
    deltas = deltas_of(pays, winner)
    items = value.pop("items")
    return {"ruleset": "wuhu",
            **contract(items, win_headline(value, deltas[winner]), payments_of(deltas)),
            **value, "winner": winner, "dealer": dealer, "discarder": discarder,
            "payments": pays, "deltas": deltas}
