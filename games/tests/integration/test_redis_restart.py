"""Redis restarting under a running server (issue 22, item 6): the channel layer's pooled
connections outlive the old Redis as dead sockets. The first command on each failed
once, so the first event after a restart was lost for the phones on other servers
(test_hostile.py's outage test, red on a busy CI machine). mjsite.redis_pool sends such a
command once more on a fresh connection."""

from __future__ import annotations

import asyncio
import secrets

import pytest

from mjsite.redis_pool import CappedRedisChannelLayer

from .harness import RedisServer

pytestmark = pytest.mark.integration


async def test_the_first_commands_after_a_redis_restart_reach_the_group(
        redis_server: RedisServer) -> None:
    layer = CappedRedisChannelLayer(hosts=[{"address": redis_server.url,
                                            "max_connections": 10}],
                                    prefix=f"mjsite-restart-{secrets.token_hex(4)}")
    phones = [await layer.new_channel() for _ in range(3)]
    try:
        # Several connections of the pool in use at once (one blocked read per phone's
        # wait), then idle: as on a server with phones at a table.
        for phone in phones:
            await layer.group_add("table-1", phone)
        await layer.group_send("table-1", {"type": "table.event", "n": 1})
        for phone in phones:
            assert (await asyncio.wait_for(layer.receive(phone), 30))["n"] == 1
        redis_server.stop()
        redis_server.start()  # empty: the groups are joined again (games/layer_outage.py)
        for phone in phones:
            await layer.group_add("table-1", phone)
        await layer.group_send("table-1", {"type": "table.event", "n": 2})
        for phone in phones:
            assert (await asyncio.wait_for(layer.receive(phone), 30))["n"] == 2
    finally:
        await layer.flush()
