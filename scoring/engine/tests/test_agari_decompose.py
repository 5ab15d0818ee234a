"""All readings of a winning hand (``decompose.py``): each exactly once, none missing."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from hypothesis import given, settings

from scoring.engine.agari import is_win
from scoring.engine.decompose import Group, decompositions, set_decompositions
from scoring.engine.tiles import counts_of

from .test_agari import near_wins

Reading = tuple[int, tuple[tuple[str, int], ...]]


@lru_cache(maxsize=100_000)
def _brute_sets(c: tuple[int, ...]) -> frozenset[tuple[tuple[str, int], ...]]:
    """Every multiset of sets covering ``c``, found by removing any set anywhere."""
    if not any(c):
        return frozenset({()})
    found = set()
    for i in range(34):
        options = []
        if c[i] >= 3:
            options.append(("triplet", i, (i, i, i)))
        if i < 27 and i % 9 <= 6 and c[i] and c[i + 1] and c[i + 2]:
            options.append(("run", i, (i, i + 1, i + 2)))
        for shape, kind, kinds in options:
            d = list(c)
            for k in kinds:
                d[k] -= 1
            for rest in _brute_sets(tuple(d)):
                found.add(tuple(sorted(((shape, kind), *rest))))
    return frozenset(found)


def brute_readings(c: list[int]) -> set[Reading]:
    out: set[Reading] = set()
    for p in range(34):
        if c[p] >= 2:
            d = list(c)
            d[p] -= 2
            out.update((p, sets) for sets in _brute_sets(tuple(d)))
    return out


def readings(c: list[int]) -> list[Reading]:
    return [(d.pair, tuple(sorted((g.shape, g.kind) for g in d.groups)))
            for d in decompositions(c)]


@settings(max_examples=300, deadline=None)
@given(near_wins())
def test_every_reading_is_found_exactly_once(c: list[int]) -> None:
    found = readings(c)
    assert len(found) == len(set(found))
    assert set(found) == brute_readings(c)
    assert bool(found) is is_win(c)


def test_three_identical_runs_are_also_three_triplets() -> None:
    assert Counter(readings(counts_of("111222333m55z"))) == Counter({
        (31, (("run", 0), ("run", 0), ("run", 0))): 1,
        (31, (("triplet", 0), ("triplet", 1), ("triplet", 2))): 1,
    })


def test_four_copies_split_into_a_triplet_and_a_run_once() -> None:
    assert readings(counts_of("11112344m")) == [(3, (("run", 0), ("triplet", 0)))]


def test_set_decompositions_of_nothing_is_one_empty_reading() -> None:
    assert set_decompositions([0] * 34) == [()]
    assert set_decompositions(counts_of("123m")) == [(Group("run", 0),)]


def test_a_non_win_has_no_reading() -> None:
    assert decompositions(counts_of("123m456p789s1234z")) == []
    assert decompositions(counts_of("123m")) == []
