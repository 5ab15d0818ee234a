"""Random sequences of record/undo/redo/correct/end/reopen through the service layer: the
saved rows always equal a fresh replay of the log, every hand balances, the seats' stored
results (games.seat_results) equal a count of the replayed rows after every write, and
what each write sends the phones is the whole snapshot's part from the first hand it
changed. Records at the end take the incremental path, undoing the last hand restores its
stored state before, the rest replays: interleaved in any order. (The groups' figures
kept over these rows, ratings included: clubs/tests/test_history_properties.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import seat_results, services
from games.models import Event, Hand, LedgerEntry, Seat, SeatResult, Table
from games.replay import replay
from scoring import registry

from .tables import CREATOR, command_id, make_table

pytestmark = pytest.mark.django_db

players = st.integers(0, 3)
quick = st.sampled_from([{"han": 1, "fu": 30}, {"han": 2, "fu": 40}, {"han": 4, "fu": 30},
                         {"yakuman": 1}, {"points": 8000}])


@st.composite
def riichi_outcomes(draw: Any) -> dict[str, Any]:
    kind = draw(st.sampled_from(["ron", "tsumo", "draw"]))
    sticks = draw(st.lists(players, max_size=2, unique=True))
    if kind == "draw":
        tenpai = sorted(set(draw(st.lists(players, max_size=4))) | set(sticks))
        return {"type": "draw", "tenpai": tenpai, "riichi": sticks}
    winner = draw(players)
    win: dict[str, Any] = {"winner": winner, "quick": draw(quick)}
    if kind == "ron":
        win["discarder"] = (winner + draw(st.integers(1, 3))) % 4
    return {"type": kind, "wins": [win], "riichi": sticks}


operations = st.lists(st.one_of(
    st.tuples(st.just("record"), riichi_outcomes()),
    st.tuples(st.just("undo"), st.none()),
    st.tuples(st.just("redo"), st.none()),
    st.tuples(st.just("correct"), st.tuples(st.integers(1, 6), riichi_outcomes())),
    st.tuples(st.just("end"), st.none()),
    st.tuples(st.just("reopen"), st.none()),
), min_size=1, max_size=14)


def run(table: Table, op: str, arg: Any) -> services.CommandResult:
    table.refresh_from_db()
    cmd, seq = command_id(), table.seq
    if op == "record":
        return services.record_hand(table.pk, arg, cmd, seq, CREATOR)
    if op == "correct":
        return services.correct_hand(table.pk, arg[0], arg[1], cmd, seq, CREATOR)
    fn = {"undo": services.undo, "redo": services.redo, "end": services.end_game,
          "reopen": services.reopen_game}[op]
    return fn(table.pk, cmd, seq, CREATOR)


def assert_seat_results_are_a_fresh_count(table: Table) -> None:
    """The rows a write left in SeatResult (added to, taken from or counted again) equal
    counting every hand and ledger row of the table afresh."""
    table = Table.objects.get(pk=table.pk)
    stored = [{f.attname: getattr(row, f.attname) for f in SeatResult._meta.concrete_fields
               if f.attname != "id"}
              for row in SeatResult.objects.filter(table=table).order_by("position")]
    assert stored == seat_results.computed(table, Seat.objects.filter(table=table),
                                           Hand.objects.filter(table=table),
                                           LedgerEntry.objects.filter(table=table))


def assert_changes_are_the_snapshot_from_their_hand(changes: dict[str, Any],
                                                    table: Table) -> None:
    """What a write sent the phones (games.services.snapshot.build_changes) is the whole
    snapshot's part from its first changed hand: its hands, its chart's tail, the
    standings and what undo and redo would do."""
    full = services.snapshot(Table.objects.get(pk=table.pk))
    start = changes["hands_from"]
    assert changes["hand_count"] == len(full["hands"])
    assert changes["hands"] == [h for h in full["hands"] if h["number"] >= start]
    # The chart's points after those hands; from the start when hand 1 changed.
    chart = changes["chart"]
    first = 0 if start == 1 else start
    assert chart["from"] == first
    assert chart["labels"] == full["chart"]["labels"][first:]
    assert chart["series"] == [points[first:] for points in full["chart"]["series"]]
    for key in ("standings", "final", "state", "table", "undo", "redo", "can_undo",
                "can_redo", "declared", "seq"):
        assert changes[key] == full[key], key


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=operations)
def test_saved_rows_always_equal_a_fresh_replay_of_the_log(ops):
    # Records at the end of a going game take the incremental path (games.replay.append)
    # and the other writes the full replay, interleaved in any order: the rows must match
    # a replay from scratch either way.
    table = make_table(length="east")
    # The model: undo takes back the latest change still in force (a hand, or a
    # correction with the outcome it replaced); redo makes the latest undone one again.
    active: list[dict[str, Any]] = []
    done: list[tuple[str, int, dict[str, Any] | None]] = []
    undone: list[tuple[str, int, dict[str, Any]]] = []
    for op, arg in ops:
        before = Table.objects.get(pk=table.pk).seq
        result = run(table, op, arg)
        after = Table.objects.get(pk=table.pk).seq
        if not result["ok"]:
            assert after == before and result["error"]["message"]
            continue
        assert after == before + 1
        assert_changes_are_the_snapshot_from_their_hand(result["snapshot"], table)
        assert_seat_results_are_a_fresh_count(table)
        if op == "record":
            active.append(arg)
            done.append(("record", len(active), None))
            undone.clear()
        elif op == "undo":
            kind, number, before = done.pop()
            if kind == "record":
                undone.append(("record", number, active.pop()))
            else:
                assert before is not None
                undone.append(("correct", number, active[number - 1]))
                active[number - 1] = before
        elif op == "redo":
            kind, number, outcome = undone.pop()
            if kind == "record":
                active.append(outcome)
                done.append(("record", number, None))
            else:
                done.append(("correct", number, active[number - 1]))
                active[number - 1] = outcome
        elif op == "correct":
            done.append(("correct", arg[0], active[arg[0] - 1]))
            active[arg[0] - 1] = arg[1]
            undone = [u for u in undone if u[0] != "correct"]

    table.refresh_from_db()
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert [h.outcome for h in hands] == active
    ruleset = registry.get("riichi")
    events = list(Event.objects.filter(table=table).order_by("seq"))
    assert [e.seq for e in events] == list(range(1, table.seq + 1))
    fresh = replay(ruleset.rules, ruleset.options_from_snapshot(table.options), events)
    assert table.state == fresh.state and table.finished == fresh.finished
    assert len(fresh.hands) == len(hands)
    for hand, played in zip(hands, fresh.hands, strict=True):
        rows = list(LedgerEntry.objects.filter(hand=hand))
        assert sum(r.amount for r in rows) + hand.pot_change == 0
        assert sorted((r.position, r.amount, r.reason) for r in rows) == sorted(
            (r["player"], r["amount"], r["reason"]) for r in played.settlement["rows"])
        assert hand.state_before == played.state_before
        assert hand.state_after == played.settlement["state"]
        assert hand.pot_change == played.settlement["pot_change"]
        assert hand.result == played.settlement.get("results", [])
        assert hand.revision == played.slot.revision
        assert hand.event.seq == played.slot.record_seq
        assert hand.current_event.seq == played.slot.current_seq
        assert hand.recorded_by == played.slot.recorded_by
        assert hand.undo_before == played.slot.undo_before
    assert table.can_redo == fresh.can_redo
    assert table.undo_target == fresh.undo_target
    assert table.redo_target == fresh.redo_target
    if done:
        assert table.undo_target == {"kind": done[-1][0], "number": done[-1][1]}
    assert table.ended_manually == fresh.ended_manually
    final = LedgerEntry.objects.filter(table=table, hand__isnull=True)
    assert sorted((r.position, r.amount, r.reason) for r in final) == sorted(
        (r["player"], r["amount"], r["reason"]) for r in fresh.final_rows)
