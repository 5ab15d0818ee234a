"""Wuhu scoring: every figure of the seed's tables, and the tile-mode readings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get, wuhu
from scoring.engine.rulesets.wuhu.score import scored
from scoring.engine.tests.figures import figures_of

TABLES = json.loads((Path(__file__).parent / "data" / "seed_tables.json").read_text("utf-8"))


@pytest.mark.parametrize("case", TABLES, ids=[c["name"] for c in TABLES])
def test_seed_table_figures_are_reproduced(case: dict[str, Any]) -> None:
    got = figures_of(wuhu, case["in"])  # deltas and size from the result contract
    assert {k: got[k] for k in case["out"]} == case["out"]
    assert sum(got["deltas"]) == 0


def test_registry_finds_the_package_with_its_presets() -> None:
    mod = get("wuhu")
    assert mod.TITLE_NATIVE == "芜湖麻将"
    assert set(mod.PRESETS) == {"wuhu_315", "wuhu_30", "wuhu_50", "wuhu_2468", "wuhu_100"}
    assert mod.game.outcome_types == ("win", "draw")


def tiles(hand: str, win_tile: str, win: str = "discard", **extra: Any) -> dict[str, Any]:
    return scored({"hand": hand, "win_tile": win_tile, "win": win, "winner": 0, "dealer": 1,
                  **extra})


def test_closed_wait_counts_the_winning_tile_rank_as_ya() -> None:
    got = tiles("234567m79m11p456s", "8m", "self_draw")
    # 9支 押8 自摸: (9 + 8) × 4 = 68 → 7, + 底番 4 = 11.
    assert (got["zhi"], got["ya"], got["win_type"], got["value"]) == (9, 8, "自摸押档", 11)


def test_an_open_wait_is_no_ya() -> None:
    got = tiles("123456m78m11p456s", "9m")
    assert got["ya"] == 0 and got["win_type"] == "平胡"


def test_a_gap_that_is_not_the_only_wait_is_no_ya_by_default() -> None:
    # 1113m waits on 2m (11 + 123) and 3m (111 + 33).
    assert tiles("1113456789m555s", "2m")["ya"] == 0
    assert tiles("1113456789m555s", "2m", options={"closed_wait": "any_reading"})["ya"] == 2


def test_edge_wait_counts_only_by_option() -> None:
    assert tiles("12456789m11p555s", "3m")["ya"] == 0
    assert tiles("12456789m11p555s", "3m", options={"edge_wait": True})["ya"] == 3


def test_fewer_than_eight_of_a_suit_is_refused() -> None:
    with pytest.raises(EngineError) as info:
        tiles("123456m11p456s79s", "8s")
    assert info.value.code == "not_eight_of_a_suit"


def test_kong_tiles_count_as_four_zhi() -> None:
    got = tiles("1234m456s789s", "4m", melds=["kan 7777m"])
    assert got["zhi"] == 5 + 4 and got["kong_points"] == 1


def test_pure_straight_with_four_alive_is_full() -> None:
    # 通天四活: 123-456-789m with a pon of 1m, two 嘴子 → 全交 (15 from each in 315).
    got = tiles("123456789m5p", "5p", melds=["pon 111m"])
    names = [m["name_zh"] for m in got["mouths"]]
    assert names == ["四活", "通天"] and got["full"]
    assert got["deltas"] == [45, -15, -15, -15]


def test_all_triplets_and_half_flush_make_full() -> None:
    got = tiles("111333555m111z2z", "2z", "self_draw")
    assert [m["name_zh"] for m in got["mouths"]] == ["对对胡", "混一色"]
    assert got["deltas"] == [60, -20, -20, -20]


def test_full_flush_alone_is_two_mouths() -> None:
    got = tiles("1112345678999m", "5m")
    assert got["mouth_count"] == 2 and got["full"]


def test_two_suits_of_eight_is_two_mouths() -> None:
    got = tiles("5s", "5s", melds=["kan 1111m", "ankan 9999m", "kan 1111p", "kan 9999p"])
    assert {m["name_zh"]: m["count"] for m in got["mouths"]} == {"对对胡": 1, "双八支": 2}


def test_one_mouth_adds_its_points_doubled_on_self_draw() -> None:
    plain = tiles("123m456m789m11p55s", "5s")  # 通天, 9支, not self-drawn
    assert plain["mouth_points"] == 2 and plain["value"] == 2 + 2 + 1
    drawn = tiles("123m456m789m11p55s", "5s", "self_draw")
    assert drawn["mouth_points"] == 4 and drawn["value"] == 4 + 4 + 3


def test_kong_flower_without_ya_is_paid_as_a_plain_win() -> None:
    got = tiles("234567m78m11p", "9m", "self_draw", melds=["ankan 5555s"], after_kong=True)
    assert got["self_draw"] is False and got["win_type"] == "平胡"
    assert [m["name_zh"] for m in got["mouths"]] == ["杠开"]


def test_kong_flower_with_ya_is_a_self_draw() -> None:
    got = tiles("234567m79m11p", "8m", "self_draw", melds=["ankan 5555s"], after_kong=True)
    assert got["self_draw"] is True and got["win_type"] == "自摸押档"


def test_extra_full_hands_option_makes_half_flush_self_draw_full() -> None:
    hand = ("234567789m11z22z", "2z", "self_draw")
    assert not tiles(*hand)["full"]
    assert tiles(*hand, options={"extra_full_hands": True})["full"]


def test_discarder_as_dealer_option_adds_one_base_point_for_the_discarder() -> None:
    req = {"zhi": 8, "win": "discard", "winner": 0, "dealer": 1, "discarder": 3}
    assert scored(req)["deltas"] == [10, -4, -3, -3]
    got = scored({**req, "options": {"discard_payment": "discarder_as_dealer"}})
    assert got["deltas"] == [11, -4, -3, -4]


def test_discarder_only_option_leaves_the_others_out() -> None:
    req = {"zhi": 8, "win": "discard", "winner": 0, "dealer": 1, "discarder": 3,
           "options": {"discard_payment": "discarder_only"}}
    assert scored(req)["deltas"] == [3, 0, 0, -3]


def test_quick_mode_refuses_a_ya_that_no_closed_wait_can_have() -> None:
    with pytest.raises(EngineError) as info:
        scored({"zhi": 8, "ya": 9, "win": "discard"})
    assert info.value.code == "bad_input"


def test_unknown_mouth_names_are_refused() -> None:
    with pytest.raises(EngineError):
        scored({"zhi": 8, "win": "discard", "mouths": ["七对"]})
