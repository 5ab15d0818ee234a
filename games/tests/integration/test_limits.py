"""Rate limits hold across server processes: the counts live in the shared Redis cache."""

from __future__ import annotations

import pytest

from .conftest import Site
from .harness import Client, Server

pytestmark = pytest.mark.integration


async def test_websocket_write_limit_counts_one_phone_across_both_servers(site: Site) -> None:
    # Counted in windows of a day (common/ratelimit.py): the servers run in processes of
    # their own, whose clock the test cannot hold, and on a busy machine the five writes
    # once straddled a minute's edge, which let the fourth and fifth through (ciB).
    env = {**site.env(), "MJ_WS_WRITE_RATE": "3/day"}
    servers = [Server(env, log_dir=site.log_dir), Server(env, log_dir=site.log_dir)]
    (table,) = site.tables(1)
    try:
        for server in servers:
            server.start()
        # The same phone (device) alternating between the two processes, as it would
        # when a proxy sends each reconnect to either.
        answers = []
        for n in range(5):
            phone = Client(servers[n % 2], table["public_id"], table["devices"][0])
            await phone.connect()
            await phone.record(f"limited-{n}")
            answers.append(await phone.answer_to(f"limited-{n}"))
            await phone.close()
    finally:
        for server in servers:
            server.stop()
    assert [a["type"] for a in answers] == ["ack", "ack", "ack", "error", "error"]
    assert {a["code"] for a in answers[3:]} == {"rate_limited"}
    assert site.inspect(table["public_id"])["seq"] == 3
