"""Shared table-rule helpers of :mod:`scoring.engine.game`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from scoring.engine.errors import BadEvent, BadInput, BadOption
from scoring.engine.game import (
    LedgerRow,
    check_unfinished,
    dealer_after,
    entry_seats,
    fresh_state,
    how_won,
    next_hand,
    table_options,
    table_request,
)


@dataclass(frozen=True)
class Rules:
    chip: int = 1


def _build(overrides: Mapping[str, Any]) -> Rules:
    return Rules(**overrides)


def test_table_options_keep_an_options_object_and_build_a_mapping_or_none() -> None:
    given = Rules(3)
    assert table_options(given, Rules, _build, "Test") is given
    assert table_options({"chip": 2}, Rules, _build, "Test") == Rules(2)
    assert table_options(None, Rules, _build, "Test") == Rules()


def test_table_options_name_the_ruleset_when_refused() -> None:
    with pytest.raises(BadOption, match="Test options must be an Options object or a mapping"):
        table_options([1], Rules, _build, "Test")


def test_a_fresh_game_starts_everyone_on_the_stake_with_player_0_dealing() -> None:
    state = fresh_state(50)
    assert state["scores"] == [50, 50, 50, 50]
    assert (state["dealer"], state["hand_number"], state["hands_played"]) == (0, 1, 0)
    assert state["finished"] is False


def test_a_finished_game_refuses_another_hand() -> None:
    check_unfinished(fresh_state())
    with pytest.raises(BadEvent, match="the game is over"):
        check_unfinished({**fresh_state(), "finished": True})


def test_next_hand_pays_the_rows_and_leaves_the_old_state_alone() -> None:
    state = fresh_state(10)
    state["extra"] = {"note": 1}
    rows = [LedgerRow(player=1, amount=6, reason="hand"),
            LedgerRow(player=2, amount=-6, reason="hand")]
    new = next_hand(state, rows, dealer=1)
    assert new["scores"] == [10, 16, 4, 10]
    assert sum(new["scores"]) == sum(state["scores"])
    assert (new["dealer"], new["hand_number"], new["hands_played"]) == (1, 2, 1)
    assert state["scores"] == [10, 10, 10, 10]
    new["extra"]["note"] = 2
    assert state["extra"] == {"note": 1}


def test_next_hand_starts_missing_scores_from_the_stake() -> None:
    new = next_hand({}, [LedgerRow(player=0, amount=-2, reason="hand")], 0, start=5)
    assert new["scores"] == [3, 5, 5, 5]


def test_a_win_entry_without_discarder_is_a_self_draw() -> None:
    assert entry_seats({"winner": 2}) == (2, None)
    assert entry_seats({"winner": 2, "discarder": 0}) == (2, 0)
    with pytest.raises(BadInput, match="winner must be a player number 0-3"):
        entry_seats({"winner": 4})


def test_the_tables_seats_override_the_typed_hand() -> None:
    request = table_request({"hand": "123m", "winner": 3, "win": "discard"}, 1, 0, None, "o")
    assert request == {"hand": "123m", "win": "self_draw", "winner": 1, "dealer": 0,
                       "discarder": None, "options": "o"}


def test_summaries_say_how_the_hand_was_won() -> None:
    assert how_won(None) == "self-draw"
    assert how_won(2) == "on P2's discard"


def test_the_dealer_keeps_the_deal_only_on_his_own_win() -> None:
    assert dealer_after(1, 1) == 1
    assert dealer_after(1, 3) == 2
    assert dealer_after(3, 0) == 0


def test_after_a_draw_the_option_says_whether_the_deal_stays() -> None:
    assert dealer_after(2, None) == 2
    assert dealer_after(3, None, "pass") == 0
