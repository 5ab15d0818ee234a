"""Faults answered the way the phone understands them (issue 24, finding 7): a phone
connecting while the database is down is told to retry (4503, which daphne sends, where
1013 became 1011), and an error raised before the service layer still carries the write's
command_id, so the phone does not wait 90 s for an answer it already has."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import OperationalError

from games import consumers, services
from games.tests.communicator import WebsocketCommunicator
from mjsite.asgi import application

from .tables import make_table, seated_socket, socket_headers

CLOSE_UNAVAILABLE = 4503  # games.messages; static/js/sync.js knows it too
RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}


def _database_down(*args: Any, **kwargs: Any) -> Any:
    raise OperationalError("connection to server at 127.0.0.1, port 5432 failed")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("failing", [
    (services, "get_table"),  # reading the table
    (consumers, "seat_of"),  # or, the table read from the cache, its seats
])
async def test_a_phone_connecting_while_the_database_is_down_is_told_to_retry_later(
        monkeypatch: pytest.MonkeyPatch, failing: tuple[Any, str]) -> None:
    table = await database_sync_to_async(make_table)(visibility="public")
    monkeypatch.setattr(*failing, _database_down)
    comm = WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/",
                                 headers=socket_headers())
    assert (await comm.connect())[0]
    closed = await comm.receive_output()
    # An application code (daphne sends only 1000 and 3000-4999) that sync.js reads as
    # "can't reach the server, retrying".
    assert closed == {"type": "websocket.close", "code": CLOSE_UNAVAILABLE}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("message", [
    {"type": "record_hand", "base_seq": 0, "outcome": RON},
    {"type": "undo", "base_seq": 0},
    {"type": "declare", "base_seq": 0, "player": 0, "on": True},
])
async def test_a_write_refused_before_the_service_layer_carries_its_command_id(
        monkeypatch: pytest.MonkeyPatch, message: dict[str, Any]) -> None:
    table = await database_sync_to_async(make_table)()
    phone = await seated_socket(table, 0)
    # PostgreSQL restarting as the write's trip to the database thread begins (a write
    # reads nothing before it: its budget is counted there, then the service runs).
    monkeypatch.setattr(consumers, "table_write_wait", _database_down)
    await phone.send_json_to({**message, "command_id": "during-restart",
                              "request_id": "r"})
    answer = await phone.receive_json_from()
    assert answer["type"] == "error" and answer["code"] == "database_unavailable"
    assert answer["command_id"] == "during-restart" and answer["request_id"] == "r"
    assert answer["text"]
    await phone.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_every_refusal_of_a_write_names_its_command_id() -> None:
    table = await database_sync_to_async(make_table)(visibility="public")
    watcher = WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/",
                                    headers=socket_headers())
    assert (await watcher.connect())[0]
    await watcher.receive_json_from()
    await watcher.send_json_to({"type": "record_hand", "command_id": "not-seated",
                                "base_seq": 0, "outcome": RON})
    await watcher.send_json_to({"type": "record_hand", "command_id": "no-seq"})
    forbidden, bad = [await watcher.receive_json_from() for _ in range(2)]
    assert (forbidden["code"], forbidden["command_id"]) == ("forbidden", "not-seated")
    assert (bad["code"], bad["command_id"]) == ("bad_message", "no-seq")
    await watcher.disconnect()
