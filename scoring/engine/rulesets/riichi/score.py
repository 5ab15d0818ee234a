"""Score one riichi win: the JSON contract of ``python -m scoring.engine score``.

Request (only ``hand``, ``win_tile``, ``win`` and ``seat_wind`` are required)::

    {"hand": "23m456p789s5566z",      # concealed tiles WITHOUT the winning tile, 0 = red 5
     "melds": ["pon 777z from N", "ankan 1111m", "chi 345p"],
     "win_tile": "4m", "win": "ron" | "tsumo",
     "seat_wind": "S", "round_wind": "E",   # E is the dealer
     "discarder": "W",                       # ron only
     "dora_indicators": ["3m"], "ura_indicators": ["9p"],   # ura only with riichi
     "riichi": false, "double_riichi": false, "open_riichi": false, "ippatsu": false,
     "rinshan": false, "chankan": false, "haitei": false, "houtei": false,
     "tenhou": false, "chiihou": false, "renhou": false, "nagashi_mangan": false,
     "honba": 0, "riichi_sticks": 0,
     "pao": "N",                             # responsible player for a pao yakuman
     "options": {"preset": "tenhou", "kiriage": true}}

Response (the result contract of :mod:`scoring.engine.result`, players counted in wind
order from East: E=0, S=1, W=2, N=3; then the older fields)::

    {"players": 4,
     "items": [{"key": "riichi", "name": "Riichi", "native": "立直", "value": 1,
                "unit": "han", "count": 1}, ...,
               {"key": "dora", "name": "Dora", "native": "ドラ", "value": 1, "unit": "han",
                "count": 1}],           # aka and ura likewise; yakuman in unit "yakuman"
     "headline": {"value": 3, "unit": "han", "fu": 40, "limit": null,
                  "native_limit": null, "points": 5200},    # value: yakuman multiple
     "ledger": [{"player": 1, "amount": 5200, "cause": "hand"},
                {"player": 2, "amount": -5200, "cause": "hand"},
                {"player": 1, "amount": 300, "cause": "honba"}, ...,
                {"player": 1, "amount": 1000, "cause": "sticks"}],
     "pot_change": -1000,
     "ruleset": "riichi", "winner": "S", "win": "ron",
     "yaku": [{"name": "Riichi", "name_ja": "立直", "han": 1}, ...],
              # yakuman entries: {"name", "name_ja", "han": 13 * m, "yakuman": m}
     "yakuman": 0, "dora": 1, "aka": 0, "ura": 0, "han": 3, "fu": 40,
     "fu_breakdown": [{"item": "base", "fu": 20, "detail": "futei"}, ...],
     "wait": "kanchan", "limit": null | "mangan" | ... | "double yakuman",
     "base_points": 1280, "hand_points": 5200,   # before honba and sticks
     "deltas": {"E": 0, "S": 6500, "W": -5500, "N": 0}, "pot_taken": 1000,
     "pao": null}

``sum(deltas.values()) == pot_taken``: the winner's gain includes the riichi sticks taken
from the pot. A nagashi mangan request (``"nagashi_mangan": true``) needs only
``seat_wind`` and is paid as a mangan tsumo with the honba and sticks given.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, NamedTuple

from ...errors import BadInput, NotAWinningHand, NoYaku
from ...items import info, listed
from ...result import Cause, Contract, Headline, Payment, contract, result_of
from ...result import Item as ResultItem
from ...tiles import WIND_LETTERS, Tile, next_kind
from .features import active, hand_features
from .fu import Item, compute_fu, fu_breakdown, is_pinfu_shape
from .hand import Reading, WinContext, all_readings
from .options import Options
from .points import base_points, plain_payments, seats_of, tsumo_shares, win_payments
from .request import (
    FAST_TILES,
    build_context,
    check_sanma_tiles,
    check_visible_copies,
    count,
    flags_of,
    indicators,
    kita_count,
    north_indicated,
    resolve_options,
    sanma_dora,
    sanma_seat,
    seat,
)
from .yaku import Renhou, Yaku
from .yakuman import PAO_KEYS

DORA_OF = tuple(next_kind(k) for k in range(34))  # the tile each indicator points at


def count_dora(ctx: WinContext, shown: list[Tile]) -> int:
    counts = ctx.counts
    n = 0
    for t in shown:
        n += counts[DORA_OF[t.kind]]
    return n


# The dora each plainly written indicator ("3m", "0p") points at.
_DORA_BY_NAME = {name: DORA_OF[t.kind] for name, t in FAST_TILES.items()}


def dora_of(request: Mapping[str, Any], key: str, ctx: WinContext) -> tuple[int, bool]:
    """(dora held, any indicator given) for ``dora_indicators`` or ``ura_indicators``.

    A list of plain tile names is counted straight from the names; anything else goes
    through :func:`.request.indicators`, which explains what is wrong with it.
    """
    value = request.get(key)
    if not value:
        return 0, False
    if type(value) is list and len(value) <= 5:
        counts = ctx.counts
        n = 0
        for item in value:
            kind = _DORA_BY_NAME.get(item) if type(item) is str else None
            if kind is None:
                break
            n += counts[kind]
        else:
            return n, True
    shown = indicators(request, key)
    return count_dora(ctx, shown), bool(shown)


class Candidate(NamedTuple):
    """One reading's value; ``key`` orders candidates by what they pay, then han, then fu."""

    key: tuple[int, int, int]
    reading: Reading
    yaku: list[tuple[Yaku, int]]
    yakuman: int
    han: int
    fu: int
    fu_items: list[Item]
    base: int
    limit: str | None


# Built with tuple.__new__ (NamedTuple's own constructor is a slower Python function):
# fields in order, the key first.
_candidate = partial(tuple.__new__, Candidate)


def _evaluate(ctx: WinContext, r: Reading, bonus: int,
              registry: tuple[tuple[Yaku, ...], tuple[Yaku, ...]]) -> Candidate | None:
    """This reading's value, or None without a yaku. Yaku come first: a reading with no
    yaku needs no fu, and display dicts are only built for the winner."""
    opts = ctx.options
    yakuman, yaku = registry
    if yakuman:
        hits = [(y, m) for y in yakuman if (m := y.han(ctx, r))]
        if hits:
            if not opts.yakuman_stacking:
                hits = [max(hits, key=lambda hit: hit[1])]
            total = sum(m for _, m in hits)
            fu, fu_items = compute_fu(ctx, r, False)
            base, limit = base_points(0, fu, total, opts)
            return _candidate(((base, 13 * total, fu), r, hits, total, 13 * total, fu, fu_items,
                               base, limit))
    hits = []
    han = 0
    for y in yaku:
        h = y.han(ctx, r)
        if h:
            hits.append((y, h))
            han += h
    if not han:
        return None
    pinfu = (r.wait == "ryanmen" and is_pinfu_shape(ctx, r)
             and not (ctx.tsumo and opts.pinfu_tsumo_fu))
    fu, fu_items = compute_fu(ctx, r, pinfu)
    han += bonus
    # Renhou is the registry's last yaku, so an identity test on the last hit is all the
    # other hands pay for this rule.
    if hits[-1][0].__class__ is Renhou and opts.renhou == "mangan_or_hand":
        hits, han = _renhou_or_hand(hits, han)
    base, limit = base_points(han, fu, 0, opts)
    return _candidate(((base, han, fu), r, hits, 0, han, fu, fu_items, base, limit))


def _renhou_or_hand(hits: list[tuple[Yaku, int]], han: int) -> tuple[list[tuple[Yaku, int]], int]:
    """EMA 2016: renhou is "a strict mangan". The hand is paid as renhou alone (a mangan)
    unless its other yaku and dora are worth more, which needs a yaku besides renhou."""
    own = han - hits[-1][1]
    if len(hits) > 1 and own > 5:
        return hits[:-1], own
    return hits[-1:], 5


# The two dicts a yaku worth n is listed with (the older ``yaku`` entry and the contract's
# item), made once and copied: copying a dict costs a fraction of building one.
_YAKU_DICTS: dict[tuple[Yaku, int], tuple[dict[str, Any], ResultItem]] = {}


def _yaku_dicts(ctx: WinContext, best: Candidate, y: Yaku, n: int
                ) -> tuple[dict[str, Any], ResultItem]:
    if y.dynamic_name:
        view = (ctx, best.reading)
        (native, name), key = y.names(view), y.key_for(view)
    else:
        native, name, key = y.native, y.name, y.key
    item: ResultItem = {"key": key, "name": name, "native": native, "value": n,
                        "unit": y.unit, "count": 1}
    if y.yakuman:
        return {"name": name, "name_ja": native, "han": 13 * n, "yakuman": n}, item
    return {"name": name, "name_ja": native, "han": n}, item


def _yaku_list(ctx: WinContext, best: Candidate
               ) -> tuple[list[dict[str, Any]], list[ResultItem]]:
    """The older ``yaku`` field and the contract's items of the yaku."""
    out: list[dict[str, Any]] = []
    items: list[ResultItem] = []
    for y, n in best.yaku:
        found = None if y.dynamic_name else _YAKU_DICTS.get((y, n))
        if found is None:
            found = _yaku_dicts(ctx, best, y, n)
            if not y.dynamic_name and len(_YAKU_DICTS) < 4096:
                _YAKU_DICTS[(y, n)] = found
        out.append(found[0].copy())
        items.append(found[1].copy())
    return out, items


# Items listed without an element class: the three kinds of dora and nagashi mangan.
DORA_ITEMS = (info("dora", "Dora", "ドラ", "han"), info("aka", "Red five", "赤ドラ", "han"),
              info("ura", "Ura dora", "裏ドラ", "han"),
              info("kita", "North dora (kita)", "抜きドラ", "han"))
NAGASHI = info("nagashi_mangan", "Nagashi mangan", "流し満貫", "han", 5)
EXTRA_ITEMS = (*DORA_ITEMS, NAGASHI)
# The limits' Japanese names, for the headline.
LIMIT_NATIVE = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満",
                "kazoe yakuman": "数え役満", "yakuman": "役満", "double yakuman": "ダブル役満",
                "triple yakuman": "トリプル役満"}


def riichi_headline(han: int, fu: int, yakuman: int, limit: str | None, points: int
                    ) -> Headline:
    """Han and fu (or the yakuman multiple), the limit in English and Japanese, and the
    hand value."""
    native = LIMIT_NATIVE.get(limit, limit) if limit else None
    if yakuman:
        return {"value": yakuman, "unit": "yakuman", "points": points, "fu": fu,
                "limit": limit, "native_limit": native}
    return {"value": han, "unit": "han", "points": points, "fu": fu, "limit": limit,
            "native_limit": native}


SEAT_INDEX = {w: i for i, w in enumerate(WIND_LETTERS)}  # a request's winds as players


def _plain_ledger(deltas: dict[str, int], winner: str, discarder: str | None, honba: int,
                  sticks: int) -> list[Payment]:
    """The ledger of a win without pao from its deltas (:func:`.points.plain_payments`,
    honba and sticks included): honba are 100 from each payer of a tsumo (two of them with
    three players) or 300 from the discarder, and the winner takes the sticks; the rest is
    the hand."""
    if not honba and not sticks:
        return [{"player": SEAT_INDEX[w], "amount": a, "cause": "hand"}
                for w, a in deltas.items() if a]
    each = 300 * honba if discarder is not None else 100 * honba
    payers = [discarder] if discarder is not None else [w for w in deltas if w != winner]
    gained = each * len(payers)
    ledger: list[Payment] = []
    honba_rows: list[Payment] = []
    for w, a in deltas.items():
        if w == winner:
            a -= gained + 1000 * sticks
        elif honba and w in payers:
            a += each
            honba_rows.append({"player": SEAT_INDEX[w], "amount": -each, "cause": "honba"})
        if a:
            ledger.append({"player": SEAT_INDEX[w], "amount": a, "cause": "hand"})
    if honba:
        ledger += honba_rows
        ledger.append({"player": SEAT_INDEX[winner], "amount": gained, "cause": "honba"})
    if sticks:
        ledger.append({"player": SEAT_INDEX[winner], "amount": 1000 * sticks,
                       "cause": "sticks"})
    return ledger


def win_ledger(hand: dict[str, int], total: dict[str, int], winner: str, sticks: int,
               pao: str | None) -> list[Payment]:
    """Payments by cause from the deltas without and with honba (the sticks apart): the
    responsible player's share of the hand is ``pao``."""
    out: list[Payment] = []
    for wind, amount in hand.items():
        if amount:
            cause: Cause = "pao" if wind == pao and amount < 0 else "hand"
            out.append({"player": SEAT_INDEX[wind], "amount": amount, "cause": cause})
    if total is hand:
        return out
    for wind, amount in total.items():
        extra = amount - hand[wind] - (1000 * sticks if wind == winner else 0)
        if extra:
            out.append(Payment(player=SEAT_INDEX[wind], amount=extra, cause="honba"))
    if sticks:
        out.append(Payment(player=SEAT_INDEX[winner], amount=1000 * sticks, cause="sticks"))
    return out


def _nagashi(request: Mapping[str, Any], options: Options) -> dict[str, Any]:
    if not options.nagashi_mangan:
        raise BadInput("nagashi mangan is off in these rules (option nagashi_mangan)")
    winner = seat(request.get("seat_wind"), "seat_wind")
    honba, sticks = count(request, "honba"), count(request, "riichi_sticks")
    deltas = win_payments(2000, winner, "tsumo", None, honba, sticks, options)
    hand = win_payments(2000, winner, "tsumo", None, 0, 0, options)
    if options.players == 3:
        sanma_seat(winner, "seat_wind")
    hand_points = sum(tsumo_shares(2000, winner, seats_of(options),
                                   options.sanma_tsumo).values())
    ledger = [Payment(player=p["player"], amount=p["amount"],
                      cause="nagashi" if p["cause"] == "hand" else p["cause"])
              for p in win_ledger(hand, deltas, winner, sticks, None)]
    items = [listed(NAGASHI)]
    return {
        **contract(items, riichi_headline(5, 0, 0, "mangan", hand_points),
                   ledger, options.players, pot_change=-1000 * sticks),
        "ruleset": "riichi", "winner": winner, "discarder": None, "win": "nagashi",
        "yaku": [{"name": "Nagashi mangan", "name_ja": "流し満貫", "han": 5}],
        "yakuman": 0, "dora": 0, "aka": 0, "ura": 0, "han": 5, "fu": 0, "fu_breakdown": [],
        "wait": None, "limit": "mangan", "base_points": 2000,
        "hand_points": hand_points, "deltas": deltas,
        "pot_taken": 1000 * sticks, "pao": None,
    }


def _pao_base(best: Candidate, options: Options) -> int:
    covered = sum(n for y, n in best.yaku
                  if y.yakuman and PAO_KEYS.get(y.name) in options.pao_yakuman)
    if not covered:
        return 0
    return best.base if options.pao_scope == "whole_hand" else min(best.base, 8000 * covered)


def score(request: Mapping[str, Any]) -> Contract:
    """One win's result contract (players are seats from East: E=0 ... N=3); a nagashi
    mangan is no win, so it names no winner."""
    figures = scored(request)
    if figures["win"] == "nagashi":
        return result_of(figures, None)
    discarder = figures["discarder"]
    return result_of(figures, SEAT_INDEX[figures["winner"]],
                     None if discarder is None else SEAT_INDEX[discarder])


def scored(request: Mapping[str, Any]) -> dict[str, Any]:
    """The figures of one win (han, fu, yaku, deltas by wind...) with its contract's parts:
    what the table rules and this ruleset's tests read; :func:`score` publishes it."""
    if type(request) is not dict and not isinstance(request, Mapping):
        raise BadInput("the score request must be a JSON object")
    options = resolve_options(request)
    if request.get("nagashi_mangan"):
        flags_of(request)  # still refuse a malformed flag
        return _nagashi(request, options)
    ctx, aka = build_context(request, options)
    honba, sticks = request.get("honba", 0), request.get("riichi_sticks", 0)
    if type(honba) is not int or type(sticks) is not int or honba < 0 or sticks < 0:
        honba, sticks = count(request, "honba"), count(request, "riichi_sticks")
    winner = ctx.seat
    discarder = request.get("discarder")
    if ctx.tsumo:
        if discarder is not None:
            raise BadInput("a tsumo has no discarder; leave 'discarder' out")
    else:
        discarder = seat(discarder, "discarder (the seat that dealt in)")
        if discarder == winner:
            raise BadInput("the discarder cannot be the winner; on a ron name who dealt in")
    pao = request.get("pao")
    if pao is not None:
        pao = seat(pao, "pao (the responsible seat)")
        if pao == winner:
            raise BadInput("the responsible player (pao) cannot be the winner")
    kita = 0
    if options.players == 3:
        for who, what in ((winner, "seat_wind"), (discarder, "discarder"), (pao, "pao")):
            sanma_seat(who, what)
        check_sanma_tiles(ctx)
        kita = kita_count(request, options)
    elif request.get("kita"):
        raise BadInput("kita (a North set aside as a dora) is a three-player rule; these "
                       "rules are for four players")
    check_visible_copies(request, ctx, kita)

    readings = all_readings(ctx)
    if not readings:
        raise NotAWinningHand(
            "these tiles do not form a winning hand (four sets and a pair, seven pairs or "
            "thirteen orphans); check the hand, the melds and the winning tile")
    dora = dora_of(request, "dora_indicators", ctx)[0]
    ura, any_ura = dora_of(request, "ura_indicators", ctx)
    if any_ura and not ctx.flags["riichi"]:
        raise BadInput("ura dora only count for a riichi hand; drop ura_indicators or set riichi")
    if options.players == 3:
        # Without 2m-8m a 1m indicator points at 9m; each North set aside is a dora, and
        # one more for every indicator pointing at North (West shown).
        dora += sanma_dora(request, "dora_indicators", ctx)
        ura += sanma_dora(request, "ura_indicators", ctx) if any_ura else 0
        kita *= 1 + north_indicated(request, "dora_indicators") + (
            north_indicated(request, "ura_indicators") if any_ura else 0)
    best: Candidate | None = None
    registry = active(hand_features(ctx))
    for r in readings:
        c = _evaluate(ctx, r, dora + aka + ura + kita, registry)
        if c is not None and (best is None or c.key > best.key):
            best = c
    if best is None:
        raise NoYaku("the hand has no yaku (dora alone are not a yaku); it cannot win")
    pao_base = 0
    if pao is not None:
        pao_base = _pao_base(best, options)
        if not pao_base:
            covered = ", ".join(options.pao_yakuman) or "none"
            raise BadInput(f"pao applies only to these yakuman ({covered}); this hand has none "
                           "of them, so leave 'pao' out")
    if pao is None:
        deltas = plain_payments(best.base, winner, ctx.tsumo, discarder, honba, sticks,
                                seats_of(options), options.sanma_tsumo)
        ledger = _plain_ledger(deltas, winner, discarder, honba, sticks)
        honba_gained = (300 if discarder is not None else 100 * (len(deltas) - 1)) * honba
        hand_points = deltas[winner] - honba_gained - 1000 * sticks
    else:
        win = "tsumo" if ctx.tsumo else "ron"
        deltas = win_payments(best.base, winner, win, discarder, honba, sticks, options,
                              pao=pao, pao_base=pao_base)
        hand = win_payments(best.base, winner, win, discarder, 0, 0, options, pao=pao,
                            pao_base=pao_base)
        ledger = win_ledger(hand, deltas, winner, sticks, pao)
        hand_points = hand[winner]
    yaku, items = _yaku_list(ctx, best)
    if not best.yakuman:
        if dora or aka or ura or kita:
            for kind, n in zip(DORA_ITEMS, (dora, aka, ura, kita), strict=True):
                if n:
                    items.append(listed(kind, n))
    return {
        "players": options.players, "items": items,
        "headline": riichi_headline(best.han, best.fu, best.yakuman, best.limit, hand_points),
        "ledger": ledger,
        "pot_change": -1000 * sticks,
        "ruleset": "riichi", "winner": winner, "discarder": discarder,
        "win": "tsumo" if ctx.tsumo else "ron",
        "yaku": yaku, "yakuman": best.yakuman,
        "dora": dora, "aka": aka, "ura": ura, "han": best.han, "fu": best.fu,
        "fu_breakdown": fu_breakdown(best.fu_items), "wait": best.reading.wait or None,
        "limit": best.limit,
        "base_points": best.base, "hand_points": hand_points, "deltas": deltas,
        "pot_taken": 1000 * sticks, "pao": pao,
    }
