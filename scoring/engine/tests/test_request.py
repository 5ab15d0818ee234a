"""The request pieces the rulesets share: options, win kind, flags, seats, tiles."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from scoring.engine.errors import BadInput, BadOption, TooManyCopies, WrongTileCount
from scoring.engine.options import opt
from scoring.engine.request import (
    HandTiles,
    check_after_kong,
    deltas_of,
    discarder_seat,
    flag,
    meld_list,
    no_flowers,
    read_tiles,
    request_options,
    resolve_options,
    whole_number,
    win_kind,
    win_seats,
)
from scoring.engine.tiles import parse_meld


@dataclass(frozen=True)
class Rules:
    chip: int = field(default=1, metadata=opt("Chip", minimum=1))
    cap: int = field(default=8, metadata=opt("Cap", minimum=1))


PRESETS = {"big": {"title": "Big chips", "options": {"chip": 5}}}


def test_options_start_from_the_preset_and_apply_overrides_on_top() -> None:
    rules = resolve_options(Rules, PRESETS, {"cap": 3}, "big")
    assert (rules.chip, rules.cap) == (5, 3)


def test_a_preset_inside_options_wins_over_the_top_level_one() -> None:
    assert resolve_options(Rules, PRESETS, {"preset": None}, "big") == Rules()


def test_an_options_object_is_used_as_given() -> None:
    given = Rules(chip=2)
    assert resolve_options(Rules, PRESETS, given) is given


def test_an_unknown_preset_lists_the_known_ones() -> None:
    with pytest.raises(BadOption, match="choose one of: big"):
        resolve_options(Rules, PRESETS, None, "huge")


def test_options_that_are_not_an_object_are_refused() -> None:
    with pytest.raises(BadOption, match="got list"):
        resolve_options(Rules, PRESETS, [1, 2])


def test_request_options_read_the_top_level_preset_and_refuse_a_non_object() -> None:
    assert request_options({"preset": "big", "options": {"cap": 2}}, Rules, PRESETS) == \
        Rules(chip=5, cap=2)
    with pytest.raises(BadInput, match="the request must be an object"):
        request_options(["hand"], Rules, PRESETS)


@pytest.mark.parametrize(("value", "self_draw"), [("self_draw", True), ("tsumo", True),
                                                  ("discard", False), ("ron", False)])
def test_win_kind_accepts_both_spellings(value: str, self_draw: bool) -> None:
    assert win_kind(value) is self_draw


def test_win_kind_names_the_spellings_it_wants() -> None:
    with pytest.raises(BadInput, match="'self_draw' or 'discard'"):
        win_kind("rob")


def test_an_absent_flag_is_false_and_a_number_is_refused() -> None:
    assert flag({}, "after_kong") is False
    assert flag({"after_kong": True}, "after_kong") is True
    with pytest.raises(BadInput, match="after_kong must be true or false"):
        flag({"after_kong": 1}, "after_kong")


def test_whole_numbers_refuse_booleans_and_values_out_of_range() -> None:
    assert whole_number({"zhi": 9}, "zhi", 0, 16) == 9
    assert whole_number({}, "zhi", 0, 16) == 0
    for bad in (True, 17, -1, "3"):
        with pytest.raises(BadInput, match="zhi must be a whole number 0-16"):
            whole_number({"zhi": bad}, "zhi", 0, 16)
    with pytest.raises(BadInput, match="fan must be a whole number 0-30, got None"):
        whole_number({}, "fan", 0, 30, default=None)


def test_the_discarder_defaults_to_the_player_before_the_winner() -> None:
    assert discarder_seat({}, 0) == 3
    assert discarder_seat({}, 2) == 1
    assert discarder_seat({"discarder": 0}, 2) == 0


def test_a_self_draw_has_no_discarder_and_a_winner_cannot_discard_to_himself() -> None:
    assert win_seats({"winner": 1, "dealer": 2, "discarder": 3}, True) == (1, 2, None)
    assert win_seats({"winner": 1, "discarder": 3}, False) == (1, 0, 3)
    with pytest.raises(BadInput, match="another player than the winner"):
        win_seats({"winner": 1, "discarder": 1}, False)


def test_deltas_of_payments_balance() -> None:
    pays = [{"payer": 1, "amount": 8}, {"payer": 2, "amount": 4}, {"payer": 3, "amount": 4}]
    deltas = deltas_of(pays, 0)
    assert deltas == [16, -8, -4, -4]
    assert sum(deltas) == 0


def _read(request: dict[str, Any]) -> HandTiles:
    return read_tiles(request, lambda raw: meld_list(raw, '["pon 555p"]'), no_flowers("Test"))


def test_tiles_are_read_with_the_winning_tile_apart() -> None:
    read = _read({"hand": "123m789s1z234p", "win_tile": "1z", "melds": ["pon 555p"]})
    assert sorted(t.kind for t in read.tiles) == [0, 1, 2, 10, 11, 12, 24, 25, 26, 27]
    assert str(read.win_tile) == "1z"
    assert read.melds == (parse_meld("pon 555p"),)
    assert len(read.every) == 14
    assert read.concealed_counts()[27] == 2


def test_the_ruleset_check_runs_before_the_tile_count() -> None:
    with pytest.raises(BadInput, match="Test mahjong has no flowers"):
        _read({"hand": "1f", "win_tile": "1m"})


def test_a_hand_of_the_wrong_size_says_how_many_tiles_it_has() -> None:
    with pytest.raises(WrongTileCount, match="the hand has 4 tiles"):
        _read({"hand": "1234m", "win_tile": "1m"})


def test_a_fifth_copy_is_refused() -> None:
    with pytest.raises(TooManyCopies):
        _read({"hand": "1111m234p567s789s", "win_tile": "1m"})


def test_melds_must_be_a_list_like_the_example() -> None:
    with pytest.raises(BadInput, match=r'like \["pon 555p"\]'):
        _read({"hand": "123m456p789s1z", "win_tile": "1z", "melds": "pon 555p"})


def test_a_win_after_a_kong_needs_a_kong_and_a_self_draw() -> None:
    kong = (parse_meld("kan 5555p"),)
    check_after_kong(True, True, kong)
    check_after_kong(False, False, ())
    with pytest.raises(BadInput, match="杠开"):
        check_after_kong(True, False, kong)
    with pytest.raises(BadInput, match="own words"):
        check_after_kong(True, True, (), "own words")
