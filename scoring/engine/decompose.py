"""Every way a concealed hand splits into sets and one pair.

Scoring needs all decompositions because the rules pay the highest-valued reading
(``111222333m`` is three triplets or three runs). Win *detection* does not, and uses
the linear method in :mod:`scoring.engine.agari` instead.

Sets never cross suits, so the rulesets that score many hands read a hand one suit (or
the honours) at a time and cache each suit's readings: :func:`part_splits` is that one
suit's reading, shared by riichi's and MCR's per-suit caches (which keep the shapes their
scorers want).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .agari import tables

SetKind = Literal["run", "triplet"]


@dataclass(frozen=True, slots=True)
class Group:
    """A concealed set: a run starting at ``kind`` or a triplet of ``kind``."""

    shape: SetKind
    kind: int

    @property
    def kinds(self) -> tuple[int, int, int]:
        k = self.kind
        return (k, k + 1, k + 2) if self.shape == "run" else (k, k, k)


# Every set made once: readings share them (a Group is frozen), which saves building one
# per set on the scorers' cold paths.
_TRIPLETS = tuple(Group("triplet", k) for k in range(34))
_RUNS = tuple(Group("run", k) for k in range(34))


@dataclass(frozen=True, slots=True)
class Decomposition:
    pair: int
    groups: tuple[Group, ...]


def _split_sets(c: list[int], start: int, acc: list[Group], out: list[tuple[Group, ...]],
                base: int = 0) -> None:
    """Every split of ``c[start:]`` into sets; ``c`` holds the counts of kinds ``base``
    onwards (the whole hand, or one suit)."""
    n = len(c)
    i = start
    while i < n and c[i] == 0:
        i += 1
    if i == n:
        out.append(tuple(acc))
        return
    k = base + i
    # Every copy of the lowest remaining tile is in a triplet of it or starts a run, so a
    # reading is fixed by how many triplets it takes there; choosing that number (rather
    # than one set at a time) lists each reading once, whatever order its sets came in.
    here = c[i]
    for triplets in range(here // 3, -1, -1):
        runs = here - 3 * triplets
        if runs and (k >= 27 or k % 9 > 6 or c[i + 1] < runs or c[i + 2] < runs):
            continue
        c[i] = 0
        if runs:
            c[i + 1] -= runs
            c[i + 2] -= runs
        acc.extend([_TRIPLETS[k]] * triplets + [_RUNS[k]] * runs)
        _split_sets(c, i + 1, acc, out, base)
        del acc[len(acc) - triplets - runs:]
        c[i] = here
        if runs:
            c[i + 1] += runs
            c[i + 2] += runs


def set_decompositions(counts: Sequence[int]) -> list[tuple[Group, ...]]:
    """All ways to split a 3n-tile count vector entirely into runs and triplets."""
    out: list[tuple[Group, ...]] = []
    _split_sets(list(counts), 0, [], out)
    return out


def decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """All (pair, sets) readings of a 3n+2-tile count vector; empty if it is not a win."""
    if sum(counts) % 3 != 2:
        return []
    c = list(counts)
    found: list[Decomposition] = []
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            for groups in set_decompositions(c):
                found.append(Decomposition(p, groups))
            c[p] += 2
    return found


PartSplit = tuple[int, tuple[Group, ...]]  # (the pair's kind or -1, the sets)
_PART_SPLITS: dict[tuple[int, bytes], tuple[PartSplit, ...]] = {}
_PART_SPLITS_LIMIT = 20_000  # distinct patterns per suit are in the low thousands


def part_splits(base: int, counts: bytes) -> tuple[PartSplit, ...]:
    """Every reading of one suit's counts (``base`` 0, 9 or 18: nine counts) or of the
    honours' (``base`` 27: seven): sets and, for 3n+2 tiles, the pair; kinds absolute.

    Empty when the tiles are not sets (and a pair). Readings come in the order of
    :func:`decompositions` (pair kind ascending, then the sets' own order); cached.
    """
    key = (base, counts)
    found = _PART_SPLITS.get(key)
    if found is None:
        if len(_PART_SPLITS) >= _PART_SPLITS_LIMIT:
            _PART_SPLITS.clear()
        found = _PART_SPLITS[key] = _part_splits(base, counts)
    return found


def _part_splits(base: int, counts: bytes) -> tuple[PartSplit, ...]:
    # The win tables say at once whether a part is sets (0) or sets and a pair (1), so only
    # the parts and pairs that do split are searched.
    complete = tables()[base == 27].get
    total = sum(counts)
    if complete(counts) != (0 if total % 3 == 0 else 1 if total % 3 == 2 else -1):
        return ()
    c = list(counts)
    found: list[tuple[Group, ...]] = []
    if total % 3 == 0:
        _split_sets(c, 0, [], found, base)
        return tuple((-1, groups) for groups in found)
    out: list[PartSplit] = []
    for i, n in enumerate(counts):
        if n >= 2:
            c[i] -= 2
            if complete(bytes(c)) == 0:
                found = []
                _split_sets(c, 0, [], found, base)
                out.extend((base + i, groups) for groups in found)
            c[i] += 2
    return tuple(out)


def clear_part_splits() -> None:
    """Forget the suits read before (for cold-start measurements)."""
    _PART_SPLITS.clear()
