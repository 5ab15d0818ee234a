"""Websocket routes, mounted by mjsite/asgi.py behind the allowed-hosts origin check and
the session/auth middleware.

Routes are added here by the games app as its consumers are written, e.g.
``path("ws/tables/<int:table_id>/", TableConsumer.as_asgi())``.
"""

from django.urls import URLPattern

websocket_urlpatterns: list[URLPattern] = []
