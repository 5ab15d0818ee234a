"""The hand analyser: shanten, ukeire, and every wait with its value under the ruleset.

Request (JSON, the body of ``POST /api/analyse/`` and of ``python -m scoring.engine
analyse``)::

    {"ruleset": "riichi",                 # any name of scoring.engine.rulesets
     "hand": "123m456p789s1122z",         # concealed tiles: 13 (3n+1) or 14 (3n+2) in all
     "melds": ["pon 777z from N"],        # declared melds, as in the score request
     "options": {"preset": "tenhou"},     # the ruleset's options (also select the shapes)
     "visible": "19m5p" | ["1m", ...],    # optional: tiles seen elsewhere (discards, other
                                          #   players' melds, dora indicators)
     "values": true,                      # optional: price each wait (default true)
     ...}                                 # every other field goes unchanged to the ruleset's
                                          #   score(): seat_wind, round_wind,
                                          #   dora_indicators, riichi, flowers, ...

Response::

    {"ruleset": "riichi", "tiles": 13, "shapes": ["standard", "seven_pairs", ...],
     "shanten": 0,                        # -1 complete, 0 ready, n tiles from ready
     "by_shape": {"standard": 0, "seven_pairs": 4, "thirteen_orphans": 9},
     # 13-tile (3n+1) hands:
     "ukeire": [{"tile": "1z", "remaining": 2}], "ukeire_total": 2,
     "waits": [                           # only when ready (shanten 0)
        {"tile": "1z", "remaining": 2, "shapes": ["standard"],
         "ron": {...score() result...} | {"error": {"code", "message"}},
         "tsumo": {...} | {"error": ...}}],
     # 14-tile (3n+2) hands:
     "complete": false,                   # the 14 tiles already win (shanten -1)
     "discards": [                        # best first: lowest shanten_after, then most
        {"tile": "3z", "shanten_after": 0,   #   copies remaining among the ukeire
         "ukeire": [{"tile": "1z", "remaining": 2}], "ukeire_total": 2,
         "waits": [...as above...]}]}     # "waits" when the discard leaves the hand ready

*Ukeire* (受け入れ, 进张) of a 3n+1 hand are the tiles whose draw lowers its shanten;
``remaining`` is 4 minus the copies in the hand, in its melds and in ``visible`` (a kind
the hand already holds four of is never listed: there is no fifth copy to draw). For a
ready hand the ukeire are the waits. Red fives count as fives; when a five is discarded a
plain copy goes first so the red one keeps its value in the priced waits.

Values come from the ruleset's own ``score()``: the wait's ``ron`` and ``tsumo`` entries are
its full result (yaku/fan, points, deltas) or the named error it raised (``no_yaku``,
``below_minimum_fan``, ...). A ruleset whose package is not installed yet gets shanten and
waits with ``{"error": {"code": "unknown_ruleset"}}`` as values. Where a ron names its
discarder by seat wind it is priced against a discarder: when the request names none the
player on the winner's left is used (the points do not depend on who deals in, only the deltas do).

What differs by ruleset is asked of its package (:mod:`scoring.engine.capabilities`): its
win shapes, the words of its ``win`` field, whether a ready hand must lack a suit, and
(from its entry spec) whether a ron names the discarder by seat wind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, cast

from .. import capabilities, rulesets
from ..errors import (
    BadInput,
    EngineError,
    MissingField,
    TooManyCopies,
    UnknownRuleset,
    WrongTileCount,
)
from ..tiles import NUM_KINDS, WIND_LETTERS, Hand, Tile, format_tiles, parse_hand, tile_name
from ..waits import wait_details
from .danger import read_kinds
from .shanten import STANDARD, shanten, shanten_by_shape, shapes_for

# Request fields the analyser reads itself; everything else is passed on to score().
OWN_FIELDS = frozenset({"ruleset", "hand", "melds", "visible", "values", "win", "win_tile"})



class Analysis:
    """A parsed analyse request: the hand, its shapes, caps and remaining copies."""

    def __init__(self, request: Mapping[str, Any]) -> None:
        if not isinstance(request, Mapping):
            raise BadInput("the analyse request must be an object with 'ruleset' and 'hand'")
        name = request.get("ruleset")
        if name not in rulesets.names():
            rulesets.get(name)  # raises UnknownRuleset with the list of names
        self.ruleset: str = str(name)
        self.package = _installed(self.ruleset)
        self.request = request
        if not isinstance(request.get("hand"), str):
            raise MissingField("'hand' must be the concealed tiles, like '123m456p789s1122z'")
        melds = request.get("melds") or []
        if not isinstance(melds, list | tuple) or not all(isinstance(m, str) for m in melds):
            raise BadInput("'melds' must be a list like ['pon 555z from N', 'chi 123m']")
        self.meld_texts: list[str] = list(melds)
        hand = parse_hand(request["hand"], self.meld_texts)
        self.flowers = hand.flowers
        self.hand = Hand(hand.concealed, hand.melds)
        self.size = hand.shape_size
        options = request.get("options") or {}
        if not isinstance(options, Mapping):
            raise BadInput("'options' must be an object of name: value")
        self.shapes = shapes_for(self.ruleset, options)
        self.special = tuple(s for s in self.shapes if s != STANDARD)
        self.want_values = request.get("values", True)
        if not isinstance(self.want_values, bool):
            raise BadInput("'values' must be true or false")
        held = list(self.hand.counts)
        for m in self.hand.melds:
            for k in m.kinds:
                held[k] += 1
        # Copies the concealed part may ever hold (4 minus those in the melds).
        self.limit = [4 - (held[k] - self.hand.counts[k]) for k in range(NUM_KINDS)]
        self.caps: list[int] | None = self.limit if self.hand.melds else None
        visible = [0] * NUM_KINDS
        for k in read_kinds(request.get("visible"), "visible"):
            visible[k] += 1
        self.remaining = [4 - held[k] - visible[k] for k in range(NUM_KINDS)]
        for k in range(NUM_KINDS):
            if self.remaining[k] < 0:
                raise TooManyCopies(
                    f"{held[k] + visible[k]} copies of {tile_name(k)} between the hand, its "
                    "melds and 'visible'; a set has only 4 (do not list your own tiles as "
                    "visible)", params={"tile": tile_name(k), "count": held[k] + visible[k]})

    def can_win_by_suits(self) -> bool:
        """缺一门 (the ``NEEDS_MISSING_SUIT`` capability): a hand that still holds all
        three suits cannot win at all."""
        if self.package is None or not capabilities.read(self.package, "NEEDS_MISSING_SUIT"):
            return True
        kinds = [t.kind for t in self.hand.all_tiles()]
        return len({k // 9 for k in kinds if k < 27}) < 3

    # --- shanten and ukeire -------------------------------------------------------------

    def by_shape(self, counts: Sequence[int]) -> dict[str, int]:
        return shanten_by_shape(counts, len(self.hand.melds), self.shapes, self.caps)

    def shanten_of(self, counts: Sequence[int]) -> int:
        return shanten(counts, len(self.hand.melds), self.shapes, self.caps)

    def ukeire(self, counts: list[int], current: int) -> list[dict[str, Any]]:
        """Draws that lower the shanten of a 3n+1 hand, with the copies left to draw."""
        out = []
        for k in range(NUM_KINDS):
            if counts[k] >= self.limit[k]:
                continue
            counts[k] += 1
            if self.shanten_of(counts) < current:
                out.append({"tile": tile_name(k), "remaining": max(self.remaining[k], 0)})
            counts[k] -= 1
        return out

    # --- waits and their value ----------------------------------------------------------

    def waits(self, concealed: Sequence[Tile]) -> list[dict[str, Any]]:
        counts = [0] * NUM_KINDS
        for t in concealed:
            counts[t.kind] += 1
        out = []
        for w in wait_details(counts, self.hand.melds, self.special):
            entry: dict[str, Any] = {"tile": tile_name(w.kind),
                                     "remaining": max(self.remaining[w.kind], 0),
                                     "shapes": list(w.shapes)}
            if self.want_values:
                entry["ron"] = self.value(concealed, w.kind, tsumo=False)
                entry["tsumo"] = self.value(concealed, w.kind, tsumo=True)
            out.append(entry)
        return out

    def score_request(self, concealed: Sequence[Tile], win: int, tsumo: bool) -> dict[str, Any]:
        req = {k: v for k, v in self.request.items() if k not in OWN_FIELDS}
        ron_word, tsumo_word = (capabilities.read(self.package, "WIN_WORDS")
                                if self.package is not None else ("ron", "tsumo"))
        req["hand"] = format_tiles(concealed) + format_tiles(self.flowers)
        req["melds"] = list(self.meld_texts)
        req["win_tile"] = tile_name(win)
        req["win"] = tsumo_word if tsumo else ron_word
        if tsumo:
            req.pop("discarder", None)
        elif ("discarder" not in req and self.package is not None
              and capabilities.discarder_by_wind(self.package)):
            seat = req.get("seat_wind", "E")
            if seat in WIND_LETTERS:
                req["discarder"] = WIND_LETTERS[(WIND_LETTERS.index(seat) - 1) % 4]
        return req

    def value(self, concealed: Sequence[Tile], win: int, tsumo: bool) -> dict[str, Any]:
        try:
            scorer = score_function(self.ruleset)
            result: dict[str, Any] = scorer(self.score_request(concealed, win, tsumo))
            return result
        except EngineError as exc:
            return {"error": exc.as_dict()}


def _installed(ruleset: str) -> ModuleType | None:
    """The ruleset's package, or None when it is not installed (shanten still stands)."""
    try:
        return rulesets.get(ruleset)
    except UnknownRuleset:
        return None


def score_function(ruleset: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The ruleset's ``score`` (a package may have rebound the name to its submodule)."""
    scorer = rulesets.get(ruleset).score
    if isinstance(scorer, ModuleType):
        scorer = scorer.score
    return cast(Callable[[dict[str, Any]], dict[str, Any]], scorer)  # every score() is this


def _discard_options(concealed: Sequence[Tile]) -> list[tuple[int, int]]:
    """(kind, index into ``concealed``) per distinct kind, a plain five before a red one."""
    chosen: dict[int, int] = {}
    for i, t in enumerate(concealed):
        j = chosen.get(t.kind)
        if j is None or (concealed[j].red and not t.red):
            chosen[t.kind] = i
    return sorted(chosen.items())


def analyse(request: Mapping[str, Any]) -> dict[str, Any]:
    """Analyse one hand; see the module docstring for the request and response."""
    a = Analysis(request)
    counts = list(a.hand.counts)
    by_shape = a.by_shape(counts)
    current = min(by_shape.values())
    out: dict[str, Any] = {"ruleset": a.ruleset, "tiles": a.size, "shapes": list(a.shapes),
                           "shanten": current, "by_shape": by_shape}
    concealed = list(a.hand.concealed)
    if a.size % 3 == 1:
        uke = a.ukeire(counts, current)
        out["ukeire"] = uke
        out["ukeire_total"] = sum(u["remaining"] for u in uke)
        if current == 0:
            out["waits"] = a.waits(concealed)
        return out
    out["complete"] = current == -1
    discards = []
    for kind, index in _discard_options(concealed):
        counts[kind] -= 1
        after = a.shanten_of(counts)
        uke = a.ukeire(counts, after)
        entry: dict[str, Any] = {"tile": str(concealed[index]), "shanten_after": after,
                                 "ukeire": uke,
                                 "ukeire_total": sum(u["remaining"] for u in uke)}
        if after == 0:
            entry["waits"] = a.waits(concealed[:index] + concealed[index + 1:])
        discards.append((after, -entry["ukeire_total"], kind, entry))
        counts[kind] += 1
    discards.sort(key=lambda d: d[:3])
    out["discards"] = [d[3] for d in discards]
    return out


def _ready_analysis(hand_request: Mapping[str, Any]) -> tuple[Analysis, list[Tile]]:
    a = Analysis(hand_request)
    if a.size % 3 != 1:
        raise WrongTileCount(
            f"readiness is asked of a waiting hand of 3n+1 tiles (13 with melds counted as 3), "
            f"but this one has {a.size}", params={"count": a.size, "reason": "waiting"})
    return a, list(a.hand.concealed)


def tenpai(hand_request: Mapping[str, Any]) -> bool:
    """Is the 13-tile hand ready (听牌) under its ruleset's shapes?

    ``hand_request`` is an analyse request (``ruleset``, ``hand``, ``melds``, ``options``).
    A hand whose only waits are kinds it holds all four of is not ready, nor is a hand
    still holding all three suits where a win must lack one (缺一门).
    """
    a, concealed = _ready_analysis(hand_request)
    if not a.can_win_by_suits():
        return False
    return a.shanten_of(list(a.hand.counts)) == 0


def result_value(result: Mapping[str, Any]) -> int | float:
    """The number a score() result (the result contract) is ranked by: its hand value,
    ``headline.points``, or the hand's size, ``headline.value``, when it names no payer."""
    head = result["headline"]
    points = head["points"]
    return int(points if points is not None else head["value"])


def best_value_if_ready(hand_request: Mapping[str, Any], win: str = "ron",
                        key: Callable[[Mapping[str, Any]], int | float] = result_value,
                        ) -> dict[str, Any] | None:
    """The highest-valued win a ready hand could make, or ``None`` when it is not ready.

    For draw settlement (tenpai and noten payments, 查大叫). ``win`` is ``"ron"`` (on a discard),
    ``"tsumo"`` or ``"either"``; waits whose score() raises (no yaku, below the minimum)
    are skipped. Returns ``{"tile", "win", "value", "result"}`` where ``result`` is the
    score() response and ``value`` is ``key(result)``; a ready hand with no scoring wait
    returns ``{"tile": None, "win": None, "value": 0, "result": None}``.
    """
    if win not in ("ron", "tsumo", "either"):
        raise BadInput(f"win must be 'ron', 'tsumo' or 'either', got {win!r}")
    a, concealed = _ready_analysis(hand_request)
    if not a.can_win_by_suits() or a.shanten_of(list(a.hand.counts)) != 0:
        return None
    counts = list(a.hand.counts)
    best: dict[str, Any] = {"tile": None, "win": None, "value": 0, "result": None}
    kinds = ("ron", "tsumo") if win == "either" else (win,)
    for w in wait_details(counts, a.hand.melds, a.special):
        for how in kinds:
            result = a.value(concealed, w.kind, tsumo=how == "tsumo")
            if "error" in result:
                continue
            v = key(result)
            if best["result"] is None or v > best["value"]:
                best = {"tile": tile_name(w.kind), "win": how, "value": v, "result": result}
    return best

