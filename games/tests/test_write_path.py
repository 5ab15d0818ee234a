"""The write path's shortcuts: a hand recorded at the end of a going game is settled on
its own (no replay), queries per write do not grow with the game, the snapshot is
serialised once per event, and the snapshot cache never serves an outdated version."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings

from games import services
from games.models import Event, Hand, LedgerEntry, Table
from games.replay import replay
from scoring import registry

from .tables import CREATOR, OUTCOMES, command_id, make_table, record, seated

pytestmark = pytest.mark.django_db

RON = {"type": "ron", "wins": [{"winner": 0, "discarder": 1, "quick": {"han": 2, "fu": 30}}]}
TSUMO = {"type": "tsumo", "wins": [{"winner": 2, "quick": {"han": 3, "fu": 30}}]}
DEALER_CYCLE: list[dict[str, Any]] = [
    RON,
    {"type": "tsumo", "wins": [{"winner": 0, "quick": {"han": 1, "fu": 30}}]},
    {"type": "draw", "tenpai": [0, 1, 2, 3]},
]


def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = replay

    def counted(*args: Any) -> Any:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr("games.services.commands.replay", counted)
    return calls


def assert_rows_equal_fresh_replay(table: Table) -> None:
    table.refresh_from_db()
    ruleset = registry.get(table.ruleset)
    events = list(Event.objects.filter(table=table).order_by("seq"))
    fresh = replay(ruleset.rules, ruleset.options_from_snapshot(table.options), events)
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert table.state == fresh.state and table.finished == fresh.finished
    assert len(hands) == len(fresh.hands)
    for hand, played in zip(hands, fresh.hands, strict=True):
        rows = list(LedgerEntry.objects.filter(hand=hand))
        assert sum(r.amount for r in rows) + hand.pot_change == 0
        assert sorted((r.position, r.amount, r.reason) for r in rows) == sorted(
            (r["player"], r["amount"], r["reason"]) for r in played.settlement["rows"])
        assert (hand.state_before, hand.state_after) == (
            played.state_before, played.settlement["state"])
    final = LedgerEntry.objects.filter(table=table, hand__isnull=True)
    assert sorted((r.position, r.amount, r.reason) for r in final) == sorted(
        (r["player"], r["amount"], r["reason"]) for r in fresh.final_rows)


def test_record_on_a_going_game_settles_the_new_hand_without_replaying(monkeypatch):
    calls = replays(monkeypatch)
    table = make_table()
    for outcome in DEALER_CYCLE:
        assert record(table, outcome)["ok"]
    assert calls == []
    table.refresh_from_db()
    assert services.undo(table.pk, command_id(), table.seq, CREATOR)["ok"]
    assert calls == [1]  # undo takes the full replay
    assert_rows_equal_fresh_replay(table)


def test_record_after_undo_clears_redo_on_the_incremental_path():
    table = make_table()
    record(table, RON)
    record(table, RON)
    table.refresh_from_db()
    services.undo(table.pk, command_id(), table.seq, CREATOR)
    assert Table.objects.get(pk=table.pk).can_redo
    assert record(table, DEALER_CYCLE[2])["ok"]
    table.refresh_from_db()
    assert not table.can_redo
    assert services.redo(table.pk, command_id(), table.seq, CREATOR)["error"]["code"] == \
        "nothing_to_redo"
    assert_rows_equal_fresh_replay(table)


def test_record_on_an_ended_game_is_refused_by_the_full_path():
    table = make_table()
    record(table, RON)
    table.refresh_from_db()
    assert services.end_game(table.pk, command_id(), table.seq, CREATOR)["ok"]
    answer = record(table, RON)
    assert not answer["ok"] and answer["error"]["code"] == "game_ended"
    assert Hand.objects.filter(table=table).count() == 1


@pytest.mark.parametrize("ruleset", sorted(registry.usable()))
def test_every_ruleset_records_hands_incrementally_as_a_replay_would(ruleset):
    table = make_table(ruleset)
    samples = [o for outcomes in OUTCOMES.get(ruleset, {}).values() for o in outcomes]
    assert samples
    recorded = 0
    for outcome in samples * 3:
        answer = record(table, outcome)
        if answer["ok"]:
            recorded += 1
        elif answer["error"]["code"] in {"game_over", "game_ended"}:
            break
    assert recorded >= 1
    assert_rows_equal_fresh_replay(table)


def test_a_game_ending_on_an_appended_hand_gets_its_final_settlement():
    table = make_table(length="east", bust_ends_game=True)
    busting = {"type": "ron", "wins": [{"winner": 0, "discarder": 1,
                                        "quick": {"yakuman": 1}}]}
    for _ in range(3):
        if Table.objects.get(pk=table.pk).finished:
            break
        assert record(table, busting)["ok"]
    table.refresh_from_db()
    assert table.finished and table.finished_at is not None
    assert LedgerEntry.objects.filter(table=table, hand__isnull=True).exists()
    assert_rows_equal_fresh_replay(table)


# Lock (2), seats, command id, hand count, event, hand, ledger rows, table, snapshot's
# hands, ledger and riichi declared in the next hand (3): 12; the seats' stored results
# (games.seat_results: the rows, the new hand, its ledger rows, the update): 4; plus the
# savepoint and its release inside the test's atomic.
MAX_QUERIES_PER_RECORD = 18


def test_queries_per_record_do_not_grow_with_the_game(django_assert_max_num_queries):
    table = make_table()
    actor = seated(table, 1)
    for hands in (1, 12):
        while Hand.objects.filter(table=table).count() < hands:
            record(table, DEALER_CYCLE[2], actor=actor)
        seq = Table.objects.get(pk=table.pk).seq
        with django_assert_max_num_queries(MAX_QUERIES_PER_RECORD):
            assert services.record_hand(table.pk, RON, command_id(), seq, actor)["ok"]
    assert Hand.objects.filter(table=table).count() == 13


def test_a_recorded_hand_is_broadcast_once_per_language_with_only_that_hand(
        monkeypatch, django_capture_on_commit_callbacks):
    sent: list[tuple[dict[str, str], bool]] = []
    monkeypatch.setattr("games.services.commands.broadcast_table",
                        lambda table_id, texts, private=False: sent.append((texts, private)))
    table = make_table()
    record(table, RON)
    with django_capture_on_commit_callbacks(execute=True):
        result = record(table, TSUMO)
    [(texts, private)] = sent
    assert sorted(texts) == sorted(code for code, _ in settings.LANGUAGES) and not private
    english, japanese = json.loads(texts["en"]), json.loads(texts["ja"])
    assert english["type"] == "hand_recorded" and english["hand_number"] == 2
    assert english["snapshot"]["standings"] == result["snapshot"]["standings"]
    # Only the new hand travels, rendered; the phones keep the ones before it.
    assert english["view"]["hands_from"] == 2
    assert [h["number"] for h in english["view"]["hands"]] == [2]
    assert "hands" not in english["snapshot"]
    assert english["view"]["hands"][0]["summary"] != japanese["view"]["hands"][0]["summary"]
    assert english["snapshot"] == japanese["snapshot"]
    # Far smaller than the whole snapshot of a long game would be.
    assert len(texts["en"]) < 8000


def test_a_correction_sends_the_hands_it_changed_and_a_private_table_is_marked(
        monkeypatch, django_capture_on_commit_callbacks):
    sent: list[tuple[dict[str, str], bool]] = []
    monkeypatch.setattr("games.services.commands.broadcast_table",
                        lambda table_id, texts, private=False: sent.append((texts, private)))
    table = make_table(visibility="private")
    for _ in range(3):
        record(table, RON)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.correct_hand(table.pk, 2, TSUMO, command_id(), 3, CREATOR)["ok"]
    [(texts, private)] = sent
    view = json.loads(texts["en"])["view"]
    assert private and view["hands_from"] == 2
    assert [h["number"] for h in view["hands"]] == [2, 3]


def test_cached_snapshot_follows_writes_and_seat_changes(django_capture_on_commit_callbacks):
    table = make_table()
    with django_capture_on_commit_callbacks(execute=True):
        record(table, RON)
    fresh = Table.objects.get(pk=table.pk)
    assert services.cached_snapshot(fresh) == services.snapshot(fresh)
    assert not services.cached_snapshot(fresh)["seats"][2]["claimed"]
    seated(table, 2)
    fresh = Table.objects.get(pk=table.pk)
    assert services.cached_snapshot(fresh)["seats"][2]["claimed"]
    with django_capture_on_commit_callbacks(execute=True):
        record(table, RON)
    fresh = Table.objects.get(pk=table.pk)
    assert [h["number"] for h in services.cached_snapshot(fresh)["hands"]] == [1, 2]


def test_cached_snapshot_is_a_copy_callers_may_change():
    table = make_table()
    record(table, RON)
    fresh = Table.objects.get(pk=table.pk)
    first = services.cached_snapshot(fresh)
    first["hands"].clear()
    assert len(services.cached_snapshot(fresh)["hands"]) == 1
