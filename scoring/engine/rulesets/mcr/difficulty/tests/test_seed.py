"""Every figure seed 000 prints, reproduced (golden cases in data/difficulty_seed_figures.json).

Decimals are stored as the seed prints them and compared at that precision.
"""

from __future__ import annotations

import json
from functools import cache
from math import comb
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.rulesets.mcr.difficulty import (
    MODELS,
    difficulty_index,
    fan_entry,
    frequency_index,
    tutorial_coefficient,
)
from scoring.engine.rulesets.mcr.difficulty.engine import count
from scoring.engine.rulesets.mcr.difficulty.fans import AllHonors

GOLDEN = json.loads(
    (Path(__file__).parent / "data" / "difficulty_seed_figures.json").read_text("utf-8")
)


def _cases(kind: str) -> list[dict[str, Any]]:
    return [c for c in GOLDEN if c["in"]["kind"] == kind]


def _printed(value: float, printed: str) -> str:
    places = len(printed.partition(".")[2])
    return f"{value:.{places}f}"


@cache
def _entry(name_zh: str) -> dict[str, Any]:
    return fan_entry(next(f for f in MODELS if f.name_zh == name_zh))


def _index(name_zh: str, which: str) -> float:
    return float(_entry(name_zh)[f"{which}_index"])


@pytest.mark.parametrize("case", _cases("index"), ids=lambda c: c["in"]["fan"])
def test_all_honours_index_is_the_seed_worked_example(case: dict[str, Any]) -> None:
    value = _index(case["in"]["fan"], case["in"]["which"])
    assert _printed(value, case["out"]["index"]) == case["out"]["index"]


class _AllHonoursSetsOnly(AllHonors):
    forms = frozenset({"std"})


class _AllHonoursSevenPairsOnly(AllHonors):
    forms = frozenset({"7p"})


@pytest.mark.parametrize("case", _cases("worked_example"), ids=lambda c: c["in"]["fan"])
def test_all_honours_terms_are_the_seed_terms(case: dict[str, Any]) -> None:
    out = case["out"]
    sets = count(_AllHonoursSetsOnly(), whole=True)
    pairs = count(_AllHonoursSevenPairsOnly(), whole=True)
    assert sets.hands == out["four_pungs_and_pair"]
    assert sets.weighted == out["four_pungs_and_pair"] * out["meld_factor"]
    assert pairs.hands == pairs.weighted == out["seven_pairs"]
    whole = count(AllHonors(), whole=True)
    assert whole.weighted == sets.weighted + pairs.weighted
    assert f"{comb(136, 14):.2e}".replace("+", "") == out["random"]
    assert _printed(difficulty_index(14, whole.weighted), "11.01") == "11.01"


def test_seed_formulas_for_the_worked_example_give_its_products() -> None:
    # The seed writes C(4,1) for the pair's kind; its product needs the 3 honours left.
    four_pungs = comb(7, 4) * comb(4, 3) ** 4 * comb(3, 1) * comb(4, 2)
    seven_pairs = (
        comb(4, 2) ** 7
        + comb(7, 1) * comb(6, 5) * comb(4, 2) ** 5
        + comb(7, 2) * comb(5, 3) * comb(4, 2) ** 3
        + comb(7, 3) * comb(4, 1) * comb(4, 2)
    )
    (case,) = _cases("worked_example")
    assert four_pungs == case["out"]["four_pungs_and_pair"]
    assert seven_pairs == case["out"]["seven_pairs"]
    assert 4**4 == case["out"]["meld_factor"]


@pytest.mark.parametrize("case", _cases("tutorial_coefficient"), ids=lambda c: c["in"]["fan"])
def test_tutorial_coefficient_matches_the_seed(case: dict[str, Any]) -> None:
    needed, limited = case["in"]["needed"], case["in"]["limited"]
    out = case["out"]
    assert (
        _printed(tutorial_coefficient(needed, limited), out["coefficient"]) == (out["coefficient"])
    )
    if "limited_share" in out:
        assert _printed(limited / 144, out["limited_share"]) == out["limited_share"]
        assert _printed(needed / limited, out["needed_share"]) == out["needed_share"]


@pytest.mark.parametrize("case", _cases("frequency_index"), ids=lambda c: c["in"]["fan"])
def test_frequency_index_matches_the_seed(case: dict[str, Any]) -> None:
    value = frequency_index(case["in"]["total"], case["in"]["occurrences"])
    assert _printed(value, case["out"]["index"]) == case["out"]["index"]


@pytest.mark.parametrize(
    "case", _cases("close"), ids=lambda c: f"{c['in']['a'][0]}~{c['in']['b'][0]}"
)
def test_fans_the_seed_calls_close_in_difficulty_are_close(case: dict[str, Any]) -> None:
    a = _index(*case["in"]["a"])
    b = _index(*case["in"]["b"])
    assert abs(a - b) < case["out"]["within"]


@pytest.mark.parametrize("case", _cases("zupai_minus_hupai"), ids=lambda c: c["in"]["fan"])
def test_core_index_exceeds_winning_hand_index_by_the_seed_margin(case: dict[str, Any]) -> None:
    name = case["in"]["fan"]
    gap = _index(name, "zupai") - _index(name, "hupai")
    assert case["out"]["min"] <= gap <= case["out"]["max"]
