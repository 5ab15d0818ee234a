"""The group-by-group counter against hand-by-hand enumeration with the engine core.

Each case restricts the tiles to a small set of kinds, lists every 14-tile count vector
over them, reads it with :func:`scoring.engine.decompose.decompositions` (a separate code
path from the difficulty readings) and takes the largest meld factor over the readings
that show the fan, exactly as the model says.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence
from functools import cache
from math import comb

import pytest

from scoring.engine.decompose import Decomposition, decompositions
from scoring.engine.rulesets.mcr.difficulty import hands as difficulty_hands
from scoring.engine.rulesets.mcr.difficulty import sets as difficulty_sets
from scoring.engine.rulesets.mcr.difficulty.engine import count
from scoring.engine.rulesets.mcr.difficulty.fans import (
    AllGreen,
    AllHonors,
    AllSimples,
    AllTerminals,
    ConcealedHand,
    DifficultyFan,
    FullFlush,
    MeldedHand,
    TileHog,
    UpperTiles,
)
from scoring.engine.rulesets.mcr.difficulty.readings import Reading

DecompTest = Callable[[Decomposition], bool]


def _vectors(kinds: Sequence[int], total: int = 14) -> list[list[int]]:
    out = []

    def rec(i: int, left: int, acc: list[int]) -> None:
        if i == len(kinds):
            if left == 0:
                counts = [0] * 34
                for k, c in zip(kinds, acc, strict=True):
                    counts[k] = c
                out.append(counts)
            return
        for c in range(min(4, left) + 1):
            rec(i + 1, left - c, [*acc, c])

    rec(0, total, [])
    return out


def _runs(d: Decomposition) -> list[int]:
    return sorted(g.kind for g in d.groups if g.shape == "run")


def _triplets(d: Decomposition) -> list[int]:
    return sorted(g.kind for g in d.groups if g.shape == "triplet")


def _factor(d: Decomposition) -> int:
    return int(4 ** len(_triplets(d)) * 2 ** len(_runs(d)))


@cache
def _read(kinds: tuple[int, ...]) -> list[tuple[list[int], int, list[Decomposition]]]:
    return [(c, _mult(c), decompositions(c)) for c in _vectors(kinds)]


def _mult(counts: Sequence[int]) -> int:
    out = 1
    for c in counts:
        out *= comb(4, c)
    return out


def brute(
    kinds: Sequence[int],
    shows: DecompTest | None,
    seven_pairs: bool,
    factor: Callable[[Decomposition], int] = _factor,
    keep: Callable[[list[int]], bool] = lambda counts: True,
) -> tuple[int, int]:
    """(weighted, hands) over the 14-tile hands drawn from ``kinds`` that pass ``keep``."""
    weighted = hands = 0
    for counts, mult, decomps in _read(tuple(kinds)):
        if not keep(counts):
            continue
        best = 0
        if shows is not None:
            for d in decomps:
                if shows(d):
                    best = max(best, factor(d))
        if seven_pairs and all(c % 2 == 0 for c in counts):
            best = max(best, 1)
        if best:
            weighted += best * mult
            hands += mult
    return weighted, hands


MAN = list(range(9))


class _OnlyMan(DifficultyFan):
    """Test mixin: the hand must lie in characters."""

    def local(self, r: Reading) -> Hashable | None:
        if r.g != 0 and r.size:
            return None
        return super().local(r)


def _engine(fan: DifficultyFan) -> tuple[int, int]:
    c = count(fan, whole=True)
    return c.weighted, c.hands


def _any(d: Decomposition) -> bool:
    return True


def test_full_flush_is_three_times_the_enumerated_one_suit_count() -> None:
    w, h = brute(MAN, _any, seven_pairs=True)
    assert _engine(FullFlush()) == (3 * w, 3 * h)


def test_upper_tiles_matches_enumeration_over_the_nine_upper_kinds() -> None:
    kinds = [k for k in range(27) if k % 9 >= 6]
    assert _engine(UpperTiles()) == brute(kinds, _any, seven_pairs=True)


def test_all_terminals_matches_enumeration() -> None:
    assert _engine(AllTerminals()) == brute([0, 8, 9, 17, 18, 26], _any, seven_pairs=True)


def test_all_green_matches_enumeration_over_23468s_and_green() -> None:
    kinds = [19, 20, 21, 23, 25, 32]
    assert _engine(AllGreen()) == brute(kinds, _any, seven_pairs=True)


def test_all_honours_matches_enumeration() -> None:
    assert _engine(AllHonors()) == brute(list(range(27, 34)), _any, seven_pairs=True)


def test_nine_gates_matches_enumeration_with_every_set_concealed() -> None:
    base = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    w, h = brute(
        MAN,
        _any,
        seven_pairs=False,
        factor=lambda d: 1,
        keep=lambda c: all(x >= b for x, b in zip(c, base, strict=False)),
    )
    # Extra 1 or 9 makes that end a quad; extra 2-8 makes a pair among the singles.
    ends = comb(4, 4) * comb(4, 3) * comb(4, 1) ** 7
    middles = comb(4, 3) ** 2 * comb(4, 2) * comb(4, 1) ** 6
    assert (w, h) == (2 * ends + 7 * middles, 2 * ends + 7 * middles)
    assert _engine(difficulty_hands.NineGates()) == (3 * w, 3 * h)


class ManFlushConcealed(_OnlyMan, ConcealedHand):
    pass


def test_concealed_count_is_the_plain_number_of_winning_hands() -> None:
    w, h = brute(MAN, _any, seven_pairs=True, factor=lambda d: 1)
    assert _engine(ManFlushConcealed()) == (w, h)
    assert w == h


class ManSimples(_OnlyMan, AllSimples):
    pass


def test_all_simples_in_one_suit_matches_enumeration() -> None:
    assert _engine(ManSimples()) == brute(list(range(1, 8)), _any, seven_pairs=True)


class ManTileHog(_OnlyMan, TileHog):
    pass


def test_tile_hog_in_one_suit_matches_enumeration() -> None:
    expected = brute(MAN, _any, seven_pairs=True, keep=lambda c: 4 in c)
    assert _engine(ManTileHog()) == expected


def _progression(items: list[int], n: int, steps: tuple[int, ...]) -> bool:
    return any(all(x + i * d in items for i in range(n)) for x in items for d in steps)


SET_CASES: list[tuple[type[DifficultyFan], DecompTest, Callable[[Decomposition], int]]] = [
    (
        difficulty_sets.PureDoubleChow,
        lambda d: any(_runs(d).count(x) >= 2 for x in _runs(d)),
        _factor,
    ),
    (
        difficulty_sets.PureTripleChow,
        lambda d: any(_runs(d).count(x) >= 3 for x in _runs(d)),
        _factor,
    ),
    (
        difficulty_sets.PureShiftedPungs,
        lambda d: _progression(_triplets(d), 3, (1,)),
        _factor,
    ),
    (
        difficulty_sets.PureShiftedChows,
        lambda d: _progression(_runs(d), 3, (1, 2)),
        _factor,
    ),
    (
        difficulty_sets.PureStraight,
        lambda d: {0, 3, 6} <= set(_runs(d)),
        _factor,
    ),
    (
        difficulty_sets.ShortStraight,
        lambda d: _progression(_runs(d), 2, (3,)),
        _factor,
    ),
    (
        difficulty_sets.ThreeConcealedPungs,
        lambda d: len(_triplets(d)) >= 3,
        lambda d: _factor(d) // 4**3,
    ),
    (difficulty_hands.AllPungs, lambda d: not _runs(d), _factor),
    (
        difficulty_hands.AllFives,
        lambda d: (
            d.pair == 4
            and all(k in (2, 3, 4) for k in _runs(d))
            and all(k == 4 for k in _triplets(d))
        ),
        _factor,
    ),
    (
        difficulty_hands.OutsideHand,
        lambda d: (
            d.pair in (0, 8)
            and all(k in (0, 6) for k in _runs(d))
            and all(k in (0, 8) for k in _triplets(d))
        ),
        _factor,
    ),
    (
        difficulty_hands.AllEvenPungs,
        lambda d: d.pair % 2 == 1 and not _runs(d) and all(k % 2 == 1 for k in _triplets(d)),
        _factor,
    ),
    (difficulty_hands.AllChows, lambda d: not _triplets(d), _factor),
    (MeldedHand, _any, lambda d: 3 ** len(_triplets(d))),
]


@pytest.mark.parametrize(
    ("fan_cls", "shows", "factor"), SET_CASES, ids=[c[0].__name__ for c in SET_CASES]
)
def test_set_fans_in_one_suit_match_enumeration_with_the_best_reading(
    fan_cls: type[DifficultyFan], shows: DecompTest, factor: Callable[[Decomposition], int]
) -> None:
    restricted = type("ManOnly" + fan_cls.__name__, (_OnlyMan, fan_cls), {})
    assert _engine(restricted()) == brute(MAN, shows, seven_pairs=False, factor=factor)


def test_a_hand_with_two_readings_counts_once_at_its_best_factor() -> None:
    # 111222333m456m77m: three pungs (4^3 x 2) or three chows (2^4); counted once at 128.
    counts = [3, 3, 3, 1, 1, 1, 2, 0, 0] + [0] * 25
    factors = sorted(_factor(d) for d in decompositions(counts))
    assert factors == [16, 128]
    assert brute(MAN, _any, seven_pairs=True)[1] == sum(
        _mult(c) for c in _vectors(MAN) if decompositions(c) or all(x % 2 == 0 for x in c)
    )


def test_every_enumerated_vector_is_a_distinct_combination() -> None:
    vectors = _vectors(MAN)
    assert len({tuple(v) for v in vectors}) == len(vectors)
    assert all(sum(v) == 14 for v in vectors)
    assert sum(_mult(v) for v in _vectors(MAN, 3)) == comb(36, 3)


def _only(universe: Sequence[int], fan_cls: type[DifficultyFan]) -> DifficultyFan:
    """``fan_cls`` restricted to hands whose kinds all lie in ``universe``."""
    allowed = frozenset(universe)

    def local(self: DifficultyFan, r: Reading) -> Hashable | None:
        base = 9 * r.g
        if any(c and base + k not in allowed for k, c in enumerate(r.counts)):
            return None
        return fan_cls.local(self, r)

    fan: DifficultyFan = type("Only" + fan_cls.__name__, (fan_cls,), {"local": local})()
    return fan


def _suit_ranks(suit: int, ranks: Sequence[int]) -> list[int]:
    return [9 * suit + r - 1 for r in ranks]


CROSS_CASES: list[tuple[type[DifficultyFan], list[int], DecompTest]] = [
    (
        difficulty_sets.MixedTripleChow,
        _suit_ranks(0, (1, 2, 3)) + _suit_ranks(1, (1, 2, 3)) + _suit_ranks(2, (1, 2, 3)),
        lambda d: {0, 9, 18} <= set(_runs(d)),
    ),
    (
        difficulty_sets.TriplePung,
        _suit_ranks(0, (1, 2, 3)) + _suit_ranks(1, (1, 2, 3)) + _suit_ranks(2, (1, 2, 3)),
        lambda d: any({n, n + 9, n + 18} <= set(_triplets(d)) for n in range(3)),
    ),
    (
        difficulty_sets.MixedShiftedPungs,
        _suit_ranks(0, (1, 2, 3)) + _suit_ranks(1, (1, 2, 3)) + _suit_ranks(2, (1, 2, 3)),
        lambda d: any(
            {n + a, n + 1 + b, n + 2 + c} <= set(_triplets(d))
            for n in range(1)
            for a, b, c in itertools.permutations((0, 9, 18))
        ),
    ),
    (
        difficulty_sets.MixedStraight,
        _suit_ranks(0, (1, 2, 3)) + _suit_ranks(1, (4, 5, 6)) + _suit_ranks(2, (7, 8, 9)),
        lambda d: {0, 12, 24} <= set(_runs(d)),
    ),
    (
        difficulty_sets.MixedShiftedChows,
        _suit_ranks(0, (1, 2, 3)) + _suit_ranks(1, (2, 3, 4)) + _suit_ranks(2, (3, 4, 5)),
        lambda d: {0, 10, 20} <= set(_runs(d)),
    ),
    (
        difficulty_sets.MixedDoubleChow,
        _suit_ranks(0, (1, 2, 3, 4)) + _suit_ranks(1, (1, 2, 3, 4)) + [31],
        lambda d: any(k in _runs(d) and k + 9 in _runs(d) for k in range(2)),
    ),
    (
        difficulty_sets.DoublePung,
        _suit_ranks(0, (1, 2, 3)) + _suit_ranks(2, (1, 2, 3)) + [27, 28],
        lambda d: any(k in _triplets(d) and k + 18 in _triplets(d) for k in range(3)),
    ),
    (
        difficulty_sets.BigThreeDragons,
        [31, 32, 33] + _suit_ranks(0, (1, 2, 3, 4)),
        lambda d: {31, 32, 33} <= set(_triplets(d)),
    ),
    (
        difficulty_sets.LittleThreeDragons,
        [31, 32, 33] + _suit_ranks(0, (1, 2, 3, 4)),
        lambda d: d.pair in (31, 32, 33) and len({31, 32, 33} & set(_triplets(d))) == 2,
    ),
    (
        difficulty_sets.PungOfTerminalsOrHonors,
        [27] + _suit_ranks(0, (1, 2, 3, 4, 5, 6, 7, 8, 9)),
        lambda d: any(k in (0, 8, 27) for k in _triplets(d)),
    ),
]


@pytest.mark.parametrize(
    ("fan_cls", "universe", "shows"), CROSS_CASES, ids=[c[0].__name__ for c in CROSS_CASES]
)
def test_fans_across_groups_match_enumeration_on_a_small_tile_set(
    fan_cls: type[DifficultyFan], universe: list[int], shows: DecompTest
) -> None:
    assert _engine(_only(universe, fan_cls)) == brute(universe, shows, seven_pairs=False)


def test_restricted_universe_with_sets_across_suits_has_winning_hands() -> None:
    universe = CROSS_CASES[0][1]
    weighted, hands = brute(universe, _any, seven_pairs=False)
    assert 0 < hands < weighted
