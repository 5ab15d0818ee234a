"""The table service layer: recording, idempotency, stale commands, undo/redo/correct."""

from __future__ import annotations

import json

import pytest

from games import services
from games.models import Event, Hand, LedgerEntry, Table
from games.permissions import Actor
from scoring import registry
from scoring.engine.errors import EngineError

from .tables import (
    CREATOR,
    NAMES,
    OUTCOMES,
    command_id,
    make_table,
    record,
    sample_outcomes,
    seated,
)

pytestmark = pytest.mark.django_db

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}
TSUMO = {"type": "tsumo", "wins": [{"winner": 0, "quick": {"han": 3, "fu": 30}}]}
DRAW = {"type": "draw", "tenpai": []}


def ledger_totals(table: Table) -> list[int]:
    totals = [0, 0, 0, 0]
    for entry in LedgerEntry.objects.filter(table=table):
        totals[entry.position] += entry.amount
    return totals


def assert_books_balance(table: Table) -> None:
    """Each hand's rows plus its pot change sum to zero, and the state agrees."""
    table.refresh_from_db()
    start = services.start_scores(table)
    pot = 0
    for hand in Hand.objects.filter(table=table):
        rows = sum(e.amount for e in LedgerEntry.objects.filter(hand=hand))
        assert rows + hand.pot_change == 0, f"hand {hand.number} is not zero-sum"
        pot += hand.pot_change
    assert table.state["pot"] == pot
    hand_totals = [0, 0, 0, 0]
    for entry in LedgerEntry.objects.filter(table=table, hand__isnull=False):
        hand_totals[entry.position] += entry.amount
    assert table.state["scores"] == [s + d for s, d in zip(start, hand_totals, strict=True)]
    standings = services.snapshot(table)["standings"]
    assert [s["score"] for s in standings] == [
        s + d for s, d in zip(start, ledger_totals(table), strict=True)]


def test_create_table_snapshots_every_option_and_seats_four_players():
    table = make_table("riichi", "tenhou", kiriage=True)
    ruleset = registry.get("riichi")
    assert table.options == ruleset.resolve("tenhou", {"kiriage": True})
    assert table.options["red_fives"] == 3 and table.options["kiriage"] is True
    snap = services.snapshot(table)
    assert [s["player"]["name"] for s in snap["seats"]] == NAMES
    assert snap["seq"] == 0 and snap["hands"] == []
    assert [s["score"] for s in snap["standings"]] == [25000] * 4


def test_create_table_reuses_players_with_the_same_name():
    first = make_table()
    second = make_table()
    ids = [s.player_id for s in first.seats.order_by("position")]
    assert ids == [s.player_id for s in second.seats.order_by("position")]


def test_create_table_refuses_a_bad_option_with_the_engine_code():
    with pytest.raises(EngineError) as info:
        make_table("riichi", "", red_fives=9)
    assert info.value.code == "bad_option"
    assert "red_fives" in info.value.message
    assert not Table.objects.exists()


def test_create_table_needs_four_names():
    with pytest.raises(services.TableError) as info:
        services.create_table("x", "riichi", "", {}, ["A", "B"], creator=CREATOR)
    assert info.value.code == "bad_command"


@pytest.mark.parametrize(("ruleset", "kind", "index", "outcome"), sample_outcomes(),
                         ids=lambda v: v if isinstance(v, str | int) else "")
def test_every_outcome_type_records_zero_sum_rows(ruleset, kind, index, outcome):
    table = make_table(ruleset)
    result = record(table, outcome)
    assert result["ok"] is True, result.get("error")
    assert result["seq"] == 1 and result["hand_number"] == 1
    hand = Hand.objects.get(table=table, number=1)
    assert hand.outcome == outcome and hand.summary
    assert LedgerEntry.objects.filter(hand=hand).exists() or hand.pot_change == 0
    assert_books_balance(table)


@pytest.mark.parametrize("ruleset", registry.usable())
def test_every_outcome_type_of_every_ruleset_has_a_sample(ruleset):
    types = registry.get(ruleset).rules.outcome_types
    assert set(types) <= set(OUTCOMES.get(ruleset, {})), (
        f"add sample outcomes of {ruleset} to games/tests/data/outcomes.json")


@pytest.mark.parametrize("ruleset", registry.usable())
def test_a_whole_sequence_of_samples_stays_zero_sum(ruleset):
    table = make_table(ruleset)
    recorded = 0
    samples = [o for kinds in OUTCOMES[ruleset].values() for o in kinds]
    for outcome in samples:
        result = record(table, outcome)
        assert result["ok"] is True, result.get("error")
        recorded += 1
        if result["snapshot"]["table"]["finished"]:
            break  # e.g. a riichi player went bust
    assert Hand.objects.filter(table=table).count() == recorded >= min(len(samples), 3)
    assert_books_balance(table)


def test_repeated_command_id_returns_the_original_result_and_records_once():
    table = make_table()
    first = record(table, RON, command_id="same")
    again = services.record_hand(table.pk, RON, "same", 0, CREATOR)
    assert again["duplicate"] is True and first["duplicate"] is False
    assert again["seq"] == first["seq"] == 1
    assert again["hand_number"] == first["hand_number"] == 1
    assert Hand.objects.filter(table=table).count() == 1
    assert Event.objects.filter(table=table).count() == 1


def test_stale_base_seq_is_refused_with_the_current_snapshot():
    table = make_table()
    record(table, RON)
    result = services.record_hand(table.pk, TSUMO, command_id(), 0, CREATOR)
    assert result["ok"] is False
    assert result["error"]["code"] == "stale"
    assert result["snapshot"]["seq"] == 1
    assert len(result["snapshot"]["hands"]) == 1
    assert Hand.objects.filter(table=table).count() == 1


def test_engine_error_is_returned_and_nothing_is_saved():
    table = make_table()
    bad = {"type": "ron", "wins": [{"winner": 1, "discarder": 1, "quick": {"han": 1, "fu": 30}}]}
    result = record(table, bad)
    assert result["ok"] is False
    assert result["error"]["code"] == "bad_outcome" and result["error"]["message"]
    table.refresh_from_db()
    assert table.seq == 0 and not Event.objects.exists() and not Hand.objects.exists()


def test_unknown_outcome_type_is_refused_with_the_engine_code():
    result = record(make_table(), {"type": "tenhou"})
    assert result["error"]["code"] == "bad_outcome"


@pytest.mark.parametrize(("command", "base_seq"), [("", 0), (None, 0), ("x" * 65, 0),
                                                   ("ok", -1), ("ok", "0"), ("ok", True)])
def test_malformed_command_id_or_base_seq_is_refused(command, base_seq):
    table = make_table()
    result = services.record_hand(table.pk, RON, command, base_seq, CREATOR)
    assert result["error"]["code"] == "bad_command"


def test_event_log_is_append_only_with_increasing_seq():
    table = make_table()
    record(table, RON)
    record(table, TSUMO)
    services.undo(table.pk, command_id(), 2, CREATOR)
    services.redo(table.pk, command_id(), 3, CREATOR)
    services.correct_hand(table.pk, 1, DRAW, command_id(), 4, CREATOR)
    events = list(Event.objects.filter(table=table).order_by("id"))
    assert [e.seq for e in events] == [1, 2, 3, 4, 5]
    assert [e.kind for e in events] == ["record", "record", "undo", "redo", "correct"]
    assert events[4].payload == {"outcome": DRAW, "previous": RON}
    assert [e.hand_number for e in events] == [1, 2, 2, 2, 1]


def test_undo_removes_the_last_hand_and_redo_restores_it():
    table = make_table()
    record(table, RON)
    after_ron = Table.objects.get(pk=table.pk).state
    record(table, TSUMO)
    result = services.undo(table.pk, command_id(), 2, CREATOR)
    assert result["ok"] and result["event"] == "hand_undone" and result["hand_number"] == 2
    table.refresh_from_db()
    assert table.state == after_ron and Hand.objects.filter(table=table).count() == 1
    assert result["snapshot"]["can_redo"] is True
    result = services.redo(table.pk, command_id(), 3, CREATOR)
    assert result["ok"] and result["event"] == "hand_redone"
    assert Hand.objects.get(table=table, number=2).outcome == TSUMO
    assert result["snapshot"]["can_redo"] is False
    assert_books_balance(table)


def test_undo_right_after_a_correction_takes_the_correction_back():
    table = make_table()
    record(table, TSUMO)
    record(table, RON)
    services.correct_hand(table.pk, 1, RON, command_id(), 2, CREATOR)
    table.refresh_from_db()
    assert table.undo_target == {"kind": "correct", "number": 1}
    snap = services.snapshot(table)
    assert snap["undo"] == {"kind": "correct", "number": 1}
    result = services.undo(table.pk, command_id(), 3, CREATOR)
    assert result["ok"] and result["hand_number"] == 1
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert [h.outcome for h in hands] == [TSUMO, RON]
    assert hands[0].revision == 1
    assert result["snapshot"]["undo"] == {"kind": "record", "number": 2}
    assert result["snapshot"]["redo"] == {"kind": "correct", "number": 1}
    assert Event.objects.get(table=table, seq=4).payload == {"reverts": "correct"}
    assert_books_balance(table)
    result = services.redo(table.pk, command_id(), 4, CREATOR)
    assert result["ok"]
    assert Hand.objects.get(table=table, number=1).outcome == RON
    assert Event.objects.get(table=table, seq=5).payload == {"redoes": "correct"}


def test_the_snapshot_names_the_hand_undo_would_remove():
    table = make_table()
    record(table, TSUMO)
    record(table, RON)
    assert services.snapshot(Table.objects.get(pk=table.pk))["undo"] == {
        "kind": "record", "number": 2}
    assert services.snapshot(Table.objects.get(pk=table.pk))["redo"] is None


def test_recording_after_undo_drops_the_redo():
    table = make_table()
    record(table, RON)
    services.undo(table.pk, command_id(), 1, CREATOR)
    record(table, TSUMO)
    result = services.redo(table.pk, command_id(), 3, CREATOR)
    assert result["error"]["code"] == "nothing_to_redo"


def test_undo_with_no_hand_is_refused():
    result = services.undo(make_table().pk, command_id(), 0, CREATOR)
    assert result["error"]["code"] == "nothing_to_undo"


def test_correcting_an_early_hand_recomputes_every_later_hand():
    table = make_table()
    record(table, TSUMO)  # dealer (0) wins: renchan, honba 1
    record(table, RON)  # non-dealer wins with the honba
    second = Hand.objects.get(table=table, number=2)
    assert second.state_before["honba"] == 1 and second.state_before["dealer"] == 0
    paid_before = {e.position: e.amount for e in second.ledger.filter(reason="honba")}
    result = services.correct_hand(table.pk, 1, RON, command_id(), 2, CREATOR)
    assert result["ok"] and result["event"] == "hand_corrected"
    first, second = Hand.objects.filter(table=table).order_by("number")
    assert first.outcome == RON and first.revision == 2
    # Seat 1 won hand 1 now, so hand 2 is East 2 with no honba and pays no honba rows.
    assert second.state_before["dealer"] == 1 and second.state_before["honba"] == 0
    assert paid_before and not second.ledger.filter(reason="honba").exists()
    assert_books_balance(table)
    assert [e.kind for e in first.history()] == ["record", "correct"]


def test_a_correction_that_breaks_a_later_hand_is_refused_and_nothing_changes():
    table = make_table(length="east")
    for _ in range(3):
        record(table, DRAW)  # dealer noten: the deal passes on, East 4 next
    record(table, {"type": "draw", "tenpai": [3]})  # East 4 dealer (3) tenpai: renchan
    record(table, DRAW)  # East 4, 1 honba: dealer noten, the game ends
    table.refresh_from_db()
    assert table.finished is True
    before = list(LedgerEntry.objects.filter(table=table).values_list("amount", flat=True))
    # If hand 4 had been noten the game would have ended before hand 5.
    result = services.correct_hand(table.pk, 4, DRAW, command_id(), table.seq, CREATOR)
    assert result["ok"] is False and result["error"]["code"] == "game_over"
    assert list(LedgerEntry.objects.filter(table=table).values_list("amount", flat=True)) \
        == before


def test_game_ending_by_the_rules_adds_the_final_settlement():
    table = make_table(length="east")
    for _ in range(4):
        result = record(table, DRAW)
    assert result["ok"]
    table.refresh_from_db()
    assert table.finished and not table.ended_manually and table.finished_at
    final = LedgerEntry.objects.filter(table=table, hand__isnull=True)
    assert final.exists() and sum(e.amount for e in final) == table.state["pot"]
    assert {e.reason for e in final} <= {"uma", "oka", "leftover"}
    snap = result["snapshot"]
    assert snap["table"]["finished"] and snap["final"] and snap["chart"]["labels"][-1] == "final"
    assert result["snapshot"]["standings"][0]["rank"] in (1, 2, 3, 4)
    refused = record(table, DRAW)
    assert refused["error"]["code"] == "game_over"


def test_undo_after_the_natural_end_reopens_play():
    table = make_table(length="east")
    for _ in range(4):
        record(table, DRAW)
    result = services.undo(table.pk, command_id(), 4, CREATOR)
    assert result["ok"]
    table.refresh_from_db()
    assert not table.finished and not LedgerEntry.objects.filter(hand__isnull=True).exists()


def test_end_game_settles_now_and_reopen_takes_it_back():
    table = make_table()
    record(table, {"type": "ron", "riichi": [1],
                   "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]})
    result = services.end_game(table.pk, command_id(), 1, CREATOR)
    assert result["ok"] and result["event"] == "game_ended"
    table.refresh_from_db()
    assert table.finished and table.ended_manually
    final = LedgerEntry.objects.filter(table=table, hand__isnull=True)
    assert {e.reason for e in final} >= {"uma"}
    assert record(table, RON)["error"]["code"] == "game_ended"
    assert services.undo(table.pk, command_id(), 2, CREATOR)["error"]["code"] == "game_ended"
    assert services.preview(table.pk, RON)["error"]["code"] == "game_ended"
    result = services.reopen_game(table.pk, command_id(), 2, CREATOR)
    assert result["ok"] and result["event"] == "game_reopened"
    table.refresh_from_db()
    assert not table.finished and not LedgerEntry.objects.filter(hand__isnull=True).exists()
    assert record(table, RON)["ok"]


def test_reopen_without_an_end_is_refused():
    result = services.reopen_game(make_table().pk, command_id(), 0, CREATOR)
    assert result["error"]["code"] == "not_ended"


def test_preview_shows_every_payment_without_saving():
    table = make_table()
    result = services.preview(table.pk, RON)
    assert result["ok"] is True
    assert result["deltas"] == [0, 2600, -2600, 0]
    assert result["scores"] == [25000, 27600, 22400, 25000]
    assert result["settlement"]["summary"]
    assert not Event.objects.exists() and not Hand.objects.exists()


def test_preview_of_a_correction_starts_from_the_state_before_that_hand():
    table = make_table()
    record(table, TSUMO)
    record(table, RON)
    as_next = services.preview(table.pk, RON)
    as_first = services.preview(table.pk, RON, hand_number=1)
    assert as_first["deltas"] == [0, 2600, -2600, 0]
    assert as_next["deltas"] != as_first["deltas"]  # hand 3 carries a honba


def test_preview_of_a_correction_lists_the_later_hands_it_changes():
    table = make_table()
    record(table, TSUMO)  # dealer (0) wins: renchan, honba 1
    record(table, RON)  # seat 1 wins on seat 2 with the honba
    record(table, DRAW)
    result = services.preview(table.pk, RON, hand_number=1)
    later = result["later"]
    # With seat 1 winning hand 1, seat 1 deals hand 2 (a dealer's ron, no honba); the
    # draw pays nothing either way.
    assert [h["number"] for h in later] == [2]
    assert later[0]["before"] == [0, 2900, -2900, 0]
    assert later[0]["after"] == [0, 3900, -3900, 0]
    assert services.preview(table.pk, TSUMO, hand_number=1)["later"] == []
    assert not Event.objects.filter(table=table, seq__gt=3).exists()


def test_preview_reports_engine_errors():
    result = services.preview(make_table().pk, {"type": "ron", "wins": []})
    assert result["ok"] is False and result["error"]["code"] == "bad_outcome"


def test_stranger_cannot_write_and_nothing_is_saved():
    table = make_table()
    result = record(table, RON, actor=Actor(device="someone-else"))
    assert result["error"]["code"] == "forbidden"
    assert not Event.objects.exists()


def test_seated_player_writes_and_is_named_in_the_log():
    table = make_table()
    actor = seated(table, 2)
    result = record(table, RON, actor=actor)
    assert result["ok"]
    assert Event.objects.get(table=table).actor_name == "Chen"
    assert Hand.objects.get(table=table).recorded_by == "Chen"


def test_released_seat_can_no_longer_write():
    table = make_table()
    actor = seated(table, 1)
    services.release_seat(table, 1, CREATOR)
    assert record(table, RON, actor=actor)["error"]["code"] == "forbidden"


def test_write_is_broadcast_once_after_commit(monkeypatch, django_capture_on_commit_callbacks):
    sent: list[tuple[int, int, str]] = []
    monkeypatch.setattr("games.services.commands.broadcast_table",
                        lambda table_id, seq, payload, **kw: sent.append((table_id, seq,
                                                                          payload)))
    table = make_table()
    with django_capture_on_commit_callbacks(execute=True):
        record(table, RON)
        record(table, RON, base_seq=0)  # stale: nothing to announce
    assert len(sent) == 1
    table_id, seq, payload = sent[0]
    message = json.loads(payload)
    assert table_id == table.pk and seq == 1
    assert message["head"]["type"] == "hand_recorded" and message["head"]["seq"] == 1
    assert message["changes"]["seq"] == 1


def test_snapshot_has_hands_ledger_chart_and_standings():
    table = make_table()
    record(table, RON)
    record(table, TSUMO)
    snap = services.snapshot(Table.objects.get(pk=table.pk))
    assert snap["seq"] == 2 and snap["table"]["id"] == table.public_id
    assert [h["number"] for h in snap["hands"]] == [1, 2]
    assert snap["hands"][0]["deltas"] == [0, 2600, -2600, 0]
    assert snap["hands"][0]["type"] == "ron" and snap["hands"][0]["results"]
    assert snap["chart"]["labels"] == ["start", "1", "2"]
    assert [series[-1] for series in snap["chart"]["series"]] == \
        [s["score"] for s in snap["standings"]]
    # Seat 1 won hand 1 and seat 0 hand 2 as non-dealers: the deal is with seat 2 now.
    assert [s["wind"] for s in snap["seats"]] == ["W", "N", "E", "S"]
    assert set(snap["outcome_types"]) >= {"ron", "tsumo"}


def test_snapshot_hands_carry_the_result_contract_and_payments_by_cause():
    table = make_table()
    tiles = OUTCOMES["riichi"]["ron"][3]
    result = record(table, tiles)
    hand = result["snapshot"]["hands"][0]
    [win] = hand["results"]
    assert win["winner"] == 3
    assert "riichi" in {item["key"] for item in win["items"]}
    assert all(item["native"] and isinstance(item["value"], int) for item in win["items"])
    assert {p["cause"] for p in hand["payments"]} >= {"hand"}
    assert sum(p["amount"] for p in hand["payments"]) + hand["pot_change"] == 0


def test_player_games_gives_score_and_place_in_each_table():
    first = make_table()
    record(first, RON)  # seat 1 (Bo) wins 2600 from seat 2 (Chen)
    second = make_table(visibility="private")
    bo = first.seats.get(position=1).player
    games = services.player_games(bo)
    assert [g["table"] for g in games] == [second.public_id, first.public_id]
    assert games[1]["score"] == 27600 and games[1]["rank"] == 1 and games[1]["hands"] == 1
    assert games[0]["score"] == 25000 and games[0]["rank"] == 1
    seen_by_stranger = services.player_games(bo, viewer=Actor(device="stranger"))
    assert [g["table"] for g in seen_by_stranger] == [first.public_id]


def test_unchanged_hands_keep_their_rows_and_ids_across_writes():
    table = make_table()
    record(table, RON)
    first_id = Hand.objects.get(table=table, number=1).pk
    record(table, TSUMO)
    services.undo(table.pk, command_id(), 2, CREATOR)
    services.redo(table.pk, command_id(), 3, CREATOR)
    assert Hand.objects.get(table=table, number=1).pk == first_id
    services.correct_hand(table.pk, 1, DRAW, command_id(), 4, CREATOR)
    assert Hand.objects.get(table=table, number=1).pk != first_id
    assert_books_balance(table)
