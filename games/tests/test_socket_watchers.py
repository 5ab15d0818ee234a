"""Many sockets must not slow a table's writes (issue 24, finding 6): a hundred watcher
sockets asking for the snapshot, each within its own limit, raised the seated phone's
acknowledgement from 0.13 s to 3-6 s, and even the messages they were refused went
through the process's one database thread. Everything the sockets that may not write
send now counts against one budget per table, and refusals never wait for that thread."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from channels.db import DatabaseSyncToAsync, database_sync_to_async

from games import socket_limits
from games.tests.communicator import WebsocketCommunicator
from mjsite.asgi import application

from .tables import make_table, rates, seated_socket, socket_headers

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}


@pytest.fixture
def database_jobs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The names of the functions run on the database thread (database_sync_to_async),
    from the moment the test clears the list."""
    jobs: list[str] = []
    real = DatabaseSyncToAsync.thread_handler

    def counted(self: Any, loop: Any, *args: Any, **kwargs: Any) -> Any:
        jobs.append(getattr(self.func, "__name__", repr(self.func)))
        return real(self, loop, *args, **kwargs)

    monkeypatch.setattr(DatabaseSyncToAsync, "thread_handler", counted)
    yield jobs


@pytest.fixture
def still_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    # The per-table windows are a second long: held still, the test never meets an edge.
    monkeypatch.setattr(socket_limits.time, "monotonic", lambda: 5000.25)


async def _watcher(table: Any) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/",
                                 headers=socket_headers())
    assert (await comm.connect())[0]
    assert (await comm.receive_json_from())["type"] == "snapshot"
    return comm


async def _answers(comm: WebsocketCommunicator, count: int) -> list[dict[str, Any]]:
    return [await comm.receive_json_from() for _ in range(count)]


@pytest.mark.django_db(transaction=True)
async def test_a_watchers_refused_messages_never_reach_the_database_thread(
        settings: Any, database_jobs: list[str], still_clock: None) -> None:
    settings.MJ_RATE_LIMITS = rates(ws_watchers="2/second", ws_read="100/second")
    table = await database_sync_to_async(make_table)(visibility="public")
    watcher = await _watcher(table)
    for _ in range(2):
        await watcher.send_json_to({"type": "get_snapshot"})
    assert [a["type"] for a in await _answers(watcher, 2)] == ["snapshot", "snapshot"]
    database_jobs.clear()
    await watcher.send_json_to({"type": "get_snapshot", "request_id": "r1"})
    await watcher.send_to(text_data="{not json")
    await watcher.send_json_to({"type": "record_hand", "command_id": "w1", "base_seq": 0,
                                "outcome": RON})
    await watcher.send_json_to({"type": "preview", "outcome": RON, "request_id": "r2"})
    answers = await _answers(watcher, 4)
    assert [(a["type"], a["code"]) for a in answers] == [("error", "rate_limited")] * 4
    assert all(a["retry_after"] >= 1 and a["text"] for a in answers)
    assert answers[0]["request_id"] == "r1" and answers[2]["command_id"] == "w1"
    assert database_jobs == []
    await watcher.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_tables_watchers_share_one_budget_and_its_seated_phone_keeps_its_own(
        settings: Any, still_clock: None) -> None:
    settings.MJ_RATE_LIMITS = rates(ws_watchers="3/second", ws_read="100/second")
    table = await database_sync_to_async(make_table)(visibility="public")
    other = await database_sync_to_async(make_table)(visibility="public")
    writer = await seated_socket(table, 0)
    watchers = [await _watcher(table) for _ in range(3)]
    for comm in watchers:
        for _ in range(2):
            await comm.send_json_to({"type": "get_snapshot"})
    kinds = [a["type"] for comm in watchers for a in await _answers(comm, 2)]
    assert kinds.count("snapshot") == 3 and kinds.count("error") == 3
    # The seated phone is not a watcher: its snapshot and its write are answered.
    await writer.send_json_to({"type": "get_snapshot"})
    assert (await writer.receive_json_from())["type"] == "snapshot"
    await writer.send_json_to({"type": "record_hand", "command_id": "mine", "base_seq": 0,
                               "outcome": RON})
    while (answer := await writer.receive_json_from())["type"] == "hand_recorded":
        pass
    assert answer["type"] == "ack" and answer["command_id"] == "mine"
    # Another table's watchers have a budget of their own.
    elsewhere = await _watcher(other)
    await elsewhere.send_json_to({"type": "get_snapshot"})
    assert (await elsewhere.receive_json_from())["type"] == "snapshot"
    for comm in [writer, *watchers, elsewhere]:
        await comm.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_bad_frame_is_answered_without_the_database_thread(
        database_jobs: list[str]) -> None:
    table = await database_sync_to_async(make_table)()
    writer = await seated_socket(table, 0)
    database_jobs.clear()
    await writer.send_to(text_data="[1, 2")
    await writer.send_to(bytes_data=b"\x00")
    await writer.send_json_to({"type": "record_hand", "command_id": "c", "base_seq": "x"})
    answers = await _answers(writer, 3)
    assert [a["code"] for a in answers] == ["bad_json", "bad_message", "bad_message"]
    assert answers[2]["command_id"] == "c" and all(a["text"] for a in answers)
    assert database_jobs == []
    await writer.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_refused_snapshot_request_says_when_to_ask_again_and_is_answered_then(
        settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # What static/js/sync.js relies on to ask again by itself: the refusal names its
    # request and carries retry_after, and the same request is answered after that wait.
    settings.MJ_RATE_LIMITS = rates(ws_watchers="1/second", ws_read="100/second")
    now = [7000.25]
    monkeypatch.setattr(socket_limits.time, "monotonic", lambda: now[0])
    table = await database_sync_to_async(make_table)(visibility="public")
    first, second = await _watcher(table), await _watcher(table)
    await first.send_json_to({"type": "get_snapshot", "request_id": "a"})
    assert (await first.receive_json_from())["type"] == "snapshot"
    await second.send_json_to({"type": "get_snapshot", "request_id": "b"})
    refused = await second.receive_json_from()
    assert refused["type"] == "error" and refused["code"] == "rate_limited"
    assert refused["request_id"] == "b" and refused["retry_after"] == 1
    assert refused["text"] and "rate_limited" not in refused["text"]
    # Asked again too early: refused again, still with a wait.
    now[0] += 0.5
    await second.send_json_to({"type": "get_snapshot", "request_id": "c"})
    again = await second.receive_json_from()
    assert (again["code"], again["request_id"], again["retry_after"]) == ("rate_limited",
                                                                          "c", 1)
    now[0] += refused["retry_after"]
    await second.send_json_to({"type": "get_snapshot", "request_id": "d"})
    answer = await second.receive_json_from()
    assert answer["type"] == "snapshot" and answer["request_id"] == "d"
    assert answer["seq"] == 0
    for comm in (first, second):
        await comm.disconnect()
