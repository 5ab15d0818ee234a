"""Score one Sichuan win: the JSON contract of ``score``.

Request (tiles mode)::

    {"hand": "1122335566778m",          # concealed tiles WITHOUT the winning tile
     "win_tile": "8m", "win": "self_draw" | "discard",
     "melds": ["pon 555p", "kan 9999m", "ankan 1111m", "kakan 2222m"],   # no chi
     "missing_suit": "s",                # optional 定缺, checked against the hand
     "after_kong": false, "kong_discard": false, "robbing_kong": false, "last_tile": false,
     "winner": 0, "discarder": 3,        # optional seats for ``deltas``
     "players_in": [0, 1, 2, 3],         # optional: players still in (血战到底)
     "options": {"preset": "chengdu_five", "cap_fan": 6}}

Quick mode replaces the tiles by ``"fan": n`` (the hand's fan without the self-draw bonus).

Response (the result contract of :mod:`scoring.engine.result`, then the older fields)::

    {"ruleset": "sichuan", "players": 4,
     "items": [{"key": "full_flush", "name": "Full flush", "native": "清一色", "value": 2,
                "unit": "fan", "count": 1}],
     "headline": {"value": 2, "unit": "fan", "points": 20, "limit": null,
                  "native_limit": null},
     "ledger": [{"player": 0, "amount": 20, "cause": "hand"}, ...], "pot_change": 0,
     "fans": [{"name_zh": "清一色", "name_en": "Full flush", "fan": 2}],
     "fan": 2, "paid_fan": 2, "capped": false, "self_draw": false, "base": 5,
     "hand_value": 20,                   # base × 2^paid_fan, before the self-draw bonus
     "per_payer": 20, "payers": [3], "deltas": [20, 0, 0, -20]}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import BadInput, NotAWinningHand, NotMissingASuit
from ...game import check_player
from ...request import discarder_seat, request_options, whole_number
from ...request import resolve_options as resolve_ruleset_options
from ...result import Headline, Item, contract, headline, item, payments_of
from ...shapes import SEVEN_PAIRS_QUADS
from ...tiles import Meld
from ...waits import held_counts, wait_details
from .fans import View, fan_items, fans_of, legacy_fans
from .hand import WinContext, check_missing_suit, parse_request, readings, win_kind
from .options import PRESETS, Options

# A quick entry's fan typed in at the table: (English, native).
ENTERED = ("Fan (entered at the table)", "番")


def resolve_options(raw: Any, preset: Any = None) -> Options:
    return resolve_ruleset_options(Options, PRESETS, raw, preset)


def evaluate(ctx: WinContext, options: Options
             ) -> tuple[list[dict[str, Any]], int, list[Item]]:
    """The highest-fan reading's fans (older shape), total and contract items; raises
    when the hand is not a win."""
    best: tuple[int, list[dict[str, Any]], list[Item]] | None = None
    for reading in readings(ctx.concealed, len(ctx.melds)):
        view = View(ctx, reading, options)
        found, total = fans_of(view)
        if best is None or total > best[0]:
            best = (total, legacy_fans(found, view), fan_items(found, view))
    if best is None:
        raise NotAWinningHand(
            "these tiles do not form a win: four sets (pon/kong or runs) and a pair, or "
            "seven pairs")
    return best[1], best[0], best[2]


def paid_fan(fan: int, options: Options) -> int:
    return fan if options.cap_fan is None else min(fan, options.cap_fan)


def per_payer(fan: int, self_draw: bool, options: Options) -> int:
    """base × 2^fan (capped), plus one base on a self-draw under 自摸加底."""
    amount = options.base * 2 ** paid_fan(fan, options)
    if self_draw and options.self_draw == "add_base":
        amount += options.base
    return amount


def best_ready_fan(concealed: Sequence[int], melds: Sequence[Meld], options: Options,
                   missing_suit: str | None = None) -> int | None:
    """The highest fan a waiting 13-tile hand can win with (查大叫), None if not ready.

    The engine's waits (sets + pair and seven pairs, four of a kind as two pairs) give the
    candidate tiles; each is scored as a discard win that must still lack a suit.
    """
    held = held_counts(concealed, melds)
    best: int | None = None
    for wait in wait_details(concealed, melds, (SEVEN_PAIRS_QUADS,)):
        k = wait.kind
        if k >= 27:
            continue
        counts = list(held)
        counts[k] += 1
        try:
            check_missing_suit(counts, missing_suit)
        except NotMissingASuit:
            continue
        c = list(concealed)
        c[k] += 1
        ctx = WinContext(concealed=tuple(c), melds=tuple(melds), counts=tuple(counts),
                         self_draw=False)
        fan = evaluate(ctx, options)[1]
        best = fan if best is None else max(best, fan)
    return best


def quick_fan(request: Mapping[str, Any]) -> int:
    return whole_number(request, "fan", 0, 30, default=None)


def win_value(request: Mapping[str, Any], options: Options) -> dict[str, Any]:
    """Fans, total fan and per-payer amount of one win (tiles or quick mode)."""
    if "hand" in request:
        ctx = parse_request(request)
        fans, fan, items = evaluate(ctx, options)
        self_draw = ctx.self_draw
    else:
        self_draw = win_kind(request.get("win"))
        fan = quick_fan(request)
        fans = [{"name_zh": ENTERED[1], "name_en": ENTERED[0], "fan": fan}]
        items = [item("entered", *ENTERED, 1, "fan", fan)] if fan else []
        if self_draw and options.self_draw == "add_fan":
            fans.append({"name_zh": "自摸", "name_en": "Self-draw (自摸加番)", "fan": 1})
            items.append(item("self_draw", "Self-draw (自摸加番)", "自摸", 1, "fan"))
            fan += 1
    pf = paid_fan(fan, options)
    if self_draw and options.self_draw == "add_base":
        items.append(item("self_draw_base", "Self-draw bonus (自摸加底)", "自摸加底", 1, "base"))
    return {"fans": fans, "fan": fan, "paid_fan": pf, "capped": pf < fan,
            "self_draw": self_draw, "base": options.base,
            "hand_value": options.base * 2 ** pf,
            "per_payer": per_payer(fan, self_draw, options), "items": items}


def win_headline(value: Mapping[str, Any], points: int) -> Headline:
    """The fan paid (the cap named when it bit) and what the winner gets for the hand."""
    capped = bool(value["capped"])
    return headline(value["fan"], "fan", points, limit="Cap" if capped else None,
                    native_limit="封顶" if capped else None)


def score(request: Mapping[str, Any]) -> dict[str, Any]:
    options = request_options(request, Options, PRESETS)
    result = win_value(request, options)
    winner = check_player(request.get("winner", 0), "winner")
    players_in = request.get("players_in", [0, 1, 2, 3])
    if not isinstance(players_in, list) or winner not in players_in:
        raise BadInput("players_in must list the players still in, the winner among them")
    if result["self_draw"]:
        payers = [check_player(p, "players_in") for p in players_in if p != winner]
    else:
        payers = [discarder_seat(request, winner)]
        if payers[0] == winner or payers[0] not in players_in:
            raise BadInput("the discarder must be another player still in")
    deltas = [0, 0, 0, 0]
    for p in payers:
        deltas[p] -= result["per_payer"]
        deltas[winner] += result["per_payer"]
    items = result.pop("items")
    return {"ruleset": "sichuan",
            **contract(items, win_headline(result, deltas[winner]), payments_of(deltas)),
            **result, "winner": winner, "payers": payers, "deltas": deltas}
