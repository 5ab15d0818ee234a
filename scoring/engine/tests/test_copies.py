"""A set has four of each tile (issue 23): a fifth copy anywhere a request shows tiles
(hand, melds, winning tile, dora and ura indicators, Norths set aside, flowers) is
``too_many_copies`` in every ruleset."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.commands import run

# One request per ruleset that holds four 1m; and the same with two 1m and a pon of 1m.
FOUR: dict[str, dict[str, Any]] = {
    "riichi": {"hand": "1111m234p567p88s9s", "win_tile": "9s", "win": "tsumo",
               "seat_wind": "S"},
    "mcr": {"hand": "1111m234p567p88s9s", "win_tile": "9s", "win": "tsumo",
            "seat_wind": "S"},
    "sichuan": {"hand": "1111m234m567m88p9p", "win_tile": "9p", "win": "self_draw"},
    "wuhu": {"hand": "1111m234m567m88m9p", "win_tile": "9p", "win": "self_draw"},
    "jian": {"hand": "1111m234p567p88s9s", "win_tile": "9s", "win": "self_draw",
             "jing": {"zheng": "5z", "fu": "6z"}},
    "taiwan": {"hand": "1111m234p567p123s88s9s", "win_tile": "9s", "win": "self_draw"},
    "hongkong": {"hand": "1111m234p567p88s9s", "win_tile": "9s", "win": "self_draw"},
}
WITH_PON = {name: {**request, "hand": "11m" + request["hand"][5:-2], "melds": ["pon 111m"],
                   "win_tile": request["hand"][-2:]}
            for name, request in FOUR.items()}
RULESETS = sorted(FOUR)


def code(ruleset: str, request: dict[str, Any]) -> str | None:
    answer = run("score", {"ruleset": ruleset, **request})
    return answer["error"]["code"] if "error" in answer else None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_fifth_copy_as_the_winning_tile_is_refused(ruleset: str) -> None:
    assert code(ruleset, {**FOUR[ruleset], "win_tile": "1m"}) == "too_many_copies"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_fifth_copy_among_the_melds_is_refused(ruleset: str) -> None:
    assert code(ruleset, WITH_PON[ruleset]) == "too_many_copies"


def test_dora_indicators_are_copies_the_hand_cannot_hold() -> None:
    # Issue 23: three 1m in the hand and two 1m indicators make five 1m.
    request = {"hand": "111m234p456s789s5z", "win_tile": "5z", "win": "tsumo",
               "seat_wind": "E", "riichi": True}
    assert code("riichi", {**request, "dora_indicators": ["1m"]}) is None
    assert code("riichi", {**request, "dora_indicators": ["1m", "1m"]}) == "too_many_copies"
    assert code("riichi", {**request, "dora_indicators": ["1m"],
                           "ura_indicators": ["1m"]}) == "too_many_copies"
    assert code("riichi", {**request, "dora_indicators": "5z5z5z"}) == "too_many_copies"


@pytest.mark.parametrize("ruleset", ["taiwan", "hongkong", "mcr"])
def test_a_flower_is_one_of_a_kind(ruleset: str) -> None:
    assert code(ruleset, {**FOUR[ruleset], "win_tile": "9s", "flowers": "1f1f"}) \
        == "too_many_copies"


def test_a_red_five_shown_as_an_indicator_is_one_of_the_set_s_red_fives() -> None:
    request = {"hand": "406m234p456s789s5z", "win_tile": "5z", "win": "tsumo",
               "seat_wind": "E"}
    assert code("riichi", {**request, "dora_indicators": ["0p"]}) is None
    assert code("riichi", {**request, "dora_indicators": ["0m"]}) == "bad_input"
