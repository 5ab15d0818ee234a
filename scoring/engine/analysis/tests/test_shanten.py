"""Shanten: golden hands, the draw/discard recurrences, a brute force and ``mahjong``."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten

from scoring.engine import rulesets as rulesets_module
from scoring.engine.agari import is_win
from scoring.engine.analysis import tables
from scoring.engine.analysis.shanten import (
    STANDARD,
    hand_shanten,
    hand_shanten_by_shape,
    riichi_shanten,
    ruleset_shapes,
    shanten,
    shanten_by_shape,
    shapes_for,
    standard_shanten,
)
from scoring.engine.errors import BadInput, WrongTileCount
from scoring.engine.shapes import is_special_win
from scoring.engine.tiles import counts_of, parse_hand

DATA = Path(__file__).parent / "data"
GOLDEN = json.loads((DATA / "shanten.json").read_text())
WALL = [k for k in range(34) for _ in range(4)]


def _random_counts(rng: random.Random, n: int, kinds: Sequence[int] = range(34)) -> list[int]:
    wall = [k for k in kinds for _ in range(4)]
    c = [0] * 34
    for k in rng.sample(wall, n):
        c[k] += 1
    return c


@pytest.mark.parametrize("case", GOLDEN, ids=[c["in"]["hand"] for c in GOLDEN])
def test_golden_hand_shanten(case: dict[str, Any]) -> None:
    inp, out = case["in"], case["out"]
    hand = parse_hand(inp["hand"], inp.get("melds"))
    shapes = ruleset_shapes(inp.get("ruleset", "riichi"))
    assert hand_shanten(hand, shapes) == out["shanten"]
    if "by_shape" in out:
        assert hand_shanten_by_shape(hand, shapes) == out["by_shape"]


def _complete(counts: list[int], shapes: tuple[str, ...], melds: int = 0) -> bool:
    return (STANDARD in shapes and is_win(counts)) or is_special_win(counts, shapes, melds)


hand_sizes = st.sampled_from([13, 14])
rulesets = st.sampled_from(rulesets_module.names())


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), n=hand_sizes, ruleset=rulesets)
def test_complete_hand_is_minus_one_and_only_then(seed: int, n: int, ruleset: str) -> None:
    rng = random.Random(seed)
    shapes = ruleset_shapes(ruleset)
    # Bias towards near-complete hands so both outcomes occur: few kinds, one suit.
    kinds = rng.choice([range(34), range(9), list(range(9)) + list(range(27, 34))])
    c = _random_counts(rng, 14, kinds)
    assert (shanten(c, 0, shapes) == -1) == _complete(c, shapes)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), ruleset=rulesets)
def test_fourteen_tiles_equal_best_discard(seed: int, ruleset: str) -> None:
    """A 14-tile hand that is not complete is exactly as far as its best 13-tile discard."""
    rng = random.Random(seed)
    shapes = ruleset_shapes(ruleset)
    c = _random_counts(rng, 14, rng.choice([range(34), range(18)]))
    if _complete(c, shapes):
        return
    best = min(shanten(c[:k] + [c[k] - 1] + c[k + 1:], 0, shapes) for k in range(34) if c[k])
    assert shanten(c, 0, shapes) == best


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), ruleset=rulesets)
def test_thirteen_tiles_are_one_more_than_best_draw(seed: int, ruleset: str) -> None:
    """Drawing the right tile (never a fifth copy) brings a 13-tile hand one step closer."""
    rng = random.Random(seed)
    shapes = ruleset_shapes(ruleset)
    c = _random_counts(rng, 13, rng.choice([range(34), range(18), range(9)]))
    best = min(shanten(c[:k] + [c[k] + 1] + c[k + 1:], 0, shapes) for k in range(34) if c[k] < 4)
    assert shanten(c, 0, shapes) == best + 1


def _one_suit_targets() -> list[tuple[tuple[int, ...], int, int]]:
    """Every (counts, sets, pairs) target inside one suit: up to 4 sets and 1 pair, <= 4 each."""
    sets = [tuple(3 if r == k else 0 for r in range(9)) for k in range(9)]
    sets += [tuple(1 if k <= r <= k + 2 else 0 for r in range(9)) for k in range(7)]
    out = []
    for m in range(5):
        for combo in combinations_with_replacement(range(len(sets)), m):
            base = [sum(sets[i][r] for i in combo) for r in range(9)]
            if max(base) > 4:
                continue
            out.append((tuple(base), m, 0))
            for r in range(9):
                if base[r] <= 2:
                    with_pair = list(base)
                    with_pair[r] += 2
                    out.append((tuple(with_pair), m, 1))
    return out


ONE_SUIT_TARGETS = _one_suit_targets()


def _brute_standard(counts: list[int], caps: list[int] | None = None) -> int:
    """Fewest missing tiles over every target, sets and pair outside the suit at full price."""
    n = sum(counts)
    need = (n - 1) // 3
    best = 99
    for target, m, p in ONE_SUIT_TARGETS:
        if m > need:
            continue
        if caps is not None and any(t > c for t, c in zip(target, caps, strict=True)):
            continue
        d = sum(t - h for t, h in zip(target, counts, strict=True) if t > h)
        d += 3 * (need - m) + 2 * (1 - p)
        best = min(best, d)
    return best - 1


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.sampled_from([4, 7, 8, 10, 11, 13, 14]))
def test_one_suit_standard_matches_brute_force_over_all_targets(seed: int, n: int) -> None:
    rng = random.Random(seed)
    c9 = _random_counts(rng, n, range(9))[:9]
    # Favour four-of-a-kind shapes, where the fifth-copy rule bites.
    if rng.random() < 0.5:
        k = rng.randrange(9)
        spare = [r for r in range(9) if c9[r] and r != k]
        while c9[k] < 4 and spare:
            r = spare.pop()
            c9[r] -= 1
            c9[k] += 1
    counts = c9 + [0] * 25
    assert standard_shanten(counts) == _brute_standard(c9)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.sampled_from([1, 4, 7, 10]))
def test_meld_caps_match_brute_force(seed: int, n: int) -> None:
    """Copies locked in declared melds are never drawn: capped targets only."""
    rng = random.Random(seed)
    c9 = _random_counts(rng, n, range(9))[:9]
    caps9 = [rng.randint(c, 4) if rng.random() < 0.4 else 4 for c in c9]
    counts = c9 + [0] * 25
    caps = caps9 + [4] * 25
    assert standard_shanten(counts, caps) == _brute_standard(c9, caps9)


def test_standard_shanten_matches_mahjong_on_ten_thousand_seeded_hands() -> None:
    """Seeded differential: standard, seven pairs and thirteen orphans against ``mahjong``."""
    rng = random.Random(20260901)
    shapes = ruleset_shapes("riichi")
    sizes = (13, 14, 13, 14, 1, 2, 4, 5, 7, 8, 10, 11)
    for i in range(10_000):
        c = _random_counts(rng, sizes[i % len(sizes)])
        ours = shanten_by_shape(c, 0, shapes)
        assert ours[STANDARD] == Shanten.calculate_shanten_for_regular_hand(c), c
        if sum(c) >= 13:
            assert ours["seven_pairs"] == Shanten.calculate_shanten_for_chiitoitsu_hand(c), c
            assert ours["thirteen_orphans"] == Shanten.calculate_shanten_for_kokushi_hand(c), c
        expected = Shanten.calculate_shanten(c)
        assert min(ours.values()) == expected
        assert riichi_shanten(c) == expected


def test_melded_copies_cap_the_hand() -> None:
    """The closed wait on 2m is gone when all four 2m sit in a kong."""
    free = parse_hand("1355m", ["pon 222p", "pon 555z", "pon 666z"])
    capped = parse_hand("1355m", ["kan 2222m", "pon 555z", "pon 666z"])
    assert hand_shanten(free) == 0
    assert hand_shanten(capped) == 1


def test_shapes_follow_ruleset_options() -> None:
    assert shapes_for("riichi") == ruleset_shapes("riichi")
    assert "seven_pairs" not in shapes_for("riichi", {"seven_pairs": False})
    assert shapes_for("wuhu") == (STANDARD,)
    assert shapes_for("unknown-ruleset") == (STANDARD,)


def test_wrong_tile_count_is_a_named_error() -> None:
    with pytest.raises(WrongTileCount) as err:
        shanten(counts_of("123m456p789s123z"))
    assert err.value.code == "wrong_tile_count"


def test_unknown_shape_is_a_named_error() -> None:
    with pytest.raises(BadInput) as err:
        shanten(counts_of("123m456p789s1234z"), shapes=("standard", "dragon_tail"))
    assert err.value.code == "unknown_shape"


def test_shipped_suit_table_matches_the_programme() -> None:
    """Entries read from data/suit_costs.bin equal a fresh run of the per-suit programme."""
    shipped = tables._Shipped()
    assert shipped.max_tiles >= 6
    rng = random.Random(11)
    checked = 0
    while checked < 400:
        n = rng.randrange(shipped.max_tiles + 1)
        key = bytes(_random_counts(rng, n, range(9))[:9])
        v = shipped.flat[sum(key[r] * 5**r for r in range(9))]
        assert v, key
        expected = tables._close(tables._segment_costs(key, tables.FULL_CAPS_SUIT, True))
        assert shipped.arrays[v - 1] == expected, key
        checked += 1
