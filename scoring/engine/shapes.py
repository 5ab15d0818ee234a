"""Special winning shapes that are not "sets plus a pair".

Rulesets switch shapes on by name (the flags in :data:`SHAPES`):

``seven_pairs`` (七对)
    seven pairs of seven different kinds.
``seven_pairs_quads``
    seven pairs where four identical tiles count as two pairs (Sichuan 龙七对, Ji'an); the
    match lists such a kind twice in ``pairs``.
``thirteen_orphans`` (十三幺 / 国士无双)
    one of each terminal and honour plus a second copy of one of them.
``honours_and_knitted`` (全不靠; 七星不靠 when all seven honours are present)
    fourteen different tiles, no pair: honours plus tiles of one knitted set.
``knitted_straight`` (组合龙)
    the nine tiles of a knitted set plus one set and a pair (the set may be declared).
``thirteen_lan`` (十三烂; 七星十三烂 with all seven honours)
    Ji'an: fourteen tiles, no pair, in each suit any two tiles at least three apart,
    honours all different.

A *knitted set* (组合龙) is 1-4-7 in one suit, 2-5-8 in another and 3-6-9 in the third:
six permutations, each written like ``"147m258p369s"``.

Every function takes the 34-count vector of the concealed tiles plus the number of
declared melds and returns a :class:`ShapeMatch` (or ``None``); the match says what
scoring needs: the pairs, the knitted permutation, the leftover set and pair.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from .decompose import Decomposition, decompositions
from .errors import BadInput
from .tiles import TERMINALS_AND_HONOURS, format_kinds, tile_name

SEVEN_PAIRS = "seven_pairs"
SEVEN_PAIRS_QUADS = "seven_pairs_quads"
THIRTEEN_ORPHANS = "thirteen_orphans"
HONOURS_AND_KNITTED = "honours_and_knitted"
KNITTED_STRAIGHT = "knitted_straight"
THIRTEEN_LAN = "thirteen_lan"

SHAPES: tuple[str, ...] = (
    SEVEN_PAIRS,
    SEVEN_PAIRS_QUADS,
    THIRTEEN_ORPHANS,
    HONOURS_AND_KNITTED,
    KNITTED_STRAIGHT,
    THIRTEEN_LAN,
)

NATIVE_NAMES: dict[str, str] = {
    SEVEN_PAIRS: "七对",
    SEVEN_PAIRS_QUADS: "七对",
    THIRTEEN_ORPHANS: "十三幺",
    HONOURS_AND_KNITTED: "全不靠",
    "greater_honours_and_knitted": "七星不靠",
    KNITTED_STRAIGHT: "组合龙",
    THIRTEEN_LAN: "十三烂",
    "seven_star_thirteen_lan": "七星十三烂",
}

HONOUR_KINDS = tuple(range(27, 34))

# Suit order m, p, s gets the residues (rank-1 mod 3) in this order.
KNITTED_PERMUTATIONS: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, c) for a, b, c in permutations(range(3)))


def knitted_kinds(perm: Sequence[int]) -> tuple[int, ...]:
    """The nine kinds of a knitted set: suit ``s`` holds ranks ``perm[s]+1, +4, +7``."""
    return tuple(sorted(9 * s + r for s in range(3) for r in range(perm[s], 9, 3)))


def knitted_name(perm: Sequence[int]) -> str:
    """``(0, 1, 2)`` -> ``"147m258p369s"``."""
    return "".join(
        "".join(str(r + 1) for r in range(perm[s], 9, 3)) + "mps"[s] for s in range(3)
    )


KNITTED_SETS: tuple[tuple[int, ...], ...] = tuple(knitted_kinds(p) for p in KNITTED_PERMUTATIONS)


@dataclass(frozen=True, slots=True)
class ShapeMatch:
    """A special shape found in a hand.

    ``name`` is the shape flag (one of :data:`SHAPES`, with ``seven_pairs_quads`` reported
    as ``seven_pairs``); ``native`` is the specific native name (七星不靠 rather than 全不靠).
    """

    name: str
    native: str
    seven_stars: bool = False  # all seven honours (七星不靠, 七星十三烂)
    pairs: tuple[int, ...] = ()  # seven pairs: a four-of-a-kind appears twice
    pair: int | None = None  # thirteen orphans: the doubled kind
    knitted: str | None = None  # knitted permutation, e.g. "147m258p369s"
    decompositions: tuple[Decomposition, ...] = field(default=())  # knitted straight remainder

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"shape": self.name, "native": self.native}
        if self.seven_stars:
            out["seven_stars"] = True
        if self.pairs:
            out["pairs"] = [tile_name(k) for k in self.pairs]
        if self.pair is not None:
            out["pair"] = tile_name(self.pair)
        if self.knitted:
            out["knitted"] = self.knitted
        if self.decompositions:
            out["rest"] = [
                {
                    "pair": tile_name(d.pair),
                    "sets": [format_kinds(g.kinds) for g in d.groups],
                }
                for d in self.decompositions
            ]
        return out


def _is_closed14(counts: Sequence[int], melds: int) -> bool:
    return melds == 0 and sum(counts[:34]) == 14


def seven_pairs(counts: Sequence[int], melds: int = 0, *,
                quads: bool = False) -> ShapeMatch | None:
    """Seven pairs; with ``quads`` four identical tiles count as two pairs."""
    if not _is_closed14(counts, melds):
        return None
    pairs: list[int] = []
    for k in range(34):
        n = counts[k]
        if n == 2:
            pairs.append(k)
        elif n == 4 and quads:
            pairs.extend((k, k))
        elif n:
            return None
    return ShapeMatch(SEVEN_PAIRS, NATIVE_NAMES[SEVEN_PAIRS], pairs=tuple(pairs))


def thirteen_orphans(counts: Sequence[int], melds: int = 0) -> ShapeMatch | None:
    if not _is_closed14(counts, melds):
        return None
    pair = None
    for k in TERMINALS_AND_HONOURS:
        if counts[k] == 2:
            pair = k
        elif counts[k] != 1:
            return None
    if pair is None:
        return None
    return ShapeMatch(THIRTEEN_ORPHANS, NATIVE_NAMES[THIRTEEN_ORPHANS], pair=pair)


def _distinct(counts: Sequence[int]) -> bool:
    return max(counts[:34]) <= 1


def honours_and_knitted(counts: Sequence[int], melds: int = 0) -> ShapeMatch | None:
    """全不靠 (七星不靠 when all seven honours are in): 14 different tiles, no pair."""
    if not _is_closed14(counts, melds) or not _distinct(counts):
        return None
    suited = {k for k in range(27) if counts[k]}
    for perm, kinds in zip(KNITTED_PERMUTATIONS, KNITTED_SETS, strict=True):
        if suited <= set(kinds):
            stars = all(counts[k] for k in HONOUR_KINDS)
            native = NATIVE_NAMES["greater_honours_and_knitted" if stars else HONOURS_AND_KNITTED]
            return ShapeMatch(HONOURS_AND_KNITTED, native, seven_stars=stars,
                              knitted=knitted_name(perm))
    return None


def knitted_straights(counts: Sequence[int], melds: int = 0) -> list[ShapeMatch]:
    """组合龙: a whole knitted set plus one set (concealed or declared) and a pair.

    One match per knitted permutation that fits, each with every reading of the rest.
    """
    if sum(counts[:34]) + 3 * melds != 14 or melds > 1:
        return []
    out = []
    for perm, kinds in zip(KNITTED_PERMUTATIONS, KNITTED_SETS, strict=True):
        if all(counts[k] for k in kinds):
            rest = list(counts[:34])
            for k in kinds:
                rest[k] -= 1
            found = decompositions(rest)
            if found:
                out.append(ShapeMatch(KNITTED_STRAIGHT, NATIVE_NAMES[KNITTED_STRAIGHT],
                                      knitted=knitted_name(perm),
                                      decompositions=tuple(found)))
    return out


def _lan_suit(ranks: Sequence[int]) -> bool:
    return all(b - a >= 3 for a, b in zip(ranks, ranks[1:], strict=False))


def thirteen_lan(counts: Sequence[int], melds: int = 0) -> ShapeMatch | None:
    """十三烂 (七星十三烂 with all seven honours): Ji'an's fourteen loose tiles."""
    if not _is_closed14(counts, melds) or not _distinct(counts):
        return None
    for s in range(3):
        if not _lan_suit([r for r in range(9) if counts[9 * s + r]]):
            return None
    stars = all(counts[k] for k in HONOUR_KINDS)
    native = NATIVE_NAMES["seven_star_thirteen_lan" if stars else THIRTEEN_LAN]
    return ShapeMatch(THIRTEEN_LAN, native, seven_stars=stars)


def check_shapes(shapes: Iterable[object]) -> tuple[str, ...]:
    """Validate shape flags from a request."""
    out = []
    for s in shapes:
        if s not in SHAPES:
            raise BadInput(f"unknown shape {s!r}; known shapes: {', '.join(SHAPES)}")
        out.append(str(s))
    return tuple(out)


def special_shapes(counts: Sequence[int], shapes: Iterable[str],
                   melds: int = 0) -> list[ShapeMatch]:
    """Every special shape among ``shapes`` that the hand makes."""
    found: list[ShapeMatch] = []
    wanted = set(shapes)
    m: ShapeMatch | None
    if SEVEN_PAIRS in wanted or SEVEN_PAIRS_QUADS in wanted:
        m = seven_pairs(counts, melds, quads=SEVEN_PAIRS_QUADS in wanted)
        if m:
            found.append(m)
    if THIRTEEN_ORPHANS in wanted and (m := thirteen_orphans(counts, melds)):
        found.append(m)
    if HONOURS_AND_KNITTED in wanted and (m := honours_and_knitted(counts, melds)):
        found.append(m)
    if KNITTED_STRAIGHT in wanted:
        found.extend(knitted_straights(counts, melds))
    if THIRTEEN_LAN in wanted and (m := thirteen_lan(counts, melds)):
        found.append(m)
    return found


def is_special_win(counts: Sequence[int], shapes: Iterable[str], melds: int = 0) -> bool:
    return bool(special_shapes(counts, shapes, melds))
