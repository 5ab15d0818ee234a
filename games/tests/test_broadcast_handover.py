"""A write's broadcast is handed to the server's event loop (games.broadcast): the write
does not wait for the channel layer, and a table's events still go out in order."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from games import broadcast


class SlowLayer:
    """Holds the first message until released; records the order of the sends."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, Any]] = []
        self.release = asyncio.Event()

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        if message.get("seq") == 1:
            await self.release.wait()
        self.sent.append((group, message.get("seq", message["type"])))


@pytest.fixture
def layer(monkeypatch: pytest.MonkeyPatch) -> SlowLayer:
    slow = SlowLayer()
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: slow)
    return slow


async def test_a_write_hands_its_event_over_and_a_tables_events_keep_their_order(layer):
    def write(seq: int) -> None:  # as a service does, on the database thread
        broadcast.broadcast_table(7, seq, "{}")

    await sync_to_async(write)(1)  # returns while the layer still holds event 1
    await sync_to_async(write)(2)
    await sync_to_async(broadcast.broadcast_table)(8, 5, "{}")  # another table: not held
    for _ in range(50):
        if layer.sent:
            break
        await asyncio.sleep(0.01)
    assert layer.sent == [("table-8", 5)]
    layer.release.set()
    while len(layer.sent) < 3:
        await asyncio.sleep(0.01)
    assert layer.sent == [("table-8", 5), ("table-7", 1), ("table-7", 2)]
    assert not broadcast._PENDING


def test_without_a_server_loop_the_event_is_sent_where_the_write_is(layer):
    layer.release.set()
    broadcast.broadcast_table(7, 2, "{}")
    broadcast.broadcast_seats(7)
    assert layer.sent == [("table-7", 2), ("table-7", "table.seats")]
