"""Special shapes: seven pairs, thirteen orphans and the knitted family."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.errors import BadInput
from scoring.engine.shapes import (
    HONOUR_KINDS,
    KNITTED_PERMUTATIONS,
    KNITTED_SETS,
    check_shapes,
    honours_and_knitted,
    knitted_name,
    knitted_straights,
    seven_pairs,
    special_shapes,
    thirteen_lan,
)
from scoring.engine.tiles import counts_of, parse_hand

DATA = Path(__file__).parent / "data" / "core"
CASES = json.loads((DATA / "shapes.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=lambda case: case["in"]["hand"])
def test_golden_special_shapes(case: dict[str, Any]) -> None:
    hand = parse_hand(case["in"]["hand"], case["in"].get("melds", []))
    found = special_shapes(hand.counts, case["in"]["shapes"], len(hand.melds))
    assert [m.to_dict() for m in found] == case["out"]


def test_there_are_six_knitted_permutations_of_nine_tiles_each() -> None:
    names = {knitted_name(p) for p in KNITTED_PERMUTATIONS}
    assert len(names) == 6
    assert "147m258p369s" in names and "369m258p147s" in names
    assert all(len(set(kinds)) == 9 for kinds in KNITTED_SETS)


@settings(deadline=None)
@given(st.sampled_from(range(6)), st.sets(st.integers(0, 15), min_size=14, max_size=14))
def test_every_honours_and_knitted_hand_is_also_thirteen_lan(perm: int, picks: set[int]) -> None:
    pool = list(KNITTED_SETS[perm]) + list(HONOUR_KINDS)
    c = [0] * 34
    for i in picks:
        c[pool[i]] += 1
    match = honours_and_knitted(c)
    assert match is not None
    assert match.knitted == knitted_name(KNITTED_PERMUTATIONS[perm])
    assert match.seven_stars is all(c[k] for k in HONOUR_KINDS)
    lan = thirteen_lan(c)
    assert lan is not None and lan.seven_stars is match.seven_stars


@settings(deadline=None)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14, unique=True))
def test_thirteen_lan_means_suited_tiles_three_apart(kinds: list[int]) -> None:
    c = [0] * 34
    for k in kinds:
        c[k] = 1
    loose = all(
        abs(a - b) >= 3 for a in kinds for b in kinds if a != b and a < 27 and a // 9 == b // 9
    )
    assert (thirteen_lan(c) is not None) is loose


def test_a_pair_breaks_the_knitted_and_loose_shapes() -> None:
    c = counts_of("147m258p369s11234z")
    assert honours_and_knitted(c) is None
    assert thirteen_lan(c) is None


def test_knitted_straight_lists_every_reading_of_the_rest() -> None:
    # The rest is 11123m: 111m + 23m fails, so the only reading is 11m + 123m.
    [match] = knitted_straights(counts_of("147m258p369s11123m"))
    readings = {(d.pair, tuple(g.kinds for g in d.groups)) for d in match.decompositions}
    assert readings == {(0, ((0, 1, 2),))}


def test_knitted_straight_needs_the_whole_knitted_set() -> None:
    assert knitted_straights(counts_of("147m258p36s1112223z")) == []


def test_seven_pairs_needs_a_concealed_fourteen() -> None:
    assert seven_pairs(counts_of("1122m3344p5566s7z")) is None
    assert seven_pairs(counts_of("1122m3344p5566s77z"), melds=1) is None


def test_unknown_shape_flag_is_refused_with_the_list() -> None:
    with pytest.raises(BadInput) as err:
        check_shapes(["seven_pairs", "nine_gates"])
    assert err.value.message == (
        "unknown shape 'nine_gates'; known shapes: seven_pairs, seven_pairs_quads, "
        "thirteen_orphans, honours_and_knitted, knitted_straight, thirteen_lan"
    )
