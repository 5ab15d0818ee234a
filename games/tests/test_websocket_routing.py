"""Websockets reach games.routing through the origin check of mjsite/asgi.py."""

import pytest
from channels.testing import WebsocketCommunicator
from django.urls import URLPattern

from games.routing import websocket_urlpatterns
from mjsite.asgi import application


def test_websocket_routes_are_url_patterns():
    assert isinstance(websocket_urlpatterns, list)
    assert all(isinstance(route, URLPattern) for route in websocket_urlpatterns)


async def test_websocket_from_a_foreign_origin_is_refused():
    communicator = WebsocketCommunicator(
        application, "/ws/anything/", headers=[(b"origin", b"https://evil.example")]
    )
    connected, _ = await communicator.connect()
    assert connected is False


async def test_websocket_without_an_origin_is_refused():
    communicator = WebsocketCommunicator(application, "/ws/anything/")
    connected, _ = await communicator.connect()
    assert connected is False


async def test_websocket_from_an_allowed_origin_reaches_the_router():
    # The origin passes; the URL router then finds no route for this path.
    communicator = WebsocketCommunicator(
        application, "/ws/no-such-route/", headers=[(b"origin", b"http://localhost:8000")]
    )
    with pytest.raises(ValueError, match="No route found for path 'ws/no-such-route/'"):
        await communicator.connect()
