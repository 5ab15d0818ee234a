"""One reading (划分) of a winning MCR hand and the facts every fan looks at.

A hand can often be read several ways (``111222333m`` as three pungs or three chows, a
seven-pairs hand also as sets): each reading is scored separately and the best one wins
(就高不就低). :class:`Ctx` bundles the hand-wide facts with one reading and computes, once
and lazily, the combinations between sets that the chow and pung fans need; the fans
between sets are cached per sorted tuple of kinds, which few hands differ in.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Literal, NamedTuple

from .facts import GREEN, REVERSIBLE

if TYPE_CHECKING:
    from .facts import Facts, Situation, TileFacts

__all__ = ["GREEN", "REVERSIBLE", "Ctx", "MSet", "Reading", "chow_combination_fans",
           "pung_combination_fans", "sorted_sets"]

Shape = Literal["chow", "pung", "kong"]
Form = Literal["standard", "seven_pairs", "thirteen_orphans", "honours_knitted", "knitted"]


class MSet(NamedTuple):
    """A set of a reading. ``kind`` is the lowest tile of a chow or the pung/kong tile.

    ``concealed`` means made without claiming (counts toward 暗刻); ``declared`` means it
    was a declared meld (exposed or concealed kong); ``exposed`` means claimed in the open.
    A named tuple: readings make many of these and tuples are the cheapest to build.
    """

    shape: Shape
    kind: int
    concealed: bool
    declared: bool
    exposed: bool


class Reading(NamedTuple):
    form: Form
    sets: tuple[MSet, ...] = ()
    pair: int = -1  # -1 when the shape has no single pair
    knitted: tuple[int, ...] = ()  # the nine knitted-straight kinds, if any


class Ctx:
    """What a fan's ``count`` receives: one reading plus the hand's facts.

    The sorted chow and pung kinds and the number of concealed pungs are usually handed in
    by the scorer, which has them already; the combinations between sets and the groups
    are worked out on first use. A context made by :meth:`hand_only` carries only
    ``tiles`` and ``situation``, for the fans whose scope is the hand (see
    :mod:`.rules_base`): any other attribute is missing there on purpose.
    """

    tiles: TileFacts  # set on every context (the scorer's and hand_only's)
    situation: Situation

    __slots__ = ("facts", "reading", "tiles", "situation", "is_standard", "is_sets", "chows",
                 "pungs", "concealed_pungs", "_chow_fans", "_pung_fans", "_groups", "_wait")

    def __init__(self, facts: Facts, reading: Reading, chows: tuple[int, ...] | None = None,
                 pungs: tuple[int, ...] | None = None,
                 concealed_pungs: int | None = None) -> None:
        self.facts = facts
        self.reading = reading
        form = reading.form
        self.is_standard = form == "standard"
        self.is_sets = self.is_standard or form == "knitted"
        if chows is None or pungs is None or concealed_pungs is None:
            chows, pungs, concealed_pungs = sorted_sets(reading.sets)
        self.chows = chows
        self.pungs = pungs
        self.concealed_pungs = concealed_pungs
        self._chow_fans: dict[str, int] | None = None
        self._pung_fans: dict[str, int] | None = None
        self._groups: tuple[tuple[int, ...], ...] | None = None
        self._wait: str | None | bool = False  # False: not worked out yet

    @classmethod
    def hand_only(cls, tiles: TileFacts | None = None,
                  situation: Situation | None = None) -> Ctx:
        ctx = cls.__new__(cls)
        if tiles is not None:
            ctx.tiles = tiles
        if situation is not None:
            ctx.situation = situation
        return ctx

    @property
    def wind_pungs(self) -> tuple[int, ...]:
        return tuple(k for k in self.pungs if 27 <= k <= 30)

    @property
    def dragon_pungs(self) -> tuple[int, ...]:
        return tuple(k for k in self.pungs if k >= 31)

    @property
    def chow_fans(self) -> dict[str, int]:
        if self._chow_fans is None:
            self._chow_fans = chow_combination_fans(self.chows, chow_pair_key(
                len(self.chows), self.reading.pair))
        return self._chow_fans

    @property
    def pung_fans(self) -> dict[str, int]:
        if self._pung_fans is None:
            self._pung_fans = pung_combination_fans(self.pungs)
        return self._pung_fans

    @property
    def groups(self) -> tuple[tuple[int, ...], ...]:
        """Each set's tiles (kongs as three) and the pair: the five groups of a standard hand."""
        if self._groups is None:
            out: list[tuple[int, ...]] = []
            for s in self.reading.sets:
                k = s.kind
                out.append((k, k + 1, k + 2) if s.shape == "chow" else (k, k, k))
            if self.reading.pair >= 0:
                out.append((self.reading.pair,) * 2)
            self._groups = tuple(out)
        return self._groups


def sorted_sets(sets: tuple[MSet, ...]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Sorted chow kinds, sorted pung/kong kinds and the number of concealed pungs/kongs."""
    chows = sorted(s.kind for s in sets if s.shape == "chow")
    pungs = sorted(s.kind for s in sets if s.shape != "chow")
    concealed = sum(1 for s in sets if s.shape != "chow" and s.concealed)
    return tuple(chows), tuple(pungs), concealed


def chow_pair_key(n_chows: int, pair: int) -> int:
    """The pair as far as the chow fans care: only four chows with a suited 5 pair (双龙会).

    Passing -1 otherwise lets readings that differ only in the pair share one cache entry.
    """
    if n_chows == 4 and 0 <= pair < 27 and pair % 9 == 4:
        return pair
    return -1


# --- combinations of sets -------------------------------------------------------------
#
# 不拆移 / 套算一次 / 不得相同: a set already used in a combination fan may join one more
# combination with a set outside it, never the same fan twice. With three sets in a
# three-set fan the fourth set may pair with one of them once; otherwise pair fans are
# chosen as a forest (no cycles: each new combination brings in a set not yet linked to the
# others through combinations) in which no set takes the same fan twice.


def _suit(k: int) -> int:
    return k // 9


def _rank(k: int) -> int:
    return k % 9 + 1


def _chow3(a: int, b: int, c: int) -> tuple[str, int] | None:
    """Fan of three chows given by their lowest kinds, sorted."""
    sa, sb, sc = _suit(a), _suit(b), _suit(c)
    if sa == sb == sc:
        if a == b == c:
            return ("pure_triple_chow", 24)
        if b - a == 3 and c - b == 3:
            return ("pure_straight", 16)
        if b - a == c - b and b - a in (1, 2):
            return ("pure_shifted_chows", 16)
        return None
    if len({sa, sb, sc}) == 3:
        ranks = sorted((_rank(a), _rank(b), _rank(c)))
        if ranks[0] == ranks[2]:
            return ("mixed_triple_chow", 8)
        if ranks == [1, 4, 7]:
            return ("mixed_straight", 8)
        if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
            return ("mixed_shifted_chows", 6)
    return None


def _chow2(a: int, b: int) -> str | None:
    if _suit(a) != _suit(b):
        return "mixed_double_chow" if _rank(a) == _rank(b) else None
    if a == b:
        return "pure_double_chow"
    if abs(a - b) == 3:
        return "short_straight"
    if abs(a - b) == 6:
        return "two_terminal_chows"
    return None


def _pung3(a: int, b: int, c: int) -> tuple[str, int] | None:
    if a < 27 and b < 27 and c < 27:
        sa, sb, sc = _suit(a), _suit(b), _suit(c)
        if sa == sb == sc:
            if b == a + 1 and c == b + 1:
                return ("pure_shifted_pungs", 24)
            return None
        if len({sa, sb, sc}) == 3:
            ranks = sorted((_rank(a), _rank(b), _rank(c)))
            if ranks[0] == ranks[2]:
                return ("triple_pung", 16)
            if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
                return ("mixed_shifted_pungs", 8)
        return None
    if 27 <= a and c <= 30:
        return ("big_three_winds", 12)
    if a >= 31:
        return ("big_three_dragons", 88)
    return None


def _pung2(a: int, b: int) -> str | None:
    if a < 27 and b < 27:
        return "double_pung" if _suit(a) != _suit(b) and _rank(a) == _rank(b) else None
    if a >= 31 and b >= 31:
        return "two_dragon_pungs"
    return None


_PAIR_ORDER = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows",
               "double_pung", "two_dragon_pungs")
_PAIR_INDEX = {fan: i for i, fan in enumerate(_PAIR_ORDER)}


def _forest_ok(chosen: tuple[tuple[int, int, str], ...], n: int) -> bool:
    """No set takes the same fan twice, and no combination closes a cycle."""
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    seen: set[tuple[int, str]] = set()
    for i, j, fan in chosen:
        if (i, fan) in seen or (j, fan) in seen:
            return False
        seen.add((i, fan))
        seen.add((j, fan))
        ri, rj = find(i), find(j)
        if ri == rj:
            return False
        parent[ri] = rj
    return True


PairFan = Callable[[int, int], str | None]
ThreeFan = Callable[[int, int, int], tuple[str, int] | None]


def _best_pairs(items: tuple[int, ...], pair_fan: PairFan) -> dict[str, int]:
    """Most pair fans among the sets, as a forest with no set taking one fan twice.

    A forest on n sets has at most n-1 combinations, so sizes are tried from the largest
    down and the first size with a valid choice is the answer.
    """
    edges = []
    for i, j in combinations(range(len(items)), 2):
        fan = pair_fan(items[i], items[j])
        if fan:
            edges.append((i, j, fan))
    for size in range(min(len(edges), len(items) - 1), 0, -1):
        best_key: tuple[int, ...] | None = None
        for chosen in combinations(edges, size):
            # Among equally many fans keep the rarer-to-lose ones first (一般高, 喜相逢, 连六,
            # 老少副), the order in which the common calculators resolve the choice.
            counts = [0] * len(_PAIR_ORDER)
            for e in chosen:
                counts[_PAIR_INDEX[e[2]]] += 1
            key = tuple(counts)
            if (best_key is None or key > best_key) and _forest_ok(chosen, len(items)):
                best_key = key
        if best_key is not None:
            return {f: n for f, n in zip(_PAIR_ORDER, best_key, strict=True) if n}
    return {}


def _three_plus_one(items: tuple[int, ...], three_fan: ThreeFan,
                    pair_fan: PairFan) -> dict[str, int] | None:
    """Best three-set fan, plus one pair fan of the fourth set with one of the three."""
    best: tuple[int, str, tuple[int, ...], tuple[int, ...]] | None = None
    n = len(items)
    for trio in _TRIOS[n]:
        i, j, k = trio
        found = three_fan(items[i], items[j], items[k])
        if found and (best is None or found[1] > best[0]):
            best = (found[1], found[0], trio, _REST[n][trio])
    if best is None:
        return None
    _, fan, chosen, rest = best
    out = {fan: 1}
    for r in rest:
        extras = [e for e in (pair_fan(items[r], items[i]) for i in chosen) if e]
        if extras:
            extra = min(extras, key=_PAIR_INDEX.__getitem__)
            out[extra] = out.get(extra, 0) + 1
    return out


# The trios of n sets (in combinations order) and the sets left out of each.
_TRIOS = {n: tuple(combinations(range(n), 3)) for n in (3, 4)}
_REST = {n: {t: tuple(i for i in range(n) if i not in t) for t in _TRIOS[n]} for n in (3, 4)}


@lru_cache(maxsize=4096)
def chow_combination_fans(chows: tuple[int, ...], pair: int) -> dict[str, int]:
    """Fans made between the chows of a reading (sorted lowest kinds) and, for 双龙会, the pair."""
    n = len(chows)
    if n == 4:
        if pair >= 0 and pair < 27 and _rank(pair) == 5:
            ps = _suit(pair)
            suits = [_suit(c) for c in chows]
            ranks = sorted(_rank(c) for c in chows)
            if ranks == [1, 1, 7, 7]:
                if all(s == ps for s in suits):
                    return {"pure_terminal_chows": 1}
                others = sorted({0, 1, 2} - {ps})
                if sorted((_suit(c), _rank(c)) for c in chows) == sorted(
                        (s, r) for s in others for r in (1, 7)):
                    return {"three_suited_terminal_chows": 1}
        a, b, c, d = chows
        if a == b == c == d:
            return {"quadruple_chow": 1}
        if _suit(a) == _suit(d) and b - a == c - b == d - c and b - a in (1, 2):
            return {"four_pure_shifted_chows": 1}
    if n >= 3:
        found = _three_plus_one(chows, _chow3, _chow2)
        if found:
            return found
    if n >= 2:
        return _best_pairs(chows, _chow2)
    return {}


@lru_cache(maxsize=4096)
def pung_combination_fans(pungs: tuple[int, ...]) -> dict[str, int]:
    """Fans made between the pungs and kongs of a reading (sorted kinds)."""
    n = len(pungs)
    if n == 4:
        a, b, c, d = pungs
        if d < 27 and _suit(a) == _suit(d) and b == a + 1 and c == b + 1 and d == c + 1:
            return {"four_pure_shifted_pungs": 1}
        if pungs == (27, 28, 29, 30):
            return {"big_four_winds": 1}
    if n >= 3:
        found = _three_plus_one(pungs, _pung3, _pung2)
        if found:
            return found
    if n >= 2:
        return _best_pairs(pungs, _pung2)
    return {}
