"""MCR fan scoring: the issue's golden hand, one golden case per fan, the principles."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.result import check
from scoring.engine.rulesets import get
from scoring.engine.rulesets.mcr import FANS, PRESETS, Options, payments, scorer
from scoring.engine.rulesets.mcr.fans import BY_ID, exclusion_pairs, fan_table
from scoring.engine.rulesets.mcr.rules import ELEMENTS
from scoring.engine.rulesets.mcr.scorer import score, scored
from scoring.engine.tests.ledger import headline_of
from scoring.engine.tiles import WIND_LETTERS

GOLDEN = json.loads((Path(__file__).parent / "data" / "golden_fans.json").read_text("utf-8"))

# The issue writes the hand in Botzone letters: B5 B5 B5 B6 B6 B6 B7 B7 B7 T5 T5 T5 T6 + T7.
ISSUE_HAND = {"hand": "555666777s5556p", "win_tile": "7p"}


def fans_of(result: dict[str, Any]) -> Counter[str]:
    return Counter({f["name_zh"]: f["count"] for f in result["fans"]})


def golden_figures(request: dict[str, Any]) -> dict[str, Any]:
    """What a golden case names, read from the result contract: the fans as
    [native, value, count], the headline's total and each seat's change by wind."""
    result = score(request)
    check(result)
    deltas = dict.fromkeys(WIND_LETTERS, 0)
    for p in result["ledger"]:
        deltas[WIND_LETTERS[p["player"]]] += p["amount"]
    return {"fans": [[i["native"], i["value"], i["count"]] for i in result["items"]],
            "total": headline_of(result)["value"], "deltas": deltas}


def win(hand: str, tile: str, how: str = "ron", **extra: Any) -> dict[str, Any]:
    request: dict[str, Any] = {"hand": hand, "win_tile": tile, "win": how,
                               "options": {"min_fan": 0}}
    request.update(extra)
    return scored(request)


def test_issue_golden_hand_self_drawn_scores_48_and_each_pays_56() -> None:
    result = golden_figures(dict(ISSUE_HAND, win="tsumo"))
    assert result["fans"] == [
        ["一色三同顺", 24, 1], ["全带五", 16, 1], ["不求人", 4, 1], ["平和", 2, 1],
        ["喜相逢", 1, 1], ["缺一门", 1, 1]]
    assert result["total"] == 48
    assert result["deltas"] == {"E": 168, "S": -56, "W": -56, "N": -56}


def test_issue_golden_48_fan_on_a_discard_pays_72_56_8_8() -> None:
    assert payments(48, "E", "ron", "S", Options()) == {"E": 72, "S": -56, "W": -8, "N": -8}


def test_issue_golden_hand_on_a_discard_scores_concealed_hand_instead() -> None:
    result = golden_figures(dict(ISSUE_HAND, win="ron", discarder="W"))
    natives = {name for name, _value, _count in result["fans"]}
    assert "门前清" in natives and "不求人" not in natives
    assert result["total"] == 46
    assert result["deltas"] == {"E": 70, "S": -8, "W": -54, "N": -8}
    assert sum(result["deltas"].values()) == 0


@pytest.mark.parametrize("case", GOLDEN, ids=[c["fan"] for c in GOLDEN])
def test_every_fan_golden_case(case: dict[str, Any]) -> None:
    result = golden_figures(case["in"])
    assert result == case["out"]
    assert sum(result["deltas"].values()) == 0
    assert case["fan"] in {name for name, _value, _count in result["fans"]}


def test_fan_table_holds_the_81_official_fans_with_their_points() -> None:
    assert len(FANS) == 81 and len({f.name_zh for f in FANS}) == 81
    per_value = Counter(f.points for f in FANS)
    assert per_value == {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 9, 6: 7, 4: 4,
                         2: 10, 1: 13}
    table = fan_table()
    assert table[0]["name_zh"] == "大四喜" and table[-1]["name_zh"] == "花牌"
    assert all({"id", "name_zh", "name_en", "points", "definition", "example", "excludes"}
               <= set(row) for row in table)


def test_every_fan_has_one_detector_and_exclusions_name_real_fans() -> None:
    assert sorted(r.id for r in ELEMENTS) == sorted(f.id for f in FANS)
    for f in FANS:
        for other, _count in exclusion_pairs(f):
            assert other in BY_ID and BY_ID[other].points <= f.points


def test_example_hand_of_every_fan_scores_that_fan() -> None:
    for f in FANS:
        result = scored(dict(f.example, options={"min_fan": 0}))
        assert f.name_zh in fans_of(result), f.name_zh


def test_ruleset_registry_exposes_mcr_contract() -> None:
    module = get("mcr")
    assert module.NAME == "mcr" and module.TITLE_NATIVE == "国标麻将"
    assert {"official", "no_flowers"} <= set(PRESETS)
    assert module.score is scorer.score


# --- principles ----------------------------------------------------------------------

def test_taosuan_yici_two_chow_pairs_allow_three_combinations_not_four() -> None:
    fans = fans_of(win("234567s234567p5m", "5m"))
    assert fans["喜相逢"] + fans["连六"] == 3
    assert fans["喜相逢"] == 2


def test_bude_xiangtong_a_chow_forms_each_fan_once() -> None:
    fans = fans_of(win("234s223344567p5m", "5m"))
    assert (fans["一般高"], fans["喜相逢"], fans["连六"]) == (1, 1, 1)


def test_three_chow_fan_lets_the_fourth_chow_combine_only_once() -> None:
    # 三色三同顺 on 678; the fourth chow 678p could pair with three chows but counts once.
    fans = fans_of(win("678m6668p", "7p", melds=["chi 678s", "chi 678p"]))
    assert fans["三色三同顺"] == 1
    assert fans["一般高"] + fans["喜相逢"] == 1


def test_jiugao_bujiudi_pung_reading_beats_chow_reading() -> None:
    result = win("111222333m456p7s", "7s")
    fans = fans_of(result)
    assert fans["一色三节高"] == 1 and fans["三暗刻"] == 1 and "一色三同顺" not in fans
    assert result["reading"]["form"] == "standard"


def test_seven_pairs_hand_that_also_reads_as_sets_takes_the_higher() -> None:
    fans = fans_of(win("1122334455667m", "7m"))
    assert fans == Counter({"连七对": 1})


def test_four_concealed_pungs_self_drawn_still_scores_self_drawn() -> None:
    fans = fans_of(win("111444m222p333s5p", "5p", "tsumo"))
    assert fans["四暗刻"] == 1 and fans["自摸"] == 1
    assert "不求人" not in fans and "碰碰和" not in fans and "门前清" not in fans


def test_wind_pungs_in_big_three_winds_are_not_also_terminal_pungs() -> None:
    fans = fans_of(win("111222333z999m5p", "5p", seat_wind="N", round_wind="N"))
    assert fans["三风刻"] == 1 and fans["幺九刻"] == 1  # only the 999m


def test_seat_and_round_wind_on_one_pung_scores_both_and_no_terminal_pung() -> None:
    fans = fans_of(win("111z123m456p678s9p", "9p", seat_wind="E", round_wind="E"))
    assert fans["圈风刻"] == 1 and fans["门风刻"] == 1 and "幺九刻" not in fans


def test_pung_completed_by_a_discard_is_not_concealed() -> None:
    ron = fans_of(win("111m333p55s789s22z", "5s"))
    tsumo = fans_of(win("111m333p55s789s22z", "5s", "tsumo"))
    assert "三暗刻" not in ron and ron["双暗刻"] == 1
    assert tsumo["三暗刻"] == 1


def test_discard_read_inside_a_concealed_chow_keeps_the_pung_concealed() -> None:
    # The discarded 4m can be the 4 of 234m, so 444m counts as concealed.
    fans = fans_of(win("23444m555p777s77z", "4m"))
    assert fans["三暗刻"] == 1 and fans["四归一"] == 1


def test_edge_wait_needs_the_winning_tile_to_be_the_only_wait() -> None:
    assert fans_of(win("12m456p678s555z99m", "3m"))["边张"] == 1
    assert "边张" not in fans_of(win("12345m456p678s55z", "3m"))


def test_a_kind_whose_four_copies_the_winner_holds_is_not_a_wait() -> None:
    # 5567p would also wait on 8p, but all four 8p are in the winner's kong.
    fans = fans_of(win("123m5567p", "5p", "tsumo", melds=["kan 5555m", "kan 8888p"]))
    assert fans["单钓将"] == 1
    live = fans_of(win("123m5567p", "5p", "tsumo", melds=["kan 5555m", "kan 7777s"]))
    assert "单钓将" not in live


def test_flowers_score_after_the_minimum_and_not_toward_it() -> None:
    ok = scored({"hand": "555666777s5556p", "win_tile": "7p", "win": "tsumo", "flowers": "1f2f3f"})
    assert ok["flowers"] == 3 and ok["total"] == 51 and ok["hand_fan"] == 48
    with pytest.raises(EngineError) as err:
        scored({"hand": "123456m456p5688s", "win_tile": "7s", "win": "ron", "flowers": 8})
    assert err.value.code == "below_minimum_fan"
    assert "6 fan" in err.value.message and "at least 8" in err.value.message


def test_no_flowers_preset_ignores_flowers() -> None:
    result = scored({"hand": "555666777s5556p", "win_tile": "7p", "win": "tsumo",
                    "flowers": 4, "preset": "no_flowers"})
    assert result["flowers"] == 0 and result["total"] == 48


def test_chicken_hand_scores_eight_when_nothing_else_does() -> None:
    result = scored({"hand": "45s11z", "win_tile": "3s", "win": "ron", "discarder": "S",
                    "melds": ["chi 234m from N", "pon 666p from W", "chi 789s from N"]})
    assert fans_of(result) == Counter({"无番和": 1}) and result["total"] == 8


def test_quanchong_discarder_pays_everything() -> None:
    result = scored({"hand": "555666777s5556p", "win_tile": "7p", "win": "ron",
                    "discarder": "N", "options": {"quanchong": True}})
    assert result["deltas"] == {"E": 70, "S": 0, "W": 0, "N": -70}


def test_heavenly_hand_needs_its_option_and_replaces_fully_concealed() -> None:
    request = {"hand": "555666777s5556p", "win_tile": "7p", "win": "tsumo",
               "heavenly_hand": True}
    with pytest.raises(EngineError) as err:
        scored(request)
    assert err.value.code == "bad_option"
    fans = fans_of(scored(dict(request, preset="club")))
    assert fans["天和"] == 1 and "不求人" not in fans and "自摸" not in fans


@pytest.mark.parametrize(("request_", "code"), [
    ({"hand": "123456m456p5679s", "win_tile": "8s", "win": "ron"}, "not_a_winning_hand"),
    ({"hand": "555666777s5556p", "win_tile": "7p", "win": "tsumo", "kong": True},
     "win_flag_conflict"),
    ({"hand": "555666777s5556p", "win_tile": "6p", "win": "ron", "kong": True},
     "win_flag_conflict"),
    ({"hand": "555666777s5557p", "win_tile": "7p", "win": "ron", "last_tile": True},
     "win_flag_conflict"),
    ({"hand": "456789s5p", "win_tile": "5p", "win": "ron", "seat_wind": "S",
      "melds": ["chi 123m from W", "pon 222p from W"]}, "bad_meld"),
    ({"hand": "555666777s5556p", "win_tile": "7p", "win": "ron", "preset": "nope"},
     "bad_option"),
    ({"hand": "555666777s556p", "win_tile": "7p", "win": "ron"}, "wrong_tile_count"),
    ({"hand": "555666777s5556p", "win_tile": "7p", "win": "maybe"}, "bad_input"),
    ({"hand": "555666777s5556p", "win_tile": "7p", "win": "tsumo", "discarder": "S"},
     "bad_input"),
])
def test_bad_requests_name_what_to_fix(request_: dict[str, Any], code: str) -> None:
    with pytest.raises(EngineError) as err:
        scored(request_)
    assert err.value.code == code
    assert err.value.message


def test_hand_may_include_the_winning_tile() -> None:
    thirteen = scored(dict(ISSUE_HAND, win="tsumo"))
    fourteen = scored({"hand": "555666777s55567p", "win_tile": "7p", "win": "tsumo"})
    assert thirteen["fans"] == fourteen["fans"]
