"""Score one Sichuan win: the JSON contract of ``score``.

Request (tiles mode)::

    {"hand": "1122335566778m",          # concealed tiles WITHOUT the winning tile
     "win_tile": "8m", "win": "self_draw" | "discard",
     "melds": ["pon 555p", "kan 9999m", "ankan 1111m", "kakan 2222m"],   # no chi
     "missing_suit": "s",                # optional 定缺, checked against the hand
     "after_kong": false, "kong_discard": false, "robbing_kong": false, "last_tile": false,
     "heavenly_hand": false, "earthly_hand": false,   # only where their fan option is set
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

from ...errors import BadInput, BadOption, NotAWinningHand, NotMissingASuit
from ...game import check_player
from ...items import info, listed
from ...request import discarder_seat, request_options, whole_number, win_kind
from ...request import resolve_options as resolve_ruleset_options
from ...result import Contract, Headline, Item, contract, headline, payments_of, result_of
from ...shapes import SEVEN_PAIRS_QUADS
from ...tiles import Meld
from ...waits import held_counts, wait_details
from .fans import View, fan_items, fans_of, legacy_fans
from .hand import (
    WinContext,
    check_first_win,
    check_missing_suit,
    check_two_suits,
    parse_request,
    read_flags,
    readings,
)
from .options import PRESETS, Options

# Items listed without an element class: a quick entry's fan typed in at the table, the
# self-draw fan of a quick entry and the 自摸加底 base.
ENTERED = info("entered", "Fan (entered at the table)", "番", "fan")
SELF_DRAW_FAN = info("self_draw", "Self-draw (自摸加番)", "自摸", "fan")
SELF_DRAW_BASE = info("self_draw_base", "Self-draw bonus (自摸加底)", "自摸加底", "base")
EXTRA_ITEMS = (ENTERED, SELF_DRAW_BASE)  # the self-draw fan is fans.SelfDrawFan


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
    amount: int = options.base * 2 ** paid_fan(fan, options)
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
                         self_draw=False, win_tile=k)
        fan = evaluate(ctx, options)[1]
        best = fan if best is None else max(best, fan)
    return best


def quick_fan(request: Mapping[str, Any]) -> int:
    return whole_number(request, "fan", 0, 30, default=None)


def check_played(flags: Mapping[str, bool], options: Options) -> None:
    """天胡 and 地胡 are scored only at tables that play them (their fan option not 0)."""
    for name, fan, option in (("heavenly_hand", options.heavenly_fan, "heavenly_fan"),
                              ("earthly_hand", options.earthly_fan, "earthly_fan")):
        if flags[name] and not fan:
            raise BadOption(f"'{name}' is not played under these options; set the option "
                            f"'{option}' to its fan to score it")


def win_value(request: Mapping[str, Any], options: Options) -> dict[str, Any]:
    """Fans, total fan and per-payer amount of one win (tiles or quick mode)."""
    flags = read_flags(request)
    check_played(flags, options)
    if "hand" in request:
        ctx = parse_request(request)
        check_two_suits(ctx.counts, options)
        fans, fan, items = evaluate(ctx, options)
        self_draw = ctx.self_draw
    else:
        self_draw = win_kind(request.get("win"))
        check_first_win(flags, self_draw)
        fan = quick_fan(request)
        fans = [{"name_zh": ENTERED["native"], "name_en": ENTERED["name"], "fan": fan}]
        items = [listed(ENTERED, fan)] if fan else []
        if self_draw and options.self_draw == "add_fan":
            fans.append({"name_zh": SELF_DRAW_FAN["native"], "name_en": SELF_DRAW_FAN["name"],
                         "fan": 1})
            items.append(listed(SELF_DRAW_FAN))
            fan += 1
    pf = paid_fan(fan, options)
    if self_draw and options.self_draw == "add_base":
        items.append(listed(SELF_DRAW_BASE))
    return {"fans": fans, "fan": fan, "paid_fan": pf, "capped": pf < fan,
            "self_draw": self_draw, "base": options.base,
            "hand_value": options.base * 2 ** pf,
            "per_payer": per_payer(fan, self_draw, options), "items": items}


def win_headline(value: Mapping[str, Any], points: int) -> Headline:
    """The fan paid (the cap named when it bit) and what the winner gets for the hand."""
    capped = bool(value["capped"])
    return headline(value["fan"], "fan", points,
                    limits=("Cap", "封顶") if capped else (None, None))


def score(request: Mapping[str, Any]) -> Contract:
    """One win's result contract: the fan and items of :func:`win_value`, paid by the
    discarder or, on a self-draw, by every other player still in."""
    figures = scored(request)
    return result_of(figures, figures["winner"],
                     None if figures["self_draw"] else figures["payers"][0])


def scored(request: Mapping[str, Any]) -> dict[str, Any]:
    """The figures of one win (fan, fan paid, per payer, deltas...) with its contract's
    parts: what this ruleset's tests read."""
    options = request_options(request, Options, PRESETS)
    result = win_value(request, options)
    n = options.players
    winner = check_player(request.get("winner", 0), "winner", n)
    players_in = request.get("players_in", list(range(n)))
    if not isinstance(players_in, list) or winner not in players_in:
        raise BadInput("players_in must list the players still in, the winner among them")
    if result["self_draw"]:
        payers = [check_player(p, "players_in", n) for p in players_in if p != winner]
    else:
        payers = [discarder_seat(request, winner, n)]
        if payers[0] == winner or payers[0] not in players_in:
            raise BadInput("the discarder must be another player still in")
    deltas = [0] * n
    for p in payers:
        deltas[p] -= result["per_payer"]
        deltas[winner] += result["per_payer"]
    items = result.pop("items")
    return {**contract(items, win_headline(result, deltas[winner]), payments_of(deltas), n),
            **result, "winner": winner, "payers": payers, "deltas": deltas}
