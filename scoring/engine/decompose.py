"""Every way a concealed hand splits into sets and one pair.

Scoring needs all decompositions because the rules pay the highest-valued reading
(``111222333m`` is three triplets or three runs). Win *detection* does not, and uses
the linear method in :mod:`scoring.engine.agari` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

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


@dataclass(frozen=True, slots=True)
class Decomposition:
    pair: int
    groups: tuple[Group, ...]


def _split_sets(c: list[int], start: int, acc: list[Group], out: list[tuple[Group, ...]]) -> None:
    i = start
    while i < 34 and c[i] == 0:
        i += 1
    if i == 34:
        out.append(tuple(acc))
        return
    # Every copy of the lowest remaining tile is in a triplet of it or starts a run, so a
    # reading is fixed by how many triplets it takes there; choosing that number (rather
    # than one set at a time) lists each reading once, whatever order its sets came in.
    n = c[i]
    for triplets in range(n // 3, -1, -1):
        runs = n - 3 * triplets
        if runs and (i >= 27 or i % 9 > 6 or c[i + 1] < runs or c[i + 2] < runs):
            continue
        c[i] = 0
        if runs:
            c[i + 1] -= runs
            c[i + 2] -= runs
        acc.extend([Group("triplet", i)] * triplets + [Group("run", i)] * runs)
        _split_sets(c, i + 1, acc, out)
        del acc[len(acc) - triplets - runs:]
        c[i] = n
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
