"""The cached suit-by-suit splitter gives exactly the core decomposer's readings."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.decompose import decompositions
from scoring.engine.rulesets.riichi.split import readings
from scoring.engine.tiles import counts_of

from .randomhands import corpus


def _core(counts: list[int]) -> set[tuple[int, tuple[tuple[bool, int], ...]]]:
    return {(d.pair, tuple(sorted((g.shape == "run", g.kind) for g in d.groups)))
            for d in decompositions(counts)}


def _ours(counts: list[int]) -> set[tuple[int, tuple[tuple[bool, int], ...]]]:
    return {(p, tuple(sorted([(True, k) for k in runs] + [(False, k) for k in trips])))
            for p, runs, trips in readings(counts)}


def test_split_matches_core_decompositions_on_random_wins() -> None:
    for w in corpus(seed=99, n=1500):
        tiles = w.request["hand"] + w.request["win_tile"]
        counts = counts_of(tiles)
        assert _ours(counts) == _core(counts), tiles


def test_split_of_a_many_way_hand() -> None:
    counts = counts_of("11122233344455m")
    assert _ours(counts) == _core(counts)
    assert len(_ours(counts)) >= 4


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=2, max_size=14))
def test_split_matches_core_on_arbitrary_tiles(kinds: list[int]) -> None:
    counts = [min(kinds.count(k), 4) for k in range(34)]
    assert _ours(counts) == _core(counts)
