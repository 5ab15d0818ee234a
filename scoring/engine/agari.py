"""Win detection (和了判定) by the linear method of seed 002 (Cheng, Li & Li, arXiv:1707.07345).

Two theorems make the search linear instead of a backtracking recursion:

* **Theorem 2 (where the pair is).** Sets never change the residues mod 3 of the 1-4-7,
  2-5-8 and 3-6-9 piles of a suit relative to each other: a run adds one to every pile,
  a triplet adds three to one. So without the pair the three residues are equal, and the
  pair makes exactly one of them differ: the pair's rank lies in that pile. Across suits
  the same argument on tile counts says every suit but the pair's holds a multiple of 3.
* **Theorem 1 (how to take sets).** Once the pair is out, the lowest tile ``x`` is taken
  as a triplet if it has three or more copies, otherwise as the run ``x, x+1, x+2``; if the
  run is impossible the hand is not a win. (Taking the triplet first is safe: three equal
  runs through ``x`` are the same tiles as three triplets.)

Both are implemented in :func:`is_win_linear`, which accepts any counts (also more than
four copies, which wildcard brute force produces). :func:`is_win` gives the same answer
from precomputed per-suit tables and is what the rest of the engine calls (the tables are
shipped as data, see :mod:`scoring.engine.win_tables`).

The table is keyed by the suit's nine counts as ``bytes`` (built in C, hashable, no
arithmetic per rank) and maps a complete suit to 0 (sets only) or 1 (sets and the pair).
A hand is a win when every suit and the honours are complete and exactly one holds the
pair. Declared melds are not passed in: they only lower ``n`` in the 3n+2 tile count.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement, product

from .win_tables import load as load_tables

# Largest concealed hand the tables cover: a Taiwan 17-tile hand (five sets and a pair).
TABLE_MAX_SETS = 5

_SUIT_STARTS = (0, 9, 18)


def _sets_complete(c: list[int], lo: int, hi: int) -> bool:
    """Theorem 1 on kinds ``lo..hi-1`` of ``c`` (mutated): only runs and triplets remain?"""
    for i in range(lo, hi):
        n = c[i]
        if n == 0:
            continue
        # Theorem 1 repeated: triplets while three copies remain, the rest start runs.
        n %= 3
        if n:
            if i + 2 >= hi or c[i + 1] < n or c[i + 2] < n:
                return False
            c[i + 1] -= n
            c[i + 2] -= n
    return True


def _honours_sets(c: Sequence[int]) -> bool:
    return all(n % 3 == 0 for n in c)


def pair_pile(counts: Sequence[int]) -> int | None:
    """Theorem 2: the pile holding the pair of one suit's 9 counts.

    0 is the 1-4-7 pile, 1 the 2-5-8 pile, 2 the 3-6-9 pile; ``None`` when no pile's
    residue mod 3 stands apart, which rules out a pair in this suit.
    """
    piles = [sum(counts[r:9:3]) % 3 for r in range(3)]
    if piles[0] == piles[1] != piles[2]:
        return 2
    if piles[0] == piles[2] != piles[1]:
        return 1
    if piles[1] == piles[2] != piles[0]:
        return 0
    return None


def suit_complete(counts: Sequence[int], with_pair: bool) -> bool:
    """Is one suit's 9-count vector all sets (``with_pair``: all sets plus one pair)?

    The pair's pile comes from Theorem 2, so at most three pair ranks are tried.
    """
    total = sum(counts)
    if not with_pair:
        return total % 3 == 0 and _sets_complete(list(counts), 0, 9)
    if total % 3 != 2:
        return False
    pile = pair_pile(counts)
    if pile is None:
        return False
    for r in range(pile, 9, 3):
        if counts[r] >= 2:
            c = list(counts)
            c[r] -= 2
            if _sets_complete(c, 0, 9):
                return True
    return False


def _honours_complete(counts: Sequence[int], with_pair: bool) -> bool:
    if not with_pair:
        return _honours_sets(counts)
    twos = [n for n in counts if n % 3 == 2]
    return len(twos) == 1 and all(n % 3 in (0, 2) for n in counts)


def is_win_linear(counts: Sequence[int]) -> bool:
    """Standard win (sets + one pair) of a 34-count vector by Theorems 1 and 2 alone."""
    if len(counts) < 34:
        raise ValueError("a 34-long count vector is expected")
    totals = [sum(counts[s : s + 9]) for s in _SUIT_STARTS] + [sum(counts[27:34])]
    if sum(totals) % 3 != 2:
        return False
    pair_groups = [g for g, t in enumerate(totals) if t % 3 == 2]
    if len(pair_groups) != 1 or any(t % 3 == 1 for t in totals):
        return False
    pg = pair_groups[0]
    for g, start in enumerate(_SUIT_STARTS):
        if not suit_complete(counts[start : start + 9], g == pg):
            return False
    return _honours_complete(counts[27:34], pg == 3)


_SETS9: tuple[tuple[int, ...], ...] = tuple(
    tuple(3 if r == k else 0 for r in range(9)) for k in range(9)
) + tuple(tuple(1 if k <= r <= k + 2 else 0 for r in range(9)) for k in range(7))

# Filled in place on first use, so functions may bind them as default arguments.
_SUIT_TABLE: dict[bytes, int] = {}
_HONOUR_TABLE: dict[bytes, int] = {}
_BUILD_LOCK = threading.Lock()


def _build_suit_table() -> dict[bytes, int]:
    """Every complete suit shape of at most ``TABLE_MAX_SETS`` sets, with or without pair."""
    no_pair: set[bytes] = set()
    for n in range(TABLE_MAX_SETS + 1):
        for combo in combinations_with_replacement(range(len(_SETS9)), n):
            c = [0] * 9
            for s in combo:
                for r, v in enumerate(_SETS9[s]):
                    c[r] += v
            if max(c) <= 4:
                no_pair.add(bytes(c))
    table = dict.fromkeys(no_pair, 0)
    for key in no_pair:
        for r in range(9):
            if key[r] <= 2:
                with_pair = bytearray(key)
                with_pair[r] += 2
                table[bytes(with_pair)] = 1
    return table


def _build_honour_table() -> dict[bytes, int]:
    table: dict[bytes, int] = {}
    for mask in range(1 << 7):
        base = [3 if mask >> k & 1 else 0 for k in range(7)]
        table[bytes(base)] = 0
        for k in range(7):
            if not base[k]:
                c = list(base)
                c[k] = 2
                table[bytes(c)] = 1
    return table


# Shapes that take part in a standard win, seven pairs or thirteen orphans, each valued
# with three byte lanes: standard (pairs held: 0 or 1), seven pairs (pairs held) and
# thirteen orphans (doubled orphans held). _NO marks a lane the shape rules out; four of
# them still fit in a lane, and any one keeps the lane's total off its target (1, 7, 1).
_NO = 0x20
_COMPLETE_SUIT: dict[bytes, int] = {}
_COMPLETE_HONOUR: dict[bytes, int] = {}


def _build_complete_table(standard: dict[bytes, int], size: int) -> dict[bytes, int]:
    keys = set(standard)
    keys.update(bytes(c) for c in product((0, 2), repeat=size))
    if size == 9:
        keys.update(bytes([a, 0, 0, 0, 0, 0, 0, 0, z]) for a in (1, 2) for z in (1, 2))
    else:
        keys.update(bytes(c) for c in product((1, 2), repeat=size))
    table = {}
    for key in keys:
        std = standard.get(key, _NO)
        pairs = key.count(2) if key.count(0) + key.count(2) == size else _NO
        ends = key if size == 7 else key[0:1] + key[8:9]
        body_empty = size == 7 or not any(key[1:8])
        orphans = ends.count(2) if body_empty and 0 not in ends and max(ends) <= 2 else _NO
        table[key] = std | pairs << 8 | orphans << 16
    return table


def build_tables() -> tuple[dict[bytes, int], dict[bytes, int], dict[bytes, int],
                            dict[bytes, int]]:
    """The (suit, honour, complete suit, complete honour) tables, built from scratch."""
    honour = _build_honour_table()
    suit = _build_suit_table()
    return suit, honour, _build_complete_table(suit, 9), _build_complete_table(honour, 7)


def tables() -> tuple[dict[bytes, int], dict[bytes, int]]:
    """The (suit, honour) tables, read on first use from the shipped data
    (:mod:`scoring.engine.win_tables`), or built if it is missing.

    Servers call :func:`scoring.engine.warm_up` at start-up, so no request pays this.
    Callers test ``_SUIT_TABLE`` to know whether the tables are ready, so it is filled
    last, in one C-level update, once every other table is complete: a thread of the
    site never sees half of them.
    """
    if not _SUIT_TABLE:
        with _BUILD_LOCK:
            if not _SUIT_TABLE:
                suit, honour, complete_suit, complete_honour = (
                    load_tables(TABLE_MAX_SETS) or build_tables())
                _COMPLETE_HONOUR.update(complete_honour)
                _COMPLETE_SUIT.update(complete_suit)
                _HONOUR_TABLE.update(honour)
                _SUIT_TABLE.update(suit)
    return _SUIT_TABLE, _HONOUR_TABLE


# The tables hold every complete suit of at most this many tiles with at most four copies
# of a kind: every suit of a physical hand (Taiwan's 17 concealed tiles at most).
TABLE_MAX_TILES = 3 * TABLE_MAX_SETS + 2


def is_win(counts: Sequence[int], _suit_get: Callable[[bytes], int | None] = _SUIT_TABLE.get,
           _honour_get: Callable[[bytes], int | None] = _HONOUR_TABLE.get) -> bool:
    """Standard win (sets + one pair) of the 34-count vector of a physical concealed hand.

    Declared melds are left out of ``counts``: any 3n+2 concealed size up to 17 works.
    The precondition (at most four copies of a kind, at most 17 tiles) is not checked, to
    keep this the fast path; for other vectors, e.g. wildcard substitutions that make a
    fifth copy, call :func:`is_win_linear`.
    """
    if not _SUIT_TABLE:
        tables()
    b = bytes(counts)
    # Honours first: in random hands they are the likeliest to be incomplete.
    z = _honour_get(b[27:34])
    if z is None:
        return False
    m = _suit_get(b[0:9])
    if m is None:
        return False
    p = _suit_get(b[9:18])
    if p is None:
        return False
    s = _suit_get(b[18:27])
    if s is None:
        return False
    return m + p + s + z == 1


def is_complete(counts: Sequence[int], *, seven_pairs: bool = True,
                thirteen_orphans: bool = True, _get: Callable[[bytes], int | None] =
                _COMPLETE_SUIT.get, _honour_get: Callable[[bytes], int | None] =
                _COMPLETE_HONOUR.get) -> bool:
    """Standard win, or seven pairs of different kinds, or thirteen orphans.

    The riichi notion of a complete closed hand, as fast as :func:`is_win` (same
    precondition): the lookups answer all three shapes at once through lanes of the
    value (see :func:`_build_complete_table`). :mod:`scoring.engine.shapes` describes the
    special shapes in detail.
    """
    if not _SUIT_TABLE:
        tables()
    b = bytes(counts)
    # The four lookups are spelled out as in is_win, not shared: on this path a helper
    # call costs 5-10% of the whole check (measured over bench/engine.py's corpus).
    z = _honour_get(b[27:34])
    if z is None:
        return False
    m = _get(b[0:9])
    if m is None:
        return False
    p = _get(b[9:18])
    if p is None:
        return False
    s = _get(b[18:27])
    if s is None:
        return False
    t = m + p + s + z
    if t & 0xFF == 1:
        return True
    if seven_pairs and t >> 8 & 0xFF == 7:
        return True
    return thirteen_orphans and t >> 16 == 1


def is_sets(counts: Sequence[int]) -> bool:
    """Is a 3n-tile count vector entirely runs and triplets (no pair)?"""
    c = list(counts[:34])
    for start in _SUIT_STARTS:
        if not _sets_complete(c, start, start + 9):
            return False
    return _honours_sets(c[27:34])
