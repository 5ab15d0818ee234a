"""The toy ruleset through the engine: the package contract, its score requests and its
table, as the engine's commands and any table see them."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import commands, rulesets
from scoring.engine.errors import BadInput
from scoring.engine.game import assert_zero_sum
from scoring.engine.result import check
from scoring.engine.tests.test_packages import fulfils

from .. import NAME

READY = "111222333m456p7m"  # three triplets and a run: waits on 7m


def _score(**request: Any) -> dict[str, Any]:
    return commands.run("score", {"ruleset": NAME, **request})


def test_the_toy_is_found_and_fulfils_the_contract() -> None:
    assert NAME in rulesets.names() and NAME not in rulesets.shipped()
    assert rulesets.available()[-1] == NAME  # ORDER 99: after the shipped ones
    fulfils(rulesets.get(NAME), NAME)


def test_a_self_draw_pays_a_fan_a_triplet_and_one_for_the_draw_from_everyone() -> None:
    result = _score(hand=READY, win_tile="7m", win="self_draw", winner=1)
    check(result)
    assert [(i["key"], i["count"]) for i in result["items"]] == [("triplet", 3),
                                                                  ("self_draw", 1)]
    assert result["headline"]["points"] == 12
    assert (result["winner"], result["discarder"]) == (1, None)
    assert sorted((p["player"], p["amount"]) for p in result["ledger"]) == [
        (0, -4), (1, 12), (2, -4), (3, -4)]


def test_seven_pairs_win_on_a_discard_and_declared_sets_count() -> None:
    pairs = _score(hand="1133557799m11p3z", win_tile="3z", win="discard", winner=1)
    assert [(i["key"], i["value"]) for i in pairs["items"]] == [("seven_pairs", 2)]
    assert (pairs["discarder"], pairs["headline"]["points"]) == (0, 2)
    melds = _score(hand="111m456p7m", melds=["pon 222m", "chi 345s"], win_tile="7m",
                   win="discard", winner=1, discarder=3, bonus=2)
    assert [(i["key"], i["count"]) for i in melds["items"]] == [("triplet", 2), ("bonus", 2)]
    assert sorted((p["player"], p["amount"]) for p in melds["ledger"]) == [(1, 4), (3, -4)]


def test_the_toy_scores_only_its_own_win_words_and_shapes() -> None:
    ron = _score(hand=READY, win_tile="7m", win="ron", winner=1)
    assert ron["error"]["code"] == "bad_choice" and ron["error"]["params"]["field"] == "win"
    loose = _score(hand="1357m2468p1357s1z", win_tile="1z", win="discard", winner=1)
    assert loose["error"]["code"] == "not_a_winning_hand"


def test_the_toy_is_held_to_its_entry_spec() -> None:
    refused = _score(fan=3_000_000_000, win="discard")
    assert refused["error"]["code"] == "out_of_range"
    assert refused["error"]["params"]["field"] == "fan"
    assert _score(fann=3, win="discard")["error"]["code"] == "unknown_field"


def test_a_toy_game_keeps_the_deal_on_the_dealers_win_and_ends_after_its_hands() -> None:
    game = rulesets.get(NAME).game
    options = {"hands": 2}
    state = game.initial_state(options)
    first = game.apply(state, {"type": "win", "wins": [
        {"winner": 0, "discarder": 2, "quick": {"fan": 3}}]}, options)
    assert_zero_sum(first)
    assert first["state"]["scores"] == [3, 0, -3, 0] and first["state"]["dealer"] == 0
    assert not first["state"]["finished"]
    second = game.apply(first["state"], {"type": "win", "wins": [
        {"winner": 1, "discarder": None, "hand": {"hand": READY, "win_tile": "7m"}}]},
        options)
    assert_zero_sum(second)
    assert second["state"]["dealer"] == 1 and second["state"]["finished"]
    assert second["results"][0]["winner"] == 1 and second["results"][0]["discarder"] is None
    with pytest.raises(Exception, match="over|finished|ended"):
        game.apply(second["state"], {"type": "draw"}, options)


def test_a_win_without_its_winner_is_refused_with_a_named_error() -> None:
    game = rulesets.get(NAME).game
    for outcome in ({"type": "win"}, {"type": "win", "wins": []}):
        with pytest.raises(BadInput, match="one winner"):
            game.apply(game.initial_state({}), outcome, {})


def test_a_win_its_winner_declared_ready_for_is_worth_one_more_fan() -> None:
    game = rulesets.get(NAME).game
    state = game.initial_state({})
    win = {"winner": 1, "discarder": 2, "quick": {"fan": 2}}
    plain = game.apply(state, {"type": "win", "wins": [win]}, {})
    ready = game.apply(state, {"type": "win", "wins": [win], "ready": [1, 3]}, {})
    assert_zero_sum(ready)
    assert plain["state"]["scores"] == [0, 2, -2, 0]
    assert ready["state"]["scores"] == [0, 3, -3, 0]  # Dana's declaration costs nothing
    assert [i["key"] for i in ready["results"][0]["items"]] == ["entered", "ready"]
    assert _score(fan=1, win="discard", winner=1, ready=True)["headline"]["value"] == 2
