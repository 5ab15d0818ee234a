"""Score one Hong Kong win.

Request, tiles mode::

    {"hand": "123m456p789s1122z", "win_tile": "2z", "win": "self_draw" | "discard",
     "melds": ["chi 123m", "pon 555z", "kan 1111p", "ankan 9999s"],
     "flowers": "1f6f",                   # flowers drawn (1f-4f 春夏秋冬, 5f-8f 梅蘭菊竹)
     "round_wind": "E",                   # 圈風; the seat wind follows from winner and dealer
     "after_kong": false, "double_kong": false,   # 槓上開花; 槓上槓 (limit)
     "robbing_kong": false, "last_tile": false,   # 搶槓; 海底撈月 (the last tile, drawn)
     "first_turn": null,                  # "heavenly" 天糊 (dealer) or "earthly" 地糊
     "winner": 1, "dealer": 0, "discarder": 2,    # seats (discarder: discard wins only)
     "pao": 3,                            # 包自摸: who pays the whole self-draw
     "options": {"preset": "hongkong"}}

Flower wins need no hand: ``{"flower_win": true, "flowers": "1f2f3f4f5f6f7f", "win":
"self_draw"}`` is 花糊 (seven flowers, 3 fan) and all eight 八仙過海 (limit). Quick mode
replaces the tiles by ``"fan": n`` (``"flowers": k`` of them from flowers, which the
minimum leaves out).

Response::

    {"ruleset": "hongkong", "players": 4,
     "items": [{"key": "half_flush", "name": "Mixed one suit", "native": "混一色",
                "value": 3, "unit": "fan", "count": 1}, ...],
     "headline": {"value": 5, "unit": "fan", "points": 48, "limit": null,
                  "native_limit": null},           # "Limit" / 爆棚 at the limit
     "ledger": [...], "pot_change": 0,
     "fan": 5, "value": 5, "hand_fan": 4, "limit": false, "share": 24,
     "payments": [{"payer": 2, "shares": 1, "amount": 24}, ...], "deltas": [...]}

A share is ``base ×`` the multiplier of the paid fan (半辣上 or 全辣上). A self-draw is
one share from each other player (包自摸: three from the responsible one); a discard is
one share from the discarder and half a share from each other player (半銃), or two from
the discarder alone (全銃).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...errors import BadInput, BelowMinimumFan, NotAWinningHand, WinFlagConflict
from ...game import check_player
from ...items import listed
from ...request import deltas_of, flag, request_options, whole_number, win_kind, win_seats
from ...request import resolve_options as resolve_ruleset_options
from ...result import Contract, Ledger, contract, headline, result_of
from ...shapes import thirteen_orphans
from ...winning_hand import WinContext, read_context, read_flowers, read_winning_hand, readings
from .fan import EIGHT_FLOWERS, ENTERED, FLOWER_HAND, Tally, View, tally
from .options import PRESETS, Options

FIRST_TURNS = ("heavenly", "earthly")
HAND_SIZE = 13


def resolve_options(raw: Any, preset: Any = None) -> Options:
    return resolve_ruleset_options(Options, PRESETS, raw, preset)


def multiplier(fan: int, spicy: str) -> int:
    """半辣上: 1 2 4 8 16, then 24 32 48 64 96 128...; 全辣上: 2^fan."""
    if spicy == "full" or fan <= 4:
        return 1 << fan
    even = 1 << (fan // 2 + 2)
    return even if fan % 2 == 0 else even * 3 // 2


def check_context(ctx: WinContext, self_draw: bool, winner: int, dealer: int,
                  melds: int) -> None:
    """海底撈月 is self-drawn here; 天糊 is the dealer's, 地糊 another player's."""
    if ctx.last_tile and not self_draw:
        raise WinFlagConflict("海底撈月 (last_tile) is a self-drawn win on the last tile")
    first = ctx.first_turn
    if first is not None and (melds or not self_draw and first == "heavenly"
                              or (first == "heavenly") != (winner == dealer)):
        raise WinFlagConflict("天糊 is the dealer's win on the deal, 地糊 another player's "
                              "win on the dealer's first discard; neither has melds")


def hand_tally(request: Mapping[str, Any], options: Options, winner: int,
               dealer: int) -> tuple[Tally, bool]:
    """The best reading's tally (the highest paid fan) and whether it was self-drawn."""
    hand = read_winning_hand(request, HAND_SIZE, "Hong Kong", options.flowers)
    ctx = read_context(request, hand.self_draw, winner, dealer, FIRST_TURNS, double_kong=True)
    check_context(ctx, hand.self_draw, winner, dealer, len(hand.melds))
    views = [View(hand, r, ctx, options) for r in readings(hand)]
    if not hand.melds and thirteen_orphans(hand.concealed):
        views.append(View(hand, None, ctx, options))
    if not views:
        raise NotAWinningHand("these tiles do not form a win: four sets (chi, pon, kong or "
                              "concealed sets) and a pair, or thirteen orphans")
    best = max((tally(v) for v in views), key=lambda t: (t.fan, t.hand_fan))
    return best, hand.self_draw


def flower_tally(request: Mapping[str, Any], options: Options) -> tuple[Tally, bool]:
    """花糊 (seven flowers, 3 fan) or 八仙過海 (all eight, a limit hand)."""
    self_draw = win_kind(request.get("win"))
    flowers = read_flowers(request.get("flowers"), options.flowers, "Hong Kong")
    if len(flowers) == 8:
        eight = listed(EIGHT_FLOWERS, value=options.max_fan)
        return Tally([eight], options.max_fan, options.max_fan, True), self_draw
    if len(flowers) == 7:
        seven = listed(FLOWER_HAND)
        return Tally([seven], min(seven["value"], options.max_fan), options.max_fan,
                     False), self_draw
    raise BadInput("a flower win is seven flowers (花糊) or all eight (八仙過海)")


def quick_tally(request: Mapping[str, Any], options: Options) -> Tally:
    fan = whole_number(request, "fan", 0, 99, default=None)
    flowers = whole_number(request, "flowers", 0, 8)
    if flowers > fan:
        raise BadInput("flowers counts the fan from flowers among the fan entered")
    entered = listed(ENTERED, value=fan)
    return Tally([entered], min(fan, options.max_fan), fan - flowers, fan >= options.max_fan)


def payments(share: int, winner: int, discarder: int | None, pao: int | None,
             options: Options) -> list[dict[str, Any]]:
    """Who pays how many shares of ``share``."""
    if discarder is None:
        counts = {pao: Fraction(3)} if pao is not None else {
            p: Fraction(1) for p in range(4) if p != winner}
    elif options.responsibility == "full":
        counts = {discarder: Fraction(2)}
    else:
        counts = {p: Fraction(1) if p == discarder else Fraction(1, 2)
                  for p in range(4) if p != winner}
    return [{"payer": p, "shares": float(n), "amount": int(n * share)}
            for p, n in counts.items()]


def score(request: Mapping[str, Any]) -> Contract:
    """One win's result contract."""
    figures = scored(request)
    return result_of(figures, figures["winner"], figures["discarder"])


def scored(request: Mapping[str, Any]) -> dict[str, Any]:
    """The figures of one win (番, each payer's share...) with its contract's parts:
    what this ruleset's tests read."""
    options = request_options(request, Options, PRESETS)
    winner = check_player(request.get("winner", 0), "winner")
    dealer = check_player(request.get("dealer", 0), "dealer")
    if "hand" in request:
        result, self_draw = hand_tally(request, options, winner, dealer)
    elif flag(request, "flower_win"):
        result, self_draw = flower_tally(request, options)
    else:
        result, self_draw = quick_tally(request, options), win_kind(request.get("win"))
    if not result.limit and result.hand_fan < options.min_fan and not flag(request,
                                                                              "flower_win"):
        raise BelowMinimumFan(f"the hand has {result.hand_fan} fan without flowers; this "
                              f"table needs {options.min_fan} to win",
                              params={"fan": result.hand_fan, "min": options.min_fan,
                                      "option": "min_fan"})
    winner, dealer, discarder = win_seats({**request, "winner": winner, "dealer": dealer},
                                          self_draw)
    pao = request.get("pao")
    if pao is not None:
        pao = check_player(pao, "pao")
        if discarder is not None or pao == winner:
            raise BadInput("包自摸 (pao) names another player who pays a self-drawn win")
    share = options.base * multiplier(result.fan, options.spicy)
    pays = payments(share, winner, discarder, pao, options)
    ledger = Ledger()
    for pay in pays:
        ledger.pay(pay["payer"], winner, pay["amount"], "hand" if pao is None else "pao")
    deltas = deltas_of(pays, winner)
    full = result.limit or result.fan == options.max_fan
    head = headline(result.fan, "fan", deltas[winner],
                    limits=("Limit", "爆棚") if full else (None, None))
    return {"ruleset": "hongkong", **contract(result.items, head, ledger.payments()),
            "fan": result.fan,
            "value": result.fan, "hand_fan": result.hand_fan, "limit": result.limit,
            "self_draw": self_draw, "base": options.base, "share": share,
            "winner": winner, "dealer": dealer, "discarder": discarder, "pao": pao,
            "payments": pays, "deltas": deltas}
