"""All pair-and-sets readings of a concealed hand, suit by suit with a cache.

Same answer as :func:`scoring.engine.decompose.decompositions` (a test checks it on
random hands) but built for the scoring hot path: a suit's readings depend only on its
nine counts, and there are few distinct suit patterns, so each is solved once and cached;
a hand's readings are the product of its suits'. A suit whose tile count is 1 mod 3 is
rejected at once, which is most non-winning input.

A reading is ``(pair_kind, ((is_run, kind), ...))`` with plain tuples.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

Group = tuple[bool, int]  # (is a run, first kind)
SuitReading = tuple[int, tuple[Group, ...]]  # (pair rank or -1, groups by rank)


def _sets(c: list[int], i: int, acc: list[Group], out: list[tuple[Group, ...]]) -> None:
    while i < 9 and c[i] == 0:
        i += 1
    if i == 9:
        out.append(tuple(acc))
        return
    if c[i] >= 3:
        c[i] -= 3
        acc.append((False, i))
        _sets(c, i, acc, out)
        acc.pop()
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        acc.append((True, i))
        _sets(c, i, acc, out)
        acc.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1


@lru_cache(maxsize=8192)
def suit_readings(counts: tuple[int, ...]) -> tuple[SuitReading, ...]:
    """Readings of one suit's nine counts (with a pair when its total is 2 mod 3)."""
    c = list(counts)
    total = sum(c)
    out: list[SuitReading] = []
    if total % 3 == 0:
        found: list[tuple[Group, ...]] = []
        _sets(c, 0, [], found)
        out.extend((-1, g) for g in found)
    elif total % 3 == 2:
        for p in range(9):
            if c[p] >= 2:
                c[p] -= 2
                found = []
                _sets(c, 0, [], found)
                out.extend((p, g) for g in found)
                c[p] += 2
    return tuple(out)


def _honour_readings(counts: list[int]) -> tuple[SuitReading, ...]:
    pair = -1
    groups: list[Group] = []
    for i in range(7):
        n = counts[27 + i]
        if n == 3:
            groups.append((False, i))
        elif n == 2 and pair < 0:
            pair = i
        elif n:
            return ()
    return ((pair, tuple(groups)),)


def readings(counts: list[int]) -> list[tuple[int, tuple[Group, ...]]]:
    """Every (pair kind, groups) of a 3n+2 count vector; empty when it is not a win."""
    parts: list[tuple[int, tuple[SuitReading, ...]]] = []
    pairs = 0
    for base in (0, 9, 18):
        seg = counts[base:base + 9]
        total = sum(seg)
        if not total:
            continue
        if total % 3 == 1:
            return []
        pairs += total % 3 == 2
        found = suit_readings(tuple(seg))
        if not found:
            return []
        parts.append((base, found))
    honours = _honour_readings(counts)
    if not honours:
        return []
    h_pair = honours[0][0] >= 0
    pairs += h_pair
    if pairs != 1:
        return []
    parts.append((27, honours))
    out = []
    for combo in product(*(found for _, found in parts)):
        pair = -1
        groups: list[Group] = []
        for (base, _), (p, gs) in zip(parts, combo, strict=True):
            if p >= 0:
                pair = base + p
            groups.extend((run, base + k) for run, k in gs)
        out.append((pair, tuple(groups)))
    return out
