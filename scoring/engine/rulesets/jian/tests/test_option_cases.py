"""Ji'an options of issue 17, one golden case per setting (``data/option_cases.json``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.engine.rulesets import jian
from scoring.engine.tests.option_cases import case_id, check, load, missing_settings

CASES = load(Path(__file__).parent / "data" / "option_cases.json")
OPTIONS = ("bajing_holder", "bajing_bonus", "discarded_jing", "lower_jing", "exposed_kong",
           "concealed_kong", "jing_kong", "jingdiao_discard", "dezhongde",
           "heaven_earth_times", "robbing_kong", "wild_plain_self_draw_only",
           "seven_stars_natural", "honour_chows")


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_option_golden_case(case: dict[str, Any]) -> None:
    check(jian, case)


def test_every_setting_of_the_new_options_has_a_golden_case() -> None:
    assert missing_settings(jian.Options, OPTIONS, CASES) == []
