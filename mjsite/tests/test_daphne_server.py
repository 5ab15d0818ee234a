"""The site's daphne server (mjsite.daphne_server) keeps daphne's rules for applications
and timeouts while visiting only the connections due. Its two timers are called here by
hand (no reactor runs); games/tests/integration/test_keepalive.py serves real sockets."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from daphne.ws_protocol import WebSocketProtocol

from mjsite import daphne_server
from mjsite.daphne_server import SiteServer


class Connection:
    """A connection as the checkers see it (an HTTP request, say)."""

    def __init__(self) -> None:
        self.checks = 0
        self.errors: list[BaseException] = []

    def check_timeouts(self) -> None:
        self.checks += 1

    def handle_exception(self, exception: BaseException) -> None:
        self.errors.append(exception)


class Socket(WebSocketProtocol):
    """An open websocket: daphne's ping rule, the ping itself counted."""

    def __init__(self, server: SiteServer, now: float) -> None:  # no autobahn set-up
        self.server = server
        self.state = WebSocketProtocol.STATE_OPEN
        self.socket_opened = self.last_ping = now
        self.checks = self.pings = 0

    def check_timeouts(self) -> None:
        self.checks += 1
        if daphne_server.time.time() - self.last_ping > self.server.ping_interval:
            self.pings += 1
            self.last_ping = daphne_server.time.time()


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [1000.0]
    monkeypatch.setattr(daphne_server.time, "time", lambda: now[0])
    monkeypatch.setattr(daphne_server, "_later", lambda seconds, call: None)
    return now


def server() -> SiteServer:
    site = SiteServer(application=None, endpoints=["tcp:port=0:interface=127.0.0.1"],
                      ping_interval=20, application_close_timeout=10)
    site.connections = {}
    return site


async def finished(result: Any = None, error: BaseException | None = None) -> asyncio.Task[Any]:
    async def body() -> Any:
        if error is not None:
            raise error
        return result

    task = asyncio.ensure_future(body())
    await asyncio.sleep(0)  # let it finish
    return task


async def connect(site: SiteServer, protocol: Any, application: asyncio.Task[Any]) -> None:
    """As daphne's create_application leaves it, with the site server's done callback."""
    site.protocol_connected(protocol)
    site.connections[protocol]["application_instance"] = application
    application.add_done_callback(lambda _f: site._apps_due.add(protocol))
    await asyncio.sleep(0)  # a finished application's callback runs on the loop


async def test_a_closed_connection_whose_application_ended_is_forgotten(clock):
    site = server()
    gone = Connection()
    await connect(site, gone, await finished())
    site.protocol_disconnected(gone)
    site.application_checker()
    assert gone not in site.connections and not site._apps_due


async def test_an_application_that_fails_on_an_open_connection_is_answered_and_logged(
        clock, caplog):
    site = server()
    open_one = Connection()
    fault = ValueError("boom")
    await connect(site, open_one, await finished(error=fault))
    with caplog.at_level(logging.ERROR, logger="daphne.server"):
        site.application_checker()
    assert open_one.errors == [fault]
    assert "Exception inside application" in caplog.text
    # Still connected, without an application: forgotten once it closes.
    assert "application_instance" not in site.connections[open_one]
    site.protocol_disconnected(open_one)
    site.application_checker()
    assert open_one not in site.connections


async def test_an_application_outliving_its_connection_is_cancelled_after_the_timeout(
        clock):
    site = server()
    lingering = Connection()
    application = asyncio.ensure_future(asyncio.Event().wait())
    await connect(site, lingering, application)
    site.protocol_disconnected(lingering)
    site.application_checker()  # within the close timeout: left running, looked at again
    assert not application.cancelled() and lingering in site._apps_due
    clock[0] += 11
    site.application_checker()
    await asyncio.sleep(0)
    assert application.cancelled()
    site.application_checker()  # done now: reaped
    assert lingering not in site.connections


async def test_open_connections_with_running_applications_are_not_visited(clock):
    site = server()
    busy = Connection()
    application = asyncio.ensure_future(asyncio.Event().wait())
    await connect(site, busy, application)
    site.application_checker()
    assert not site._apps_due and "application_instance" in site.connections[busy]
    application.cancel()


def test_an_open_websocket_is_checked_at_its_ping_time_other_connections_every_tick(clock):
    site = server()
    socket, request = Socket(site, clock[0]), Connection()
    site.protocol_connected(socket)
    site.protocol_connected(request)
    site.timeout_checker()  # the first tick learns the socket's deadline
    for _tick in range(9):  # 18 s: no ping due yet
        clock[0] += 2
        site.timeout_checker()
    assert (socket.checks, socket.pings, request.checks) == (1, 0, 10)
    clock[0] += 3  # 21 s after its last ping
    site.timeout_checker()
    assert (socket.checks, socket.pings) == (2, 1)
    # A frame from the phone moves its ping time on: the deadline found early goes back.
    socket.last_ping = clock[0] + 14  # a frame 14 s after that ping
    clock[0] += 21
    site.timeout_checker()  # its old deadline: checked, no ping, the new one kept
    assert (socket.checks, socket.pings) == (3, 1)
    clock[0] += 14  # 21 s after the frame
    site.timeout_checker()
    assert (socket.checks, socket.pings) == (4, 2)


def test_a_connection_that_went_away_is_not_checked_again(clock):
    site = server()
    socket = Socket(site, clock[0])
    site.protocol_connected(socket)
    site.timeout_checker()
    del site.connections[socket]
    clock[0] += 30
    site.timeout_checker()
    assert socket.checks == 1 and not site._every_tick
