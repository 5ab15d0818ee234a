"""Previews are throttled per socket and per table (issue 13, finding 7): twenty anonymous
sockets spamming ``preview`` no longer hold up a seated phone's write."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace
from typing import Any

import pytest
from channels.db import database_sync_to_async

from games import services, socket_limits
from games.socket_limits import SocketLimits, Window
from mjsite.asgi import application

from .communicator import WebsocketCommunicator
from .tables import OUTCOMES, make_table, seated_socket, socket_headers

TILES_RON = OUTCOMES["riichi"]["ron"][3]
PREVIEW_COST = 0.02  # seconds: a preview's engine work and queries on a real server
RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}
SPAMMERS, PREVIEWS_EACH = 20, 40


def test_a_window_counts_per_key_and_starts_again_in_the_next(settings):
    settings.MJ_RATE_LIMITS = {**settings.MJ_RATE_LIMITS, "ws_preview": "2/second"}
    window = Window("ws_preview")
    assert [window.hit("t1", now=10.2) for _ in range(3)] == [None, None, pytest.approx(0.8)]
    assert window.hit("t2", now=10.3) is None
    assert window.hit("t1", now=11.0) is None


def test_writers_keep_their_own_preview_budget(settings, monkeypatch):
    settings.MJ_RATE_LIMITS = {**settings.MJ_RATE_LIMITS, "ws_read": "100/second",
                               "ws_preview": "1/second"}
    # The windows are a second long: held still, a busy machine never meets an edge
    # between the watchers' asks (the module's clock only).
    monkeypatch.setattr(socket_limits, "time", SimpleNamespace(monotonic=lambda: 5000.25))
    watchers, writer = [SocketLimits() for _ in range(3)], SocketLimits()
    waits = [w.wait("ws_preview", 7, may_write=False) for w in watchers]
    assert waits[0] is None and all(w is not None for w in waits[1:])
    assert writer.wait("ws_preview", 7, may_write=True) is None


async def _spam(comm: WebsocketCommunicator) -> dict[str, int]:
    for n in range(PREVIEWS_EACH):
        await comm.send_json_to({"type": "preview", "outcome": TILES_RON,
                                 "request_id": f"p{n}"})
    seen = {"preview": 0, "rate_limited": 0}
    while sum(seen.values()) < PREVIEWS_EACH:
        answer = await comm.receive_json_from()
        if answer["type"] == "hand_recorded":  # the seated phone's write, to everyone
            continue
        seen["preview" if answer["type"] == "preview" else answer["code"]] += 1
    return seen


@pytest.mark.django_db(transaction=True)
async def test_a_seated_phones_write_waits_for_no_refused_preview(monkeypatch):
    real_preview, real_record = services.preview, services.record_hand
    previews = 0  # computed so far
    ahead: list[int] = []  # previews computed before the write's own turn came

    def costly_preview(*args: Any, **kwargs: Any) -> Any:
        # In-process SQLite answers in microseconds; on PostgreSQL a preview's queries and
        # engine work hold the process's one database thread for some 20 ms, which is
        # what queued a seated phone's write behind twenty spamming sockets.
        nonlocal previews
        previews += 1
        time.sleep(PREVIEW_COST)
        return real_preview(*args, **kwargs)

    def write(*args: Any, **kwargs: Any) -> Any:
        ahead.append(previews)
        return real_record(*args, **kwargs)

    monkeypatch.setattr(services, "preview", costly_preview)
    monkeypatch.setattr(services, "record_hand", write)
    table = await database_sync_to_async(make_table)(visibility="public")
    writer = await seated_socket(table, 0)
    spammers = []
    for _ in range(SPAMMERS):
        comm = WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/",
                                     headers=socket_headers())
        assert (await comm.connect())[0]
        await comm.receive_json_from()
        spammers.append(comm)
    spam = asyncio.gather(*(_spam(comm) for comm in spammers))
    await asyncio.sleep(0.05)  # the previews are queued
    before = previews
    await writer.send_json_to({"type": "record_hand", "command_id": "w", "base_seq": 0,
                               "outcome": RON})
    while (answer := await writer.receive_json_from())["type"] != "ack":
        pass
    results = await spam
    computed = sum(r["preview"] for r in results)
    refused = sum(r["rate_limited"] for r in results)
    assert answer["seq"] == 1
    # Counted, not timed (a busy machine is slow, not wrong): the write waited at most for
    # one preview per spamming socket (the ones already under way), never for a queue of
    # the hundreds they sent.
    assert len(ahead) == 1 and ahead[0] - before <= SPAMMERS, (before, ahead, computed)
    # Each socket may ask 5 a second; the watchers together get 20 previews a second.
    assert computed <= 2 * 20 and refused >= SPAMMERS * PREVIEWS_EACH - 2 * 20
    for comm in [writer, *spammers]:
        await comm.disconnect()
