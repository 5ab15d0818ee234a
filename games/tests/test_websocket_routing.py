"""Websockets reach games.routing through the origin check of mjsite/asgi.py: only a page
of this very site (scheme, host and port) may open a socket, and a path without a route
is refused with a close code."""

import pytest
from channels.db import database_sync_to_async
from django.test import override_settings
from django.urls import URLPattern

from games.routing import websocket_urlpatterns
from mjsite.asgi import application
from mjsite.websockets import CLOSE_NO_ROUTE

from .communicator import WebsocketCommunicator
from .tables import make_table, socket_headers


def test_websocket_routes_are_url_patterns():
    assert isinstance(websocket_urlpatterns, list)
    assert all(isinstance(route, URLPattern) for route in websocket_urlpatterns)


async def _handshake(path: str, headers: list[tuple[bytes, bytes]],
                     scheme: str | None = None) -> tuple[bool, int | None]:
    comm = WebsocketCommunicator(application, path, headers=headers)
    if scheme:
        comm.scope["scheme"] = scheme
    connected, code = await comm.connect()
    if connected:
        await comm.disconnect()
    return connected, code


async def test_websocket_from_a_foreign_origin_is_refused():
    assert not (await _handshake("/ws/anything/", socket_headers(
        origin=b"https://evil.example")))[0]


async def test_websocket_without_an_origin_or_a_host_is_refused():
    assert not (await _handshake("/ws/anything/", socket_headers(origin=None)))[0]
    assert not (await _handshake("/ws/anything/", [(b"origin", b"http://localhost")]))[0]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("origin", "host", "scheme", "allowed"), [
    (b"http://localhost", b"localhost", None, True),
    (b"http://localhost:8000", b"localhost:8000", None, True),
    (b"https://localhost", b"localhost", "wss", True),
    # The same host name on another port, or over the other scheme, is another site.
    (b"http://localhost:8001", b"localhost:8000", None, False),
    (b"http://localhost:8000", b"localhost", None, False),
    (b"https://localhost", b"localhost", None, False),
    (b"http://localhost", b"localhost", "wss", False),
    # A Host outside ALLOWED_HOSTS, even when the origin matches it.
    (b"http://evil.example", b"evil.example", None, False),
])
async def test_websocket_origin_must_be_the_sites_own_scheme_host_and_port(
        origin, host, scheme, allowed):
    table = await database_sync_to_async(make_table)()
    connected, _ = await _handshake(f"/ws/tables/{table.public_id}/",
                                    socket_headers(origin=origin, host=host), scheme)
    assert connected is allowed


@pytest.mark.django_db(transaction=True)
@override_settings(SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"),
                   CSRF_TRUSTED_ORIGINS=["https://app.localhost:8443"])
async def test_a_trusted_proxys_https_and_the_csrf_trusted_origins_count():
    table = await database_sync_to_async(make_table)()
    path = f"/ws/tables/{table.public_id}/"
    behind_tls = [*socket_headers(origin=b"https://localhost"),
                  (b"x-forwarded-proto", b"https")]
    assert (await _handshake(path, behind_tls))[0]
    assert (await _handshake(path, socket_headers(origin=b"https://app.localhost:8443")))[0]
    assert not (await _handshake(path, socket_headers(origin=b"https://app.localhost")))[0]


@pytest.mark.parametrize("path", ["/ws/no-such-route/", "/ws/admin/", "/ws/tables/",
                                  "/ws/tables/not a slug/", "/"])
async def test_a_handshake_to_a_path_without_a_route_is_refused_with_a_close_code(path):
    # Channels' router raised ValueError here: a 500 in the server's log for any probe.
    assert await _handshake(path, socket_headers()) == (False, CLOSE_NO_ROUTE)
