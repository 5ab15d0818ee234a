"""Score one Ji'an win (精 payments are the table's, see :mod:`.game`).

Request, tiles mode::

    {"hand": "1134m258p369s1234z", "win_tile": "7z", "win": "self_draw" | "discard",
     "melds": ["pon 555p", "ankan 9999s"],
     "jing": {"zheng": "5m", "fu": "6m"},   # 副精 defaults to the tile after 正精
     "after_kong": false,                   # 杠开 (扛调 when it is also 精调)
     "winner": 1, "dealer": 0, "discarder": 2,   # optional seats (discarder: discard only)
     "options": {"preset": "jian"}}

Request, quick mode (the table says what the hand is)::

    {"shape": "plain" | "thirteen_lan" | "seven_star_lan" | "small_seven" | "big_seven",
     "deguo": false, "jingdiao": false, "after_kong": false, "win": ..., seats, options}

Response (the result contract of :mod:`scoring.engine.result`, then the older fields)::

    {"ruleset": "jian", "players": 4,
     "items": [{"key": "small_seven", "name": "Seven pairs", "native": "小七", "value": 1,
                "unit": "fan", "count": 1, "payer": 1}, ...,      # each payer's fans,
               {"key": "deguo_bonus", "native": "德国", "value": 5, "unit": "chips",
                "count": 1, "payer": 1}],                         # and 德国 bonus
     "headline": {"value": 39, "unit": "chips", "points": 39},
     "ledger": [...], "pot_change": 0,
     "shape": "small_seven", "shape_zh": "小七", "deguo": true,
     "jingdiao": false, "after_kong": false, "self_draw": true,
     "payments": [{"payer": 1, "fans": [{"name_zh", "name_en", "fan"}], "fan": 3,
                   "amount": 13}, ...],
     "total": 39, "deltas": [39, -13, -13, -13]}

Each payer pays ``2^fan`` chips, plus the 德国 bonus (5) on a self-draw or from the
discarder. A 精调 hand is paid as a 精调 self-draw even when someone discards into it
(the seed: 点炮 "等于精调").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import BadInput
from ...request import deltas_of, flag, request_options, win_kind, win_seats
from ...request import resolve_options as resolve_ruleset_options
from ...result import Item, contract, headline, item, payments_of
from .fans import SHAPES, Win, fans_for
from .hand import Candidate, read_hand, read_jing
from .options import PRESETS, Options


def resolve_options(raw: Any, preset: Any = None) -> Options:
    return resolve_ruleset_options(Options, PRESETS, raw, preset)


def settle(win: Win, options: Options) -> dict[str, Any]:
    """Payments of one win: 2^fan per payer, the 德国 bonus where it applies."""
    if win.discarder is not None and not win.jingdiao and \
            options.discard_payment == "discarder_only":
        payers = [win.discarder]
    else:
        payers = [p for p in range(4) if p != win.winner]
    drawn = win.self_draw or win.jingdiao
    out = []
    items: list[Item] = []
    for p in payers:
        fans, fan, own = fans_for(win, p)
        items += own
        amount = 2 ** fan
        if win.deguo and (drawn or p == win.discarder):
            amount += options.deguo_bonus
            items.append(item("deguo_bonus", "Without wild 精 (德国) bonus", "德国",
                              options.deguo_bonus * options.chip, "chips", payer=p))
        out.append({"payer": p, "fans": fans, "fan": fan, "amount": amount * options.chip})
    deltas = deltas_of(out, win.winner)
    total = deltas[win.winner]
    return {**contract(items, headline(total, "chips", total), payments_of(deltas)),
            "shape": win.shape, "shape_zh": SHAPES[win.shape][0], "deguo": win.deguo,
            "jingdiao": win.jingdiao, "after_kong": win.after_kong, "self_draw": win.self_draw,
            "payments": out, "total": total, "deltas": deltas}


def score(request: Mapping[str, Any]) -> dict[str, Any]:
    options = request_options(request, Options, PRESETS)
    self_draw = win_kind(request.get("win"))
    winner, dealer, discarder = win_seats(request, self_draw)
    if "hand" in request:
        reading = read_hand(request, read_jing(request.get("jing")), self_draw)
        candidates = reading.candidates
        jingdiao, after_kong = reading.jingdiao, reading.after_kong
    else:
        shape = request.get("shape", "plain")
        if shape not in SHAPES:
            raise BadInput(f"shape must be one of {', '.join(SHAPES)}, got {shape!r}")
        candidates = (Candidate(shape, flag(request, "deguo")),)
        jingdiao, after_kong = flag(request, "jingdiao"), flag(request, "after_kong")
        if after_kong and not self_draw:
            raise BadInput("after_kong (杠开) is always a self-draw")
    results = [settle(Win(c.shape, c.deguo, jingdiao, after_kong, self_draw, winner, dealer,
                          discarder), options) for c in candidates]
    best = max(results, key=lambda r: r["total"])
    return {"ruleset": "jian", **best, "winner": winner, "dealer": dealer,
            "discarder": discarder}
