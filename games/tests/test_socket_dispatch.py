"""A group event reaches a phone without waiting for the database thread
(games.socket_dispatch): Channels' own dispatch went there before every handler."""

from __future__ import annotations

import asyncio
import threading

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games.broadcast import group_name

from .test_consumer import connect, setup_table

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_group_event_reaches_the_phone_while_the_database_thread_is_busy():
    table = await setup_table()
    phone, _ = await connect(table)
    started, release = threading.Event(), threading.Event()

    def busy() -> None:  # a long write of another table, say
        started.set()
        release.wait(60)

    blocker = asyncio.ensure_future(database_sync_to_async(busy)())
    try:
        assert await asyncio.get_running_loop().run_in_executor(None, started.wait, 30)
        presence = {"type": "presence", "id": "elsewhere", "name": "Bo", "entering": True,
                    "hand_number": None, "ttl": 45}
        await get_channel_layer().group_send(group_name(table.pk), {
            "type": "table.presence", "presence": presence})
        assert await phone.receive_json_from(timeout=30) == presence
        assert not blocker.done()  # heard while the database thread was still busy
    finally:
        release.set()
        await blocker
    await phone.disconnect()
