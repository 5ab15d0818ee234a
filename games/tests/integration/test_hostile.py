"""Issue 13's findings replayed against real daphne processes on PostgreSQL and Redis, as
an attacker would: poison values, NUL bytes, junk that would grow the snapshot, a Redis
outage, parallel password guesses and forged X-Forwarded-For headers, unrouted socket
paths. Nothing may answer 500, close a socket with 1011 or leave a traceback in the log.
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from .conftest import Site
from .harness import RON, Client, RedisServer, Server

pytestmark = pytest.mark.integration

# The engine's bounds on a hand (issue 14) refuse these first; without them PostgreSQL's
# integer column does, and the service names it (unstorable). Never a 500 or a 1011.
ENGINE_OR_DATABASE = ("out_of_range", "unstorable")
POISON = [
    {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"points": 3_000_000_000}}]},
    {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"yakuman": 1_000_000}}]},
]


def _request(server: Server, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None,
             opener: urllib.request.OpenerDirector | None = None) -> tuple[int, bytes]:
    data = None
    headers = dict(headers or {})
    if isinstance(body, dict | list):
        data = json.dumps(body).encode()
        headers.setdefault("Content-Type", "application/json")
    elif isinstance(body, bytes):
        data = body
    request = urllib.request.Request(server.base + path, data=data, method=method,
                                     headers=headers)
    try:
        with (opener or urllib.request.build_opener()).open(request, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def _no_traceback(server: Server) -> None:
    log = server.log()
    assert "Traceback" not in log and "Internal Server Error" not in log, log[-3000:]


@pytest.fixture
def server(site: Site) -> Iterator[Server]:
    one = site.server()
    one.start()
    try:
        yield one
    finally:
        one.stop()


async def test_poison_numbers_and_nul_bytes_are_named_errors_on_postgresql(
        site: Site, server: Server) -> None:
    (table,) = site.tables(1)
    token = table["devices"][0]
    api = {"Authorization": f"Token {site.db({'op': 'token', 'username': 'bot'})}"}
    for n, outcome in enumerate(POISON):
        # PostgreSQL's integer column refuses the amount: a named 400, nothing committed.
        status, body = _request(server, "POST", f"/api/tables/{table['public_id']}/hands/",
                                {"command_id": f"poison-{n}", "base_seq": 0,
                                 "outcome": outcome}, api)
        assert status == 400, body
        assert json.loads(body)["error"]["code"] in ENGINE_OR_DATABASE
    phone = Client(server, table["public_id"], token)
    await phone.connect()
    try:
        for n, outcome in enumerate(POISON):
            await phone.record(f"poison-ws-{n}", base_seq=0, outcome=outcome)
            answer = await phone.answer_to(f"poison-ws-{n}")
            assert answer["type"] == "error" and answer["code"] in ENGINE_OR_DATABASE, answer
        for message, code in (
                ({"type": "record_hand", "command_id": "nul\u0000id", "base_seq": 0,
                  "outcome": RON}, "bad_text"),
                ({"type": "record_hand", "command_id": "nul-key", "base_seq": 0,
                  "outcome": {**RON, "note\u0000": 1}}, "bad_text"),
                ({"type": "record_hand", "command_id": "surrogate", "base_seq": 0,
                  "outcome": {**RON, "note": "\ud800"}}, "bad_text"),
                ({"type": "get_snapshot", "request_id": "nul\u0000"}, "bad_message")):
            await phone.send(json.dumps(message))
            answer = await phone.expect(lambda m: m.get("type") == "error")
            assert answer["code"] == code, answer
        # Junk that would grow every phone's snapshot, sent again and again.
        for n in range(19):
            await phone.record(f"junk-{n}", base_seq=0, outcome={**RON, "x" * 60_000: 1})
            answer = await phone.answer_to(f"junk-{n}")
            assert answer["code"] == "outcome_too_large"
        # The socket stayed open all along and the table still takes a real hand.
        await phone.record("real", base_seq=0)
        assert (await phone.answer_to("real"))["type"] == "ack"
    finally:
        await phone.close()
    assert phone.close_code in (None, 1000, 1005), phone.close_code
    status, body = _request(server, "GET", "/players/names.json?q=%00")
    assert status == 400 and b"NUL" in body
    status, body = _request(server, "GET", "/api/players/?name=%00")
    assert status == 400 and json.loads(body)["error"]["code"] == "bad_text"
    status, body = _request(server, "GET", "/api/tables/?player=99999999999999999999")
    assert status == 400 and json.loads(body)["error"]["code"]
    state = site.inspect(table["public_id"])
    assert state["events"] == ["real"] and state["ledger_total"] + state["pot"] == 0
    _no_traceback(server)


async def test_unrouted_socket_paths_are_refused_and_foreign_ports_too(server: Server) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    for path, origin in (("/ws/admin/", server.origin), ("/ws/no-such/", server.origin),
                         ("/ws/tables/x/", "http://127.0.0.1:1"),
                         ("/ws/tables/x/", server.origin.replace("http:", "https:"))):
        with pytest.raises(InvalidStatus) as refused:
            await connect(f"ws://127.0.0.1:{server.port}{path}", origin=origin,  # type: ignore[arg-type]  # websockets types origin narrowly
                          open_timeout=10)
        assert refused.value.response.status_code == 403
    _no_traceback(server)


async def test_a_redis_outage_stops_neither_api_writes_nor_phones(
        site: Site, redis_server: RedisServer) -> None:
    servers = [site.server(redis_server.url), site.server(redis_server.url)]
    for one in servers:
        one.start()
    (table,) = site.tables(1)
    token = site.db({"op": "token", "username": "outage-bot"})
    watcher = Client(servers[1], table["public_id"], table["devices"][1])
    late: Client | None = None
    try:
        await watcher.connect()
        redis_server.stop()
        status, body = _request(servers[0], "GET", "/healthz")
        health = json.loads(body)
        assert status == 503 and health["db"] and health["static"]
        assert not health["cache"] and not health["channel_layer"]
        # DRF's throttles fail open: the write commits.
        status, body = _request(servers[0], "POST", f"/api/tables/{table['public_id']}/hands/",
                                {"command_id": "api-during", "base_seq": 0, "outcome": RON},
                                {"Authorization": f"Token {token}"})
        assert status == 201, body
        # A phone connecting now gets the table, and its consumer does not crash.
        late = Client(servers[0], table["public_id"], table["devices"][2])
        first = await late.connect()
        assert first["type"] == "snapshot" and first["seq"] == 1
        await asyncio.sleep(2)
        assert not late.closed.is_set() and not watcher.closed.is_set()
        redis_server.start()
        # Both phones are resynchronised once the layer is back, then hear events again.
        for phone in (watcher, late):
            resync = await phone.expect(lambda m: m.get("type") == "snapshot"
                                        and m.get("seq") == 1, timeout=30)
            assert resync["seq"] == 1
        await late.record("after", base_seq=1)
        assert (await late.answer_to("after"))["seq"] == 2
        await watcher.expect(lambda m: m.get("type") == "hand_recorded" and m["seq"] == 2)
    finally:
        await watcher.close()
        if late is not None:
            await late.close()
        for one in servers:
            one.stop()
    assert watcher.close_code != 1011
    assert site.inspect(table["public_id"])["events"] == ["api-during", "after"]


def _csrf_opener() -> tuple[urllib.request.OpenerDirector, http.cookiejar.CookieJar]:
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)), jar


def _sign_in(server: Server, username: str, password: str,
             headers: dict[str, str] | None = None) -> int:
    opener, _jar = _csrf_opener()
    status, page = _request(server, "GET", "/admin/login/", opener=opener)
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert status == 200 and token
    body = urllib.parse.urlencode({"username": username, "password": password,
                                   "csrfmiddlewaretoken": token.group(1).decode()}).encode()
    status, _page = _request(server, "POST", "/admin/login/", body, {
        "Content-Type": "application/x-www-form-urlencoded", **(headers or {})},
        opener=opener)
    return status


async def test_thirty_parallel_guesses_over_two_servers_get_five_checks(
        site: Site, two_servers: tuple[Server, Server]) -> None:
    site.db({"op": "user", "username": "parallel-boss"})
    with ThreadPoolExecutor(30) as pool:
        codes = list(pool.map(lambda n: _sign_in(two_servers[n % 2], "parallel-boss",
                                                 f"guess-{n}"), range(30)))
    assert codes.count(200) <= 5 and codes.count(429) >= 25, codes


async def test_a_forged_forwarded_for_does_not_evade_the_limit_behind_the_proxy(
        site: Site) -> None:
    site.db({"op": "user", "username": "proxied-boss"})
    proxied = Server({**site.env(), "MJ_TRUSTED_PROXIES": "1"}, log_dir=site.log_dir)
    proxied.start()
    try:
        # What nginx forwards when the client sent its own header: the client's entries
        # first, nginx's $remote_addr last (the sample sends $remote_addr alone).
        codes = [_sign_in(proxied, "proxied-boss", "guess",
                          {"X-Forwarded-For": f"10.0.0.{n}, 198.51.100.7"})
                 for n in range(7)]
        assert codes == [200] * 5 + [429] * 2, codes
        # Another real client (another address nginx saw) is not locked out.
        assert _sign_in(proxied, "proxied-boss", "guess",
                        {"X-Forwarded-For": "198.51.100.8"}) == 200
    finally:
        proxied.stop()
    _no_traceback(proxied)
