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


@lru_cache(maxsize=16384)
def part_readings(base: int, counts: tuple[int, ...]) -> tuple[tuple[int, tuple[Group, ...]], ...]:
    """Readings of one suit (``base`` 0, 9, 18) or of the honours (27), in absolute kinds.

    ``(-1, groups)`` when the part has no pair. Empty when the part cannot be split.
    """
    c = list(counts)
    total = sum(c)
    found: list[tuple[Group, ...]] = []
    out: list[tuple[int, tuple[Group, ...]]] = []
    if base == 27:
        pair = -1
        groups: list[Group] = []
        for i, n in enumerate(c):
            if n == 3:
                groups.append((False, 27 + i))
            elif n == 2 and pair < 0:
                pair = 27 + i
            elif n:
                return ()
        return ((pair, tuple(groups)),)
    if total % 3 == 0:
        _sets(c, 0, [], found)
        out.extend((-1, tuple((run, base + k) for run, k in g)) for g in found)
    elif total % 3 == 2:
        for p in range(9):
            if c[p] >= 2:
                c[p] -= 2
                found = []
                _sets(c, 0, [], found)
                out.extend((base + p, tuple((run, base + k) for run, k in g)) for g in found)
                c[p] += 2
    return tuple(out)


def readings(counts: list[int]) -> list[tuple[int, tuple[Group, ...]]]:
    """Every (pair kind, groups) of a 3n+2 count vector; empty when it is not a win."""
    parts = []
    pairs = 0
    for base in (0, 9, 18, 27):
        seg = tuple(counts[base:base + 9] if base < 27 else counts[27:34])
        total = sum(seg)
        if not total:
            continue
        mod = total % 3
        if mod == 1:
            return []
        if mod == 2:
            pairs += 1
            if pairs > 1:
                return []
        found = part_readings(base, seg)
        if not found:
            return []
        parts.append(found)
    if pairs != 1:
        return []
    if all(len(found) == 1 for found in parts):
        pair = -1
        groups: list[Group] = []
        for ((p, gs),) in parts:
            if p >= 0:
                pair = p
            groups.extend(gs)
        return [(pair, tuple(groups))]
    out = []
    for combo in product(*parts):
        pair = -1
        groups = []
        for p, gs in combo:
            if p >= 0:
                pair = p
            groups.extend(gs)
        out.append((pair, tuple(groups)))
    return out
