"""Sichuan options of issue 17, one golden case per setting (``data/option_cases.json``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.engine.rulesets import sichuan
from scoring.engine.tests.option_cases import case_id, check, load, missing_settings

CASES = load(Path(__file__).parent / "data" / "option_cases.json")
OPTIONS = ("all_triplets_fan", "concealed_simples", "terminals_fan", "jiang_seven_pairs",
           "middle_five", "heavenly_fan", "earthly_fan", "last_discard_fan", "blood_flow",
           "exchange_three",)


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_option_golden_case(case: dict[str, Any]) -> None:
    check(sichuan, case)


def test_every_setting_of_the_new_options_has_a_golden_case() -> None:
    assert missing_settings(sichuan.Options, OPTIONS, CASES) == []
