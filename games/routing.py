"""Websocket routes, mounted by mjsite/asgi.py behind the allowed-hosts origin check and
the session/auth middleware. The protocol is described in :mod:`games.messages`."""

from django.urls import URLPattern, path

from games.consumers import TableConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/tables/<slug:public_id>/", TableConsumer.as_asgi(), name="table-socket"),
]
