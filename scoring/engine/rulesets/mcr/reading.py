"""One reading (划分) of a winning MCR hand and the facts every fan looks at.

A hand can often be read several ways (``111222333m`` as three pungs or three chows, a
seven-pairs hand also as sets): each reading is scored separately and the best one wins
(就高不就低). :class:`Ctx` bundles the hand-wide facts with one reading and computes, once
and lazily, the combinations between sets that the chow and pung fans need.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Literal, NamedTuple

Shape = Literal["chow", "pung", "kong"]
Form = Literal["standard", "seven_pairs", "thirteen_orphans", "honours_knitted", "knitted"]

GREEN = frozenset({19, 20, 21, 23, 25, 32})  # 2 3 4 6 8 bamboo, green dragon
REVERSIBLE = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31})


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


@dataclass
class Facts:
    """What is true of the hand whatever the reading."""

    counts: tuple[int, ...]  # every tile of the hand, kongs as four
    concealed14: tuple[int, ...]  # concealed tiles including the winning tile
    win_tile: int
    tsumo: bool
    seat_wind: int  # 27..30
    round_wind: int  # 27..30
    last_tile: bool
    kong: bool
    wall_last: bool
    wait_check: Callable[[], bool]  # was the winning tile the only wait? (asked lazily)
    n_exposed_melds: int  # claimed melds (not concealed kongs)
    n_kongs_declared: int
    heavenly: bool = False
    earthly: bool = False
    human: bool = False
    kinds: tuple[int, ...] = field(init=False)
    suits: frozenset[int] = field(init=False)
    has_honours: bool = field(init=False)
    ranks: frozenset[int] = field(init=False)  # ranks 1-9 of the suited tiles

    _unique_wait: bool | None = field(init=False, default=None)

    @property
    def unique_wait(self) -> bool:
        # Only hands whose winning tile sits in a concealed chow or the pair need to know.
        if self._unique_wait is None:
            self._unique_wait = self.wait_check()
        return self._unique_wait

    def __post_init__(self) -> None:
        counts = self.counts
        self.kinds = tuple(k for k in range(34) if counts[k])
        suited = [k for k in self.kinds if k < 27]
        self.suits = frozenset(k // 9 for k in suited)
        self.has_honours = len(suited) < len(self.kinds)
        self.ranks = frozenset(k % 9 + 1 for k in suited)


class Reading(NamedTuple):
    form: Form
    sets: tuple[MSet, ...] = ()
    pair: int = -1  # -1 when the shape has no single pair
    knitted: tuple[int, ...] = ()  # the nine knitted-straight kinds, if any


class Ctx:
    """One reading plus the hand's facts: what every fan's ``count`` receives.

    Everything a fan may ask of the sets is worked out once here, in one pass.
    """

    __slots__ = ("facts", "reading", "is_sets", "is_standard", "chows", "pungs", "wind_pungs",
                 "dragon_pungs", "concealed_pungs", "kongs", "kong_kinds", "_chow_fans",
                 "_pung_fans", "_groups", "memo")

    def __init__(self, facts: Facts, reading: Reading) -> None:
        self.facts = facts
        self.reading = reading
        self.is_standard = reading.form == "standard"
        self.is_sets = self.is_standard or reading.form == "knitted"
        chows: list[int] = []
        pungs: list[int] = []
        kong_kinds: list[int] = []
        concealed = exposed_kongs = concealed_kongs = 0
        for s in reading.sets:
            if s.shape == "chow":
                chows.append(s.kind)
                continue
            pungs.append(s.kind)
            if s.concealed:
                concealed += 1
            if s.shape == "kong":
                kong_kinds.append(s.kind)
                if s.exposed:
                    exposed_kongs += 1
                else:
                    concealed_kongs += 1
        chows.sort()
        pungs.sort()
        self.chows = tuple(chows)
        self.pungs = tuple(pungs)
        self.wind_pungs = tuple(k for k in pungs if 27 <= k <= 30)
        self.dragon_pungs = tuple(k for k in pungs if k >= 31)
        self.concealed_pungs = concealed
        self.kongs = (exposed_kongs, concealed_kongs)
        self.kong_kinds = frozenset(kong_kinds)
        self._chow_fans: dict[str, int] | None = None
        self._pung_fans: dict[str, int] | None = None
        self._groups: tuple[tuple[int, ...], ...] | None = None
        self.memo: dict[str, object] = {}  # what several fans derive alike, derived once

    @property
    def chow_fans(self) -> dict[str, int]:
        if self._chow_fans is None:
            self._chow_fans = chow_combination_fans(self.chows, self.reading.pair)
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
            out = []
            for s in self.reading.sets:
                k = s.kind
                out.append((k, k + 1, k + 2) if s.shape == "chow" else (k, k, k))
            if self.reading.pair >= 0:
                out.append((self.reading.pair,) * 2)
            self._groups = tuple(out)
        return self._groups


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


def _best_pairs(items: tuple[int, ...], pair_fan) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Most pair fans among the sets, as a forest with no set taking one fan twice."""
    edges = []
    for i, j in combinations(range(len(items)), 2):
        fan = pair_fan(items[i], items[j])
        if fan:
            edges.append((i, j, fan))
    best: list[tuple[int, int, str]] = []
    best_key: tuple[int, ...] = (0,)
    for mask in range(1 << len(edges)):
        chosen = [e for n, e in enumerate(edges) if mask >> n & 1]
        # Among equally many fans keep the rarer-to-lose ones first (一般高, 喜相逢, 连六,
        # 老少副), the order in which the common calculators resolve the choice.
        key = (len(chosen),) + tuple(sum(1 for e in chosen if e[2] == f) for f in _PAIR_ORDER)
        if key <= best_key:
            continue
        parent = list(range(len(items)))

        def find(x: int, parent: list[int] = parent) -> int:
            while parent[x] != x:
                x = parent[x]
            return x

        ok = True
        seen: set[tuple[int, str]] = set()
        for i, j, fan in chosen:
            if (i, fan) in seen or (j, fan) in seen:
                ok = False
                break
            seen.add((i, fan))
            seen.add((j, fan))
            ri, rj = find(i), find(j)
            if ri == rj:
                ok = False
                break
            parent[ri] = rj
        if ok:
            best, best_key = chosen, key
    out: dict[str, int] = {}
    for _, _, fan in best:
        out[fan] = out.get(fan, 0) + 1
    return out


def _three_plus_one(items: tuple[int, ...], three_fan, pair_fan) -> dict[str, int] | None:  # type: ignore[no-untyped-def]
    """Best three-set fan, plus one pair fan of the fourth set with one of the three."""
    best: tuple[int, str, tuple[int, ...], tuple[int, ...]] | None = None
    for trio in combinations(range(len(items)), 3):
        found = three_fan(*(items[i] for i in trio))
        if found and (best is None or found[1] > best[0]):
            rest = tuple(i for i in range(len(items)) if i not in trio)
            best = (found[1], found[0], trio, rest)
    if best is None:
        return None
    _, fan, trio, rest = best
    out = {fan: 1}
    for r in rest:
        extras = [e for e in (pair_fan(items[r], items[i]) for i in trio) if e]
        if extras:
            extra = min(extras, key=_PAIR_ORDER.index)
            out[extra] = out.get(extra, 0) + 1
    return out


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
