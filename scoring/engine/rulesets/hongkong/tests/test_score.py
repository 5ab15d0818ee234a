"""Hong Kong scoring: one golden case per 番 item and per payment rule of the cited
sources, the 半辣上 / 全辣上 tables, the minimum and the refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.rulesets.hongkong import score
from scoring.engine.rulesets.hongkong.fan import ELEMENTS, ITEM_NAMES
from scoring.engine.rulesets.hongkong.score import multiplier, scored
from scoring.engine.tests.golden import check_case, worth_by_native

DATA = Path(__file__).parent / "data"
GOLDEN = json.loads((DATA / "golden.json").read_text("utf-8"))
PAYMENTS = json.loads((DATA / "payments.json").read_text("utf-8"))

# yawnoc/mahjong-scorer's multiplier table, 0-13 fan.
HALF_SPICY = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]


@pytest.mark.parametrize("case", GOLDEN + PAYMENTS, ids=[c["name"] for c in GOLDEN + PAYMENTS])
def test_golden_cases_score_their_items_and_payments(case: dict[str, Any]) -> None:
    check_case(case, score)


def test_every_fan_item_has_a_golden_case() -> None:
    keys = {item["key"] for case in GOLDEN for item in scored(case["in"])["items"]}
    assert {e.key for e in ELEMENTS} | {"chicken", "flower_hand", "eight_flowers"} <= keys


@pytest.mark.parametrize("fan", range(14))
def test_multipliers_follow_the_half_and_full_spicy_tables(fan: int) -> None:
    assert multiplier(fan, "half") == HALF_SPICY[fan]
    assert multiplier(fan, "full") == 2 ** fan


def test_limit_hands_are_named_in_the_headline() -> None:
    got = scored({"hand": "19m19p19s1234567z", "win_tile": "1m", "win": "self_draw"})
    assert got["headline"]["native_limit"] == "爆棚" and got["limit"]
    assert scored({"hand": "19m19p19s1234567z", "win_tile": "1m", "win": "self_draw",
                  "options": {"max_fan": 10}})["fan"] == 10


def test_flowers_do_not_reach_the_minimum() -> None:
    base = {"winner": 1, "dealer": 0, "hand": "123m456m55s78s", "melds": ["chi 123p"],
            "win_tile": "9s", "win": "self_draw", "last_tile": True}
    assert scored({**base, "flowers": "2f"})["fan"] == 4  # 平糊 自摸 海底 3 + 正花 1
    with pytest.raises(EngineError) as info:
        scored({**base, "last_tile": False, "flowers": "2f6f"})
    assert info.value.code == "below_minimum_fan"
    with pytest.raises(EngineError) as info:
        scored({"fan": 3, "flowers": 1, "win": "self_draw"})
    assert info.value.code == "below_minimum_fan"


def test_the_best_reading_is_paid() -> None:
    # 111222333m reads as three pungs (對對糊 with the 999s won) or three chows.
    got = scored({"hand": "111222333m55z99s", "win_tile": "9s", "win": "discard",
                 "discarder": 3, "options": {"min_fan": 0, "base": 2}})
    assert worth_by_native(got) == {"對對糊": 3, "門前清": 1, "無花": 1}


def refused(request: dict[str, Any]) -> str:
    with pytest.raises(EngineError) as info:
        scored({"winner": 1, "dealer": 0, **request})
    return info.value.code


def test_refusals_are_named() -> None:
    hand = {"hand": "123456789m55s78s", "win_tile": "9s"}
    assert refused({**hand, "hand": "123456789m5s78s", "win": "discard"}) == \
        "wrong_tile_count"
    assert refused({**hand, "win_tile": "1z", "win": "discard"}) == "not_a_winning_hand"
    assert refused({**hand, "win": "discard", "after_kong": True}) == "win_flag_conflict"
    assert refused({**hand, "win": "self_draw", "after_kong": True,
                    "double_kong": True}) == "win_flag_conflict"
    assert refused({**hand, "win": "self_draw", "robbing_kong": True}) == \
        "win_flag_conflict"
    assert refused({**hand, "win": "self_draw", "first_turn": "heavenly"}) == \
        "win_flag_conflict"
    assert refused({"fan": 5, "win": "discard", "pao": 2}) == "bad_input"
    assert refused({"fan": 5, "win": "self_draw", "pao": 1}) == "bad_input"
    assert refused({"flower_win": True, "flowers": "1f2f", "win": "self_draw"}) == \
        "bad_input"
    assert refused({"fan": 3, "win": "discard", "options": {"min_fan": 0}}) == "bad_option"
    assert refused({"fan": 3, "win": "discard", "options": {"spicy": "mild"}}) == \
        "bad_option"


def test_every_item_name_a_result_carries_is_listed_for_translation() -> None:
    names = {item["name"] for case in GOLDEN + PAYMENTS for item in scored(case["in"])["items"]}
    assert names <= set(ITEM_NAMES)
