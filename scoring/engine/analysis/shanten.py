"""Shanten number (向听数): how many tiles a hand is from ready.

``-1`` is a complete hand, ``0`` ready (tenpai / 听牌), ``n`` means at least ``n`` more
useful draws are needed before the hand is ready. The number is the minimum over the
shapes a ruleset allows:

``standard``
    sets and a pair, exact (see :mod:`.tables`): targets never need a fifth copy of a kind,
    counting the copies in the player's declared melds.
``seven_pairs`` / ``seven_pairs_quads``
    七对; with ``_quads`` four identical tiles count as two pairs (MCR, Sichuan 龙七对,
    Ji'an 大七), without it (riichi) they are one pair and the hand needs seven kinds.
``thirteen_orphans`` (十三幺 / 国士无双), ``honours_and_knitted`` (全不靠),
``knitted_straight`` (组合龙 + a set + a pair), ``thirteen_lan`` (Ji'an 十三烂).

Shape names are those of :mod:`scoring.engine.shapes` so the same list drives win
detection, waits and shanten. Special shapes only apply to concealed hands of 13 or 14
tiles (组合龙 also with one declared set). Wildcards (Ji'an 精) are not counted: the
number is that of the hand without jokers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter
from typing import Any

from .. import capabilities, rulesets
from ..errors import BadInput, UnknownRuleset, UnknownShape, WrongTileCount
from ..shapes import (
    HONOURS_AND_KNITTED,
    KNITTED_SETS,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS,
    SEVEN_PAIRS_QUADS,
    SHAPES,
    THIRTEEN_LAN,
    THIRTEEN_ORPHANS,
)
from ..tiles import NUM_KINDS, TERMINALS_AND_HONOURS, Hand, Meld
from .tables import MAX_SETS, hand_costs

STANDARD = "standard"
ALL_SHAPES: tuple[str, ...] = (STANDARD, *SHAPES)

# Option names a ruleset may use to switch a shape off (any of them false -> shape off).
_SHAPE_OPTIONS: dict[str, tuple[str, ...]] = {
    SEVEN_PAIRS: ("seven_pairs", "chiitoitsu", "qidui"),
    SEVEN_PAIRS_QUADS: ("seven_pairs", "qidui", "seven_pairs_quads", "long_qidui"),
    THIRTEEN_ORPHANS: ("thirteen_orphans", "kokushi"),
    HONOURS_AND_KNITTED: ("honours_and_knitted", "quanbukao"),
    KNITTED_STRAIGHT: ("knitted_straight", "zuhelong"),
    THIRTEEN_LAN: ("thirteen_lan", "shisanlan"),
}

_ORPHANS = itemgetter(*TERMINALS_AND_HONOURS)
_KNITTED_GETTERS = tuple(itemgetter(*kinds) for kinds in KNITTED_SETS)
_HONOURS = slice(27, 34)


def ruleset_shapes(ruleset: str) -> tuple[str, ...]:
    """The shapes a win may take under ``ruleset``, as its package declares them (its
    ``WIN_SHAPES`` capability, :mod:`scoring.engine.capabilities`); the standard shape alone
    for a name that is no ruleset or is not installed. Options can only switch shapes off
    (:func:`shapes_for`)."""
    if ruleset not in rulesets.names():
        return (STANDARD,)
    try:
        package = rulesets.get(ruleset)
    except UnknownRuleset:  # not installed: its scores say so, shanten still stands
        return (STANDARD,)
    return tuple(capabilities.read(package, "WIN_SHAPES"))


def shapes_for(ruleset: str, options: Mapping[str, Any] | object | None = None) -> tuple[str, ...]:
    """Shapes allowed by ``ruleset``, minus those its options switch off.

    ``options`` may be the ruleset's options object or a plain mapping; a boolean option
    named like a shape (``seven_pairs``, ``kokushi``, ...) set to false removes it.
    """
    shapes = ruleset_shapes(ruleset)
    if options is None:
        return shapes
    if isinstance(options, Mapping):
        get = options.get
    else:
        def get(name: str, default: Any = None) -> Any:
            return getattr(options, name, default)
    return tuple(
        s for s in shapes
        if not any(get(name, True) is False for name in _SHAPE_OPTIONS.get(s, ()))
    )


def check_shapes(shapes: Iterable[object]) -> tuple[str, ...]:
    out = []
    for s in shapes:
        if s not in ALL_SHAPES:
            raise UnknownShape(f"unknown shape {s!r}; known shapes: {', '.join(ALL_SHAPES)}")
        out.append(str(s))
    return tuple(out)


def _check_counts(counts: Sequence[int]) -> int:
    if len(counts) < NUM_KINDS:
        raise BadInput("a 34-long count vector is expected")
    n = sum(counts[:NUM_KINDS])
    if n % 3 == 0 or n > 3 * MAX_SETS + 2:
        raise WrongTileCount(
            f"shanten needs 3n+1 or 3n+2 concealed tiles (at most {3 * MAX_SETS + 2}), got {n}",
            params={"count": n, "reason": "any_size"})
    return n


def standard_shanten(counts: Sequence[int], caps: Sequence[int] | None = None) -> int:
    """Sets-and-a-pair shanten of the concealed tiles; declared melds only lower the need.

    ``caps`` gives, per kind, how many copies the hand may ever hold (4 minus the copies in
    its declared melds); ``None`` means four of each.
    """
    n = _check_counts(counts)
    b = bytes(counts[:NUM_KINDS])
    costs = hand_costs(b, None if caps is None else bytes(caps[:NUM_KINDS]))
    return costs[2 * ((n - 1) // 3) + 1] - 1


def seven_pairs_shanten(counts: Sequence[int], quads: bool = False) -> int:
    """七对 shanten of 13 or 14 concealed tiles (riichi counts four of a kind as one pair)."""
    b = bytes(counts[:NUM_KINDS])
    zeros = b.count(0)
    ones = b.count(1)
    if quads:
        pairs = 34 - zeros - ones + b.count(4)  # a four of a kind is two pairs
        return 6 - min(pairs, 7)
    kinds = 34 - zeros
    pairs = kinds - ones
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    held: tuple[int, ...] = _ORPHANS(counts)
    kinds = 13 - held.count(0)
    return 13 - kinds - (1 if max(held) >= 2 else 0)


def honours_and_knitted_shanten(counts: Sequence[int]) -> int:
    """全不靠: fourteen different tiles from the honours and one knitted set."""
    honours = 7 - list(counts[_HONOURS]).count(0)
    best = 0
    for get in _KNITTED_GETTERS:
        have = 9 - get(counts).count(0)
        if have > best:
            best = have
    return 13 - min(honours + best, 14)


def knitted_straight_shanten(counts: Sequence[int], melds: int = 0,
                             bound: int = 99) -> int | None:
    """组合龙 plus one set (it may be declared) and a pair; ``None`` with two or more melds.

    Taking every knitted tile the hand holds is never worse: each saves one draw for the
    straight and costs the rest of the hand at most one. Permutations that cannot beat
    ``bound`` (a shanten already reached by another shape) are skipped.
    """
    if melds > 1:
        return None
    n = sum(counts[:NUM_KINDS])
    sets_left = (n - 1) // 3 - 3
    if sets_left < 0:
        return None
    # Distances (shanten + 1); only readings strictly better than the bound count.
    best = bound + 1
    found = False
    for kinds in KNITTED_SETS:
        rest = list(counts[:NUM_KINDS])
        missing = 0
        for k in kinds:
            if rest[k]:
                rest[k] -= 1
            else:
                missing += 1
        if missing >= best:
            continue
        d = missing + hand_costs(bytes(rest))[2 * sets_left + 1]
        if d < best:
            best = d
            found = True
    return best - 1 if found else None


def _lan_suit_best(ranks: Sequence[int]) -> int:
    """Most tiles of one suit that are pairwise three or more ranks apart (greedy is optimal)."""
    taken = 0
    last = -9
    for r in range(9):
        if ranks[r] and r - last >= 3:
            taken += 1
            last = r
    return taken


def thirteen_lan_shanten(counts: Sequence[int]) -> int:
    """十三烂: fourteen loose tiles, suits three ranks apart, honours all different."""
    useful = 7 - list(counts[_HONOURS]).count(0)
    for s in (0, 9, 18):
        useful += _lan_suit_best(counts[s:s + 9])
    return 13 - min(useful, 14)


def shanten_by_shape(counts: Sequence[int], melds: int = 0,
                     shapes: Iterable[str] = (STANDARD,),
                     caps: Sequence[int] | None = None) -> dict[str, int]:
    """The shanten number under each allowed shape that the hand can still take."""
    flags = check_shapes(shapes)
    n = _check_counts(counts)
    out: dict[str, int] = {}
    if STANDARD in flags:
        out[STANDARD] = standard_shanten(counts, caps)
    closed = melds == 0 and n in (13, 14)
    if closed:
        if SEVEN_PAIRS_QUADS in flags:
            out[SEVEN_PAIRS_QUADS] = seven_pairs_shanten(counts, quads=True)
        elif SEVEN_PAIRS in flags:
            out[SEVEN_PAIRS] = seven_pairs_shanten(counts)
        if THIRTEEN_ORPHANS in flags:
            out[THIRTEEN_ORPHANS] = thirteen_orphans_shanten(counts)
        if HONOURS_AND_KNITTED in flags:
            out[HONOURS_AND_KNITTED] = honours_and_knitted_shanten(counts)
        if THIRTEEN_LAN in flags:
            out[THIRTEEN_LAN] = thirteen_lan_shanten(counts)
    if KNITTED_STRAIGHT in flags and n + 3 * melds in (13, 14):
        ks = knitted_straight_shanten(counts, melds)
        if ks is not None:
            out[KNITTED_STRAIGHT] = ks
    return out


def shanten(counts: Sequence[int], melds: int = 0, shapes: Iterable[str] = (STANDARD,),
            caps: Sequence[int] | None = None) -> int:
    """Minimum shanten over ``shapes`` (see :func:`ruleset_shapes`)."""
    flags = check_shapes(shapes)
    knitted = KNITTED_STRAIGHT in flags
    if knitted:
        flags = tuple(f for f in flags if f != KNITTED_STRAIGHT)
    by_shape = shanten_by_shape(counts, melds, flags, caps)
    if knitted and sum(counts[:NUM_KINDS]) + 3 * melds in (13, 14):
        bound = min(by_shape.values(), default=99)
        ks = knitted_straight_shanten(counts, melds, bound)
        if ks is not None:
            by_shape[KNITTED_STRAIGHT] = ks
    if not by_shape:
        raise UnknownShape("none of the allowed shapes applies to this hand; include 'standard'")
    return min(by_shape.values())


def riichi_shanten(counts: Sequence[int]) -> int:
    """Fast path for the common case: riichi shapes, four copies of everything available.

    Same answer as ``shanten(counts, 0, (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS))`` for a
    concealed hand.
    """
    b = bytes(counts)
    n = sum(b)
    if n % 3 == 0 or n > 3 * MAX_SETS + 2:
        _check_counts(counts)
    best = hand_costs(b)[2 * ((n - 1) // 3) + 1] - 1
    if (n == 13 or n == 14) and best >= 0:
        zeros = b.count(0)
        kinds = 34 - zeros
        pairs = kinds - b.count(1)
        sp = 6 - pairs + (7 - kinds if kinds < 7 else 0)
        if sp < best:
            best = sp
        held = _ORPHANS(b)
        ko = held.count(0) - (1 if max(held) >= 2 else 0)
        if ko < best:
            best = ko
    return best


def meld_caps(melds: Iterable[Meld]) -> list[int] | None:
    """Copies of each kind a hand may still hold next to its declared melds (``None``: 4)."""
    caps = [4] * NUM_KINDS
    touched = False
    for m in melds:
        for k in m.kinds:
            caps[k] -= 1
            touched = True
    return caps if touched else None


def hand_shanten_by_shape(hand: Hand, shapes: Iterable[str] = (STANDARD,)) -> dict[str, int]:
    """:func:`shanten_by_shape` of a parsed hand, its melds capping the copies left."""
    return shanten_by_shape(hand.counts, len(hand.melds), shapes, meld_caps(hand.melds))


def hand_shanten(hand: Hand, shapes: Iterable[str] = (STANDARD,)) -> int:
    return shanten(hand.counts, len(hand.melds), shapes, meld_caps(hand.melds))
