"""The write path's shortcuts: a hand recorded at the end of a going game is settled on
its own (no replay), queries per write do not grow with the game, the snapshot is
serialised once per event, and the snapshot cache never serves an outdated version."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings
from django.test import TestCase
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
# Lock (2), seats, command id, the log's changes (no outcomes), the last hand, its ledger
# rows and the final settlement's, deleting the final settlement, the hand and its rows
# (2), event, table; the seats' stored results less the hand (read, update); the hand
# undo names next, riichi: 16; plus the savepoint and release.
MAX_QUERIES_PER_UNDO = 18


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
    # Only the new hand travels; the chart from the point before it.
    assert [h["number"] for h in changes["hands"]] == [2] and changes["hand_count"] == 2
    assert changes["chart"]["from"] == 1 and changes["chart"]["labels"] == ["1", "2"]
    english, japanese = rendered(payload, "en"), rendered(payload, "ja")
    assert english["type"] == "hand_recorded" and english["hand_number"] == 2
    assert english["view"]["hands_from"] == english["view"]["rendered_from"] == 2
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
CONNECT_BYTES = 20 * 1024


def frames(monkeypatch: pytest.MonkeyPatch, table: Table, outcome: dict[str, Any],
           undo: bool = False) -> dict[str, int]:
    """The bytes of the frame each language's phones get for recording ``outcome`` (and,
    with ``undo``, for undoing it), as the websocket sends it."""
    sent = caught(monkeypatch)
    with TestCase.captureOnCommitCallbacks(execute=True):
        seq = Table.objects.get(pk=table.pk).seq
        assert services.record_hand(table.pk, outcome, command_id(), seq, CREATOR)["ok"]
        if undo:
            assert services.undo(table.pk, command_id(), seq + 1, CREATOR)["ok"]
    payload = sent[-1][2]
    data = json.loads(payload)
    return {code: len(presenter.event_text(data["head"], data["changes"], code).encode())
            for code, _name in settings.LANGUAGES}


def test_event_frames_stay_under_2_kb_and_do_not_grow_with_the_game(monkeypatch):
    table = make_table(bust_ends_game=False)
    sizes: dict[int, dict[str, dict[str, int]]] = {}
    for at in (2, 200):
        play(table, at - 1)
        # Each kind of hand of the cycle, recorded and undone at hand `at`.
        sizes[at] = {outcome["type"] + str(i): frames(monkeypatch, table, outcome, undo=True)
                     for i, outcome in enumerate(LONG_GAME)}
        sizes[at]["undo"] = frames(monkeypatch, table, LONG_GAME[0], undo=True)
    for at, kinds in sizes.items():
        for kind, by_language in kinds.items():
            assert max(by_language.values()) <= EVENT_FRAME_BYTES, (at, kind, by_language)
    for kind in sizes[2]:
        for code in sizes[2][kind]:
            # A few bytes for the longer numbers (hand 200, larger scores), no more.
            assert sizes[200][kind][code] <= sizes[2][kind][code] + 64, (kind, code)


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
