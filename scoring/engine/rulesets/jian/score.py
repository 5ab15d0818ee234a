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

Either mode also takes, where the options play them, ``heavenly_hand`` (天胡),
``earthly_hand`` (地胡), ``robbing_kong`` (抢杠 ×2) and ``dezhongde`` (nobody else holds
精: 德中德; a table fills it in from the recorded 精).

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

Each payer pays ``2^fan`` chips (times ``heaven_earth_times`` for 天胡 and 地胡), plus
the 德国 bonus (5) on a self-draw or from the discarder. A 精调 hand is paid as a 精调
self-draw even when someone discards into it (the seed: 点炮 "等于精调"), unless
``jingdiao_discard`` is ``plain_discard``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import BadInput, BadOption, NotAWinningHand
from ...items import info, listed
from ...request import deltas_of, flag, request_options, win_kind, win_seats
from ...request import resolve_options as resolve_ruleset_options
from ...result import Contract, Item, contract, headline, payments_of, result_of
from .fans import SHAPES, Win, fans_for
from .hand import Candidate, read_hand, read_jing
from .options import PRESETS, Options

DEGUO_BONUS = info("deguo_bonus", "Without wild 精 (德国) bonus", "德国", "chips", 0)
# 天胡 and 地胡 multiply the hand (heaven_earth_times); the item's value is the multiple.
HEAVENLY = info("heavenly_hand", "Heavenly hand", "天胡", "count", 0)
EARTHLY = info("earthly_hand", "Earthly hand", "地胡", "count", 0)


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
    times = options.heaven_earth_times if win.heavenly or win.earthly else 1
    out = []
    items: list[Item] = []
    for p in payers:
        fans, fan, own = fans_for(win, p)
        items += own
        amount = 2 ** fan * times
        if win.heavenly or win.earthly:
            items.append({**listed(HEAVENLY if win.heavenly else EARTHLY, value=times),
                          "payer": p})
        if win.deguo and (drawn or p == win.discarder):
            amount += options.deguo_bonus
            items.append({**listed(DEGUO_BONUS, value=options.deguo_bonus * options.chip),
                          "payer": p})
        out.append({"payer": p, "fans": fans, "fan": fan, "amount": amount * options.chip})
    deltas = deltas_of(out, win.winner)
    total = deltas[win.winner]
    return {**contract(items, headline(total, "chips", total), payments_of(deltas)),
            "shape": win.shape, "shape_zh": SHAPES[win.shape][0], "deguo": win.deguo,
            "jingdiao": win.jingdiao, "after_kong": win.after_kong, "self_draw": win.self_draw,
            "payments": out, "total": total, "deltas": deltas}


# Win flags each played only where an option says so: (request key, option, is it on).
FLAG_OPTIONS = (("heavenly_hand", "heaven_earth_times"), ("earthly_hand", "heaven_earth_times"),
                ("robbing_kong", "robbing_kong"), ("dezhongde", "dezhongde"))


def win_flags(request: Mapping[str, Any], options: Options, self_draw: bool, winner: int,
              dealer: int, discarder: int | None) -> dict[str, bool]:
    """天胡, 地胡, 抢杠 and 德中德 of a request: refused where not played or impossible."""
    flags = {name: flag(request, name) for name, _ in FLAG_OPTIONS}
    for name, option in FLAG_OPTIONS:
        if flags[name] and not getattr(options, option):
            raise BadOption(f"'{name}' is not played under these options; turn on the "
                            f"option '{option}' to score it")
    if flags["heavenly_hand"] and not (self_draw and winner == dealer):
        raise BadInput("heavenly_hand (天胡) is the dealer's self-draw on the deal")
    if flags["earthly_hand"] and (self_draw or discarder != dealer):
        raise BadInput("earthly_hand (地胡) is a win on the dealer's first discard")
    if flags["robbing_kong"] and self_draw:
        raise BadInput("robbing_kong (抢杠) is a win on another player's added kong: the "
                       "robbed player is the discarder")
    return flags


def score(request: Mapping[str, Any]) -> Contract:
    """One win's result contract."""
    figures = scored(request)
    return result_of(figures, figures["winner"], figures["discarder"])


def scored(request: Mapping[str, Any]) -> dict[str, Any]:
    """The figures of one win (shape, 德国, each payer's fan and amount...) with its
    contract's parts: what the table rules and this ruleset's tests read."""
    options = request_options(request, Options, PRESETS)
    self_draw = win_kind(request.get("win"))
    winner, dealer, discarder = win_seats(request, self_draw)
    flags = win_flags(request, options, self_draw, winner, dealer, discarder)
    if "hand" in request:
        reading = read_hand(request, read_jing(request.get("jing")), self_draw,
                            honour_chows=options.honour_chows,
                            natural_stars=options.seven_stars_natural)
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
    if jingdiao and not self_draw and options.jingdiao_discard == "plain_discard":
        jingdiao = False  # 精调 counts only on a self-draw: this is an ordinary discard win
    if options.wild_plain_self_draw_only and not (self_draw or jingdiao):
        candidates = tuple(c for c in candidates if c.shape != "plain" or c.deguo)
        if not candidates:
            raise NotAWinningHand("a 平胡 that uses 精 as wild can only be won by self-draw "
                                  "at this table")
    results = [settle(Win(c.shape, c.deguo, jingdiao, after_kong, self_draw, winner, dealer,
                          discarder, flags["heavenly_hand"], flags["earthly_hand"],
                          flags["robbing_kong"], flags["dezhongde"]), options)
               for c in candidates]
    best = max(results, key=lambda r: r["total"])
    return {"ruleset": "jian", **best, "winner": winner, "dealer": dealer,
            "discarder": discarder}
