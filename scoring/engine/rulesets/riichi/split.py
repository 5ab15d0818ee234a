"""All pair-and-sets readings of a concealed hand, suit by suit with a cache.

Same answer as :func:`scoring.engine.decompose.decompositions` (a test checks it on
random hands) but built for the scoring hot path: a suit's readings depend only on its
nine counts, and there are few distinct suit patterns, so each is read once by the
engine's :func:`~scoring.engine.decompose.part_splits` and kept here in riichi's shape;
a hand's readings are the product of its suits'. A suit whose tile count is 1 mod 3 is
rejected at once, which is most non-winning input.

A reading is ``(pair_kind, runs, triplets)`` with plain tuples of kinds.
"""

from __future__ import annotations

from itertools import product

from ...decompose import Group, part_splits

PartReading = tuple[int, tuple[int, ...], tuple[int, ...]]  # (pair or -1, runs, triplets)


def _by_shape(groups: tuple[Group, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    runs = tuple(sorted(g.kind for g in groups if g.shape == "run"))
    trips = tuple(sorted(g.kind for g in groups if g.shape == "triplet"))
    return runs, trips


_PART_CACHE: tuple[dict[bytes, tuple[PartReading, ...]], ...] = ({}, {}, {}, {})
_PART_CACHE_LIMIT = 20000  # distinct patterns per suit are in the low thousands
# What an empty part reads as: it is skipped, not multiplied in.
ABSENT: tuple[PartReading, ...] = ((-2, (), ()),)


def part_readings(base: int, counts: bytes) -> tuple[PartReading, ...]:
    """Cached :func:`_part_readings` (a plain dict per part: cheaper than lru_cache);
    :data:`ABSENT` for a part with no tiles."""
    cache = _PART_CACHE[base // 9]
    found = cache.get(counts)
    if found is None:
        if len(cache) > _PART_CACHE_LIMIT:
            cache.clear()
        found = cache[counts] = _part_readings(base, counts) if any(counts) else ABSENT
    return found


def _part_readings(base: int, counts: bytes) -> tuple[PartReading, ...]:
    """Readings of one suit (``base`` 0, 9, 18) or of the honours (27), in absolute kinds.

    Each is ``(pair, runs, triplets)`` with ``pair`` -1 when the part holds none; empty
    when the part cannot be split.
    """
    if base == 27:
        # Honours hold only triplets and the pair: read them at once.
        pair = -1
        trips: list[int] = []
        for i, n in enumerate(counts):
            if n == 3:
                trips.append(27 + i)
            elif n == 2 and pair < 0:
                pair = 27 + i
            elif n:
                return ()
        return ((pair, (), tuple(trips)),)
    return tuple((pair, *_by_shape(groups)) for pair, groups in part_splits(base, counts))


_SPANS = ((0, 0, 9), (1, 9, 18), (2, 18, 27), (3, 27, 34))


def readings(counts: list[int]) -> list[PartReading]:
    """Every (pair kind, runs, triplets) of a 3n+2 count vector; empty if not a win.

    ``runs`` and ``triplets`` are ascending kinds (a run by its first tile).
    """
    parts = []
    pairs = 0
    several = False  # some part splits more than one way
    # bytes: one cheap copy whose slices are hashable cache keys (counts are 0-4)
    held = bytes(counts)
    caches = _PART_CACHE
    for i, base, end in _SPANS:
        seg = held[base:end]
        found = caches[i].get(seg)
        if found is None:
            found = part_readings(base, seg)
        if found is ABSENT:
            continue
        if not found:  # includes every part of 3n+1 tiles
            return []
        if found[0][0] >= 0:  # a part of 3n+2 tiles: every reading of it has the pair
            pairs += 1
            if pairs > 1:
                return []
        if len(found) > 1:
            several = True
        parts.append(found)
    if pairs != 1:
        return []
    if len(parts) == 1:
        return list(parts[0])
    if not several:  # the usual case: one way per suit
        pair = -1
        runs: tuple[int, ...] = ()
        trips: tuple[int, ...] = ()
        for ((p, r, t),) in parts:
            if p >= 0:
                pair = p
            runs += r
            trips += t
        return [(pair, runs, trips)]
    out = []
    for combo in product(*parts):
        pair = -1
        runs = trips = ()
        for p, r, t in combo:
            if p >= 0:
                pair = p
            runs += r
            trips += t
        out.append((pair, runs, trips))
    return out
