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

    {"ruleset": "taiwan", "players": 4,
     "items": [{"key": "concealed_self_draw", "name": "Concealed self-drawn",
                "native": "門清自摸", "value": 3, "unit": "tai", "count": 1}, ...,
               {"key": "dealer", "native": "莊家", "value": 1, ...},
               {"key": "dealer_streak", "native": "連2拉2", "value": 2, "count": 2}],
     "headline": {"value": 9, "unit": "tai", "points": 330},
     "ledger": [...], "pot_change": 0,
     "tai": 4, "dealer_tai": 5, "self_draw": true, "base": 30, "per_tai": 10,
     "payments": [{"payer": 2, "tai": 9, "amount": 120}, ...], "deltas": [...]}

Each payer pays ``base + per_tai × 台``, the 台 being the hand's plus the dealer's (莊家
and 連莊) when the dealer is the winner or that payer; the cap (when set) applies to each
payment's 台. When another player self-draws, the dealer's items carry ``payer``: only
the dealer's payment counts them, and the headline (the 台 every payer pays) leaves them
out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import BadInput, NotAWinningHand, WinFlagConflict
from ...game import check_player
from ...items import listed
from ...request import deltas_of, flag, request_options, whole_number, win_kind, win_seats
from ...request import resolve_options as resolve_ruleset_options
from ...result import Contract, Item, contract, headline, payments_of, result_of
from ...winning_hand import WinContext, read_context, read_flowers, read_winning_hand, readings
from .options import PRESETS, Options
from .tai import DEALER, DEALER_STREAK, EIGHT_FLOWERS, ENTERED, SEVEN_ROB_ONE, View, items_of

FIRST_TURNS = ("heavenly", "earthly", "human")
HAND_SIZE = 16


def resolve_options(raw: Any, preset: Any = None) -> Options:
    return resolve_ruleset_options(Options, PRESETS, raw, preset)


def read_first_turn(ctx: WinContext, self_draw: bool, winner: int, dealer: int,
                    melds: int) -> None:
    """天胡 is the dealer's self-draw, 地胡 another's self-draw, 人胡 another's discard."""
    if ctx.first_turn is None:
        return
    dealer_wins = winner == dealer
    fits = {"heavenly": dealer_wins and self_draw, "earthly": not dealer_wins and self_draw,
            "human": not dealer_wins and not self_draw}[ctx.first_turn]
    if not fits or melds:
        raise WinFlagConflict(
            "天胡 is the dealer's self-draw, 地胡 another player's self-draw on the first "
            "draw, 人胡 another player's win on a first-round discard; none has melds")


def hand_items(request: Mapping[str, Any], options: Options, winner: int,
               dealer: int) -> tuple[list[Item], bool]:
    """The highest-台 reading's items and whether the win was self-drawn (tiles mode)."""
    hand = read_winning_hand(request, HAND_SIZE, "Taiwan", options.flowers)
    ctx = read_context(request, hand.self_draw, winner, dealer, FIRST_TURNS)
    read_first_turn(ctx, hand.self_draw, winner, dealer, len(hand.melds))
    best: list[Item] | None = None
    for reading in readings(hand):
        found = items_of(View(hand, reading, ctx, options))
        if best is None or sum_tai(found) > sum_tai(best):
            best = found
    if best is None:
        raise NotAWinningHand("these tiles do not form a win: five sets (chi, pon, kong or "
                              "concealed sets) and a pair")
    return best, hand.self_draw


def flower_win_items(request: Mapping[str, Any], options: Options) -> tuple[list[Item], bool]:
    """八仙過海 (all eight flowers, self-drawn) or 七搶一 (seven, robbing the eighth)."""
    self_draw = win_kind(request.get("win"))
    flowers = read_flowers(request.get("flowers"), options.flowers, "Taiwan")
    if self_draw and len(flowers) == 8:
        return [listed(EIGHT_FLOWERS)], True
    if not self_draw and len(flowers) == 7:
        return [listed(SEVEN_ROB_ONE)], False
    raise BadInput("a flower win is all eight flowers drawn (八仙過海, self_draw) or seven "
                   "robbing the eighth from its holder (七搶一, discard)")


def sum_tai(items: list[Item]) -> int:
    return sum(i["value"] * i["count"] for i in items)


def dealer_items(streak: int, options: Options, payer: int | None) -> list[Item]:
    """莊家 1 台 and, on the dealer's N-th extra deal, 連N拉N: 2 台 N times (or 1)."""
    two = options.dealer_streak == "2n"
    out = [listed(DEALER)]
    if streak:
        out.append({**listed(DEALER_STREAK, streak, 2 if two else 1),
                    "native": f"連{streak}拉{streak}" if two else f"連{streak}"})
    if payer is not None:
        for i in out:
            i["payer"] = payer
    return out


def capped(tai: int, options: Options) -> int:
    return tai if options.cap_tai is None else min(tai, options.cap_tai)


def score(request: Mapping[str, Any]) -> Contract:
    """One win's result contract."""
    figures = scored(request)
    return result_of(figures, figures["winner"], figures["discarder"])


def scored(request: Mapping[str, Any]) -> dict[str, Any]:
    """The figures of one win (台 and dealer 台, each payer's amount...) with its contract's parts:
    what this ruleset's tests read."""
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
        items = [listed(ENTERED, value=tai)] if tai else []
    winner, dealer, discarder = win_seats({**request, "winner": winner, "dealer": dealer},
                                          self_draw)
    # Another player's self-draw: only the dealer's payment counts the dealer's 台.
    dealer_only = dealer != winner and discarder is None
    extra = dealer_items(streak, options, dealer if dealer_only else None)
    tai, dealer_tai = sum_tai(items), sum_tai(extra)
    payers = [p for p in range(4) if p != winner] if discarder is None else [discarder]
    payments = []
    for p in payers:
        paid_tai = capped(tai + (dealer_tai if dealer in (p, winner) else 0), options)
        payments.append({"payer": p, "tai": paid_tai,
                         "amount": options.base + options.per_tai * paid_tai})
    deltas = deltas_of(payments, winner)
    involved = not dealer_only and dealer in (winner, *payers)
    head = headline(capped(tai + (dealer_tai if involved else 0), options), "tai",
                    deltas[winner])
    shown = items + extra if dealer_only or involved else items
    return {"ruleset": "taiwan", **contract(shown, head, payments_of(deltas)),
            "tai": tai, "dealer_tai": dealer_tai, "self_draw": self_draw,
            "base": options.base, "per_tai": options.per_tai, "winner": winner,
            "dealer": dealer, "discarder": discarder, "dealer_streak": streak,
            "payments": payments, "deltas": deltas}
