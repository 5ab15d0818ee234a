"""What stands between a websocket handshake and the table consumer (mounted in
``mjsite/asgi.py``): the origin check, a refusal for paths that have no route, and a
quiet end for what is sent to a socket that has just closed.

Origin: a browser sends ``Origin`` with every handshake, and a page of another site can
open a socket to ours with the visitor's cookies, so only pages of this site may connect.
Channels' ``AllowedHostsOriginValidator`` compared the origin's host name alone with
``ALLOWED_HOSTS``: any scheme and any port of an allowed host passed (``http://`` pages of
the site, or another service on another port of the same machine). Here, as Django's own
CSRF check does for a form post, the origin must be exactly the scheme, host and port the
browser used for the handshake (the ``Host`` header, itself one of ``ALLOWED_HOSTS``,
and https when the connection is secure or a trusted proxy says so through
``SECURE_PROXY_SSL_HEADER``), or one of ``CSRF_TRUSTED_ORIGINS``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from autobahn.exception import Disconnected
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

logger = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Any, Any], Awaitable[None]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

# What a server raises for a frame sent to a socket that is closing or closed: daphne
# hands the frame to autobahn, which raises Disconnected once the phone's close frame is
# in (until the connection is gone and daphne drops such frames itself); the ASGI spec
# asks servers for a subclass of OSError.
SOCKET_GONE: tuple[type[BaseException], ...] = (Disconnected, OSError)

# Close code of a handshake to a path with no websocket route (4000-4999 are the
# application's; 4404 mirrors the consumer's "no such table").
CLOSE_NO_ROUTE = 4404


def _headers(scope: Scope) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in scope.get("headers") or []:
        out.setdefault(bytes(name).decode("latin-1").lower(), bytes(value).decode("latin-1"))
    return out


def _secure(scope: Scope, headers: dict[str, str]) -> bool:
    if scope.get("scheme") in ("wss", "https"):
        return True
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if not proxy:
        return False
    meta_name, secure_value = proxy
    name = meta_name.removeprefix("HTTP_").replace("_", "-").lower()
    value = headers.get(name, "")
    return bool(value) and value.split(",", 1)[0].strip() == secure_value


def origin_allowed(scope: Scope) -> bool:
    """Whether the handshake's ``Origin`` is this site as the browser reached it."""
    headers = _headers(scope)
    origin, host = headers.get("origin", ""), headers.get("host", "").lower()
    if not origin or not host:
        return False
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    scheme = "https" if _secure(scope, headers) else "http"
    if origin.lower() == f"{scheme}://{host}":
        return True
    parts = urlsplit(origin)
    return bool(parts.scheme and parts.netloc) and (
        f"{parts.scheme}://{parts.netloc}".lower()
        in {o.lower() for o in settings.CSRF_TRUSTED_ORIGINS})


class OriginValidator:
    """Refuses (HTTP 403) a websocket handshake whose origin is not :func:`origin_allowed`."""

    def __init__(self, application: ASGIApp) -> None:
        self.application = application

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            await WebsocketDenier()(scope, receive, send)
            return
        await self.application(scope, receive, send)


class NoRouteConsumer(AsyncWebsocketConsumer):
    """The last websocket route: a handshake to any other path is refused with
    :data:`CLOSE_NO_ROUTE` (Channels' router raised, a 500 in the server's log)."""

    async def connect(self) -> None:
        await self.close(code=CLOSE_NO_ROUTE)


class SendsAfterClose:
    """Drops, without a word, the frames sent to a websocket after it closed.

    A phone that closes its socket (leaving the page, or a test done with it) may do so
    while an answer or a table event is on its way to it: an event that arrived through
    the channel layer in the same instant. Daphne then raised from the consumer's send, the
    consumer died, and daphne logged "Exception inside application" with a traceback
    (test_hostile.py, under load), for a frame nobody was left to read. The consumer
    still hears the disconnect and ends as usual; a phone that comes back resyncs."""

    def __init__(self, application: ASGIApp) -> None:
        self.application = application

    async def __call__(self, scope: Scope, receive: Any, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.application(scope, receive, send)
            return
        gone = False

        async def send_while_open(message: dict[str, Any]) -> None:
            nonlocal gone
            if gone:
                return
            try:
                await send(message)
            except SOCKET_GONE as exc:
                gone = True
                logger.debug("a %s to a closed websocket was dropped: %r",
                             message.get("type"), exc)

        await self.application(scope, receive, send_while_open)
