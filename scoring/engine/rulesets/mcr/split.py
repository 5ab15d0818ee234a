"""Readings and waits of the concealed tiles, worked out one suit at a time and cached.

Sets never cross suits, so every reading of a hand is one reading of each suit and of the
honours put side by side, and exactly one of them holds the pair. A suit holds at most
fourteen tiles of nine kinds, and hands repeat suit shapes far more often than whole
hands: each shape is read once (:func:`suit_readings`) and looked up ever after. The same
goes for waits: a 13-tile hand completes only in a suit that is not complete yet, and
which ranks complete a given suit shape is again a per-shape fact (:func:`standard_waits`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...agari import tables
from ...decompose import clear_part_splits, part_splits
from ...waits import standard_waits as general_standard_waits
from .facts import TileFacts
from .reading import MSet
from .rules_base import ALL_FIVES, DRAGON_PUNG, OUTSIDE, TERMINAL_PUNG, WIND_PUNG

GROUP_STARTS = (0, 9, 18, 27)
GROUP_ENDS = (9, 18, 27, 34)

CONCEALED_CHOW = tuple(MSet("chow", k, True, False, False) for k in range(34))
CONCEALED_PUNG = tuple(MSet("pung", k, True, False, False) for k in range(34))
# A pung completed by the discard: exposed, though never declared.
RON_PUNG = tuple(MSet("pung", k, False, False, False) for k in range(34))


def _is_orphan(k: int) -> bool:
    return k >= 27 or k % 9 in (0, 8)


# Reading features every set (and the pair) must share, and those one set is enough for.
CHOW_ALL = tuple((ALL_FIVES if k < 27 and k % 9 in (2, 3, 4) else 0)
                 | (OUTSIDE if k < 27 and k % 9 in (0, 6) else 0) for k in range(34))
PUNG_ALL = tuple((ALL_FIVES if k < 27 and k % 9 == 4 else 0)
                 | (OUTSIDE if _is_orphan(k) else 0) for k in range(34))
PUNG_ANY = tuple((WIND_PUNG | TERMINAL_PUNG if 27 <= k <= 30 else 0)
                 | (DRAGON_PUNG if k >= 31 else 0)
                 | (TERMINAL_PUNG if k < 27 and k % 9 in (0, 8) else 0) for k in range(34))


class SuitReading:
    """One way to read one suit's (or the honours') concealed tiles as sets and maybe the pair.

    ``sets`` are in kind order, a pung before a chow of the same kind (the order
    :func:`scoring.engine.decompose.decompositions` lists them in); ``open_pungs`` are the
    pung kinds no chow of this reading could take the winning tile from instead.
    """

    __slots__ = ("pair", "sets", "chows", "pungs", "open_pungs", "all_bits", "any_bits",
                 "wait_mask")

    def __init__(self, pair: int, sets: tuple[MSet, ...]) -> None:
        self.pair = pair
        self.sets = sets
        # Sets come in kind order, so both lists are sorted already.
        chows: list[int] = []
        pungs: list[int] = []
        for x in sets:
            (chows if x.shape == "chow" else pungs).append(x.kind)
        self.chows = tuple(chows)
        self.pungs = tuple(pungs)
        open_pungs = []
        for k in pungs:
            for c in chows:
                if c <= k <= c + 2:
                    break
            else:
                open_pungs.append(k)
        self.open_pungs = tuple(open_pungs)
        # Winning tiles that would sit at a chow's edge (3 of 123, 7 of 789) or middle, or
        # complete the pair: the places a wait fan may be scored for.
        wait_mask = 1 << pair if pair >= 0 else 0
        for c in chows:
            wait_mask |= 1 << (c + 1)
            if c % 9 == 0:
                wait_mask |= 1 << (c + 2)
            elif c % 9 == 6:
                wait_mask |= 1 << c
        self.wait_mask = wait_mask
        self.all_bits, self.any_bits = set_bits(chows, pungs, pair)


_CACHE_LIMIT = 20_000  # entries per group; a cache that fills up starts again empty


class Segment:
    """One suit's (or the honours') concealed counts and what they always come to.

    ``key`` is the nine (seven) counts as bytes; ``readings`` every way to read them as
    sets (and the pair, if their number is 3n+2), empty when there is none; ``mask`` the
    kinds present; ``tiles_key`` their part of :meth:`TileFacts.key_of`; ``complete``
    what :func:`scoring.engine.agari.tables` says of them (``None``: not sets, 0: sets,
    1: sets and a pair); ``even`` whether every count is even.
    """

    __slots__ = ("group", "key", "readings", "mask", "tiles_key", "complete", "even")

    def __init__(self, group: int, key: bytes) -> None:
        self.group = group
        self.key = key
        self.readings = _read_group(group, tuple(key))
        lo = GROUP_STARTS[group]
        mask = 0
        even = True
        for r, n in enumerate(key):
            if n:
                mask |= 1 << (lo + r)
                if n & 1:
                    even = False
        self.mask = mask
        self.tiles_key = TileFacts.key_of(mask)
        self.complete = tables()[group == 3].get(key)
        self.even = even  # could be pairs only (七对)


SEGMENTS: tuple[dict[bytes, Segment], ...] = ({}, {}, {}, {})


def segment(group: int, key: bytes) -> Segment:
    """The (cached) :class:`Segment` of group ``group`` (0-2 suits, 3 honours)."""
    cache = SEGMENTS[group]
    found = cache.get(key)
    if found is None:
        found = Segment(group, key)
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = found
    return found


def segments(counts: bytes) -> tuple[Segment, Segment, Segment, Segment]:
    """The four segments of a 34-count vector given as bytes."""
    return (SEGMENTS[0].get(counts[:9]) or segment(0, counts[:9]),
            SEGMENTS[1].get(counts[9:18]) or segment(1, counts[9:18]),
            SEGMENTS[2].get(counts[18:27]) or segment(2, counts[18:27]),
            SEGMENTS[3].get(counts[27:]) or segment(3, counts[27:]))


def _read_group(group: int, seg: tuple[int, ...]) -> tuple[SuitReading, ...]:
    """The group's readings (:func:`scoring.engine.decompose.part_splits`) as MCR sets."""
    return tuple(SuitReading(pair, tuple(
        CONCEALED_PUNG[g.kind] if g.shape == "triplet" else CONCEALED_CHOW[g.kind]
        for g in groups)) for pair, groups in part_splits(GROUP_STARTS[group], bytes(seg)))


def suit_readings(group: int, seg: tuple[int, ...]) -> tuple[SuitReading, ...]:
    """Every reading of the counts ``seg`` of group ``group`` (0-2 suits, 3 honours).

    Empty when the tiles cannot be sets (and one pair, if their number is 3n+2).
    """
    return segment(group, bytes(seg)).readings


_COMPLETIONS: tuple[dict[tuple[bytes, int], tuple[int, ...]], ...] = ({}, {}, {}, {})


def _completions(group: int, seg: bytes, need: int) -> tuple[int, ...]:
    """Kinds whose one more tile makes ``seg`` complete with ``need`` pairs (0 or 1)."""
    cache = _COMPLETIONS[group]
    key = (seg, need)
    found = cache.get(key)
    if found is None:
        table = tables()[group == 3]
        lo = GROUP_STARTS[group]
        more = bytearray(seg)
        hits = []
        for r in range(len(seg)):
            if more[r] < 4:
                more[r] += 1
                if table.get(bytes(more)) == need:
                    hits.append(lo + r)
                more[r] -= 1
        found = tuple(hits)
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = found
    return found


def waits_of_segments(keys: Sequence[bytes], complete: Sequence[int | None]) -> set[int]:
    """Standard waits of a hand given as its four segments' counts and table values.

    One tile changes one segment only: with one segment not complete the tile goes there;
    with all complete, in any segment where it keeps exactly one pair in the hand.
    """
    c0, c1, c2, c3 = complete
    broken = (c0 is None) + (c1 is None) + (c2 is None) + (c3 is None)
    if broken > 1:
        return set()
    if broken:
        g = (c0, c1, c2, c3).index(None)
        need = 1 - sum(x for x in complete if x is not None)
        return set(_completions(g, keys[g], need)) if need >= 0 else set()
    # Not broken: every part is complete, so none is None.
    pairs = sum(x for x in complete if x is not None)
    found: set[int] = set()
    for g in range(4):
        need = 1 - pairs + (complete[g] or 0)
        if need >= 0:
            found.update(_completions(g, keys[g], need))
    return found


def standard_waits(counts: Sequence[int]) -> set[int]:
    """Kinds completing sets + pair, ignoring the four-copy limit of melds.

    The same answer as :func:`scoring.engine.waits.standard_waits`, with the completing
    ranks of each suit shape looked up instead of tried.
    """
    b = bytes(counts)
    if len(b) != 34 or max(b) > 4 or sum(b) > 13:
        return general_standard_waits(counts)
    suit, honour = tables()
    keys = (b[0:9], b[9:18], b[18:27], b[27:34])
    return waits_of_segments(keys, (suit.get(keys[0]), suit.get(keys[1]), suit.get(keys[2]),
                                    honour.get(keys[3])))


def clear_split_caches() -> None:
    clear_part_splits()
    for segments in SEGMENTS:
        segments.clear()
    for completions in _COMPLETIONS:
        completions.clear()


def set_bits(chows: Iterable[int], pungs: Iterable[int], pair: int) -> tuple[int, int]:
    """The features every group has (all five, outside) and those one pung gives."""
    all_bits = ALL_FIVES | OUTSIDE
    any_bits = 0
    for k in chows:
        all_bits &= CHOW_ALL[k]
    for k in pungs:
        all_bits &= PUNG_ALL[k]
        any_bits |= PUNG_ANY[k]
    if pair >= 0:
        all_bits &= PUNG_ALL[pair]
    return all_bits, any_bits
