"""Entry specs: what a ruleset asks for follows its options, and the same spec refuses
anything outside it with a named code and params that name the player and the field."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import commands, rulesets
from scoring.engine.errors import EngineError, StrictError
from scoring.engine.options import build_options


def riichi(**overrides: Any) -> Any:
    pkg = rulesets.get("riichi")
    return pkg, build_options(pkg.Options, overrides)


def apply(outcome: dict[str, Any], **overrides: Any) -> None:
    pkg, options = riichi(**overrides)
    pkg.game.apply(pkg.game.initial_state(options), outcome, options)


def refused(outcome: dict[str, Any], **overrides: Any) -> EngineError:
    with pytest.raises(StrictError) as info:
        apply(outcome, **overrides)
    return info.value


def ron(quick: dict[str, Any], winner: int = 2) -> dict[str, Any]:
    return {"type": "ron", "wins": [{"winner": winner, "discarder": 0, "quick": quick}]}


def test_outcome_types_follow_the_options() -> None:
    pkg, on = riichi(abortive_draws=True, nagashi_mangan=True)
    _, off = riichi(abortive_draws=False, nagashi_mangan=False)
    assert {o.type for o in pkg.entry_spec(on).outcomes} >= {"abortive", "nagashi"}
    spec = pkg.entry_spec(off)
    assert not {o.type for o in spec.outcomes} & {"abortive", "nagashi"}
    assert spec.disabled == {"abortive": "abortive_draws", "nagashi": "nagashi_mangan"}


def test_an_outcome_the_options_turn_off_names_the_option() -> None:
    error = refused({"type": "abortive", "extra": {"kind": "suufon_renda"}},
                    abortive_draws=False)
    assert error.code == "outcome_not_allowed"
    assert error.params == {"type": "abortive", "option": "abortive_draws"}


def test_red_fives_are_offered_only_when_the_set_has_them() -> None:
    pkg, none = riichi(red_fives=0)
    assert pkg.entry_spec(none).tiles.red_fives == 0
    assert pkg.entry_spec(riichi(red_fives=3)[1]).tiles.red_fives == 3


def test_points_no_hand_can_reach_are_refused_naming_the_winner_and_field() -> None:
    error = refused(ron({"points": 3_000_000_000}, winner=3))
    assert error.code == "out_of_range"
    assert error.params == {"field": "points", "path": "wins.0.quick.points",
                            "label": "Points (instead of han/fu)", "player": 3,
                            "min": 100, "max": 1_000_000}


def test_a_million_yakuman_is_refused() -> None:
    assert refused(ron({"yakuman": 1_000_000})).code == "out_of_range"


def test_unknown_keys_are_refused_wherever_they_are() -> None:
    error = refused(ron({"han": 2, "fu": 30, "dora": 1}))
    assert (error.code, error.params["path"], error.params["player"]) == (
        "unknown_field", "wins.0.quick.dora", 2)
    assert refused({**ron({"han": 1, "fu": 30}), "notes": "x"}).params["field"] == "notes"


@pytest.mark.parametrize("text", ["123m\x00", "123m\ud800"])
def test_nul_and_lone_surrogates_are_refused(text: str) -> None:
    outcome = {"type": "tsumo", "wins": [{"winner": 1, "discarder": None, "hand": {
        "hand": text, "win_tile": "5m"}}]}
    assert refused(outcome).code == "bad_text"


def test_text_and_lists_are_bounded() -> None:
    long_hand = {"type": "tsumo", "wins": [{"winner": 1, "hand": {
        "hand": "1m" * 1000, "win_tile": "5m"}}]}
    assert refused(long_hand).code == "too_long"
    many = {"type": "tsumo", "wins": [{"winner": 1, "hand": {
        "hand": "123m", "win_tile": "5m", "dora_indicators": ["1m"] * 6}}]}
    assert refused(many).code == "too_long"
    assert refused({**ron({"han": 1, "fu": 30}), "riichi": [0, 1, 2, 3, 0]}).code == "too_long"


def test_players_are_numbers_of_this_table() -> None:
    error = refused({"type": "chombo", "penalised": 4})
    assert (error.code, error.params["max"]) == ("out_of_range", 3)


def test_true_is_not_a_number_nor_a_choice() -> None:
    assert refused(ron({"han": True, "fu": 30})).code == "bad_field_type"


def test_score_requests_go_through_the_same_spec() -> None:
    error = commands.run("score", {"ruleset": "riichi", "hand": "234m567p345s5588s",
                                   "win_tile": "8s", "win": "tsumo", "seat_wind": "S",
                                   "honba": 10 ** 12})["error"]
    assert (error["code"], error["params"]["field"]) == ("out_of_range", "honba")
    typo = commands.run("score", {"ruleset": "mcr", "hand": "123m456p789s1122z",
                                  "win_tile": "2z", "win": "ron", "flower": 1})["error"]
    assert (typo["code"], typo["params"]["field"]) == ("unknown_field", "flower")


def test_the_error_reported_does_not_depend_on_the_order_of_the_keys() -> None:
    # An unknown key wins over a bad value anywhere; among bad values, the spec's first
    # field (the hand before the honba), whichever order the request lists them in.
    keys = [("honba", 10 ** 12), ("hand", "1m" * 1000), ("win_tile", "8s"),
            ("win", "tsumo"), ("flower", 1)]
    errors = set()
    for order in (keys, keys[::-1], keys[2:] + keys[:2]):
        error = commands.run("score", {"ruleset": "riichi", **dict(order)})["error"]
        errors.add((error["code"], error["params"]["field"]))
    assert errors == {("unknown_field", "flower")}
    bad_values = keys[:4]
    for order in (bad_values, bad_values[::-1]):
        error = commands.run("score", {"ruleset": "riichi", **dict(order)})["error"]
        assert (error["code"], error["params"]["field"]) == ("too_long", "hand")


def test_per_player_lists_name_the_player_at_fault() -> None:
    pkg = rulesets.get("jian")
    options = build_options(pkg.Options)
    with pytest.raises(StrictError) as info:
        pkg.game.apply(pkg.game.initial_state(options), {
            "type": "draw", "extra": {"jing_counts": [0, 0, 99, 0]}}, options)
    assert (info.value.code, info.value.params["player"]) == ("out_of_range", 2)


def test_sichuan_missing_suits_name_the_player() -> None:
    pkg = rulesets.get("sichuan")
    options = build_options(pkg.Options)
    with pytest.raises(StrictError) as info:
        pkg.game.apply(pkg.game.initial_state(options), {"type": "hand", "extra": {
            "events": [], "missing_suits": ["m", "z", None, None]}}, options)
    assert (info.value.code, info.value.params["player"]) == ("bad_choice", 1)


def test_the_spec_is_what_the_site_renders() -> None:
    pkg, options = riichi()
    spec = pkg.entry_spec(options).as_json()
    ron_spec = next(o for o in spec["outcomes"] if o["type"] == "ron")
    wins = next(f for f in ron_spec["fields"] if f["name"] == "wins")
    assert wins["max_items"] == 3
    quick = next(f for f in wins["fields"] if f["name"] == "quick")
    assert [f["name"] for f in quick["fields"]] == ["han", "fu", "yakuman", "pao_yakuman",
                                                    "points"]
    assert "Ron (win on a discard)" in pkg.entry_spec(options).texts()
