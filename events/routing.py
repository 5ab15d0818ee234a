"""Websocket routes of events, mounted by mjsite/asgi.py beside games.routing's."""

from django.urls import URLPattern, path

from events.consumers import EventConsumer, EventScreenConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/events/<slug:public_id>/", EventConsumer.as_asgi(), name="event-socket"),
    path("ws/events/<slug:public_id>/screen/", EventScreenConsumer.as_asgi(),
         name="event-screen-socket"),
]
