"""The analyser: ukeire, discards, waits priced by each ruleset, and the draw helpers."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import rulesets
from scoring.engine.analysis.analyse import analyse, best_value_if_ready, score_function, tenpai
from scoring.engine.analysis.shanten import shanten
from scoring.engine.commands import run
from scoring.engine.errors import TooManyCopies, UnknownRuleset, WrongTileCount
from scoring.engine.tiles import counts_of, format_kinds
from scoring.engine.waits import wait_details

THREE_MELDS = ["pon 777z", "pon 111p", "pon 999s"]


def _han_fu_points(result: dict[str, Any]) -> tuple[int, int, int]:
    head = result["headline"]
    return head["value"], head["fu"], head["points"]


def _waits(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {w["tile"]: w for w in result["waits"]}


def test_ready_riichi_hand_prices_each_wait_on_ron_and_tsumo() -> None:
    # South seat, East round: 1z is the round wind, 2z the seat wind.
    result = analyse({"ruleset": "riichi", "hand": "123m456p789s1122z",
                      "seat_wind": "S", "round_wind": "E"})
    assert result["shanten"] == 0
    waits = _waits(result)
    assert set(waits) == {"1z", "2z"}
    ron = waits["1z"]["ron"]
    # Round-wind pon on ron: 1 han; 20 + 4 (open honour triplet) + 2 (seat-wind pair)
    # + 10 (closed ron) = 36 -> 40 fu; 1 han 40 fu non-dealer ron = 1300.
    assert _han_fu_points(ron) == (1, 40, 1300)
    tsumo = waits["2z"]["tsumo"]
    # Self-drawn seat-wind triplet: menzen tsumo + seat wind = 2 han; 20 + 8 + 2 + 2 = 32
    # -> 40 fu; 2 han 40 fu non-dealer tsumo = 700 + 700 + 1300 = 2700.
    assert _han_fu_points(tsumo) == (2, 40, 2700)


def test_wait_values_equal_a_direct_score_call_and_are_zero_sum() -> None:
    request = {"ruleset": "riichi", "hand": "234m567p3345678s", "seat_wind": "W",
               "round_wind": "S", "dora_indicators": ["2m"], "riichi": True, "honba": 1,
               "riichi_sticks": 1}
    result = analyse(request)
    assert result["shanten"] == 0
    score = score_function("riichi")
    for wait in result["waits"]:
        direct = score({**{k: v for k, v in request.items() if k != "ruleset"},
                        "win_tile": wait["tile"], "win": "tsumo"})
        assert wait["tsumo"] == direct
        for how in ("ron", "tsumo"):
            value = wait[how]
            assert sum(p["amount"] for p in value["ledger"]) + value["pot_change"] == 0


def test_visible_tiles_lower_the_remaining_copies() -> None:
    plain = _waits(analyse({"ruleset": "riichi", "hand": "123m456p789s1122z", "values": False}))
    seen = _waits(analyse({"ruleset": "riichi", "hand": "123m456p789s1122z", "values": False,
                           "visible": ["1z", "2z", "2z"]}))
    assert (plain["1z"]["remaining"], plain["2z"]["remaining"]) == (2, 2)
    assert (seen["1z"]["remaining"], seen["2z"]["remaining"]) == (1, 0)
    assert "ron" not in plain["1z"]


def test_one_shanten_hand_lists_its_ukeire() -> None:
    # 12m and 45m beside three pons: any of 1-6m makes a pair+partial or a set.
    result = analyse({"ruleset": "riichi", "hand": "1245m", "melds": THREE_MELDS})
    assert result["shanten"] == 1
    assert "waits" not in result
    assert [u["tile"] for u in result["ukeire"]] == ["1m", "2m", "3m", "4m", "5m", "6m"]
    assert result["ukeire_total"] == 3 + 3 + 4 + 3 + 3 + 4


def test_fourteen_tiles_list_discards_best_first() -> None:
    result = analyse({"ruleset": "riichi", "hand": "123m456p789s11223z", "riichi": True,
                      "seat_wind": "S", "values": False})
    assert result["complete"] is False
    best = result["discards"][0]
    assert best["tile"] == "3z"
    assert best["shanten_after"] == 0
    assert {w["tile"] for w in best["waits"]} == {"1z", "2z"}
    keys = [(d["shanten_after"], -d["ukeire_total"]) for d in result["discards"]]
    assert keys == sorted(keys)


def test_discarding_a_five_keeps_the_red_one() -> None:
    result = analyse({"ruleset": "riichi", "hand": "0555m123p789s1122z", "seat_wind": "S",
                      "round_wind": "E"})
    entry = next(d for d in result["discards"] if d["tile"] == "5m")
    assert entry["shanten_after"] == 0
    # The red five stays in the hand: every wait's ron counts it (the item "aka").
    assert all({i["key"]: i["count"] for i in w["ron"]["items"]}.get("aka") == 1
               for w in entry["waits"])


def test_mcr_wait_values_follow_the_fan_table() -> None:
    # Issue 4's golden hand: 555666777s + 5556p, self-drawn 7p = 48 fan.
    result = analyse({"ruleset": "mcr", "hand": "555666777s5556p", "seat_wind": "S"})
    waits = _waits(result)
    assert set(waits) == {"4p", "6p", "7p"}
    tsumo = waits["7p"]["tsumo"]
    assert tsumo["headline"]["value"] == 48
    assert sorted(p["amount"] for p in tsumo["ledger"]) == [-56, -56, -56, 168]
    for wait in waits.values():
        for how in ("ron", "tsumo"):
            if "error" not in wait[how]:
                assert sum(p["amount"] for p in wait[how]["ledger"]) == 0


def test_mcr_wait_below_eight_fan_reports_the_named_error() -> None:
    # Two man runs, 789p and a shanpon on the winds: a few fan, nowhere near eight.
    result = analyse({"ruleset": "mcr", "hand": "123m456m789p1122z", "seat_wind": "S"})
    ron = _waits(result)["2z"]["ron"]
    assert ron["error"]["code"] == "below_minimum_fan"


def test_ruleset_without_a_score_package_still_gets_shanten_and_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real_get = rulesets.get

    def missing(name: object) -> ModuleType:
        if name == "wuhu":
            raise UnknownRuleset("the ruleset 'wuhu' is not installed")
        return real_get(name)

    monkeypatch.setattr(rulesets, "get", missing)
    result = analyse({"ruleset": "wuhu", "hand": "1112223334445m"})
    assert result["shanten"] == 0
    assert all(w["ron"]["error"]["code"] == "unknown_ruleset" for w in result["waits"])


def test_tenpai_needs_a_drawable_winning_tile() -> None:
    assert tenpai({"ruleset": "riichi", "hand": "2223m", "melds": THREE_MELDS})
    # 2222m can only wait on a fifth 2m.
    assert not tenpai({"ruleset": "riichi", "hand": "2222m", "melds": THREE_MELDS})
    assert tenpai({"ruleset": "mcr", "hand": "147m258p369s1234z"})
    assert not tenpai({"ruleset": "riichi", "hand": "147m258p369s1234z"})


def test_sichuan_hand_with_three_suits_is_not_ready() -> None:
    # 123m 456p 789s 11m + 2m: ready by shape, but 缺一门 forbids the win.
    request = {"ruleset": "sichuan", "hand": "1123m456p789s"}
    assert analyse({**request, "values": False})["shanten"] == 0
    assert not tenpai(request)
    assert best_value_if_ready(request) is None


def test_best_value_if_ready_picks_the_dearest_wait() -> None:
    # 8m makes 暗七对 (2) + 清一色 (2) = 4 fan = 16 at base 1; 5m only 清一色.
    best = best_value_if_ready({"ruleset": "sichuan", "hand": "1122335566778m"})
    assert best is not None
    assert (best["tile"], best["win"], best["value"]) == ("8m", "ron", 16)
    assert sum(p["amount"] for p in best["result"]["ledger"]) == 0
    assert best_value_if_ready({"ruleset": "sichuan", "hand": "1357m2468p13579s"}) is None


def test_best_value_of_a_ready_hand_without_yaku_is_zero() -> None:
    # Open hand (chi) with no yaku: 78s waits on 6s/9s, nothing to score.
    best = best_value_if_ready({"ruleset": "riichi", "hand": "567p78s99p",
                                "melds": ["chi 234m", "chi 345s"],
                                "seat_wind": "S", "round_wind": "E"})
    assert best == {"tile": None, "win": None, "value": 0, "result": None}


def test_bad_requests_raise_named_errors() -> None:
    with pytest.raises(UnknownRuleset):
        analyse({"ruleset": "klondike", "hand": "123m"})
    with pytest.raises(TooManyCopies):
        analyse({"ruleset": "riichi", "hand": "123m456p789s1122z", "visible": "111z"})
    with pytest.raises(WrongTileCount):
        tenpai({"ruleset": "riichi", "hand": "123m456p789s11223z"})
    error = run("analyse", {"ruleset": "riichi", "hand": "123m456p789s112z"})
    assert error["error"]["code"] == "wrong_tile_count"


def test_cli_commands_answer_json() -> None:
    out = run("shanten", {"ruleset": "riichi", "hand": "19m19p19s1234567z"})
    assert out["shanten"] == 0
    assert out["by_shape"]["thirteen_orphans"] == 0
    assert run("danger", {"discards": "5m"})["tiles"][0]["score"] == 0
    assert run("analyse", {"ruleset": "riichi", "hand": "1245m", "melds": THREE_MELDS,
                           "values": False})["shanten"] == 1


def _random_hand(rng: random.Random, n: int) -> str:
    wall = [k for k in rng.choice([range(34), range(18), range(9)]) for _ in range(4)]
    return format_kinds(rng.sample(wall, n))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_ukeire_lowers_shanten_and_equals_the_waits_when_ready(seed: int) -> None:
    rng = random.Random(seed)
    hand = _random_hand(rng, 13)
    result = analyse({"ruleset": "riichi", "hand": hand, "values": False})
    counts = counts_of(hand)
    shapes = ("standard", "seven_pairs", "thirteen_orphans")
    for u in result["ukeire"]:
        drawn = counts_of(hand + u["tile"])
        assert shanten(drawn, 0, shapes) < result["shanten"]
    if result["shanten"] == 0:
        waits = {format_kinds([w.kind]) for w in wait_details(counts, (), shapes[1:])}
        assert {u["tile"] for u in result["ukeire"]} == waits
        assert {w["tile"] for w in result["waits"]} == waits


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_best_discard_reaches_the_fourteen_tile_shanten(seed: int) -> None:
    rng = random.Random(seed)
    result = analyse({"ruleset": "mcr", "hand": _random_hand(rng, 14), "values": False})
    assert result["discards"][0]["shanten_after"] == max(result["shanten"], 0)


def test_hong_kong_thirteen_orphans_is_ready_like_its_score_says() -> None:
    # Issue 23: the analyser called this 8 from ready while score paid 十三么.
    result = analyse({"ruleset": "hongkong", "hand": "19m19p19s1234567z"})
    assert result["shanten"] == 0
    assert "thirteen_orphans" in result["shapes"]
    waits = _waits(result)
    assert len(waits) == 13
    assert [i["native"] for i in waits["1m"]["tsumo"]["items"]] == ["十三么"]


def test_taiwan_analyses_sixteen_tile_hands_with_its_own_shapes() -> None:
    result = analyse({"ruleset": "taiwan", "hand": "1123678m567p678s", "melds": ["chi 789p"]})
    assert result["shapes"] == ["standard"]
    assert result["shanten"] == 0
    assert sorted(_waits(result)) == ["1m", "4m"]
