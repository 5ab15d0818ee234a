"""Faults answered the way a phone understands them, on real daphne, PostgreSQL and Redis
(issue 24, finding 7).

* A phone connecting while the database is down is closed with 4503, which daphne sends
  and static/js/sync.js reads as "can't reach the server, retrying" (1013 became 1011).
* A write refused before the service layer while PostgreSQL restarts carries its
  command_id (without it the phone waited 90 s for an answer it already had).
* A process keeps at most MJ_REDIS_MAX_CONNECTIONS to Redis (per pool) however many
  phones it once held (497 idle connections stayed after 500 phones left).

The database "goes down" behind a TCP proxy the test owns, between the server and the
shared PostgreSQL: closing it is what a restart looks like from the server.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import urllib.parse
from collections.abc import Iterator

import pytest

from .conftest import Site
from .harness import DAPHNE, ROOT, Client, RedisServer, Server, free_port

pytestmark = pytest.mark.integration


class TcpProxy:
    """127.0.0.1:<port> forwarded to ``target``; :meth:`down` refuses and cuts every
    connection (a database restarting), :meth:`up` forwards again on the same port."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self._listener: socket.socket | None = None
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()

    def up(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def down(self) -> None:
        if self._listener is not None:
            # close() alone leaves the accept() blocked in the pump thread holding the
            # listening socket: it still took one more connection (the server's next
            # query got through a "down" database). shutdown() ends that accept().
            try:
                self._listener.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            self._listener.close()
            self._listener = None
        with self._lock:
            for conn in self._open:
                try:
                    conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                conn.close()
            self._open.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _addr = listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            server.settimeout(None)
            with self._lock:
                self._open.update((client, server))
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for conn in (source, sink):
                try:
                    conn.close()
                except OSError:
                    pass


@pytest.fixture
def database_proxy(site: Site) -> Iterator[TcpProxy]:
    parts = urllib.parse.urlsplit(site.database_url)
    proxy = TcpProxy((parts.hostname or "127.0.0.1", parts.port or 5432))
    proxy.up()
    try:
        yield proxy
    finally:
        proxy.down()


def _through(site: Site, proxy: TcpProxy) -> dict[str, str]:
    parts = urllib.parse.urlsplit(site.database_url)
    netloc = f"{parts.username or 'postgres'}@127.0.0.1:{proxy.port}"
    return {**site.env(), "DATABASE_URL": urllib.parse.urlunsplit(parts._replace(
        netloc=netloc))}


async def test_a_phone_connecting_while_the_database_is_down_is_closed_with_4503(
        site: Site, database_proxy: TcpProxy) -> None:
    (table,) = site.tables(1)
    server = Server(_through(site, database_proxy), log_dir=site.log_dir)
    server.start()
    try:
        database_proxy.down()
        phone = Client(server, table["public_id"])
        with pytest.raises(ConnectionError):
            await phone.connect()
        assert phone.close_code == 4503, server.log()
        database_proxy.up()
        # Back: the same phone's retry is served.
        assert (await Client(server, table["public_id"]).connect())["type"] == "snapshot"
    finally:
        server.stop()


async def test_a_write_during_a_database_restart_is_answered_with_its_command_id(
        site: Site, database_proxy: TcpProxy) -> None:
    (table,) = site.tables(1)
    server = Server(_through(site, database_proxy), log_dir=site.log_dir)
    server.start()
    try:
        phone = Client(server, table["public_id"], table["devices"][0])
        await phone.connect()
        database_proxy.down()
        await phone.record("during-restart", base_seq=0)
        # Well inside the 90 s a phone gives a write before it asks again.
        answer = await phone.answer_to("during-restart", timeout=20)
        assert answer["type"] == "error" and answer["code"] == "database_unavailable"
        database_proxy.up()
        await phone.record("after-restart", base_seq=0)
        assert (await phone.answer_to("after-restart", timeout=20))["type"] == "ack"
        await phone.close()
    finally:
        server.stop()
    assert site.inspect(table["public_id"])["seq"] == 1


def _redis_clients(url: str) -> int:
    import redis

    with redis.Redis.from_url(url) as conn:
        return len(conn.client_list()) - 1  # not this one


async def test_a_process_keeps_no_more_redis_connections_than_its_pools_allow(
        site: Site, redis_server: RedisServer) -> None:
    (table,) = site.tables(1)
    env = {**site.env(redis_server.url), "MJ_REDIS_MAX_CONNECTIONS": "8"}
    server = Server(env, log_dir=site.log_dir)
    server.start()
    try:
        crowd = [Client(server, table["public_id"]) for _ in range(150)]
        firsts = await asyncio.gather(*(phone.connect(timeout=60) for phone in crowd))
        assert {first["type"] for first in firsts} == {"snapshot"}
        await asyncio.gather(*(phone.close() for phone in crowd))
        # The channel layer's pool and the cache's, 8 each: not one per phone it held.
        held = _redis_clients(redis_server.url)
        assert held <= 16, f"{held} Redis connections kept after 150 phones left"
        # And the next crowd still gets in.
        more = [Client(server, table["public_id"]) for _ in range(50)]
        await asyncio.gather(*(phone.connect(timeout=60) for phone in more))
        await asyncio.gather(*(phone.close() for phone in more))
        assert _redis_clients(redis_server.url) <= 16
    finally:
        server.stop()


def _unit_limit_nofile() -> int:
    unit = (ROOT / "deploy" / "mjsite@.service").read_text(encoding="utf-8")
    (value,) = [line.split("=", 1)[1] for line in unit.splitlines()
                if line.startswith("LimitNOFILE=")]
    return int(value)


async def test_phones_keep_getting_in_under_a_low_open_file_limit(
        site: Site, redis_server: RedisServer) -> None:
    # systemd's default of 1,024 open files, scaled down with the crowd: 250 phones came
    # and went, then 200 more came at once. With one idle Redis connection kept per
    # phone the process ran out of files; the capped pools leave room.
    (table,) = site.tables(1)
    port = free_port()
    env = {**site.env(redis_server.url), "MJ_REDIS_MAX_CONNECTIONS": "20"}
    server = Server(env, port=port, log_dir=site.log_dir, command=[
        "prlimit", "--nofile=400:400", *DAPHNE, "-b", "127.0.0.1", "-p", str(port),
        "mjsite.asgi:application"])
    server.start()
    try:
        # A few handshakes at a time, each tried up to three times: on a busy machine a
        # handshake can time out; a process out of files refuses every try.
        gate = asyncio.Semaphore(25)

        async def visit() -> Client | None:
            async with gate:
                for _attempt in range(3):
                    phone = Client(server, table["public_id"])
                    try:
                        await phone.connect(timeout=60)
                        return phone
                    except Exception:  # noqa: BLE001 - counted below
                        await phone.close()
            return None

        first = await asyncio.gather(*(visit() for _ in range(250)))
        await asyncio.gather(*(phone.close() for phone in first if phone))
        second = await asyncio.gather(*(visit() for _ in range(200)))
        failed = sum(1 for phone in second if phone is None)
        await asyncio.gather(*(phone.close() for phone in second if phone))
        assert "Too many open files" not in server.log(), server.log()
        assert failed == 0, f"{failed} of 200 phones could not connect"
    finally:
        server.stop()


def test_the_systemd_unit_raises_the_open_file_limit() -> None:
    # A phone's socket is an open file; so is each Redis and database connection.
    assert _unit_limit_nofile() >= 16_384
