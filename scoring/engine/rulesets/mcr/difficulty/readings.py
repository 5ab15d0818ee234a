"""Every reading of every tile group, for the exact counts of the difficulty index.

A hand of the counting model is split into four *groups*: the three suits (9 kinds each)
and the honours (7 kinds: East South West North White Green Red, the engine's order).
A group's tiles are a count vector; the number of physical 136-tile combinations with
that vector is the product of C(4, c) over its kinds.

For each group vector this module lists every *reading* of it: the standard sets and
pair (``std``), seven pairs (``7p``, four equal tiles counting as two pairs as the seed
does), the thirteen-orphans share (``13o``), the knitted-and-honours share of 全不靠
(``knit``) and the knitted-straight-plus-sets share of 组合龙 (``kstd``). Readings are
generated meld-first (every multiset of at most four sets, at most one pair) rather than
by splitting vectors, so a vector with several readings gets all of them for free.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any

# A fan's running state while the engine sums over readings: an int, or a tuple of ints,
# whichever the fan counts with; hashable, as it keys the counting tables. Any, because
# each fan picks its own shape and the engine only stores and joins what the fan gives.
Tally = Any

SUIT = 9
HONOUR = 7
GROUPS = (0, 1, 2, 3)  # m p s z
HONOUR_GROUP = 3
MAX_TILES = 18  # fourteen plus four kong replacement draws

FORMS = ("std", "7p", "13o", "knit", "kstd")


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read one group's tiles. Kinds are group-local (suits 0-8 = ranks 1-9)."""

    g: int
    form: str
    counts: tuple[int, ...]
    chows: tuple[int, ...] = ()
    pungs: tuple[int, ...] = ()
    kongs: tuple[int, ...] = ()
    pair: int = -1
    pairs: int = 0  # number of pairs for 7p
    residue: int = -1  # knitted 147/258/369 as 0/1/2 (knit, kstd)
    dups: int = 0  # 13o: how many kinds appear twice

    @property
    def size(self) -> int:
        return sum(self.counts)

    @property
    def nsets(self) -> int:
        return len(self.chows) + len(self.pungs) + len(self.kongs)

    @property
    def npair(self) -> int:
        return 0 if self.pair < 0 else 1

    @property
    def is_suit(self) -> bool:
        return self.g != HONOUR_GROUP


@dataclass(frozen=True, slots=True)
class GroupVector:
    counts: tuple[int, ...]
    mult: int  # physical combinations: prod C(4, c)
    readings: tuple[Reading, ...]


def multiplicity(counts: tuple[int, ...]) -> int:
    out = 1
    for c in counts:
        out *= comb(4, c)
    return out


def _std_melds(n: int, suited: bool, with_kongs: bool) -> list[tuple[str, int]]:
    melds: list[tuple[str, int]] = []
    if suited:
        melds += [("c", s) for s in range(n - 2)]
    melds += [("p", k) for k in range(n)]
    if with_kongs:
        melds += [("k", k) for k in range(n)]
    return melds


def _std_readings(
    g: int, with_kongs: bool, max_sets: int = 4, max_pairs: int = 1
) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]]:
    """(counts, chows, pungs, kongs, pair) for every set multiset plus optional pair."""
    n = SUIT if g != HONOUR_GROUP else HONOUR
    melds = _std_melds(n, g != HONOUR_GROUP, with_kongs)
    out = []
    for k in range(max_sets + 1):
        for combo in itertools.combinations_with_replacement(melds, k):
            base = [0] * n
            for kind, x in combo:
                if kind == "c":
                    base[x] += 1
                    base[x + 1] += 1
                    base[x + 2] += 1
                elif kind == "p":
                    base[x] += 3
                else:
                    base[x] += 4
            if max(base, default=0) > 4:
                continue
            chows = tuple(x for kind, x in combo if kind == "c")
            pungs = tuple(x for kind, x in combo if kind == "p")
            kongs = tuple(x for kind, x in combo if kind == "k")
            for pair in [-1, *range(n)] if max_pairs else [-1]:
                v = list(base)
                if pair >= 0:
                    v[pair] += 2
                    if v[pair] > 4:
                        continue
                out.append((tuple(v), chows, pungs, kongs, pair))
    return out


def _seven_pair_readings(g: int) -> list[Reading]:
    n = SUIT if g != HONOUR_GROUP else HONOUR
    out = []
    for v in itertools.product((0, 2, 4), repeat=n):
        if sum(v) <= 14:
            out.append(Reading(g, "7p", v, pairs=sum(v) // 2))
    return out


def _orphan_readings(g: int) -> list[Reading]:
    n = SUIT if g != HONOUR_GROUP else HONOUR
    kinds = (0, 8) if g != HONOUR_GROUP else tuple(range(HONOUR))
    out = []
    for extra in itertools.product((1, 2), repeat=len(kinds)):
        if sum(extra) - len(kinds) > 1:
            continue
        v = [0] * n
        for k, c in zip(kinds, extra, strict=True):
            v[k] = c
        out.append(Reading(g, "13o", tuple(v), dups=sum(extra) - len(kinds)))
    return out


def _knit_readings(g: int) -> list[Reading]:
    if g == HONOUR_GROUP:
        return [Reading(g, "knit", v) for v in itertools.product((0, 1), repeat=HONOUR)]
    out = [Reading(g, "knit", (0,) * SUIT)]
    for r in range(3):
        positions = (r, r + 3, r + 6)
        for bits in itertools.product((0, 1), repeat=3):
            if not any(bits):
                continue
            v = [0] * SUIT
            for p, b in zip(positions, bits, strict=True):
                v[p] = b
            out.append(Reading(g, "knit", tuple(v), residue=r))
    return out


def _knitted_straight_readings(g: int) -> list[Reading]:
    """组合龙 share: a suit holds its full knitted triple plus at most one set and pair."""
    extras = _std_readings(g, with_kongs=False, max_sets=1)
    if g == HONOUR_GROUP:
        return [Reading(g, "kstd", v, chows=c, pungs=p, pair=pr) for v, c, p, _, pr in extras]
    out = []
    for r in range(3):
        for v, c, p, _, pr in extras:
            w = list(v)
            for pos in (r, r + 3, r + 6):
                w[pos] += 1
            if max(w) <= 4:
                out.append(Reading(g, "kstd", tuple(w), chows=c, pungs=p, pair=pr, residue=r))
    return out


@cache
def group_vectors(g: int, with_kongs: bool) -> tuple[GroupVector, ...]:
    """All vectors of group ``g`` that have at least one reading, with those readings.

    ``with_kongs`` switches to the kong fans' model: only standard readings, where a set
    may also be a kong of four.
    """
    by_vec: dict[tuple[int, ...], list[Reading]] = {}
    for v, c, p, k, pr in _std_readings(g, with_kongs):
        if sum(v) <= MAX_TILES:
            by_vec.setdefault(v, []).append(
                Reading(g, "std", v, chows=c, pungs=p, kongs=k, pair=pr)
            )
    if not with_kongs:
        for r in (
            _seven_pair_readings(g)
            + _orphan_readings(g)
            + _knit_readings(g)
            + _knitted_straight_readings(g)
        ):
            by_vec.setdefault(r.counts, []).append(r)
    return tuple(GroupVector(v, multiplicity(v), tuple(rs)) for v, rs in sorted(by_vec.items()))
