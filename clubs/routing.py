"""Websocket routes of the groups app (the evening's big screen), mounted by
mjsite/asgi.py beside games.routing's."""

from django.urls import URLPattern, path

from clubs.consumers import ScreenConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/evenings/<slug:public_id>/screen/", ScreenConsumer.as_asgi(),
         name="evening-screen-socket"),
]
