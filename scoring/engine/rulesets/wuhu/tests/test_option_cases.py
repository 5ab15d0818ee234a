"""Wuhu options of issue 17, one golden case per setting (``data/option_cases.json``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.engine.rulesets import wuhu
from scoring.engine.tests.option_cases import case_id, check, load, missing_settings

CASES = load(Path(__file__).parent / "data" / "option_cases.json")
OPTIONS = ("n_plain", "n_self_draw", "mouth_points", "full_hand", "kong_flower_double",
           "cap_at_chips")


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_option_golden_case(case: dict[str, Any]) -> None:
    check(wuhu, case)


def test_every_setting_of_the_new_options_has_a_golden_case() -> None:
    assert missing_settings(wuhu.Options, OPTIONS, CASES) == []
