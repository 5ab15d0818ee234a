"""Wildcards (癞子 / 百搭 / 精): checked against substituting every wild by every kind."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.engine.agari import is_win_linear
from scoring.engine.decompose import decompositions
from scoring.engine.errors import BadInput, WrongTileCount
from scoring.engine.shapes import seven_pairs, thirteen_lan
from scoring.engine.tiles import counts_of, kind_of, parse_hand, tile_name
from scoring.engine.wildcards import (
    analyse_wild,
    is_win_wild,
    min_wilds,
    seven_pairs_wild,
    split_wilds,
    thirteen_lan_wild,
    waits_wild,
    wild_decompositions,
)

DATA = Path(__file__).parent / "data" / "core"
CASES = json.loads((DATA / "wildcards.json").read_text(encoding="utf-8"))


def substitutions(c: list[int], w: int, kinds: range = range(34)) -> Iterator[list[int]]:
    """Every hand the wilds can become (order of the wilds does not matter)."""
    for combo in combinations_with_replacement(kinds, w):
        d = list(c)
        for k in combo:
            d[k] += 1
        yield d


def brute(c: list[int], w: int, test: Callable[[list[int]], bool]) -> bool:
    return any(test(d) for d in substitutions(c, w))


def all_triplets(c: list[int]) -> bool:
    return sum(n % 3 == 2 for n in c) == 1 and all(n % 3 in (0, 2) for n in c)


@st.composite
def wild_hands(draw: st.DrawFn, sizes: tuple[int, ...] = (2, 5, 8, 11, 14), max_wilds: int = 3,
               kinds: tuple[int, ...] = tuple(range(34))) -> tuple[list[int], int]:
    size = draw(st.sampled_from(sizes))
    w = draw(st.integers(0, min(max_wilds, size)))
    wall = draw(st.permutations([k for k in kinds for _ in range(4)]))
    c = [0] * 34
    for k in wall[: size - w]:
        c[k] += 1
    return c, w


@settings(max_examples=150, deadline=None)
@given(wild_hands())
def test_wild_win_agrees_with_substituting_every_kind(hand: tuple[list[int], int]) -> None:
    c, w = hand
    assert is_win_wild(c, w) is brute(c, w, is_win_linear)


@settings(max_examples=150, deadline=None)
@given(wild_hands(kinds=tuple(range(9)), max_wilds=2, sizes=(5, 8, 11, 14, 17)))
def test_wild_win_in_one_suit_agrees_with_substitution(hand: tuple[list[int], int]) -> None:
    c, w = hand
    assert is_win_wild(c, w) is brute(c, w, is_win_linear)


@settings(max_examples=100, deadline=None)
@given(wild_hands(max_wilds=2))
def test_all_triplets_with_wilds_agrees_with_substitution(hand: tuple[list[int], int]) -> None:
    c, w = hand
    assert is_win_wild(c, w, runs=False) is brute(c, w, all_triplets)


@settings(max_examples=100, deadline=None)
@given(wild_hands(sizes=(14,), max_wilds=3, kinds=tuple(range(0, 34, 2))), st.booleans())
def test_seven_pairs_with_wilds_agrees_with_substitution(hand: tuple[list[int], int],
                                                         quads: bool) -> None:
    c, w = hand
    expected = brute(c, w, lambda d: seven_pairs(d, quads=quads) is not None)
    assert seven_pairs_wild(c, w, quads=quads) is expected


@st.composite
def loose_hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """Fourteen tiles mostly distinct and far apart, so 十三烂 is often in reach."""
    w = draw(st.integers(0, 2))
    kinds = draw(st.lists(st.integers(0, 33), min_size=14 - w, max_size=14 - w, unique=True))
    c = [0] * 34
    for k in kinds:
        c[k] += 1
    return c, w


@settings(max_examples=150, deadline=None)
@given(loose_hands())
def test_thirteen_lan_with_wilds_agrees_with_substitution(hand: tuple[list[int], int]) -> None:
    c, w = hand
    lan, stars = thirteen_lan_wild(c, w)
    matches = [thirteen_lan(d) for d in substitutions(c, w)]
    assert lan is any(m is not None for m in matches)
    assert stars is any(m is not None and m.seven_stars for m in matches)


@settings(max_examples=100, deadline=None)
@given(wild_hands(max_wilds=2))
def test_every_wild_decomposition_resolves_to_a_real_win(hand: tuple[list[int], int]) -> None:
    c, w = hand
    found = wild_decompositions(c, w)
    assert bool(found) is is_win_wild(c, w)
    for d in found:
        assert d.wilds_used == w
        resolved = list(c)
        for g in (d.pair, *d.groups):
            for k in g.wild:
                resolved[k] += 1
        # All-wild groups may be anything: make them kinds the hand does not hold.
        spare = [k for k in range(34) if resolved[k] == 0]
        resolved[spare[0]] += 3 * sum(g.kind is None for g in d.groups)
        resolved[spare[1]] += 2 if d.pair.kind is None else 0
        assert sum(resolved) == sum(c) + w
        assert is_win_linear(resolved)


@settings(max_examples=60, deadline=None)
@given(wild_hands(sizes=(4, 7, 10, 13), max_wilds=1))
def test_wild_waits_agree_with_substitution(hand: tuple[list[int], int]) -> None:
    c, w = hand
    wild = 33  # 7z plays the 百搭; its tiles in the hand are the wilds
    full = list(c)
    assume(full[wild] + w <= 4)
    full[wild] += w
    held = full
    expected = []
    for k in range(34):
        if held[k] >= 4:
            continue
        base, n = split_wilds(full, [wild])
        if k == wild:
            n += 1
        else:
            base[k] += 1
        if brute(base, n, is_win_linear):
            expected.append(k)
    assert waits_wild(full, [wild]) == expected


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["in"]["hand"])
def test_golden_wild_analysis(case: dict[str, Any]) -> None:
    hand = parse_hand(case["in"]["hand"])
    wild = [kind_of(t) for t in case["in"]["wildcards"]]
    result = analyse_wild(hand.counts, wild, len(hand.melds), case["in"].get("shapes", []))
    assert result.to_dict() == case["out"]


def test_two_wilds_can_be_the_pair() -> None:
    c, w = split_wilds(counts_of("123m456p789s111z55z"), [kind_of("5z")])
    assert w == 2
    readings = [d.to_dict() for d in wild_decompositions(c, w)]
    assert {"shape": "pair", "tiles": None, "wild": None} in [r["pair"] for r in readings]


def test_three_wilds_can_be_a_whole_set() -> None:
    c, w = split_wilds(counts_of("123m456p11z555z"), [kind_of("5z")])
    assert is_win_wild(c, w)
    assert any(g.kind is None for d in wild_decompositions(c, w) for g in d.groups)


def test_a_wild_fills_the_middle_of_a_run() -> None:
    c, w = split_wilds(counts_of("13m456p789s11z222z5z"), [kind_of("5z")])
    [reading] = [d.to_dict() for d in wild_decompositions(c, w)]
    assert {"shape": "run", "tiles": "123m", "wild": ["2m"]} in reading["sets"]


def test_min_wilds_counts_the_cheapest_completion() -> None:
    assert min_wilds(counts_of("123m")) == 2  # the pair
    assert min_wilds(counts_of("13m")) == 3  # the 2m and a pair
    assert min_wilds(counts_of("1m9p")) == 3  # one wild pairs a tile, two make the other a set


def test_wild_waits_with_melds_respect_four_copies() -> None:
    hand = parse_hand("5z", ["kan 1111m", "pon 222z", "chi 345p", "pon 999s"])
    found = [tile_name(k) for k in waits_wild(hand.counts, [kind_of("5z")], hand.melds)]
    # A lone wild pairs with anything, but all four 1m are already in the kong.
    assert "1m" not in found
    assert len(found) == 33


def test_flowers_cannot_be_wild() -> None:
    with pytest.raises(BadInput, match="1f cannot be a wildcard: flowers are never wild"):
        split_wilds([0] * 34, [34])


def test_wild_waits_need_a_waiting_hand() -> None:
    with pytest.raises(WrongTileCount):
        waits_wild(counts_of("11m"), [kind_of("5z")])


@settings(max_examples=150, deadline=None)
@given(wild_hands(sizes=(5, 8, 11, 14), max_wilds=1))
def test_one_wild_readings_are_exactly_those_of_every_substitution(
        hand: tuple[list[int], int]) -> None:
    c, w = hand
    assume(w == 1)
    expected = set()
    for k in range(34):
        d = list(c)
        d[k] += 1
        for r in decompositions(d):
            expected.add((r.pair, tuple(sorted((g.shape, g.kind) for g in r.groups))))
    found = {
        (d.pair.kind, tuple(sorted((g.shape, g.kind) for g in d.groups)))
        for d in wild_decompositions(c, w)
    }
    assert found == expected
