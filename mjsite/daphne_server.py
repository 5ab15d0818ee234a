"""``python -m mjsite.daphne_server``: daphne's command line with timers that do not walk
every connection (issue 26).

Daphne checks its connections from two timers: every second it walks all of them for
applications that finished or outlived their connection, and every two seconds it asks
each for its timeouts (the websocket's keepalive ping, the connect and idle deadlines).
With 800 phones connected that was some 1,200 Python calls a second on the event loop
for a dozen that had anything to do: about a twentieth of the server's CPU per hand in
``bench/load.py``'s profile at human pace. :class:`SiteServer` keeps the same rules and
the same timers, but each visits only the connections due:

* an application is looked at once it is done or its connection closed (a done
  callback and ``protocol_disconnected`` put it on the list), and then every second until
  it is reaped, exactly as daphne's walk would find it;
* an open websocket is looked at when its next deadline comes (a heap keyed by the
  earlier of its next ping and its idle timeout); anything else (an HTTP request, a
  websocket still connecting or closing) on every tick, as before. Daphne moves a
  websocket's ping time on when a frame arrives; a deadline found early is put back.

Everything else is daphne's own: ``make run`` (mjsite.serve), the deploy sample and the
benchmarks all run this server, so what is measured is what is served.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import sys
import time
from collections.abc import Callable
from concurrent.futures import CancelledError
from typing import Any

import daphne.server
from daphne.cli import CommandLineInterface
from daphne.server import Server
from daphne.ws_protocol import WebSocketProtocol

# Daphne's own logger: the messages read as daphne's always did.
logger = logging.getLogger("daphne.server")


class SiteServer(Server):
    """Daphne's server whose periodic checks visit only the connections due."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._apps_due: set[Any] = set()  # protocols whose application needs a look
        self._every_tick: set[Any] = set()  # protocols checked on every timeout tick
        self._deadlines: list[tuple[float, int, Any]] = []  # (when, tiebreak, protocol)
        self._tiebreak = itertools.count()

    # --- who is due ------------------------------------------------------------------

    def protocol_connected(self, protocol: Any) -> None:
        super().protocol_connected(protocol)
        self._every_tick.add(protocol)

    def protocol_disconnected(self, protocol: Any) -> None:
        super().protocol_disconnected(protocol)
        self._apps_due.add(protocol)

    def create_application(self, protocol: Any, scope: dict[str, Any]) -> Any:
        queue = super().create_application(protocol, scope)
        details = self.connections.get(protocol)
        if details is not None and "application_instance" in details:
            details["application_instance"].add_done_callback(
                lambda _future: self._apps_due.add(protocol))
        return queue

    # --- the two timers ----------------------------------------------------------------

    def application_checker(self) -> None:
        """Daphne's rules, for the protocols whose application finished or whose
        connection closed (the others have nothing for it to do): an application that
        outlives its closed connection by the close timeout is cancelled; a finished one
        is reaped (its exception logged, and answered on a connection still open); a
        closed connection without an application is forgotten."""
        due, self._apps_due = self._apps_due, set()
        now = time.time()
        for protocol in due:
            details = self.connections.get(protocol)
            if details is None:
                continue
            disconnected = details.get("disconnected")
            application = details.get("application_instance")
            if (disconnected and application is not None and not application.done()
                    and now - disconnected > self.application_close_timeout):
                logger.warning("Application instance %r for connection %s took too long "
                               "to shut down and was killed.", application, repr(protocol))
                application.cancel()
            if application is not None and application.done():
                self._reap(protocol, application, bool(disconnected))
                del details["application_instance"]
                application = None
            if disconnected and application is None:
                del self.connections[protocol]
                self._every_tick.discard(protocol)
            elif disconnected:
                self._apps_due.add(protocol)  # again next second, until it is reaped
        _later(1, self.application_checker)

    def _reap(self, protocol: Any, application: Any, disconnected: bool) -> None:
        try:
            exception = application.exception()
        except (CancelledError, asyncio.CancelledError):
            return
        if exception is None:
            return
        if isinstance(exception, KeyboardInterrupt):  # asked to stop (tests do)
            self.stop()
            return
        logger.error("Exception inside application: %s", exception, exc_info=exception)
        if not disconnected:
            protocol.handle_exception(exception)

    def timeout_checker(self) -> None:
        """Daphne's ``check_timeouts`` for each connection due: open websockets at their
        next deadline, everything else on every tick."""
        now = time.time()
        due = [p for p in self._every_tick if p in self.connections]
        self._every_tick.intersection_update(due)
        heap = self._deadlines
        while heap and heap[0][0] <= now:
            protocol = heapq.heappop(heap)[2]
            if protocol in self.connections:
                due.append(protocol)
        for protocol in due:
            protocol.check_timeouts()
            deadline = self._deadline(protocol)
            if deadline is None:
                self._every_tick.add(protocol)
            else:
                self._every_tick.discard(protocol)
                heapq.heappush(heap, (deadline, next(self._tiebreak), protocol))
        _later(2, self.timeout_checker)

    def _deadline(self, protocol: Any) -> float | None:
        """When an open websocket next has something for ``check_timeouts`` to do (a ping,
        or its idle timeout), or None for a connection checked on every tick."""
        if not isinstance(protocol, WebSocketProtocol) or \
                protocol.state != WebSocketProtocol.STATE_OPEN:
            return None
        deadline = float(protocol.last_ping) + self.ping_interval
        if self.websocket_timeout >= 0:
            deadline = min(deadline, float(protocol.socket_opened) + self.websocket_timeout)
        return deadline


def _later(seconds: float, call: Callable[[], None]) -> None:
    # The reactor daphne installed (asyncio's) and runs its own timers on.
    reactor: Any = daphne.server.reactor
    reactor.callLater(seconds, call)


def main(argv: list[str] | None = None, server_class: type[Server] = SiteServer) -> None:
    """Daphne's command line (the same arguments) serving with ``server_class``."""
    cli = CommandLineInterface()
    cli.server_class = server_class
    cli.run(argv if argv is not None else sys.argv[1:])


if __name__ == "__main__":
    main()
