"""Faults: a phone dropping out, a server process killed, Redis restarted under load."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from .conftest import Site
from .harness import Client, RedisServer, Server

pytestmark = pytest.mark.integration


async def test_phone_that_drops_out_gets_the_hands_it_missed_on_reconnect(
        site: Site, two_servers: tuple[Server, Server]) -> None:
    first, second = two_servers
    (table,) = site.tables(1)
    writer = Client(first, table["public_id"], table["devices"][0])
    phone = Client(second, table["public_id"], table["devices"][3])
    await writer.connect()
    await phone.connect()
    try:
        await writer.record("before-drop")
        await writer.answer_to("before-drop")
        await phone.expect(lambda m: m.get("seq") == 1)
        await phone.close()
        for n in range(2, 5):
            await writer.record(f"while-away-{n}")
            assert (await writer.answer_to(f"while-away-{n}"))["seq"] == n
        back = Client(first, table["public_id"], table["devices"][3])
        snapshot = await back.connect()
        assert snapshot["type"] == "snapshot" and snapshot["seq"] == 4
        assert snapshot["you"]["seat"] == 3 and snapshot["you"]["can_write"] is True
        assert [h["number"] for h in snapshot["snapshot"]["hands"]] == [1, 2, 3, 4]
        # The returning phone is current again: its next write is accepted.
        await back.record("after-return")
        assert (await back.answer_to("after-return"))["seq"] == 5
        await back.close()
    finally:
        await writer.close()


@pytest.fixture
def own_server(site: Site) -> Iterator[Server]:
    server = site.server()
    server.start()
    try:
        yield server
    finally:
        server.stop()


async def test_server_killed_mid_game_and_restarted_loses_no_acknowledged_hand(
        site: Site, own_server: Server, two_servers: tuple[Server, Server]) -> None:
    (table,) = site.tables(1)
    writer = Client(own_server, table["public_id"], table["devices"][0])
    watcher = Client(two_servers[1], table["public_id"], table["devices"][1])
    await writer.connect()
    await watcher.connect()
    acked = []
    for n in range(1, 4):
        await writer.record(f"hand-{n}")
        acked.append((await writer.answer_to(f"hand-{n}"))["command_id"])
    # The fourth hand is in flight when the process dies: it may or may not have committed.
    await writer.record("in-flight")
    own_server.kill()
    # Usually the socket just drops; rarely the ack made it out before the kill.
    try:
        await writer.answer_to("in-flight", timeout=10)
    except ConnectionError:
        pass
    await asyncio.wait_for(writer.closed.wait(), 10)
    own_server.start()
    try:
        again = Client(own_server, table["public_id"], table["devices"][0])
        snapshot = await again.connect()
        assert snapshot["seq"] >= 3
        # The phone retries what it never heard back about, with the same command id.
        await again.record("in-flight", base_seq=3)
        retry = await again.answer_to("in-flight")
        assert retry["type"] == "ack" and retry["seq"] == 4
        # The watcher on the other server catches up (from the event, or, if the process
        # died between commit and broadcast, from a fresh snapshot).
        await watcher.send({"type": "get_snapshot", "request_id": "catch-up"})
        caught_up = await watcher.expect(lambda m: m.get("request_id") == "catch-up")
        assert caught_up["seq"] == 4
        await again.close()
    finally:
        await watcher.close()
    state = site.inspect(table["public_id"])
    assert state["events"] == [*acked, "in-flight"]
    assert all(h["rows"] + h["pot_change"] == 0 for h in state["hands"])


async def _reconnect(client: Client, deadline: float = 30) -> dict:
    """What table.js does: try again until the server answers with a snapshot."""
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline
    while True:
        try:
            return await client.connect(timeout=5)
        except (OSError, TimeoutError, ConnectionError) as exc:
            if loop.time() > end:
                raise AssertionError(f"could not reconnect: {exc!r}") from exc
            await asyncio.sleep(0.3)


async def test_redis_restart_while_phones_are_connected_then_they_resync(
        site: Site, redis_server: RedisServer) -> None:
    servers = [site.server(redis_server.url), site.server(redis_server.url)]
    for server in servers:
        server.start()
    (table,) = site.tables(1)
    phones = [Client(servers[i % 2], table["public_id"], table["devices"][i]) for i in range(4)]
    try:
        await asyncio.gather(*(p.connect() for p in phones))
        await phones[0].record("before-outage")
        await phones[0].answer_to("before-outage")
        for phone in phones:
            await phone.expect(lambda m: m.get("type") == "hand_recorded" and m["seq"] == 1)

        redis_server.stop()
        # A write during the outage: the database is up, so it may commit and be answered
        # (the lost broadcast is only logged), or the phone's consumer may die with the
        # layer first and close the socket. Either way the phone resends the same command
        # id once it is back, and the hand is recorded exactly once.
        await phones[1].record("during-outage", base_seq=1)
        try:
            await phones[1].answer_to("during-outage", timeout=10)
        except (ConnectionError, TimeoutError):
            pass
        redis_server.start()
        assert all(server.alive() for server in servers)

        for phone in phones:
            await phone.close()
        again = [Client(servers[i % 2], table["public_id"], table["devices"][i])
                 for i in range(4)]
        snapshots = [await _reconnect(phone) for phone in again]
        await again[1].record("during-outage", base_seq=1)
        resent = await again[1].answer_to("during-outage")
        assert resent["type"] == "ack" and resent["seq"] == 2
        # Every phone is at seq 2 now: from its snapshot, or the event of the resend.
        for phone, first in zip(again, snapshots, strict=True):
            if first["seq"] < 2:
                await phone.expect(lambda m: m.get("seq") == 2)
        assert all(s["seq"] in (1, 2) for s in snapshots)
        # Events flow across both servers again.
        await again[2].record("after-outage")
        assert (await again[2].answer_to("after-outage"))["seq"] == 3
        for phone in again:
            await phone.expect(lambda m: m.get("type") == "hand_recorded" and m["seq"] == 3)
        await asyncio.gather(*(p.close() for p in again))
    finally:
        await asyncio.gather(*(p.close() for p in phones), return_exceptions=True)
        for server in servers:
            server.stop()
    state = site.inspect(table["public_id"])
    assert state["events"] == ["before-outage", "during-outage", "after-outage"]
