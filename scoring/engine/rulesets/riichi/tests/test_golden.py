"""Worked examples from seed 001 and majiang-core's published pao results, kept as data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.result import check
from scoring.engine.rulesets.riichi import score
from scoring.engine.rulesets.riichi.score import scored

from .contract_view import figures

CASES = json.loads((Path(__file__).parent / "data" / "golden.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c["about"][:60] for c in CASES])
def test_golden_case(case: dict[str, Any]) -> None:
    result = score(case["in"])
    check(result)
    got = figures(result)
    # The seed's base points are the ruleset's own working figure, not the contract's.
    if "base_points" in case["out"]:
        got["base_points"] = scored(case["in"])["base_points"]
    assert {key: got[key] for key in case["out"]} == case["out"]
    assert sum(got["deltas"].values()) == got["pot_taken"]
