"""Score one Taiwan 16-tile win.

Request, tiles mode::

    {"hand": "1234567m456p78s11z", "win_tile": "9s", "win": "self_draw" | "discard",
     "melds": ["chi 123m", "pon 555z", "kan 1111p", "ankan 9999s"],
     "flowers": "1f6f",                   # flowers drawn (1f-4f 春夏秋冬, 5f-8f 梅蘭菊竹)
     "round_wind": "E",                   # 圈風; the seat wind follows from winner and dealer
     "after_kong": false,                 # 槓上開花 (after a kong or a flower replacement)
     "robbing_kong": false, "last_tile": false,   # 搶槓; 海底撈月 / 河底撈魚
     "first_turn": null,                  # "heavenly" 天胡, "earthly" 地胡, "human" 人胡
     "winner": 1, "dealer": 0, "discarder": 2,    # seats (discarder: discard wins only)
     "dealer_streak": 0,                  # the dealer's 連莊 count N (連N拉N)
     "options": {"preset": "taiwan"}}

Flower wins need no hand: ``{"flower_win": true, "flowers": "1f2f3f4f5f6f7f8f", "win":
"self_draw"}`` is 八仙過海; seven flowers won on a discard (the holder of the eighth is the
discarder) is 七搶一. Quick mode replaces the tiles by ``"tai": n`` (the hand's 台 without
the dealer's).

Response::

    {"ruleset": "taiwan", "items": [{"key", "name", "native", "value", "unit": "tai",
     "count"}], "tai": 5, "value": 5, "dealer_items": [...莊家 and 連莊, paid only between
     the dealer and the winner...], "dealer_tai": 3,
     "payments": [{"payer": 2, "tai": 8, "amount": 110}], "deltas": [...]}

Each payer pays ``base + per_tai × 台``, the 台 being the hand's plus the dealer's when the
dealer is the winner or that payer; the cap (when set) applies to each payment's 台.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import BadInput, NotAWinningHand, WinFlagConflict
from ...game import check_player
from ...request import deltas_of, flag, request_options, whole_number, win_kind, win_seats
from ...request import resolve_options as resolve_ruleset_options
from ...winning_hand import read_flowers, read_winning_hand, readings, wind_index
from .options import PRESETS, Options
from .tai import View, WinContext, items_of

FIRST_TURNS = ("heavenly", "earthly", "human")
HAND_SIZE = 16


def resolve_options(raw: Any, preset: Any = None) -> Options:
    return resolve_ruleset_options(Options, PRESETS, raw, preset)


def read_context(request: Mapping[str, Any], self_draw: bool, winner: int, dealer: int,
                 melds: int) -> WinContext:
    first = request.get("first_turn")
    if first is not None and first not in FIRST_TURNS:
        raise BadInput(f"first_turn must be one of {', '.join(FIRST_TURNS)} or null")
    ctx = WinContext(seat=(winner - dealer) % 4,
                     round_wind=wind_index(request.get("round_wind"), "round_wind"),
                     after_kong=flag(request, "after_kong"),
                     robbing_kong=flag(request, "robbing_kong"),
                     last_tile=flag(request, "last_tile"), first_turn=first)
    if ctx.after_kong and not self_draw:
        raise WinFlagConflict("槓上開花 (after_kong) is a self-drawn win on a replacement tile")
    if ctx.robbing_kong and (self_draw or ctx.after_kong or ctx.last_tile):
        raise WinFlagConflict("搶槓 (robbing_kong) is a win on another player's added kong, "
                              "not a self-draw or the last tile")
    if first is not None:
        dealer_wins = winner == dealer
        fits = {"heavenly": dealer_wins and self_draw, "earthly": not dealer_wins and self_draw,
                "human": not dealer_wins and not self_draw}[first]
        if not fits or melds:
            raise WinFlagConflict(
                "天胡 is the dealer's self-draw, 地胡 another player's self-draw on the first "
                "draw, 人胡 another player's win on a first-round discard; none has melds")
    return ctx


def hand_items(request: Mapping[str, Any], options: Options, winner: int,
               dealer: int) -> tuple[list[dict[str, Any]], bool]:
    """The highest-台 reading's items and whether the win was self-drawn (tiles mode)."""
    hand = read_winning_hand(request, HAND_SIZE, "Taiwan", options.flowers)
    ctx = read_context(request, hand.self_draw, winner, dealer, len(hand.melds))
    best: list[dict[str, Any]] | None = None
    for reading in readings(hand):
        found = items_of(View(hand, reading, ctx, options))
        if best is None or sum_tai(found) > sum_tai(best):
            best = found
    if best is None:
        raise NotAWinningHand("these tiles do not form a win: five sets (chi, pon, kong or "
                              "concealed sets) and a pair")
    return best, hand.self_draw


def flower_win_items(request: Mapping[str, Any], options: Options) -> tuple[list[dict[str, Any]],
                                                                            bool]:
    """八仙過海 (all eight flowers, self-drawn) or 七搶一 (seven, robbing the eighth)."""
    self_draw = win_kind(request.get("win"))
    flowers = read_flowers(request.get("flowers"), options.flowers, "Taiwan")
    if self_draw and len(flowers) == 8:
        return [{"key": "eight_flowers", "name": "Eight immortals (all eight flowers)",
                 "native": "八仙過海", "value": 8, "unit": "tai", "count": 1}], True
    if not self_draw and len(flowers) == 7:
        return [{"key": "seven_rob_one", "name": "Seven flowers robbing the eighth",
                 "native": "七搶一", "value": 8, "unit": "tai", "count": 1}], False
    raise BadInput("a flower win is all eight flowers drawn (八仙過海, self_draw) or seven "
                   "robbing the eighth from its holder (七搶一, discard)")


def sum_tai(items: list[dict[str, Any]]) -> int:
    return sum(int(i["value"]) for i in items)


def dealer_items(streak: int, options: Options) -> list[dict[str, Any]]:
    """莊家 1 台 and, on the dealer's N-th extra deal, 連N拉N 2N 台 (or N)."""
    out: list[dict[str, Any]] = [{"key": "dealer", "name": "Dealer", "native": "莊家",
                                  "value": 1, "unit": "tai", "count": 1}]
    if streak:
        two = options.dealer_streak == "2n"
        out.append({"key": "dealer_streak", "name": f"Dealer's streak ({streak})",
                    "native": f"連{streak}拉{streak}" if two else f"連{streak}",
                    "value": 2 * streak if two else streak, "unit": "tai", "count": streak})
    return out


def capped(tai: int, options: Options) -> int:
    return tai if options.cap_tai is None else min(tai, options.cap_tai)


def score(request: Mapping[str, Any]) -> dict[str, Any]:
    options = request_options(request, Options, PRESETS)
    winner = check_player(request.get("winner", 0), "winner")
    dealer = check_player(request.get("dealer", 0), "dealer")
    streak = whole_number(request, "dealer_streak", 0, 99)
    if "hand" in request:
        items, self_draw = hand_items(request, options, winner, dealer)
    elif flag(request, "flower_win"):
        items, self_draw = flower_win_items(request, options)
    else:
        self_draw = win_kind(request.get("win"))
        tai = whole_number(request, "tai", 0, 300, default=None)
        items = [{"key": "tai", "name": "台 (entered at the table)", "native": "台",
                  "value": tai, "unit": "tai", "count": 1}] if tai else []
    winner, dealer, discarder = win_seats({**request, "winner": winner, "dealer": dealer},
                                          self_draw)
    extra = dealer_items(streak, options)
    tai, dealer_tai = sum_tai(items), sum_tai(extra)
    payers = [p for p in range(4) if p != winner] if discarder is None else [discarder]
    payments = []
    for p in payers:
        paid_tai = capped(tai + (dealer_tai if dealer in (p, winner) else 0), options)
        payments.append({"payer": p, "tai": paid_tai,
                         "amount": options.base + options.per_tai * paid_tai})
    return {"ruleset": "taiwan", "items": items, "tai": tai, "value": tai,
            "dealer_items": extra, "dealer_tai": dealer_tai, "self_draw": self_draw,
            "base": options.base, "per_tai": options.per_tai, "winner": winner,
            "dealer": dealer, "discarder": discarder, "dealer_streak": streak,
            "payments": payments, "deltas": deltas_of(payments, winner)}
