"""Honour chows: the wild-aware count of :mod:`scoring.engine.honour_runs` against trying
every substitution, and honour chows through the wildcard win check."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.honour_runs import HONOUR_RUNS, is_honour_run, need_honours
from scoring.engine.tiles import counts_of, parse_tiles
from scoring.engine.wildcards import analyse_wild, is_win_wild


@cache
def _exact(key: tuple[int, ...], pair: bool) -> bool:
    """Sets (triplets, honour runs) and the pair when asked, tiles used exactly."""
    i = next((j for j, n in enumerate(key) if n), None)
    if i is None:
        return not pair
    options: list[tuple[tuple[int, ...], bool]] = []
    if pair and key[i] >= 2:
        options.append(((i, i), False))
    if key[i] >= 3:
        options.append(((i, i, i), pair))
    options += [(run, pair) for run in HONOUR_RUNS if i in run]
    for used, still_pair in options:
        rest = list(key)
        for j in used:
            rest[j] -= 1
        if min(rest) >= 0 and _exact(tuple(rest), still_pair):
            return True
    return False


def _brute(key: tuple[int, ...], wilds: int, pair: bool) -> bool:
    for extra in combinations_with_replacement(range(7), wilds):
        full = list(key)
        for j in extra:
            full[j] += 1
        if _exact(tuple(full), pair):
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=7, max_size=7), st.integers(0, 3), st.booleans())
def test_fewest_wilds_agree_with_trying_every_substitution(
        key: list[int], wilds: int, pair: bool) -> None:
    if (sum(key) + wilds) % 3 != (2 if pair else 0):
        return
    assert (need_honours(bytes(key), pair) <= wilds) == _brute(tuple(key), wilds, pair)


def test_three_different_winds_and_the_three_dragons_are_chows() -> None:
    assert is_honour_run(tuple(parse_tiles("124z")))
    assert is_honour_run(tuple(parse_tiles("567z")))
    assert not is_honour_run(tuple(parse_tiles("345z")))  # two winds and a dragon
    assert not is_honour_run(tuple(parse_tiles("113z")))


def test_honour_chows_make_a_win_only_when_allowed() -> None:
    hand = counts_of("123m456p789s12355z")
    assert not is_win_wild(hand, 0)
    assert is_win_wild(hand, 0, honour_runs=True)


def test_a_wild_completes_an_honour_chow_and_the_win_is_not_natural() -> None:
    hand = counts_of("123m456p789s1355z6m")  # 6m wild stands for 南 or 北
    found = analyse_wild(hand, [counts_of("6m").index(1)], honour_runs=True)
    assert found.win and not found.natural
    assert not analyse_wild(hand, [counts_of("6m").index(1)]).win
