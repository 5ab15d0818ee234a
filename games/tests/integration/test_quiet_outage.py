"""A Redis outage under two real daphne processes on PostgreSQL is a few log lines, not
one per request (issue 24, finding 8: a 10-second outage wrote about 400 lines, each with
a traceback): engine calls (DRF throttles), password attempts (the limiter) and table
writes over the socket (the write limit, the broadcast) all go on during the outage, and
each server logs when the cache and the channel layer fail, a count while it lasts, and
when they are back."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

import pytest

from .conftest import Site
from .harness import Client, RedisServer, Server

pytestmark = pytest.mark.integration
CALLS = 60


def _post(server: Server, path: str, body: dict[str, object]) -> int:
    request = urllib.request.Request(server.base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def _full_log(server: Server) -> str:
    return server.log_path.read_text(errors="replace")


async def test_a_redis_outage_is_a_few_lines_in_each_server_s_log(
        site: Site, redis_server: RedisServer) -> None:
    servers = [site.server(redis_server.url), site.server(redis_server.url)]
    for server in servers:
        server.start()
    (table,) = site.tables(1)
    phones = [Client(servers[i], table["public_id"], table["devices"][i]) for i in range(2)]
    try:
        await asyncio.gather(*(p.connect() for p in phones))
        before = [len(_full_log(server)) for server in servers]
        redis_server.stop()
        loop = asyncio.get_running_loop()
        for server in servers:
            calls: list[tuple[str, dict[str, object]]] = [
                ("/api/waits/", {"ruleset": "riichi", "hand": "1112345678999m"}),
                ("/api/token/", {"username": "nobody", "password": "guess"}),
            ] * (CALLS // 2)
            codes = await asyncio.gather(*(loop.run_in_executor(None, _post, server, path,
                                                                body)
                                           for path, body in calls))
            # The limits fail open: every call is answered, none is a server error.
            assert all(code < 500 for code in codes), codes
        for n in range(10):  # writes from a seated phone: counted, broadcast, both fail
            await phones[0].send({"type": "entering", "active": n % 2 == 0})
        redis_server.start()
        for server in servers:
            assert server.alive()
            assert _post(server, "/api/waits/", {"ruleset": "riichi",
                                                 "hand": "1112345678999m"}) == 200
    finally:
        await asyncio.gather(*(p.close() for p in phones), return_exceptions=True)
        for server in servers:
            server.stop()
    for server, start in zip(servers, before, strict=True):
        outage = _full_log(server)[start:]
        # One traceback per service that failed (the cache; the channel layer), not one
        # per request (a traceback may chain the exceptions behind it); and a handful of
        # lines in all.
        tracebacks = (outage.count("Traceback (most recent call last)")
                      - outage.count("During handling of the above exception")
                      - outage.count("The above exception was the direct cause"))
        # On failure, show the tracebacks themselves (the log's tail is access lines),
        # each after the line that logged it (which says who let it reach the log).
        parts = outage.split("Traceback (most recent call last)")
        assert tracebacks <= 2, "\n---\n".join(
            before.rstrip().rsplit("\n", 1)[-1][-300:] + "\n" + part[:1500]
            for before, part in zip(parts, parts[1:], strict=False))
        lines = [line for line in outage.splitlines()
                 if "unavailable" in line or "not counted" in line]
        assert 1 <= len(lines) <= 6, "\n".join(lines[:20])
