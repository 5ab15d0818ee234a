"""Scoring one MCR win: every reading, the exclusion principles, the best total."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ...decompose import decompositions
from ...errors import BelowMinimumFan, NotAWinningHand
from ...options import options_to_dict
from ...shapes import (
    HONOURS_AND_KNITTED,
    KNITTED_PERMUTATIONS,
    KNITTED_SETS,
    KNITTED_STRAIGHT,
    THIRTEEN_ORPHANS,
    honours_and_knitted,
    knitted_kinds,
    knitted_name,
    knitted_straights,
    seven_pairs,
    thirteen_orphans,
)
from ...tiles import TERMINALS_AND_HONOURS, format_kinds, tile_name
from ...waits import standard_waits, waits
from .fans import BY_ID, FANS, ORDER, exclusion_pairs
from .payments import payments
from .reading import Ctx, Facts, MSet, Reading
from .request import WIND_KIND, WinRequest, parse_request
from .rules import REGISTRY, Fan

_KNITTED_BY_NAME = {knitted_name(p): knitted_kinds(p) for p in KNITTED_PERMUTATIONS}
_EXCLUDES = {f.id: exclusion_pairs(f) for f in FANS}
_PREFERRED_ON_TIE = ("pure_triple_chow", "triple_pung")

# Extras outside the official 81 (options), with what they cover.
_INITIAL_HANDS = {
    "heavenly": ("天和", "Heavenly Hand", "heavenly_points",
                 ("fully_concealed_hand", "self_drawn", "edge_wait", "closed_wait",
                  "single_wait")),
    "earthly": ("地和", "Earthly Hand", "earthly_points", ("concealed_hand",)),
    "human": ("人和", "Human Hand", "human_points", ("fully_concealed_hand", "self_drawn")),
}


def _meld_sets(req: WinRequest) -> list[MSet]:
    out = []
    for m in req.melds:
        if m.kind == "chi":
            out.append(MSet("chow", m.base, False, True, True))
        elif m.kind == "pon":
            out.append(MSet("pung", m.base, False, True, True))
        else:
            concealed = m.kind == "ankan"
            out.append(MSet("kong", m.base, concealed, True, not concealed))
    return out


def _concealed_sets(groups: Any, req: WinRequest) -> list[MSet]:
    sets = [MSet("chow" if g.shape == "run" else "pung", g.kind, True, False, False)
            for g in groups]
    if not req.tsumo:
        w = req.win_tile
        # A pung completed by the discard is exposed, unless the discard can be read as
        # part of a concealed chow of the same reading.
        if not any(s.shape == "chow" and s.kind <= w <= s.kind + 2 for s in sets):
            sets = [MSet("pung", s.kind, False, False, False)
                    if s.shape == "pung" and s.kind == w else s for s in sets]
    return sets


def readings(req: WinRequest) -> list[Reading]:
    c = req.concealed14
    n_melds = len(req.melds)
    declared = _meld_sets(req)
    out: list[Reading] = []
    for d in decompositions(c):
        out.append(Reading("standard", tuple(declared + _concealed_sets(d.groups, req)), d.pair))
    # Cheap tests first: most hands cannot be any special shape.
    if n_melds == 0:
        if all(n % 2 == 0 for n in c) and seven_pairs(c, 0, quads=True):
            out.append(Reading("seven_pairs"))
        if sum(c[k] for k in TERMINALS_AND_HONOURS) == 14:
            m = thirteen_orphans(c, 0)
            if m:
                out.append(Reading("thirteen_orphans",
                                   pair=m.pair if m.pair is not None else -1))
        if max(c) == 1 and honours_and_knitted(c, 0):
            out.append(Reading("honours_knitted"))
    if n_melds <= 1 and any(all(c[k] for k in ks) for ks in KNITTED_SETS):
        for m in knitted_straights(c, n_melds):
            kinds = _KNITTED_BY_NAME[m.knitted or ""]
            for d in m.decompositions:
                out.append(Reading("knitted", tuple(declared + _concealed_sets(d.groups, req)),
                                   d.pair, kinds))
    return out


def _special_flags(c13: list[int], n_melds: int) -> list[str]:
    """Special shapes (besides seven pairs) worth trying as waits: most hands are hopeless."""
    flags: list[str] = []
    if n_melds > 1:
        return flags
    if n_melds == 0:
        if sum(1 for k in TERMINALS_AND_HONOURS if c13[k]) >= 12:
            flags.append(THIRTEEN_ORPHANS)
        if max(c13) <= 1:
            flags.append(HONOURS_AND_KNITTED)
    # A knitted straight one tile short still shows eight different suited kinds.
    if sum(1 for n in c13[:27] if n) >= 8 and any(
            sum(1 for k in ks if c13[k]) >= 8 for ks in KNITTED_SETS):
        flags.append(KNITTED_STRAIGHT)
    return flags


def _seven_pairs_wait(c13: list[int]) -> int | None:
    """The one kind that makes seven pairs (four alike count as two pairs), if any."""
    odd = [k for k in range(34) if c13[k] % 2]
    if len(odd) == 1 and sum(n // 2 for n in c13) == 6:
        return odd[0]
    return None


def unique_wait(req: WinRequest) -> bool:
    """Was the winning tile the only kind that completed the hand (独听)?

    A kind of which the hand holds all four copies is not a wait (see waits.py).
    """
    c13 = list(req.concealed14)
    c13[req.win_tile] -= 1
    held = list(c13)
    for m in req.melds:
        for k in m.kinds:
            held[k] += 1
    found = {k for k in standard_waits(c13) if held[k] < 4}
    if not req.melds:
        k7 = _seven_pairs_wait(c13)
        if k7 is not None and held[k7] < 4:
            found.add(k7)
    if len(found) > 1:
        return False
    flags = _special_flags(c13, len(req.melds))
    if flags:
        found.update(waits(c13, req.melds, flags))
    return len(found) == 1


def facts_of(req: WinRequest) -> Facts:
    counts = list(req.concealed14)
    for m in req.melds:
        for k in m.kinds:
            counts[k] += 1
    return Facts(
        counts=tuple(counts), concealed14=tuple(req.concealed14), win_tile=req.win_tile,
        tsumo=req.tsumo, seat_wind=WIND_KIND[req.seat], round_wind=WIND_KIND[req.round],
        last_tile=req.last_tile, kong=req.kong, wall_last=req.wall_last,
        wait_check=lambda: unique_wait(req),
        n_exposed_melds=sum(1 for m in req.melds if m.is_open),
        n_kongs_declared=sum(1 for m in req.melds if m.is_kan),
        heavenly=req.heavenly, earthly=req.earthly, human=req.human)


def apply_exclusions(raw: Mapping[str, int]) -> dict[str, int]:
    """不重复原则: walk the fans from the highest; a kept fan drops what it covers.

    A fan that is itself dropped covers nothing (四暗刻 drops 不求人, so 自摸 stays).
    """
    kept: dict[str, int] = {}
    dropped: set[str] = set()
    less: dict[str, int] = {}
    # Exclusions only ever point to lower fans, so the present fans in table order suffice.
    for fid in sorted(raw, key=ORDER.__getitem__):
        if fid in dropped:
            continue
        n = raw[fid] - less.get(fid, 0)
        if n <= 0:
            continue
        kept[fid] = n
        for other, count in _EXCLUDES[fid]:
            if count is None:
                dropped.add(other)
            else:
                less[other] = less.get(other, 0) + count
    return kept


_RULES_WITHOUT: dict[frozenset[str], tuple[Fan, ...]] = {}


def _rules_for(ctx: Ctx) -> tuple[Fan, ...]:
    """The detectors worth asking on this reading (see ``Fan.needs``)."""
    missing = []
    if len(ctx.chows) < 2:
        missing.append("chows")
    if len(ctx.pungs) < 2:
        missing.append("pungs")
    if ctx.is_standard:
        missing.append("special")
    key = frozenset(missing)
    rules = _RULES_WITHOUT.get(key)
    if rules is None:
        rules = _RULES_WITHOUT[key] = tuple(r for r in REGISTRY if r.needs not in key)
    return rules


def evaluate(ctx: Ctx) -> dict[str, int]:
    raw: dict[str, int] = {}
    for rule in _rules_for(ctx):
        n = rule.count(ctx)
        if n:
            raw[rule.id] = n
    return apply_exclusions(raw)


def _total(fans: Mapping[str, int]) -> int:
    return sum(BY_ID[k].points * n for k, n in fans.items())


# Readings are tried in a fixed order and a later one replaces the best so far only when it
# scores more, or the same with 一色三同顺/三同刻, or ties a seven-pairs reading. The total
# never depends on this; it only settles which of two equal fan lists is shown, the same
# way as the common calculators (characters, bamboo, dots, winds, red, green, white; a
# pung before a chow starting on the same tile).
_TILE_ORDER = tuple(list(range(9)) + list(range(18, 27)) + list(range(9, 18))
                    + [27, 28, 29, 30, 33, 32, 31])
_RANK = {k: i for i, k in enumerate(_TILE_ORDER)}


def _reading_order(r: Reading) -> tuple[int, tuple[tuple[int, int], ...]]:
    if r.form != "standard":
        return (0, ())
    return (1, tuple(sorted((_RANK[s.kind], int(s.shape == "chow"))
                            for s in r.sets if not s.declared)))


def best_reading(req: WinRequest) -> tuple[Reading, dict[str, int], Facts]:
    facts = facts_of(req)
    best: tuple[int, Reading, dict[str, int]] | None = None
    for r in sorted(readings(req), key=_reading_order):
        fans = evaluate(Ctx(facts, r))
        if not fans:
            fans = {"chicken_hand": 1}
        total = _total(fans)
        if (best is None or total > best[0]
                or (total == best[0] and (best[1].form == "seven_pairs"
                                          or any(f in fans for f in _PREFERRED_ON_TIE)))):
            best = (total, r, fans)
    if best is None:
        raise NotAWinningHand(
            "these tiles do not make a winning hand: MCR needs four sets and a pair, seven "
            "pairs, thirteen orphans, 全不靠/七星不靠 or 组合龙 with a set and a pair")
    return best[1], best[2], facts


def _set_text(s: MSet) -> str:
    suit = "mpsz"[s.kind // 9] if s.kind < 27 else "z"
    rank = s.kind % 9 + 1 if s.kind < 27 else s.kind - 26
    if s.shape == "chow":
        return f"{rank}{rank + 1}{rank + 2}{suit}"
    return f"{rank}" * (4 if s.shape == "kong" else 3) + suit


def _reading_dict(r: Reading) -> dict[str, Any]:
    out: dict[str, Any] = {"form": r.form}
    if r.sets:
        out["sets"] = [{"shape": s.shape, "tiles": _set_text(s), "concealed": s.concealed,
                        "declared": s.declared} for s in r.sets]
    if r.pair >= 0:
        out["pair"] = tile_name(r.pair)
    if r.knitted:
        out["knitted"] = format_kinds(r.knitted)
    return out


@lru_cache(maxsize=64)
def _options_dict(opts: Any) -> tuple[tuple[str, Any], ...]:
    return tuple(options_to_dict(opts).items())


def score(request: Mapping[str, Any]) -> dict[str, Any]:
    req = parse_request(request)
    opts = req.options
    reading, fans, _facts = best_reading(req)
    listed = [
        {"id": fid, "name_zh": BY_ID[fid].name_zh, "name_en": BY_ID[fid].name_en,
         "points": BY_ID[fid].points, "count": n}
        for fid, n in sorted(fans.items(), key=lambda kv: ORDER[kv[0]])]
    for flag, (zh, en, points_opt, covers) in _INITIAL_HANDS.items():
        if getattr(req, flag):
            listed = [f for f in listed if f["id"] not in covers]
            listed.insert(0, {"id": f"{flag}_hand", "name_zh": zh, "name_en": en,
                              "points": getattr(opts, points_opt), "count": 1})
    hand_fan = sum(f["points"] * f["count"] for f in listed)
    if hand_fan < opts.min_fan:
        found = ", ".join(f"{f['name_zh']} {f['points']}" + (f"×{f['count']}" if f["count"] > 1
                                                             else "") for f in listed)
        raise BelowMinimumFan(
            f"the hand scores {hand_fan} fan ({found}) but at least {opts.min_fan} are needed "
            "to win; flowers do not count toward the minimum")
    flowers = req.flowers if opts.flowers_count else 0
    if flowers:
        info = BY_ID["flower_tiles"]
        listed.append({"id": info.id, "name_zh": info.name_zh, "name_en": info.name_en,
                       "points": info.points, "count": flowers})
    total = hand_fan + flowers
    deltas = None
    if req.tsumo or req.discarder is not None:
        deltas = payments(total, req.seat, "tsumo" if req.tsumo else "ron", req.discarder, opts)
    return {
        "ruleset": "mcr",
        "fans": listed,
        "hand_fan": hand_fan,
        "flowers": flowers,
        "total": total,
        "win": "tsumo" if req.tsumo else "ron",
        "seat_wind": req.seat,
        "round_wind": req.round,
        "win_tile": tile_name(req.win_tile),
        "deltas": deltas,
        "reading": _reading_dict(reading),
        "options": {k: list(v) if isinstance(v, list) else v for k, v in _options_dict(opts)},
    }
