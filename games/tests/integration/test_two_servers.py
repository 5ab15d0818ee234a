"""Two daphne processes behind one Redis: what one of them records, the other's clients see."""

from __future__ import annotations

import asyncio

import pytest

from .conftest import Site
from .harness import Client, Server

pytestmark = pytest.mark.integration

CROWD_WAIT_S = 180


async def test_hand_recorded_through_one_server_reaches_a_client_of_the_other(
        site: Site, two_servers: tuple[Server, Server]) -> None:
    first, second = two_servers
    (table,) = site.tables(1)
    writer = Client(first, table["public_id"], table["devices"][0])
    watcher = Client(second, table["public_id"], table["devices"][1])
    assert (await writer.connect())["type"] == "snapshot"
    assert (await watcher.connect())["seq"] == 0
    try:
        await writer.record("two-servers-1")
        ack = await writer.answer_to("two-servers-1")
        assert ack["type"] == "ack" and ack["seq"] == 1
        event = await watcher.expect(lambda m: m["type"] == "hand_recorded")
        assert event["seq"] == 1 and event["command_id"] == "two-servers-1"
        assert event["snapshot"]["seq"] == 1
        # And back the other way: the watcher, now current, writes through its own server.
        await watcher.record("two-servers-2")
        assert (await watcher.answer_to("two-servers-2"))["seq"] == 2
        back = await writer.expect(lambda m: m["type"] == "hand_recorded" and m["seq"] == 2)
        assert back["command_id"] == "two-servers-2"
    finally:
        await asyncio.gather(writer.close(), watcher.close())
    state = site.inspect(table["public_id"])
    assert state["events"] == ["two-servers-1", "two-servers-2"]
    assert all(h["rows"] + h["pot_change"] == 0 for h in state["hands"])


async def test_spectators_on_both_servers_see_every_hand_in_order(
        site: Site, two_servers: tuple[Server, Server]) -> None:
    first, second = two_servers
    (table,) = site.tables(1)
    writer = Client(first, table["public_id"], table["devices"][2])
    spectators = [Client(server, table["public_id"]) for server in (first, second, second)]
    await writer.connect()
    for spectator in spectators:
        assert (await spectator.connect())["you"]["can_write"] is False
    try:
        for n in range(1, 4):
            await writer.record(f"order-{n}")
            assert (await writer.answer_to(f"order-{n}"))["seq"] == n
        for spectator in spectators:
            seqs = [(await spectator.expect(lambda m: m["type"] == "hand_recorded"))["seq"]
                    for _ in range(3)]
            assert seqs == [1, 2, 3]
    finally:
        await asyncio.gather(writer.close(), *(s.close() for s in spectators))


async def test_real_server_refuses_a_socket_from_a_foreign_origin(
        site: Site, two_servers: tuple[Server, Server]) -> None:
    from websockets.exceptions import InvalidStatus

    (table,) = site.tables(1, seated=False)
    intruder = Client(two_servers[0], table["public_id"], origin="https://evil.example")
    with pytest.raises(InvalidStatus) as refused:
        await intruder.connect()
    assert refused.value.response.status_code == 403


async def test_hundreds_of_phones_joining_and_leaving_at_once_break_nothing(
        site: Site, two_servers: tuple[Server, Server]) -> None:
    tables = site.tables(1)
    public_id = tables[0]["public_id"]
    crowd = [Client(two_servers[i % 2], public_id) for i in range(300)]
    # Three hundred sockets on a busy 2-core machine: each wait ends when its message
    # arrives, and may take minutes there.
    await asyncio.gather(*(c.connect(timeout=CROWD_WAIT_S) for c in crowd))
    writer = Client(two_servers[0], public_id, tables[0]["devices"][0])
    await writer.connect()
    await writer.record("crowd-1")
    assert (await writer.answer_to("crowd-1"))["seq"] == 1
    for client in crowd:
        await client.expect(lambda m: m.get("type") == "hand_recorded", CROWD_WAIT_S)
    await asyncio.gather(*(c.close() for c in crowd))
    await writer.close()
    for server in two_servers:
        assert server.alive()
        assert "Too many connections" not in server.log()
        assert "Traceback" not in server.log(), server.log()
