"""Scoring one MCR win: every reading, the exclusion principles, the best total.

Where the time goes, and why it is spent once: a hand is scored as the fans of its tiles
(:class:`.facts.TileFacts`) and of its situation (:class:`.facts.Situation`), each looked
up by a small integer and worked out by their detectors only the first time that value
is seen; plus, per reading, the fans between sets (cached per sorted tuple of kinds in
:mod:`.reading`) and the few reading-level detectors whose ``needs`` the reading has.
The concealed tiles are read suit by suit from a cache (:mod:`.split`), the exclusion
principles are applied once per distinct list of raw fans (:mod:`.exclusions`), the unique
wait is asked only when a wait fan could apply (:mod:`.waiting`) and the result is built
in :mod:`.result`. :func:`evaluate` asks every detector the slow way; the tests hold the
two to the same answers. :func:`clear_caches` forgets everything learnt from earlier
hands (``bench/mcr.py`` times both ways).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import product
from typing import Any

from ...errors import BelowMinimumFan, NotAWinningHand
from ...result import Contract, result_of
from ...shapes import (
    KNITTED_PERMUTATIONS,
    honours_and_knitted,
    knitted_kinds,
    knitted_name,
    knitted_straights,
    seven_pairs,
    thirteen_orphans,
)
from ...tiles import WIND_LETTERS
from .exclusions import SETTLED, Settled, apply_exclusions, clear_settle_caches, settle
from .facts import (
    ORPHAN_MASK,
    SUIT_MASKS,
    SUITED_MASK,
    Facts,
    Situation,
    TileFacts,
)
from .reading import (
    Ctx as Ctx,  # re-exported: the tests build contexts through the scorer
)
from .reading import (
    MSet,
    Reading,
    chow_combination_fans,
    pung_combination_fans,
    sorted_sets,
)
from .reading import (
    chow_pair_key as chow_pair_key,  # re-exported for the tests
)
from .request import WIND_KIND, WinRequest, clear_request_caches, parse_request
from .result import (
    FAN_NAMES,
    TILE_NAMES,
    clear_result_caches,
    deltas_of,
    options_out,
    reading_dict,
)
from .rules import ELEMENTS, Fan
from .rules_base import (
    ALL_FIVES,
    CONCEALED_PUNGS2,
    FORM_FEATURES,
    FOUR_PUNGS,
    NINE,
    NO_PUNGS,
    OUTSIDE,
    SETS,
    WAIT,
)
from .split import (
    CONCEALED_CHOW,
    CONCEALED_PUNG,
    RON_PUNG,
    SuitReading,
    clear_split_caches,
    set_bits,
)
from .waiting import KNITTED_MASKS as _KNITTED_MASKS
from .waiting import unique_wait as unique_wait  # a test stands another rule in

STANDARD_FEATURES = FORM_FEATURES["standard"]

_KNITTED_BY_NAME = {knitted_name(p): knitted_kinds(p) for p in KNITTED_PERMUTATIONS}

# Extras outside the official 81 (options), with what they cover.
INITIAL_HANDS = {
    "heavenly": ("天和", "Heavenly Hand", "heavenly_points",
                 ("fully_concealed_hand", "self_drawn", "edge_wait", "closed_wait",
                  "single_wait")),
    "earthly": ("地和", "Earthly Hand", "earthly_points", ("concealed_hand",)),
    "human": ("人和", "Human Hand", "human_points", ("fully_concealed_hand", "self_drawn")),
}

_TILES_RULES = tuple(r for r in ELEMENTS if r.scope == "tiles")
_SITUATION_RULES = tuple(r for r in ELEMENTS if r.scope == "situation")
_READING_RULES = tuple(r for r in ELEMENTS if r.scope == "reading" and not r.family)
_MEMO_LIMIT = 20_000  # entries; a cache that fills up starts again empty

RawFans = tuple[tuple[str, int], ...]


def _ask(rules: tuple[Fan, ...], ctx: Ctx) -> RawFans:
    out = []
    for rule in rules:
        n = rule.count(ctx)
        if n:
            out.append((rule.id, n))
    return tuple(out)


_TILES_MEMO: dict[int, RawFans] = {}
_SITUATION_MEMO: dict[int, RawFans] = {}


def tiles_fans(key: int) -> RawFans:
    """Raw fans of the hand's kinds, from :meth:`TileFacts.key_of` (asked once per key)."""
    found = _TILES_MEMO.get(key)
    if found is None:
        found = _ask(_TILES_RULES, Ctx.hand_only(tiles=TileFacts.from_key(key)))
        if len(_TILES_MEMO) >= _MEMO_LIMIT:
            _TILES_MEMO.clear()
        _TILES_MEMO[key] = found
    return found


def situation_fans(key: int) -> RawFans:
    """Raw fans of how the hand was won, from :meth:`Situation.key_of` (once per key)."""
    found = _SITUATION_MEMO.get(key)
    if found is None:
        found = _ask(_SITUATION_RULES, Ctx.hand_only(situation=Situation.from_key(key)))
        _SITUATION_MEMO[key] = found
    return found


_RULES_FOR: dict[int, tuple[Fan, ...]] = {}


def rules_for(features: int) -> tuple[Fan, ...]:
    """The reading-level detectors worth asking on a reading with these features."""
    rules = _RULES_FOR.get(features)
    if rules is None:
        rules = _RULES_FOR[features] = tuple(
            r for r in _READING_RULES if not r.needs & ~features)
    return rules


# --- the hand's facts ----------------------------------------------------------------

class _Hand(Facts):
    """Per-hand facts shared by every reading, worked out once: the :class:`Facts` the
    detectors see, plus what the scorer needs to put readings together."""

    __slots__ = ("req", "tiles_key", "situation_key", "declared_sets", "declared_chows",
                 "declared_pungs", "declared_concealed", "declared_all", "declared_any",
                 "features")
    declared_sets: tuple[MSet, ...]
    declared_chows: tuple[int, ...]
    declared_pungs: tuple[int, ...]

    def __init__(self, req: WinRequest) -> None:  # sets the slots of Facts itself
        mask = req.held_mask
        declared = req.declared
        w = req.win_tile
        self.req = req
        self.counts = req.held
        self.concealed14 = req.concealed14
        self.mask = mask
        self.win_tile = w
        self.tsumo = req.tsumo
        self.seat_wind = WIND_KIND[req.seat]
        self.round_wind = WIND_KIND[req.round]
        self.n_melds = len(declared)
        self._unique_wait = None
        self.tiles_key = req.tiles_key
        situation = (req.tsumo | req.wall_last << 1 | req.kong << 2 | req.last_tile << 3
                     | req.hogs << 13)
        if not declared:
            self.situation_key = situation
            self.declared_sets = self.declared_chows = self.declared_pungs = ()
            self.declared_concealed = 0
            self.declared_all, self.declared_any = ALL_FIVES | OUTSIDE, 0
            self.features = NINE if w < 27 and not mask & ~SUIT_MASKS[w // 9] else 0
            return
        chows: list[int] = []
        pungs: list[int] = []
        exposed = melded_kongs = concealed_kongs = 0
        for d in declared:
            if d.is_chow:
                chows.append(d.mset.kind)
            else:
                pungs.append(d.mset.kind)
            if d.is_open:
                exposed += 1
                melded_kongs += d.is_kan
            else:
                concealed_kongs += 1
        # As Situation.key_of packs them.
        self.situation_key = (situation | exposed << 4 | melded_kongs << 7
                              | concealed_kongs << 10)
        self.declared_sets = tuple(d.mset for d in declared)
        self.declared_chows = tuple(chows)
        self.declared_pungs = tuple(pungs)
        self.declared_concealed = concealed_kongs
        self.declared_all, self.declared_any = set_bits(chows, pungs, -1)
        self.features = 0


    def _wait_check(self) -> bool:
        # Looked up at call time, so a test may stand another rule in for unique_wait.
        return unique_wait(self.req)

    @property
    def facts(self) -> Facts:
        return self


def facts_of(req: WinRequest) -> Facts:
    return _Hand(req).facts


# --- readings ------------------------------------------------------------------------

class _Candidate:
    """A reading with what the scorer already knows of it."""

    __slots__ = ("reading", "chows", "pungs", "concealed_pungs", "features")

    def __init__(self, reading: Reading, chows: tuple[int, ...], pungs: tuple[int, ...],
                 concealed_pungs: int, features: int) -> None:
        self.reading = reading
        self.chows = chows
        self.pungs = pungs
        self.concealed_pungs = concealed_pungs
        self.features = features


def _count_features(features: int, n_pungs: int, concealed: int) -> int:
    if n_pungs == 4:
        features |= FOUR_PUNGS
    elif not n_pungs:
        features |= NO_PUNGS
    if concealed >= 2:
        features |= CONCEALED_PUNGS2
    return features


def _standard(req: WinRequest, hand: _Hand, m: SuitReading, p: SuitReading, s: SuitReading,
              z: SuitReading) -> _Candidate:
    """One standard reading from one reading of each suit and of the honours."""
    sets = hand.declared_sets + m.sets + p.sets + s.sets + z.sets
    chows = hand.declared_chows + m.chows + p.chows + s.chows
    pungs = hand.declared_pungs + m.pungs + p.pungs + s.pungs + z.pungs
    concealed = hand.declared_concealed + len(pungs) - len(hand.declared_pungs)
    pair = max(m.pair, p.pair, s.pair, z.pair)
    w = req.win_tile
    mine = (m, p, s, z)[w // 9]
    if not req.tsumo and w in mine.open_pungs:
        # A pung completed by the discard is exposed, unless the discard can be read as
        # part of a concealed chow of the same reading.
        sets = tuple(RON_PUNG[w] if x.kind == w and x.shape == "pung" and not x.declared
                     else x for x in sets)
        concealed -= 1
    if hand.declared_sets:
        chows = tuple(sorted(chows))
        pungs = tuple(sorted(pungs))
    n_pungs = len(pungs)
    features = (STANDARD_FEATURES | hand.features | hand.declared_any | m.any_bits
                | p.any_bits | s.any_bits | z.any_bits | (
                    hand.declared_all & m.all_bits & p.all_bits & s.all_bits & z.all_bits))
    if n_pungs == 4:
        features |= FOUR_PUNGS
    elif not n_pungs:
        features |= NO_PUNGS
    if concealed >= 2:
        features |= CONCEALED_PUNGS2
    if mine.wait_mask >> w & 1:
        features |= WAIT
    return _Candidate(Reading("standard", sets, pair), chows, pungs, concealed, features)


def _candidate(reading: Reading, hand: _Hand, w: int) -> _Candidate:
    """Any reading, the general way (special shapes: rare enough not to need speed)."""
    chows, pungs, concealed = sorted_sets(reading.sets)
    all_bits, any_bits = set_bits(chows, pungs, reading.pair)
    features = _count_features(FORM_FEATURES[reading.form] | hand.features | all_bits
                               | any_bits, len(pungs), concealed)
    if features & SETS and (reading.pair == w or any(
            s.shape == "chow" and not s.declared and s.kind <= w <= s.kind + 2
            for s in reading.sets)):
        features |= WAIT
    return _Candidate(reading, chows, pungs, concealed, features)


def _concealed_sets(groups: Any, req: WinRequest) -> list[MSet]:
    sets = [CONCEALED_CHOW[g.kind] if g.shape == "run" else CONCEALED_PUNG[g.kind]
            for g in groups]
    if not req.tsumo:
        w = req.win_tile
        if not any(s.shape == "chow" and s.kind <= w <= s.kind + 2 for s in sets):
            sets = [RON_PUNG[w] if s.shape == "pung" and s.kind == w else s for s in sets]
    return sets


# Readings are tried in a fixed order and a later one replaces the best so far only when it
# scores more, or the same with 一色三同顺/三同刻, or ties a seven-pairs reading. The total
# never depends on this; it only settles which of two equal fan lists is shown, the same
# way as the common calculators (characters, bamboo, dots, winds, red, green, white; a
# pung before a chow starting on the same tile). Special shapes come first.
_TILE_ORDER = tuple(list(range(9)) + list(range(18, 27)) + list(range(9, 18))
                    + [27, 28, 29, 30, 33, 32, 31])
_RANK = {k: i for i, k in enumerate(_TILE_ORDER)}


def _reading_order(c: _Candidate) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((_RANK[s.kind], int(s.shape == "chow"))
                        for s in c.reading.sets if not s.declared))


def _candidates(req: WinRequest, hand: _Hand) -> list[_Candidate]:
    c = req.concealed14
    n_melds = len(req.declared)
    out: list[_Candidate] = []
    cmask = req.concealed_mask
    # Cheap tests first: most hands cannot be any special shape.
    sm, sp, ss, sz = req.segments
    if n_melds == 0:
        if (sm.even and sp.even and ss.even and sz.even and cmask.bit_count() <= 7
                and seven_pairs(c, 0, quads=True)):
            out.append(_candidate(Reading("seven_pairs"), hand, req.win_tile))
        if not cmask & ~ORPHAN_MASK:
            orphans = thirteen_orphans(c, 0)
            if orphans:
                out.append(_candidate(Reading(
                    "thirteen_orphans", pair=orphans.pair if orphans.pair is not None else -1),
                    hand, req.win_tile))
        if cmask.bit_count() == 14 and honours_and_knitted(c, 0):
            out.append(_candidate(Reading("honours_knitted"), hand, req.win_tile))
    if n_melds <= 1 and (cmask & SUITED_MASK).bit_count() >= 9 and any(
            cmask & km == km for km in _KNITTED_MASKS):
        declared = list(hand.declared_sets)
        for knit in knitted_straights(c, n_melds):
            kinds = _KNITTED_BY_NAME[knit.knitted or ""]
            for d in knit.decompositions:
                out.append(_candidate(Reading(
                    "knitted", tuple(declared + _concealed_sets(d.groups, req)), d.pair,
                    kinds), hand, req.win_tile))
    m, p, s, z = sm.readings, sp.readings, ss.readings, sz.readings
    if m and p and s and z and (m[0].pair >= 0) + (p[0].pair >= 0) + (s[0].pair >= 0) + (
            z[0].pair >= 0) == 1:
        if len(m) == len(p) == len(s) == len(z) == 1:
            out.append(_standard(req, hand, m[0], p[0], s[0], z[0]))
        else:
            standard = [_standard(req, hand, *parts) for parts in product(m, p, s, z)]
            out.extend(sorted(standard, key=_reading_order))
    return out


def readings(req: WinRequest) -> list[Reading]:
    """Every reading of the hand, in the order they are tried."""
    return [c.reading for c in _candidates(req, _Hand(req))]


# --- fans of a reading -----------------------------------------------------------------

def _canonical(kinds: tuple[int, ...], pair: int = -1) -> tuple[tuple[int, ...], int]:
    """The kinds with suits renamed in order of first appearance (then the pair's).

    Fans between sets only compare suits for equality, so 123m+123p and 123p+123s score
    alike; renaming lets them share one cache entry. Sorted order survives the renaming,
    as suits first appear in increasing order.
    """
    names: dict[int, int] = {}
    out = []
    for k in (*kinds, pair):
        if 0 <= k < 27:
            suit = names.setdefault(k // 9, len(names))
            k = 9 * suit + k % 9
        out.append(k)
    return tuple(out[:-1]), out[-1]


@lru_cache(maxsize=8192)
def _chow_items(chows: tuple[int, ...], pair: int) -> RawFans:
    return _canonical_chow_items(*_canonical(chows, pair))


@lru_cache(maxsize=8192)
def _canonical_chow_items(chows: tuple[int, ...], pair: int) -> RawFans:
    return tuple(chow_combination_fans(chows, pair).items())


@lru_cache(maxsize=8192)
def _pung_items(pungs: tuple[int, ...]) -> RawFans:
    return _canonical_pung_items(_canonical(pungs)[0])


@lru_cache(maxsize=8192)
def _canonical_pung_items(pungs: tuple[int, ...]) -> RawFans:
    return tuple(pung_combination_fans(pungs).items())


def _raw_fans(c: _Candidate, hand: _Hand, hand_raw: RawFans) -> RawFans:
    raw = hand_raw
    chows = c.chows
    if len(chows) >= 2:
        raw += _chow_items(chows, chow_pair_key(len(chows), c.reading.pair))
    if len(c.pungs) >= 2:
        raw += _pung_items(c.pungs)
    rules = _RULES_FOR.get(c.features)
    if rules is None:
        rules = rules_for(c.features)
    if rules:
        ctx = Ctx(hand, c.reading, chows, c.pungs, c.concealed_pungs)
        found = []
        for rule in rules:
            n = rule.count(ctx)
            if n:
                found.append((rule.id, n))
        raw += tuple(found)
    return raw


def full_context(req: WinRequest, reading: Reading) -> Ctx:
    """A context on which every detector may be asked, whatever its scope."""
    hand = _Hand(req)
    ctx = Ctx(hand.facts, reading)
    ctx.tiles = TileFacts.from_key(hand.tiles_key)
    ctx.situation = Situation.from_key(hand.situation_key)
    return ctx


def evaluate(ctx: Ctx) -> dict[str, int]:
    """Every detector asked on one reading (a context from :func:`full_context`), then the
    exclusions: the slow, plain way the scorer's shortcuts must agree with."""
    raw: dict[str, int] = {}
    for rule in ELEMENTS:
        n = rule.count(ctx)
        if n:
            raw[rule.id] = n
    return apply_exclusions(raw)


def _best(req: WinRequest) -> tuple[_Candidate, Settled, _Hand]:
    hand = _Hand(req)
    hand_raw = (_TILES_MEMO.get(hand.tiles_key) or tiles_fans(hand.tiles_key)) + (
        _SITUATION_MEMO.get(hand.situation_key) or situation_fans(hand.situation_key))
    best: tuple[_Candidate, Settled] | None = None
    for c in _candidates(req, hand):
        raw = _raw_fans(c, hand, hand_raw)
        settled = SETTLED.get(raw) or settle(raw)
        if best is None:
            best = (c, settled)
            continue
        top = best[1].total
        if (settled.total > top or (settled.total == top and (
                best[0].reading.form == "seven_pairs" or settled.preferred))):
            best = (c, settled)
    if best is None:
        raise NotAWinningHand(
            "these tiles do not make a winning hand: MCR needs four sets and a pair, seven "
            "pairs, thirteen orphans, 全不靠/七星不靠 or 组合龙 with a set and a pair")
    return best[0], best[1], hand


def scored_readings(req: WinRequest) -> list[tuple[Reading, dict[str, int]]]:
    """Every reading in the order tried, with its fans after exclusions (the fast path)."""
    hand = _Hand(req)
    hand_raw = tiles_fans(hand.tiles_key) + situation_fans(hand.situation_key)
    return [(c.reading, dict(settle(_raw_fans(c, hand, hand_raw)).fans))
            for c in _candidates(req, hand)]


def best_reading(req: WinRequest) -> tuple[Reading, dict[str, int], Facts]:
    c, settled, hand = _best(req)
    return c.reading, dict(settled.fans), hand.facts


# --- the result ------------------------------------------------------------------------


def score(request: Mapping[str, Any]) -> Contract:
    """One win's result contract (players are seats from East: E=0 ... N=3)."""
    figures = scored(request)
    discarder = figures["discarder"]
    return result_of(figures, WIND_LETTERS.index(figures["seat_wind"]),
                     None if discarder is None else WIND_LETTERS.index(discarder))


def scored(request: Mapping[str, Any]) -> dict[str, Any]:
    """The figures of one win (fans with their ids, the reading, deltas by wind...) with
    its contract's parts: what the table rules and this ruleset's tests read."""
    req = parse_request(request)
    opts = req.options
    c, settled, _hand = _best(req)
    names = FAN_NAMES
    listed = [fan.copy() for fan in settled.listed]
    if req.heavenly or req.earthly or req.human:
        for flag, (zh, en, points_opt, covers) in INITIAL_HANDS.items():
            if getattr(req, flag):
                listed = [f for f in listed if f["id"] not in covers]
                listed.insert(0, {"id": f"{flag}_hand", "name_zh": zh, "name_en": en,
                                  "points": getattr(opts, points_opt), "count": 1})
        hand_fan = sum(f["points"] * f["count"] for f in listed)
    else:
        hand_fan = settled.total
    if hand_fan < opts.min_fan:
        found = ", ".join(f"{f['name_zh']} {f['points']}" + (f"×{f['count']}" if f["count"] > 1
                                                             else "") for f in listed)
        raise BelowMinimumFan(
            f"the hand scores {hand_fan} fan ({found}) but at least {opts.min_fan} are needed "
            "to win; flowers do not count toward the minimum",
            params={"fan": hand_fan, "min": opts.min_fan, "option": "min_fan"})
    flowers = req.flowers if opts.flowers_count else 0
    if flowers:
        zh, en, points = names["flower_tiles"]
        listed.append({"id": "flower_tiles", "name_zh": zh, "name_en": en, "points": points,
                       "count": flowers})
    total = hand_fan + flowers
    deltas = deltas_of(req, total)
    return {
        "players": 4,
        "items": [{"key": f["id"], "name": f["name_en"], "native": f["name_zh"],
                   "value": f["points"], "unit": "fan", "count": f["count"]} for f in listed],
        "headline": {"value": total, "unit": "fan",
                     "points": None if deltas is None else deltas[req.seat]},
        "ledger": [] if deltas is None else [
            {"player": i, "amount": deltas[w], "cause": "hand"}
            for i, w in enumerate(WIND_LETTERS) if deltas[w]],
        "pot_change": 0,
        "ruleset": "mcr",
        "fans": listed,
        "hand_fan": hand_fan,
        "flowers": flowers,
        "total": total,
        "win": "tsumo" if req.tsumo else "ron",
        "seat_wind": req.seat,
        "discarder": req.discarder,
        "round_wind": req.round,
        "win_tile": TILE_NAMES[req.win_tile],
        "deltas": deltas,
        "reading": reading_dict(c.reading),
        "options": options_out(opts),
    }


def clear_caches() -> None:
    """Forget everything learnt from earlier hands (for cold-start measurements); only
    validated options, which a table reuses all evening, are kept."""
    for memo in (_TILES_MEMO, _SITUATION_MEMO):
        memo.clear()
    clear_settle_caches()
    clear_result_caches()
    clear_request_caches()
    for fn in (_chow_items, _pung_items, _canonical_chow_items, _canonical_pung_items,
               chow_combination_fans, pung_combination_fans):
        fn.cache_clear()
    clear_split_caches()
