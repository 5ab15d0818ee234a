"""Waits of a 3n+1 hand, including the counts of seed 002."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.errors import BadInput, WrongTileCount
from scoring.engine.shapes import KNITTED_SETS, special_shapes
from scoring.engine.tiles import counts_of, parse_hand, tile_name
from scoring.engine.waits import hand_waits, held_counts, is_ready, wait_details, waits

from .brute import brute_is_win, brute_waits

DATA = Path(__file__).parent / "data" / "core"
CASES = json.loads((DATA / "waits.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["in"]["hand"])
def test_golden_waits(case: dict[str, Any]) -> None:
    hand = parse_hand(case["in"]["hand"], case["in"].get("melds", []))
    found = hand_waits(hand, case["in"].get("shapes", []))
    assert [tile_name(w.kind) for w in found] == case["out"]


def one_suit_hands(size: int) -> Iterator[list[int]]:
    """Every multiset of ranks 1-9 (at most four of each) with ``size`` tiles, as counts."""
    def rec(rank: int, left: int, acc: list[int]) -> Iterator[list[int]]:
        if rank == 8:
            if left <= 4:
                yield acc + [left] + [0] * 25
            return
        for n in range(min(4, left) + 1):
            yield from rec(rank + 1, left - n, acc + [n])
    return rec(0, size, [])


def wait_histogram(size: int) -> tuple[Counter[int], set[tuple[int, ...]]]:
    """How many hands wait on n kinds, and the hands that wait on all nine."""
    hist: Counter[int] = Counter()
    nine = set()
    for c in one_suit_hands(size):
        n = len(waits(c))
        hist[n] += 1
        if n == 9:
            nine.add(tuple(c))
    return hist, nine


def test_seed_002_thirteen_tile_one_suit_wait_counts() -> None:
    # Convention (the issue's): a kind the hand holds all four of is not a wait. Counting
    # such kinds too would give 8 / 44 / 155 hands instead of the seed's 1 / 16 / 79.
    hist, nine = wait_histogram(13)
    assert sum(hist.values()) == 93600
    assert (hist[9], hist[8], hist[7]) == (1, 16, 79)
    assert nine == {tuple(counts_of("1112345678999m"))}


def test_seed_002_sixteen_tile_one_suit_wait_counts() -> None:
    hist, nine = wait_histogram(16)
    assert sum(hist.values()) == 162585
    assert (hist[9], hist[8], hist[7]) == (11, 94, 532)
    named = ["1122233345678999m", "1112345667788999m", "1112345666777888m",
             "1112345566778999m", "1112344556678999m"]
    assert {tuple(counts_of(h)) for h in named} <= nine


@st.composite
def waiting_hands(draw: st.DrawFn) -> list[int]:
    size = draw(st.sampled_from((1, 4, 7, 10, 13, 16)))
    kinds = draw(st.sampled_from((tuple(range(34)), tuple(range(9)), tuple(range(9, 18)) +
                                  tuple(range(27, 34)))))
    wall = draw(st.permutations([k for k in kinds for _ in range(4)]))
    c = [0] * 34
    for k in wall[:size]:
        c[k] += 1
    return c


@settings(max_examples=300, deadline=None)
@given(waiting_hands())
def test_waits_agree_with_brute_force(c: list[int]) -> None:
    assert waits(c) == brute_waits(c)


def test_declared_melds_count_towards_the_four_copies() -> None:
    hand = parse_hand("1m", ["pon 111m", "pon 222z", "chi 345p", "pon 999s"])
    assert held_counts(hand.counts, hand.melds)[0] == 4
    assert not is_ready(hand.counts, hand.melds)


def test_wait_details_give_remaining_copies_and_shapes() -> None:
    assert [w.to_dict() for w in hand_waits(parse_hand("11223m445566p77z"), ["seven_pairs"])] == [
        {"tile": "3m", "remaining": 3, "shapes": ["standard", "seven_pairs"]},
    ]
    assert [w.to_dict() for w in hand_waits(parse_hand("1111223m445566p"))] == [
        {"tile": "2m", "remaining": 2, "shapes": ["standard"]},
        {"tile": "3m", "remaining": 3, "shapes": ["standard"]},
    ]


def test_a_complete_hand_has_no_waits_but_a_count_error() -> None:
    with pytest.raises(WrongTileCount) as err:
        waits(counts_of("1112345678999m1m"))
    assert err.value.message == (
        "waits are asked of a waiting hand of 3n+1 tiles (counting each meld as 3), "
        "but this one has 14"
    )


def test_an_unknown_shape_is_a_bad_input() -> None:
    with pytest.raises(BadInput):
        wait_details(counts_of("1m"), shapes=["eight_pairs"])


ALL_SHAPES = ("seven_pairs", "thirteen_orphans", "honours_and_knitted", "knitted_straight",
              "thirteen_lan")


@st.composite
def special_waiting_hands(draw: st.DrawFn) -> list[int]:
    """Thirteen tiles near a special shape: pairs, orphans, or a knitted/loose spread."""
    pools = [
        [k for k in range(34) for _ in range(2)],  # pairs come easily
        [0, 8, 9, 17, 18, 26, *range(27, 34)] * 2,  # orphans
        [*KNITTED_SETS[draw(st.integers(0, 5))], *range(27, 34), *range(27)],  # knitted
    ]
    pool = draw(st.sampled_from(pools))
    picks = draw(st.permutations(pool))
    c = [0] * 34
    for k in picks:
        if sum(c) == 13:
            break
        if c[k] < 4:
            c[k] += 1
    return c


@settings(max_examples=300, deadline=None)
@given(special_waiting_hands(), st.sampled_from([ALL_SHAPES, ("seven_pairs_quads",)]))
def test_special_waits_agree_with_trying_every_kind(c: list[int], shapes: tuple[str, ...]) -> None:
    expected = []
    for k in range(34):
        if c[k] >= 4:
            continue
        d = list(c)
        d[k] += 1
        if brute_is_win(d) or special_shapes(d, shapes):
            expected.append(k)
    assert waits(c, shapes=shapes) == expected
