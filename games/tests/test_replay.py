"""Folding and replaying the event log, without the database."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from common.errors import TableError
from games.replay import fold, replay
from scoring import registry
from scoring.engine.errors import EngineError


@dataclass
class Ev:
    seq: int
    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    hand_number: int | None = None
    actor_name: str = "Aiko"


def rec(seq: int, winner: int) -> Ev:
    return Ev(seq, "record", {"outcome": {"type": "tsumo", "wins": [
        {"winner": winner, "quick": {"han": 1, "fu": 30}}]}})


def test_undo_and_redo_move_the_last_hand_between_the_lists():
    folded = fold([rec(1, 0), rec(2, 1), Ev(3, "undo"), Ev(4, "undo"), Ev(5, "redo")])
    assert [s.record_seq for s in folded.active] == [1]
    assert [c.slot.record_seq for c in folded.redo] == [2]


def test_undo_after_a_correction_takes_the_correction_back_not_the_last_hand():
    new = {"type": "draw", "tenpai": []}
    events = [rec(1, 0), rec(2, 1), Ev(3, "correct", {"outcome": new}, hand_number=1)]
    assert fold(events).undo_target == {"kind": "correct", "number": 1}
    folded = fold([*events, Ev(4, "undo", {"reverts": "correct"}, hand_number=1)])
    first = folded.active[0]
    assert len(folded.active) == 2
    assert first.outcome == rec(1, 0).payload["outcome"]
    assert (first.revision, first.current_seq) == (1, 1)
    assert folded.undo_target == {"kind": "record", "number": 2}
    assert folded.redo_target == {"kind": "correct", "number": 1}
    again = fold([*events, Ev(4, "undo", {"reverts": "correct"}, hand_number=1),
                  Ev(5, "redo", hand_number=1)])
    assert again.active[0].outcome == new and again.active[0].revision == 2
    assert again.undo_target == {"kind": "correct", "number": 1}


def test_undo_walks_back_through_hands_and_corrections_in_order():
    new = {"type": "draw", "tenpai": []}
    events = [rec(1, 0), Ev(2, "correct", {"outcome": new}, hand_number=1), rec(3, 1),
              Ev(4, "undo", {"reverts": "record"}), Ev(5, "undo", {"reverts": "correct"})]
    folded = fold(events)
    assert [s.record_seq for s in folded.active] == [1]
    assert folded.active[0].revision == 1
    assert folded.redo_target == {"kind": "correct", "number": 1}
    folded = fold([*events, Ev(6, "redo"), Ev(7, "redo")])
    assert [s.record_seq for s in folded.active] == [1, 3]
    assert folded.active[0].outcome == new


def test_an_undo_logged_before_corrections_could_be_undone_still_removes_the_last_hand():
    new = {"type": "draw", "tenpai": []}
    folded = fold([rec(1, 0), rec(2, 1), Ev(3, "correct", {"outcome": new}, hand_number=1),
                   Ev(4, "undo")])
    assert [s.record_seq for s in folded.active] == [1]
    assert folded.active[0].outcome == new
    assert folded.undo_target == {"kind": "correct", "number": 1}


def test_undoing_a_correction_when_none_is_latest_is_refused():
    with pytest.raises(TableError) as info:
        fold([rec(1, 0), Ev(2, "undo", {"reverts": "correct"})])
    assert info.value.code == "nothing_to_undo"


def test_a_new_record_clears_the_redo_list():
    folded = fold([rec(1, 0), Ev(2, "undo"), rec(3, 1)])
    assert [s.record_seq for s in folded.active] == [3] and folded.redo == []


def test_correct_replaces_the_outcome_and_counts_the_revision():
    new = {"type": "draw", "tenpai": []}
    folded = fold([rec(1, 0), rec(2, 1), Ev(3, "correct", {"outcome": new}, hand_number=1)])
    first = folded.active[0]
    assert first.outcome == new and first.revision == 2
    assert first.record_seq == 1 and first.current_seq == 3


@pytest.mark.parametrize(("events", "code"), [
    ([Ev(1, "undo")], "nothing_to_undo"),
    ([rec(1, 0), Ev(2, "redo")], "nothing_to_redo"),
    ([rec(1, 0), Ev(2, "correct", {"outcome": {}}, hand_number=2)], "no_such_hand"),
    ([rec(1, 0), Ev(2, "end"), rec(3, 1)], "game_ended"),
    ([rec(1, 0), Ev(2, "end"), Ev(3, "end")], "game_ended"),
    ([rec(1, 0), Ev(2, "reopen")], "not_ended"),
    ([Ev(1, "shuffle")], "bad_command"),
])
def test_impossible_sequences_are_refused_with_a_code(events, code):
    with pytest.raises(TableError) as info:
        fold(events)
    assert info.value.code == code and info.value.message


def test_replay_settles_every_active_hand_from_the_initial_state():
    ruleset = registry.get("riichi")
    options = ruleset.build()
    result = replay(ruleset.rules, options, [rec(1, 0), rec(2, 0), Ev(3, "undo")])
    assert len(result.hands) == 1
    assert result.hands[0].state_before == result.initial
    assert result.state == result.hands[0].settlement["state"]
    assert result.can_redo and not result.finished and result.final_rows == []
    assert result.start_scores == [25000] * 4


def test_replay_with_end_adds_the_final_rows():
    ruleset = registry.get("riichi")
    result = replay(ruleset.rules, ruleset.build(), [rec(1, 1), Ev(2, "end")])
    assert result.finished and result.ended_manually
    assert sum(r["amount"] for r in result.final_rows) == result.state["pot"]


def test_replay_refuses_a_hand_after_the_natural_end():
    ruleset = registry.get("riichi")
    options = ruleset.build("", {"length": "east"})
    draws = [Ev(i, "record", {"outcome": {"type": "draw", "tenpai": []}}) for i in range(1, 6)]
    with pytest.raises(EngineError) as info:
        replay(ruleset.rules, options, draws)
    assert info.value.code == "game_over"
