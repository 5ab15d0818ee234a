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
from precomputed per-suit tables and is what the rest of the engine calls.

The table is keyed by the suit's nine counts as ``bytes`` (built in C, hashable, no
arithmetic per rank) and maps a complete suit to 0 (sets only) or 1 (sets and the pair).
A hand is a win when every suit and the honours are complete and exactly one holds the
pair. Declared melds are not passed in: they only lower ``n`` in the 3n+2 tile count.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

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


def suit_complete(counts: Sequence[int], with_pair: bool) -> bool:
    """Is one suit's 9-count vector all sets (``with_pair``: all sets plus one pair)?

    The pair's pile comes from Theorem 2, so at most three pair ranks are tried.
    """
    total = sum(counts)
    if not with_pair:
        return total % 3 == 0 and _sets_complete(list(counts), 0, 9)
    if total % 3 != 2:
        return False
    piles = [sum(counts[r::3]) % 3 for r in range(3)]
    if piles[0] == piles[1]:
        pile = 2
    elif piles[0] == piles[2]:
        pile = 1
    elif piles[1] == piles[2]:
        pile = 0
    else:
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

_SUIT_TABLE: dict[bytes, int] | None = None
_HONOUR_TABLE: dict[bytes, int] | None = None


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
                c = bytearray(key)
                c[r] += 2
                table[bytes(c)] = 1
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


def tables() -> tuple[dict[bytes, int], dict[bytes, int]]:
    """The (suit, honour) tables, built on first use (about a quarter of a second)."""
    global _SUIT_TABLE, _HONOUR_TABLE
    if _SUIT_TABLE is None or _HONOUR_TABLE is None:
        _SUIT_TABLE = _build_suit_table()
        _HONOUR_TABLE = _build_honour_table()
    return _SUIT_TABLE, _HONOUR_TABLE


# Above this many concealed tiles (or with more than four copies of a kind) the tables do
# not apply and the linear method answers instead.
TABLE_MAX_TILES = 3 * TABLE_MAX_SETS + 2


def is_win(counts: Sequence[int]) -> bool:
    """Standard win (sets + one pair) of a 34-count vector of the concealed tiles.

    Declared melds are left out of ``counts``: any 3n+2 concealed size is accepted.
    """
    suit, honour = _SUIT_TABLE, _HONOUR_TABLE
    if suit is None or honour is None:
        suit, honour = tables()
    try:
        b = bytes(counts)
    except ValueError:
        return is_win_linear(counts)
    if len(b) != 34:
        raise ValueError("a 34-long count vector is expected")
    if sum(b) > TABLE_MAX_TILES or max(b) > 4:
        return is_win_linear(counts)
    m = suit.get(b[0:9])
    if m is None:
        return False
    p = suit.get(b[9:18])
    if p is None:
        return False
    s = suit.get(b[18:27])
    if s is None:
        return False
    z = honour.get(b[27:34])
    if z is None:
        return False
    return m + p + s + z == 1


def is_sets(counts: Sequence[int]) -> bool:
    """Is a 3n-tile count vector entirely runs and triplets (no pair)?"""
    c = list(counts[:34])
    for start in _SUIT_STARTS:
        if not _sets_complete(c, start, start + 9):
            return False
    return _honours_sets(c[27:34])
