"""Ji'an scoring: the seed's tables of win and 精 totals, and tile-mode readings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.options import build_options
from scoring.engine.rulesets import get, jian
from scoring.engine.rulesets.jian.hand import read_jing
from scoring.engine.rulesets.jian.jing import jing_summary, read_counts
from scoring.engine.rulesets.jian.options import Options
from scoring.engine.rulesets.jian.score import scored
from scoring.engine.tests.figures import figures_of

DATA = Path(__file__).parent / "data"
WINS = json.loads((DATA / "win_totals.json").read_text("utf-8"))
JING = json.loads((DATA / "jing_totals.json").read_text("utf-8"))


@pytest.mark.parametrize("case", WINS, ids=[c["name"] for c in WINS])
def test_seed_win_totals_are_reproduced(case: dict[str, Any]) -> None:
    got = figures_of(jian, case["in"])  # deltas and size from the result contract
    assert {k: got[k] for k in case["out"]} == case["out"]
    assert sum(got["deltas"]) == 0


@pytest.mark.parametrize("case", JING, ids=[c["name"] for c in JING])
def test_seed_jing_totals_are_reproduced(case: dict[str, Any]) -> None:
    options = build_options(Options, case.get("options"))
    jing = read_jing(case["in"]["jing"]) if "jing" in case["in"] else None
    got = jing_summary(read_counts(case["in"], jing, options), options)
    assert {k: got[k] for k in case["out"]} == case["out"]
    assert sum(got["deltas"]) == 0


def test_registry_finds_the_package() -> None:
    mod = get("jian")
    assert mod.TITLE_NATIVE == "吉安冲关麻将" and "jian" in mod.PRESETS
    assert mod.game.outcome_types == ("win", "draw")


JING_5M = {"zheng": "5m", "fu": "6m"}


def tiles(hand: str, win_tile: str, win: str = "self_draw", **extra: Any) -> dict[str, Any]:
    req = {"hand": hand, "win_tile": win_tile, "win": win, "jing": JING_5M, "winner": 2,
           "dealer": 0, **extra}
    return scored(req)


def test_a_hand_without_jing_is_deguo() -> None:
    got = tiles("123m456p789s1177z", "7z")
    assert (got["shape"], got["deguo"], got["total"]) == ("plain", True, 31)


def test_jing_used_as_wild_is_not_deguo() -> None:
    got = tiles("123m456p789s5m117z", "7z")  # 5m stands for 7z
    assert (got["shape"], got["deguo"], got["total"]) == ("plain", False, 8)


def test_jing_standing_for_itself_is_still_deguo() -> None:
    got = tiles("456m456p789s11z66m", "6m")  # 5m and 6m in natural runs and pair
    assert got["deguo"] is True


def test_thirteen_lan_without_jing() -> None:
    got = tiles("147m258p369s1234z", "5z")
    assert (got["shape_zh"], got["deguo"], got["total"]) == ("十三烂", True, 47)


def test_seven_star_thirteen_lan() -> None:
    got = tiles("147m28p39s123456z", "7z")
    assert (got["shape_zh"], got["deguo"], got["total"]) == ("七星十三烂", True, 79)


def test_all_triplets_is_big_seven() -> None:
    got = tiles("111m222p333s444z5z", "5z", winner=0)
    assert (got["shape_zh"], got["deguo"], got["total"]) == ("大七", True, 111)


def test_a_lone_jing_waiting_on_anything_is_jingdiao() -> None:
    # Six pairs and a 6m (副精): any tile pairs with it — 小七 精调, non-dealer 32.
    got = tiles("1122334477m88p6m", "9s")
    assert (got["shape_zh"], got["jingdiao"], got["deguo"], got["total"]) == (
        "小七", True, False, 32)


def test_discard_into_a_jingdiao_hand_is_paid_as_jingdiao() -> None:
    got = tiles("1122334477m88p6m", "9s", "discard", discarder=3)
    assert got["jingdiao"] and got["total"] == 32


def test_kong_flower_with_jingdiao_is_kong_jingdiao() -> None:
    got = tiles("123m456p789s6m", "1z", melds=["ankan 9999m"], after_kong=True)
    names = [f["name_zh"] for f in got["payments"][0]["fans"]]
    assert "扛调" in names and got["total"] == 32


def test_discarder_only_option_charges_the_discarder_alone() -> None:
    got = scored({"shape": "plain", "deguo": True, "win": "discard", "winner": 1, "dealer": 0,
                 "discarder": 2, "options": {"discard_payment": "discarder_only"}})
    assert got["deltas"] == [0, 9, -9, 0]


def test_tiles_that_do_not_win_even_with_jing_are_refused() -> None:
    with pytest.raises(EngineError) as info:
        tiles("1347m2468p13579s", "9s")
    assert info.value.code == "not_a_winning_hand"


def test_fu_jing_defaults_to_the_next_tile() -> None:
    assert read_jing({"zheng": "9m"}).fu == 0
    assert read_jing({"zheng": "4z"}).fu == 27
    assert read_jing({"zheng": "7z"}).fu == 31


def test_jing_tiles_must_be_jing() -> None:
    with pytest.raises(EngineError):
        read_counts({"jing_tiles": ["1m", "", "", ""]}, read_jing(JING_5M), Options())


def test_lone_holder_below_chongguan_doubles_unless_the_option_says_otherwise() -> None:
    assert jing_summary([0, 3, 0, 0], Options())["collects"] == [0, 18, 0, 0]
    restricted = Options(bajing="chongguan_only")
    assert jing_summary([0, 3, 0, 0], restricted)["collects"] == [0, 9, 0, 0]
