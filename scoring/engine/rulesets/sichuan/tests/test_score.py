"""Sichuan scoring: the seed's 成麻五元 figures as golden data, and the hand checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get, sichuan
from scoring.engine.rulesets.sichuan.options import Options
from scoring.engine.rulesets.sichuan.score import best_ready_fan, scored
from scoring.engine.tests.figures import figures_of
from scoring.engine.tiles import counts_of, parse_meld

GOLDEN = json.loads((Path(__file__).parent / "data" / "golden.json").read_text("utf-8"))


@pytest.mark.parametrize("case", GOLDEN, ids=[c["name"] for c in GOLDEN])
def test_seed_figures_are_reproduced(case: dict[str, Any]) -> None:
    got = figures_of(sichuan, case["in"])  # deltas and size from the result contract
    assert {k: got[k] for k in case["out"]} == case["out"]
    assert sum(got["deltas"]) == 0


def test_registry_finds_the_package_with_its_contract() -> None:
    mod = get("sichuan")
    assert mod.NAME == "sichuan" and mod.TITLE_NATIVE.startswith("四川")
    assert set(mod.PRESETS) >= {"chengdu", "chengdu_five"}
    assert mod.game.outcome_types == ("hand",)


def _err(request: dict[str, Any]) -> str:
    with pytest.raises(EngineError) as info:
        scored(request)
    return info.value.code


def test_honours_are_refused_with_a_named_code() -> None:
    assert _err({"hand": "123456789m1122z", "win_tile": "2z", "win": "discard"}) == (
        "honours_not_used")


def test_chow_is_refused() -> None:
    code = _err({"hand": "456789m1122p", "melds": ["chi 123m"], "win_tile": "2p",
                 "win": "discard"})
    assert code == "chow_not_allowed"


def test_a_win_holding_all_three_suits_is_not_missing_a_suit() -> None:
    assert _err({"hand": "123456m789p1122s", "win_tile": "2s", "win": "discard"}) == (
        "not_missing_a_suit")


def test_a_win_holding_its_declared_missing_suit_is_refused() -> None:
    code = _err({"hand": "123456789m1122p", "win_tile": "2p", "win": "discard",
                 "missing_suit": "p"})
    assert code == "not_missing_a_suit"


def test_tiles_that_do_not_form_a_win_are_refused() -> None:
    assert _err({"hand": "123456789m1124p", "win_tile": "7p", "win": "discard"}) == (
        "not_a_winning_hand")


def test_kong_flower_needs_a_kong_among_the_melds() -> None:
    assert _err({"hand": "123456789m1122p", "win_tile": "2p", "win": "self_draw",
                 "after_kong": True}) == "bad_input"


def test_quick_mode_pays_the_fan_typed_in_with_the_cap() -> None:
    got = scored({"fan": 6, "win": "self_draw", "options": {"base": 2, "cap_fan": 4}})
    assert got["paid_fan"] == 4 and got["per_payer"] == 2 * 16 + 2
    assert got["deltas"] == [102, -34, -34, -34]


def test_self_draw_is_paid_only_by_players_still_in() -> None:
    got = scored({"hand": "123456789m1122p", "win_tile": "2p", "win": "self_draw",
                 "winner": 2, "players_in": [0, 2, 3], "options": {"base": 5}})
    assert got["payers"] == [0, 3] and got["deltas"] == [-10, 0, 20, -10]


def test_seven_pairs_beat_the_standard_reading_when_worth_more() -> None:
    got = scored({"hand": "1122334455667m", "win_tile": "7m", "win": "discard"})
    names = [f["name_zh"] for f in got["fans"]]
    assert names == ["清一色", "暗七对"] and got["fan"] == 4


def test_ready_hand_value_is_its_best_wait() -> None:
    # 1112345678999m waits on every manzu tile; 1m or 9m make 清一色 + 根.
    fan = best_ready_fan(counts_of("1112345678999m"), [], Options(cap_fan=None, huazhu_fan=4))
    assert fan == 3


def test_a_hand_that_is_not_ready_has_no_value() -> None:
    assert best_ready_fan(counts_of("1357m2468m13599p"), [], Options()) is None


def test_ready_value_counts_declared_melds() -> None:
    fan = best_ready_fan(counts_of("5m"), [parse_meld("pon 111m"), parse_meld("pon 333m"),
                                           parse_meld("pon 555p"), parse_meld("pon 777p")],
                         Options())
    assert fan == 2  # 金钩钓 on 5m
