"""Defence in depth at the service and database layer (issue 13, findings 2 and 3): client
input cannot grow the snapshot every phone is sent, characters a database refuses are
named errors before they reach it, and a database error is an answer with a name on the
API, the pages and the socket, never a 500 or a closed socket."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import DataError, OperationalError
from django.test import Client
from rest_framework.test import APIClient

from games import services
from games.models import Event, Hand, LedgerEntry, Table
from games.services import commands

from .tables import (
    CREATOR,
    NAMES,
    make_table,
    new_device,
    record,
    seated,
    seated_socket,
)

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}
pytestmark = pytest.mark.django_db


def test_an_outcome_padded_with_junk_is_refused_and_the_snapshot_does_not_grow():
    table = make_table()
    before = len(str(services.snapshot(table)))
    for n in range(3):
        result = record(table, {**RON, "junk": "x" * 60_000}, command_id=f"junk-{n}")
        assert result["ok"] is False and result["error"]["code"] == "outcome_too_large"
    assert not Event.objects.filter(table=table).exists()
    assert len(str(services.snapshot(table))) == before


def test_a_write_whose_event_would_pass_its_cap_is_rolled_back(monkeypatch):
    table = make_table()
    assert record(table, RON)["ok"]
    one_hand = len(json.dumps({"changes": record(table, RON)["snapshot"]}))
    # Room for one hand's event (its head and a longer chart: well under 500 bytes more),
    # not for a correction of hand 1, which sends hands 1 and 2 again.
    monkeypatch.setattr(commands, "MAX_EVENT_BYTES", one_hand + 500)
    other = {"type": "ron", "wins": [{"winner": 3, "discarder": 0, "quick": {"han": 5, "fu": 30}}]}
    result = services.correct_hand(table, 1, other, "too-big", 2, CREATOR)
    assert result["ok"] is False and result["error"]["code"] == "table_full"
    table.refresh_from_db()
    assert table.seq == 2 and Hand.objects.get(table=table, number=1).revision == 1
    assert record(table, RON)["ok"]


@pytest.mark.parametrize(("command_id", "outcome", "what"), [
    ("nul\x00id", RON, "command_id"),
    ("lone-\ud800", RON, "command_id"),
    ("ok-1", {**RON, "note\x00": "x"}, "a key of the outcome"),
    ("ok-2", {**RON, "note": "\udfff"}, "the outcome"),
    ("ok-3", {"type": "ron", "wins": [{"winner": 1, "discarder": 2,
                                       "quick": {"han": 2, "fu": 40, "x": ["\x00"]}}]},
     "the outcome"),
])
def test_characters_a_database_refuses_are_named_before_it_sees_them(command_id, outcome,
                                                                      what):
    table = make_table()
    result = services.record_hand(table.pk, outcome, command_id, 0, CREATOR)
    assert result["ok"] is False and result["error"]["code"] == "bad_text"
    assert what in result["error"]["message"]
    preview = services.preview(table.pk, outcome)
    if command_id.startswith("ok"):
        assert preview["ok"] is False and preview["error"]["code"] == "bad_text"
    assert not Event.objects.filter(table=table).exists()


@pytest.mark.parametrize("names", [["A\x00", "B", "C", "D"], ["A", "B\ud800", "C", "D"]])
def test_a_player_name_with_nul_or_a_lone_surrogate_is_refused(names):
    with pytest.raises(services.TableError) as info:
        services.create_table("t", "riichi", "", {}, names)
    assert info.value.code == "bad_text"
    with pytest.raises(services.TableError):
        services.create_table("t\x00", "riichi", "", {}, NAMES)
    assert not Table.objects.exists()


@pytest.mark.parametrize("path", ["/players/names.json?q=%00", "/tables/?x=%00",
                                  "/analyse/?hand=1m%00"])
def test_a_nul_in_a_query_string_is_a_400_with_a_sentence(path):
    answer = Client().get(path)
    assert answer.status_code == 400
    assert "NUL" in answer.content.decode()


@pytest.mark.parametrize("path", ["/api/players/?name=%00", "/api/tables/?ruleset=%00",
                                  "/api/export/?ruleset=a%00b"])
def test_a_nul_in_an_api_query_string_is_a_400_in_the_error_shape(path):
    answer = Client().get(path)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_text"


def _failing_ledger(monkeypatch: pytest.MonkeyPatch, exc: Exception) -> None:
    # What PostgreSQL does with {"quick": {"points": 3000000000}}: the engine pays it, the
    # integer column refuses it (the real thing is in integration/test_hostile.py).
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise exc

    monkeypatch.setattr(LedgerEntry.objects, "bulk_create", refuse)


@pytest.mark.parametrize(("exc", "code"), [(DataError("integer out of range"), "unstorable"),
                                           (OperationalError("server closed"),
                                            "database_unavailable")])
def test_a_database_error_on_a_write_is_a_named_refusal_and_rolls_back(monkeypatch, exc, code):
    table = make_table()
    _failing_ledger(monkeypatch, exc)
    result = record(table, RON)
    assert result["ok"] is False and result["error"]["code"] == code
    assert not Event.objects.filter(table=table).exists()


def test_a_database_error_is_a_400_on_the_api_and_on_the_plain_form(monkeypatch):
    table = make_table()
    token, device = new_device()
    seated(table, 0, key=device)
    _failing_ledger(monkeypatch, DataError("integer out of range"))
    api = APIClient()
    api.cookies["mj_device"] = token
    answer = api.post(f"/api/tables/{table.public_id}/hands/",
                      {"command_id": "c1", "base_seq": 0, "outcome": RON}, format="json")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "unstorable"
    page = Client()
    page.cookies["mj_device"] = token
    form = page.post(f"/t/{table.public_id}/record/", {
        "command_id": "form-1", "base_seq": 0, "type": "draw"})
    assert form.status_code == 400
    assert "A value is too large to store; correct it and send again." in form.content.decode()
    assert not Event.objects.filter(table=table).exists()


@pytest.mark.django_db(transaction=True)
async def test_a_database_error_on_the_socket_is_an_error_message_not_a_closed_socket(
        monkeypatch):
    table = await database_sync_to_async(make_table)()
    _failing_ledger(monkeypatch, DataError("integer out of range"))
    comm = await seated_socket(table, 0)
    for message in ({"type": "record_hand", "command_id": "big", "base_seq": 0,
                     "outcome": RON},
                    {"type": "correct_hand", "command_id": "far", "base_seq": 0,
                     "hand_number": 2**70, "outcome": RON},
                    {"type": "preview", "outcome": RON, "hand_number": 2**70},
                    {"type": "get_snapshot", "request_id": "nul\x00"}):
        await comm.send_json_to(message)
        answer = await comm.receive_json_from()
        assert answer["type"] in ("error", "preview"), answer
        code = answer.get("code") or answer["result"]["error"]["code"]
        assert code in ("unstorable", "no_such_hand", "bad_message"), answer
    await comm.send_json_to({"type": "get_snapshot", "request_id": "still-open"})
    assert (await comm.receive_json_from())["request_id"] == "still-open"
    await comm.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_bug_behind_a_message_is_an_internal_error_and_the_socket_stays_open(
        monkeypatch):
    # A ruleset's own fault (a KeyError in its scoring, say) reached the consumer and
    # ended the table's socket; the phone then reconnected into the same fault.
    table = await database_sync_to_async(make_table)()

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("winners")

    monkeypatch.setattr(services, "rendered_preview", broken)
    comm = await seated_socket(table, 0)
    await comm.send_json_to({"type": "preview", "outcome": RON, "request_id": "p-1"})
    answer = await comm.receive_json_from()
    assert answer["type"] == "error" and answer["code"] == "internal_error", answer
    assert answer["request_id"] == "p-1" and answer["text"]
    await comm.send_json_to({"type": "get_snapshot", "request_id": "still-open"})
    assert (await comm.receive_json_from())["request_id"] == "still-open"
    await comm.disconnect()
