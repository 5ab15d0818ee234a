"""Win detection: the linear method of seed 002 and its table-driven twin."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.agari import (
    is_complete,
    is_sets,
    is_win,
    is_win_linear,
    pair_pile,
    suit_complete,
)
from scoring.engine.shapes import seven_pairs, thirteen_orphans
from scoring.engine.tiles import counts_of

from .brute import brute_is_win

DATA = Path(__file__).parent / "data" / "core"


def _counts(kinds: list[int]) -> list[int]:
    c = [0] * 34
    for k in kinds:
        c[k] += 1
    return c


ALL_KINDS = tuple(range(34))
MAN = tuple(range(9))


@st.composite
def hands(draw: st.DrawFn, kinds: tuple[int, ...] = ALL_KINDS,
          sizes: tuple[int, ...] = (2, 5, 8, 11, 14, 17)) -> list[int]:
    """A random count vector of 3n+2 tiles drawn from a wall of four copies of each kind."""
    size = draw(st.sampled_from(sizes))
    wall = draw(st.permutations([k for k in kinds for _ in range(4)]))
    return _counts(wall[:size])


@st.composite
def near_wins(draw: st.DrawFn, kinds: tuple[int, ...] = ALL_KINDS) -> list[int]:
    """A winning shape (sets + pair), sometimes with one tile swapped: the interesting cases."""
    n = draw(st.integers(0, 5))
    c = [0] * 34
    pair = draw(st.sampled_from(kinds))
    c[pair] += 2
    for _ in range(n):
        k = draw(st.sampled_from(kinds))
        if draw(st.booleans()) and k < 27 and k % 9 <= 6:
            for d in range(3):
                c[k + d] += 1
        else:
            c[k] += 3
    if draw(st.booleans()):
        out = draw(st.sampled_from([k for k in range(34) if c[k]]))
        c[out] -= 1
        c[draw(st.sampled_from(kinds))] += 1
    if max(c) > 4:
        return draw(hands(kinds))
    return c


@settings(max_examples=600, deadline=None)
@given(st.one_of(hands(), near_wins()))
def test_table_and_linear_methods_agree_with_brute_force(c: list[int]) -> None:
    expected = brute_is_win(c)
    assert is_win(c) is expected
    assert is_win_linear(c) is expected


@settings(max_examples=600, deadline=None)
@given(st.one_of(hands(MAN), near_wins(MAN)))
def test_one_suit_heavy_hands_agree_with_brute_force(c: list[int]) -> None:
    expected = brute_is_win(c)
    assert is_win(c) is expected
    assert is_win_linear(c) is expected


@st.composite
def crowded_wins(draw: st.DrawFn) -> list[int]:
    """Sets + pair over a few ranks of one suit, so five or more copies are common."""
    c = [0] * 34
    c[draw(st.integers(0, 8))] += 2
    for _ in range(draw(st.integers(1, 6))):
        k = draw(st.integers(0, 8))
        if k <= 6 and draw(st.booleans()):
            for d in range(3):
                c[k + d] += 1
        else:
            c[k] += 3
    if draw(st.booleans()):
        c[draw(st.integers(0, 8))] += 1
        c[draw(st.sampled_from([k for k in range(9) if c[k]]))] -= 1
    return c


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.lists(st.integers(0, 8), min_size=2, max_size=26).map(_counts),
                 crowded_wins()))
def test_linear_method_handles_more_than_four_copies(c: list[int]) -> None:
    # Wildcard substitution can produce a fifth copy; the linear method must still be right.
    assert is_win_linear(c) is brute_is_win(c)


def test_six_copies_are_two_triplets() -> None:
    c = [6, 2] + [0] * 32  # 111m 111m 22m, as wild substitution can produce
    assert is_win_linear(c)


def _golden() -> list[dict[str, object]]:
    cases: list[dict[str, object]] = json.loads((DATA / "agari.json").read_text(encoding="utf-8"))
    return cases


@pytest.mark.parametrize("case", _golden(), ids=lambda case: str(case["in"]))
def test_golden_win_detection(case: dict[str, object]) -> None:
    c = counts_of(str(case["in"]))
    assert is_win(c) is case["out"]
    assert is_win_linear(c) is case["out"]


def test_seed_example_pair_pile_says_258_for_55_or_88() -> None:
    # Seed 002: piles 369 / 147 / 258 hold 12 / 6 / 8 tiles, so the pair is 55 or 88, and
    # with 88 the hand (allowed more than four copies in the seed's thought experiment) wins.
    c = counts_of("33333444555566777888899999m")
    c = c[:27] + [0] * 7
    assert suit_complete(c[0:9], with_pair=True)
    assert brute_is_win(c)


@pytest.mark.parametrize(("hand", "pile"), [
    ("23333444455556666m", 0),  # seed: piles 4 / 5 / 8 -> residues 1, 2, 2: the pair is 44
    ("33345678m", 2),  # 33 is the pair
    ("55666777889m", 0),  # piles 3 / 4 / 4 -> only 77 can be the pair, and it fails
    ("123456789m", None),  # 3n tiles: equal residues, no pair anywhere
])
def test_theorem_2_names_the_pile_of_the_pair(hand: str, pile: int | None) -> None:
    assert pair_pile(counts_of(hand)[:9]) == pile


@settings(max_examples=300, deadline=None)
@given(near_wins(MAN))
def test_the_pair_of_a_one_suit_win_lies_in_the_theorem_2_pile(c: list[int]) -> None:
    pile = pair_pile(c[:9])
    pairs = {d_pair for d_pair in range(9) if c[d_pair] >= 2 and _wins_with_pair(c, d_pair)}
    assert all(p % 3 == pile for p in pairs)


def _wins_with_pair(c: list[int], pair: int) -> bool:
    d = list(c)
    d[pair] -= 2
    return is_sets(d)


def test_seventeen_tile_taiwan_hand_wins() -> None:
    assert is_win(counts_of("123m456m789m123p44z555z"))


def test_melds_only_lower_the_tile_count() -> None:
    # A hand with four declared melds leaves a concealed pair.
    assert is_win(counts_of("55z"))
    assert not is_win(counts_of("56z"))


def test_is_sets_accepts_only_sets_without_a_pair() -> None:
    assert is_sets(counts_of("123m555z"))
    assert not is_sets(counts_of("123m55z"))
    assert is_sets([0] * 34)


def test_count_vectors_must_have_34_entries() -> None:
    with pytest.raises(ValueError):
        is_win_linear([0] * 9)


def test_negative_counts_are_refused() -> None:
    with pytest.raises(ValueError):
        is_win([-1] + [0] * 33)


def test_every_majiang_core_riichi_win_is_detected() -> None:
    # The shared data sits beside the checkout (../shared/data), as in CI.
    path = Path(__file__).resolve().parents[4] / "shared/data/majiang-core/hule.json"
    cases = json.loads(path.read_text(encoding="utf-8")) if path.exists() else []
    checked = 0
    for case in cases[:2000]:
        shoupai: str = case["in"]["shoupai"]
        if "," in shoupai:
            continue  # open hands: only closed ones are checked here
        c = [0] * 34
        suit = ""
        for ch in shoupai:
            if ch in "mpsz":
                suit = ch
            elif ch.isdigit():
                rank = int(ch) or 5
                c["mpsz".index(suit) * 9 + rank - 1] += 1
        rong = case["in"].get("rongpai")
        if rong:
            c["mpsz".index(rong[0]) * 9 + (int(rong[1]) or 5) - 1] += 1
        name_list = [h["name"] for h in case["out"]["hupai"]]
        special = {"七対子", "国士無双", "国士無双十三面"} & set(name_list)
        if special:
            continue
        assert is_win(c), shoupai
        checked += 1
    if path.exists():
        assert checked > 500


@st.composite
def special_ish(draw: st.DrawFn) -> list[int]:
    """Fourteen tiles shaped like seven pairs or thirteen orphans, sometimes spoilt."""
    c = [0] * 34
    if draw(st.booleans()):
        for k in draw(st.lists(st.integers(0, 33), min_size=7, max_size=7)):
            c[k] += 2
    else:
        for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
            c[k] = 1
        c[draw(st.sampled_from((0, 8, 9, 17, 18, 26, 27, 33)))] += 1
    if draw(st.booleans()):
        c[draw(st.sampled_from([k for k in range(34) if c[k]]))] -= 1
        c[draw(st.integers(0, 33))] += 1
    if max(c) > 4:
        return [0] * 32 + [2, 0]
    return c


@settings(max_examples=300, deadline=None)
@given(st.one_of(special_ish(), hands()))
def test_is_complete_is_standard_or_seven_pairs_or_orphans(c: list[int]) -> None:
    expected = brute_is_win(c) or bool(seven_pairs(c)) or bool(thirteen_orphans(c))
    assert is_complete(c) is expected
    assert is_complete(c, seven_pairs=False, thirteen_orphans=False) is brute_is_win(c)


def test_tables_come_up_whole_under_threads() -> None:
    # A fresh interpreter so the lazy build really happens while eight threads ask at once.
    code = (
        "import threading\n"
        "from scoring.engine.agari import is_complete, is_win\n"
        "from scoring.engine.tiles import counts_of\n"
        "win, pairs = counts_of('123m456p789s11z222z'), counts_of('1122m3344p5566s77z')\n"
        "out = []\n"
        "def ask():\n"
        "    out.append((is_win(win), is_complete(pairs)))\n"
        "ts = [threading.Thread(target=ask) for _ in range(8)]\n"
        "[t.start() for t in ts]\n"
        "[t.join() for t in ts]\n"
        "print(sorted(set(out)))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[3], timeout=120)
    assert proc.stdout.strip() == "[(True, True)]", proc.stderr
