"""Daphne with a deadline on each request's headers, for ``make run`` (mjsite.serve).

Twisted's HTTP channel drops a connection only after a minute *without data*, so a client
that sends its request line and then one header byte every few seconds (a "slowloris")
holds the connection, and its file descriptor, forever: daphne's own ``--http-timeout``
starts only once the headers are in. Behind nginx (deploy/) the proxy cuts such clients
off; under ``make run`` daphne faces the LAN itself, so here each request's headers must
all arrive within a deadline from the moment the server starts waiting for them (the
connection opens, or the previous answer on a kept-alive connection is done), or the
connection is closed.
"""

from __future__ import annotations

from typing import Any

from twisted.internet.base import DelayedCall
from twisted.python.failure import Failure
from twisted.web.http import HTTPChannel, _GenericHTTPChannelProtocol

from mjsite.daphne_server import SiteServer, main


class HeaderDeadlineChannel(HTTPChannel):
    """An HTTP channel that closes the connection when a request's headers take longer
    than ``header_timeout`` seconds."""

    header_timeout: float = 15.0
    _deadline: DelayedCall | None = None

    def connectionMade(self) -> None:
        super().connectionMade()
        self._arm()

    def allHeadersReceived(self) -> None:
        self._disarm()
        super().allHeadersReceived()

    def requestDone(self, request: Any) -> None:
        # Kept alive, the next request's headers get a deadline of their own; armed first,
        # since the headers may already be buffered and be read within requestDone.
        if self.persistent:
            self._arm()
        super().requestDone(request)

    def connectionLost(self, reason: Failure | None = None) -> None:
        self._disarm()
        super().connectionLost(reason)

    def _arm(self) -> None:
        self._disarm()
        # The factory's reactor (TimeoutMixin's callLater), as the idle timeout uses.
        self._deadline = self.callLater(self.header_timeout, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None and self._deadline.active():
            self._deadline.cancel()
        self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if self.transport is not None:
            self.transport.abortConnection()


class HeaderDeadlineServer(SiteServer):
    """The site's daphne server (:mod:`mjsite.daphne_server`) whose HTTP connections
    are :class:`HeaderDeadlineChannel`\\ s."""

    header_timeout: float = 15.0

    @property
    def http_factory(self) -> Any:
        return self._http_factory

    @http_factory.setter
    def http_factory(self, factory: Any) -> None:
        # Daphne makes its factory inside run(); each connection it builds gets a channel
        # with the deadline (Twisted's own factory wraps HTTPChannel the same way).
        timeout = self.header_timeout

        def channel() -> _GenericHTTPChannelProtocol:
            inner = HeaderDeadlineChannel()
            inner.header_timeout = timeout
            return _GenericHTTPChannelProtocol(inner)

        factory.protocol = channel
        self._http_factory = factory


def serve(argv: list[str], header_timeout: float) -> None:
    """Run daphne's command line ``argv`` with a header deadline of ``header_timeout``."""
    main(argv, type("Server", (HeaderDeadlineServer,), {"header_timeout": header_timeout}))
