"""The write path's shortcuts: a hand recorded at the end of a going game is settled on
its own (no replay), queries per write do not grow with the game, the snapshot is
serialised once per event, and the snapshot cache never serves an outdated version."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test import TestCase
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games import presenter, services
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
        assert (hand.state_before, hand.state_after, hand.undo_before) == (
            played.state_before, played.settlement["state"], played.slot.undo_before)
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
    assert calls == []  # the last hand undone: the state stored before it comes back
    assert_rows_equal_fresh_replay(table)
    table.refresh_from_db()
    assert services.redo(table.pk, command_id(), table.seq, CREATOR)["ok"]
    assert calls == [1]  # redo takes the full replay
    assert_rows_equal_fresh_replay(table)


def test_undoing_the_last_hand_restores_its_state_before_and_names_the_next_undo():
    table = make_table()
    for outcome in DEALER_CYCLE:
        record(table, outcome)
    table.refresh_from_db()
    assert services.correct_hand(table.pk, 1, TSUMO, command_id(), table.seq, CREATOR)["ok"]
    record(table, RON)
    table.refresh_from_db()
    before_last = Hand.objects.get(table=table, number=4).state_before
    result = services.undo(table.pk, command_id(), table.seq, CREATOR)
    assert result["ok"] and result["hand_number"] == 4
    table.refresh_from_db()
    assert table.state == before_last and table.can_redo
    # The change before it was the correction of hand 1: undo names it next.
    assert result["snapshot"]["undo"] == {"kind": "correct", "number": 1}
    assert result["snapshot"]["redo"] == {"kind": "record", "number": 4}
    assert_rows_equal_fresh_replay(table)


def test_undoing_the_hand_that_ended_the_game_reopens_it_without_a_replay(monkeypatch):
    calls = replays(monkeypatch)
    table = make_table(length="east", bust_ends_game=True)
    busting = {"type": "ron", "wins": [{"winner": 0, "discarder": 1,
                                        "quick": {"yakuman": 1}}]}
    while not Table.objects.get(pk=table.pk).finished:
        assert record(table, busting)["ok"]
    table.refresh_from_db()
    assert services.undo(table.pk, command_id(), table.seq, CREATOR)["ok"]
    table.refresh_from_db()
    assert calls == [] and not table.finished and table.finished_at is None
    assert not LedgerEntry.objects.filter(table=table, hand__isnull=True).exists()
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


# Lock (2), seats, command id, hand count, event, hand, ledger rows, table; the seats'
# stored results (games.seat_results: read, and one UPDATE run per seat, which also give
# the points before the new hand), riichi declared in the next hand: 12; plus the
# savepoint and its release inside the test's atomic.
MAX_QUERIES_PER_RECORD = 14
# Lock (2), seats, command id, the last hand, its ledger rows and the final settlement's,
# deleting the final settlement, the hand and its rows (2), event, table; the seats'
# stored results less the hand (read, update); the hand undo names next, riichi: 15;
# plus the savepoint and release. No read of the log.
MAX_QUERIES_PER_UNDO = 17


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


def caught(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, str, bool]]:
    """What the services hand the channel layer: (table, seq, payload, private)."""
    sent: list[tuple[int, int, str, bool]] = []
    monkeypatch.setattr("games.services.commands.broadcast_table",
                        lambda table_id, seq, payload, private=False: sent.append(
                            (table_id, seq, payload, private)))
    return sent


def rendered(payload: str, language: str) -> dict[str, Any]:
    data = json.loads(payload)
    return json.loads(presenter.event_text(data["head"], data["changes"], language))


def test_a_recorded_hand_is_broadcast_in_no_language_with_only_that_hand(
        monkeypatch, django_capture_on_commit_callbacks):
    sent = caught(monkeypatch)
    table = make_table()
    record(table, RON)
    with django_capture_on_commit_callbacks(execute=True):
        result = record(table, TSUMO)
    [(_pk, seq, payload, private)] = sent
    assert seq == 2 and not private
    changes = json.loads(payload)["changes"]
    assert changes["standings"] == services.snapshot(table)["standings"]
    assert changes == result["snapshot"]
    # Only the new hand travels, and the chart's point after it.
    assert [h["number"] for h in changes["hands"]] == [2] and changes["hand_count"] == 2
    assert changes["chart"]["from"] == 2 and changes["chart"]["labels"] == ["2"]
    english, japanese = rendered(payload, "en"), rendered(payload, "ja")
    assert english["type"] == "hand_recorded" and english["hand_number"] == 2
    assert english["view"]["hands_from"] == 2 and "rendered_from" not in english["view"]
    assert [h["number"] for h in english["view"]["hands"]] == [2]
    assert "wins" in english["view"]["hands"][0]["html"]
    assert "ツモ" in japanese["view"]["hands"][0]["html"]
    assert english["snapshot"] == japanese["snapshot"]


def test_a_correction_sends_the_hands_it_changed_and_a_private_table_is_marked(
        monkeypatch, django_capture_on_commit_callbacks):
    sent = caught(monkeypatch)
    table = make_table(visibility="private")
    for _ in range(3):
        record(table, RON)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.correct_hand(table.pk, 2, TSUMO, command_id(), 3, CREATOR)["ok"]
    [(_pk, _seq, payload, private)] = sent
    view = rendered(payload, "en")["view"]
    assert private and view["hands_from"] == 2
    assert [h["number"] for h in view["hands"]] == [2, 3]


def play(table: Table, hands: int) -> None:
    """Record the dealer cycle until the table has ``hands`` hands (bust off)."""
    seq = Table.objects.get(pk=table.pk).seq
    for n in range(Hand.objects.filter(table=table).count(), hands):
        result = services.record_hand(table.pk, LONG_GAME[n % len(LONG_GAME)], command_id(),
                                      seq, CREATOR)
        assert result["ok"], result
        seq = result["seq"]


# The cycle bench/load.py plays: the dealer keeps the deal, so the game goes on for ever.
LONG_GAME: list[dict[str, Any]] = [
    {"type": "ron", "wins": [{"winner": 0, "discarder": 1, "quick": {"han": 2, "fu": 30}}]},
    {"type": "ron", "wins": [{"winner": 0, "discarder": 2, "quick": {"han": 3, "fu": 40}}]},
    {"type": "tsumo", "wins": [{"winner": 0, "quick": {"han": 1, "fu": 30}}]},
    {"type": "draw", "tenpai": [0, 1, 2, 3]},
]
EVENT_FRAME_BYTES = 2 * 1024
# A frame at hand 200 of a long game against the same write at hand 2: the numbers grow
# (scores of millions, honba 200), nothing else may.
LATE_OVER_EARLY = 1.2
CONNECT_BYTES = 20 * 1024

DOUBLE_RON: dict[str, Any] = {"type": "ron", "wins": [
    {"winner": 0, "discarder": 1, "quick": {"han": 2, "fu": 30}},
    {"winner": 3, "discarder": 1, "quick": {"han": 1, "fu": 30}}]}
# Riichi sticks taken by the winner: the payments' longest lines (win, honba, sticks).
STICKS: dict[str, Any] = {"type": "tsumo", "riichi": [0, 3],
                          "wins": [{"winner": 0, "quick": {"han": 3, "fu": 40}}]}
# Entered tile by tile: its yaku come listed in the hand's entry.
TILES: dict[str, Any] = {"type": "ron", "riichi": [0], "wins": [{
    "winner": 0, "discarder": 1, "hand": {"hand": "234m567p23455s66z", "win_tile": "6z",
                                          "riichi": True, "dora_indicators": ["1m"]}}]}
# Each kind of hand, each recorded, undone, redone, corrected (to the next kind), the
# correction undone: every write a hand can take. The dealer wins or is ready in all of
# them, so the game goes on and the honba grows.
FRAME_HANDS: dict[str, dict[str, Any]] = {
    "ron": LONG_GAME[0], "tsumo": LONG_GAME[2], "draw": LONG_GAME[3],
    "double ron": DOUBLE_RON, "riichi sticks": STICKS, "tiles": TILES}
Write = Callable[[int, str], services.CommandResult]


def frame_sizes(monkeypatch: pytest.MonkeyPatch, table: Table, write: Write
                ) -> dict[str, int]:
    """The bytes of the frame each language's phones get for one write (``write(seq,
    command_id)``), as their consumer renders it and the websocket sends it; a phone's
    command id is a UUID."""
    sent = caught(monkeypatch)
    with TestCase.captureOnCommitCallbacks(execute=True):
        result = write(Table.objects.get(pk=table.pk).seq, str(uuid.uuid4()))
        assert result["ok"], result
    [(_pk, _seq, payload, _private)] = sent
    data = json.loads(payload)
    return {code: len(presenter.event_text(data["head"], data["changes"], code).encode())
            for code, _name in settings.LANGUAGES}


def every_write(monkeypatch: pytest.MonkeyPatch, table: Table, at: int
                ) -> dict[str, dict[str, int]]:
    """The frames of every kind of write at hand ``at``, by write and language (the
    table has ``at - 1`` hands before and after)."""
    pk = table.pk
    sizes: dict[str, dict[str, int]] = {}

    def measure(name: str, write: Write) -> None:
        sizes[name] = frame_sizes(monkeypatch, table, write)

    def undo(seq: int, cid: str) -> services.CommandResult:
        return services.undo(pk, cid, seq, CREATOR)

    def recording(outcome: dict[str, Any]) -> Write:
        return lambda seq, cid: services.record_hand(pk, outcome, cid, seq, CREATOR)

    def correcting(outcome: dict[str, Any]) -> Write:
        return lambda seq, cid: services.correct_hand(pk, at, outcome, cid, seq, CREATOR)

    kinds = list(FRAME_HANDS.items())
    for (kind, outcome), (_next, other) in zip(kinds, kinds[1:] + kinds[:1], strict=True):
        measure(f"{kind} recorded", recording(outcome))
        measure(f"{kind} undone", undo)
        measure(f"{kind} redone", lambda seq, cid: services.redo(pk, cid, seq, CREATOR))
        measure(f"{kind} corrected", correcting(other))
        measure(f"{kind}: its correction undone", undo)
        measure(f"{kind}: undone again", undo)
    measure("riichi declared", lambda seq, cid: services.declare(
        pk, 0, True, cid, seq, CREATOR))
    measure("riichi taken back", lambda seq, cid: services.declare(
        pk, 0, False, cid, seq, CREATOR))
    measure("game ended", lambda seq, cid: services.end_game(pk, cid, seq, CREATOR))
    measure("game reopened", lambda seq, cid: services.reopen_game(pk, cid, seq, CREATOR))
    assert Hand.objects.filter(table=table).count() == at - 1
    return sizes


def test_event_frames_stay_under_2_kb_and_do_not_grow_with_the_game(monkeypatch):
    table = make_table(bust_ends_game=False)
    sizes: dict[int, dict[str, dict[str, int]]] = {}
    for at in (2, 200):
        play(table, at - 1)
        sizes[at] = every_write(monkeypatch, table, at)
    assert Table.objects.get(pk=table.pk).state["honba"] >= 190  # a long game indeed
    for at, writes in sizes.items():
        for name, by_language in writes.items():
            assert max(by_language.values()) <= EVENT_FRAME_BYTES, (at, name, by_language)
    for name, by_language in sizes[2].items():
        for code, early in by_language.items():
            late = sizes[200][name][code]
            assert late <= LATE_OVER_EARLY * early, (name, code, early, late)


def test_the_connect_message_stays_under_20_kb_at_hand_200():
    table = make_table(bust_ends_game=False)
    play(table, 200)
    fresh = Table.objects.get(pk=table.pk)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            message = services.cached_message(fresh)
        assert len(presenter.compact(message).encode()) <= CONNECT_BYTES, code
        assert message["view"]["rendered_from"] == 200 - presenter.PAGE + 1
        assert [h["number"] for h in message["view"]["hands"]] == list(range(191, 201))
        assert len(message["snapshot"]["chart"]["labels"]) == 201  # the whole chart


def test_a_write_reads_the_same_number_of_rows_at_hand_2_and_hand_200(
        django_assert_max_num_queries):
    table = make_table(bust_ends_game=False)
    for at in (2, 200):
        play(table, at - 1)
        seq = Table.objects.get(pk=table.pk).seq
        with django_assert_max_num_queries(MAX_QUERIES_PER_RECORD):
            result = services.record_hand(table.pk, RON, command_id(), seq, CREATOR)
        assert result["ok"] and [h["number"] for h in result["snapshot"]["hands"]] == [at]
        with django_assert_max_num_queries(MAX_QUERIES_PER_UNDO):
            result = services.undo(table.pk, command_id(), seq + 1, CREATOR)
        assert result["ok"] and result["snapshot"]["hands"] == []


def test_undoing_the_last_hand_reads_no_part_of_the_log_that_grows_with_the_game():
    # Of the log an undo reads only the command id it looks up (is it a repeat?) and the
    # declarations of the hand now being played: the undo and redo targets come from the
    # table and the hand it takes back (Hand.undo_before), not from folding the log.
    table = make_table(bust_ends_game=False)
    play(table, 200)
    seq = Table.objects.get(pk=table.pk).seq
    with CaptureQueriesContext(connection) as queries:
        result = services.undo(table.pk, command_id(), seq, CREATOR)
    assert result["ok"] and result["snapshot"]["undo"] == {"kind": "record", "number": 199}
    reads = [q["sql"] for q in queries.captured_queries
             if q["sql"].startswith("SELECT") and 'FROM "games_event"' in q["sql"]]
    assert len(reads) == 2
    for sql in reads:
        assert ('"games_event"."command_id" =' in sql
                or '"games_event"."hand_number" =' in sql), sql


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


# The table, its seats (who names the hand) and the hand count: the preview a phone asks
# for as its player fills in the sheet, several times a hand.
MAX_QUERIES_PER_PREVIEW = 3


def test_a_preview_of_the_next_hand_reads_the_table_once_and_no_hands(
        django_assert_max_num_queries):
    table = make_table(bust_ends_game=False)
    play(table, 3)
    with django_assert_max_num_queries(MAX_QUERIES_PER_PREVIEW), translation.override("en"):
        answer = services.rendered_preview(table.pk, RON)
    assert answer["ok"] and answer["html"]
