"""Taiwan scoring: one golden case per 台 item and per payment rule of the cited 台數表,
and the refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.rulesets.taiwan import score
from scoring.engine.rulesets.taiwan.score import scored
from scoring.engine.rulesets.taiwan.tai import ELEMENTS, ITEM_NAMES
from scoring.engine.tests.golden import check_case, worth_by_native

DATA = Path(__file__).parent / "data"
GOLDEN = json.loads((DATA / "golden.json").read_text("utf-8"))
PAYMENTS = json.loads((DATA / "payments.json").read_text("utf-8"))


@pytest.mark.parametrize("case", GOLDEN + PAYMENTS, ids=[c["name"] for c in GOLDEN + PAYMENTS])
def test_golden_cases_score_their_items_and_payments(case: dict[str, Any]) -> None:
    check_case(case, score)


def test_every_tai_item_has_a_golden_case() -> None:
    keys = {item["key"] for case in GOLDEN for item in scored(case["in"])["items"]}
    assert {e.key for e in ELEMENTS} <= keys
    assert {"eight_flowers", "seven_rob_one", "dealer"} <= keys


def test_headline_is_what_every_payer_pays_and_points_what_the_winner_gets() -> None:
    got = scored({"winner": 0, "dealer": 0, "tai": 2, "win": "self_draw", "dealer_streak": 1})
    assert got["headline"] == {"value": 5, "unit": "tai", "points": 240}
    other = scored({"winner": 1, "dealer": 0, "tai": 2, "win": "self_draw"})
    assert other["headline"]["value"] == 2
    assert [i["payer"] for i in other["items"] if "payer" in i] == [0]


def test_the_best_reading_is_paid() -> None:
    # 111222333m reads as three concealed triplets (三暗刻 2) or three runs.
    got = scored({"winner": 1, "dealer": 0, "hand": "111222333m456p78s55z", "win_tile": "9s",
                 "win": "discard", "discarder": 2, "flowers": "1f"})
    assert worth_by_native(got) == {"門清": 1, "三暗刻": 2}


def refused(request: dict[str, Any]) -> str:
    with pytest.raises(EngineError) as info:
        scored({"winner": 1, "dealer": 0, **request})
    return info.value.code


def test_refusals_are_named() -> None:
    hand = {"hand": "123456789m234p55s67s", "win_tile": "8s"}
    assert refused({**hand, "hand": "123456789m234p5s67s", "win": "discard"}) == \
        "wrong_tile_count"
    assert refused({"hand": "123456789m234p55s68s", "win_tile": "1z",
                    "win": "discard"}) == "not_a_winning_hand"
    assert refused({**hand, "win": "discard", "after_kong": True}) == "win_flag_conflict"
    assert refused({**hand, "win": "self_draw", "robbing_kong": True}) == "win_flag_conflict"
    assert refused({**hand, "win": "self_draw", "first_turn": "heavenly"}) == \
        "win_flag_conflict"
    assert refused({**hand, "win": "discard", "first_turn": "sometime"}) == "bad_input"
    assert refused({**hand, "win": "discard", "flowers": "1f1f"}) == "too_many_copies"
    assert refused({**hand, "win": "discard", "flowers": "1f",
                    "options": {"flowers": False}}) == "bad_input"
    assert refused({"flower_win": True, "flowers": "1f2f3f", "win": "self_draw"}) == \
        "bad_input"
    assert refused({"tai": -1, "win": "discard"}) == "bad_input"
    assert refused({"tai": 1, "win": "discard", "discarder": 1}) == "bad_input"
    assert refused({"tai": 1, "win": "discard", "options": {"per_tai": -5}}) == "bad_option"


def test_every_item_name_a_result_carries_is_listed_for_translation() -> None:
    names = {item["name"] for case in GOLDEN + PAYMENTS for item in scored(case["in"])["items"]}
    assert names <= set(ITEM_NAMES)
