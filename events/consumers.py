"""An event's live pages over websockets: ``ws/events/<public_id>/``.

The socket only sends; a page never writes through it (the pages' forms do). On connect
it joins the event's group (:mod:`events.live`), and for each group message sends its
page the part that changed, rendered in the page's language:

* ``{"type": "standings", "html"}`` to the standings page (``?watch=standings``) after a
  hand at one of the event's tables, a penalty, a swap or substitute after the start;
* ``{"type": "round", "html"}``: the reader's seat in the current round (their table and
  wind, and the tap to it), when a round is seated, changed or started;
* ``{"type": "calls", "html"}``: the tables waiting for a referee, to the event's
  organisers and referees only.

Who may listen is who may look at the event (:func:`events.permissions.can_view`), asked
again before each message (an event made private, an official removed, count at once);
a private event answers a stranger as if it did not exist (close 4404, as its page's
404). Anything the page sends is answered ``bad_message``.

The standings are counted once per process for all its watchers of an event: a group
message carries the time it was sent, and a count begun after that time serves every
socket told before it (:func:`standings_html`), so a round's 64 tables finishing within
seconds cost a count per message and process, not one per watcher.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import DatabaseError
from django.template.loader import render_to_string
from django.utils import translation

from games.consumers import language_of
from games.layer_outage import LayerOutageMixin
from games.messages import CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, CLOSE_UNAVAILABLE

from . import pages, permissions
from .live import group_name
from .models import Tournament, Visibility

# Rendered for the socket without a request: its forms get the page's own CSRF token
# (static/js/event.js); the fragments write the token only when there is one.
NO_TOKEN: dict[str, Any] = {}

# The latest count of each event's standings in this process: (when it began, wall
# clock; the event as read then; the standings page's context).
_COUNTED: dict[int, tuple[float, Tournament, dict[str, Any]]] = {}
_RENDERED: OrderedDict[tuple[int, float, str], str] = OrderedDict()
_RENDERED_SIZE = 64
_LOCKS: dict[tuple[int, int], asyncio.Lock] = {}


def _lock(event_pk: int) -> asyncio.Lock:
    key = (id(asyncio.get_running_loop()), event_pk)
    lock = _LOCKS.get(key)
    if lock is None:
        lock = _LOCKS[key] = asyncio.Lock()
    return lock


def _count(event_pk: int) -> tuple[Tournament, dict[str, Any]] | None:
    event = Tournament.objects.filter(pk=event_pk).first()
    return None if event is None else (event, pages.standings_context(event))


def _render(context: dict[str, Any], language: str) -> str:
    with translation.override(language):
        return render_to_string("events/_standings.html", {**context, **NO_TOKEN})


async def standings_html(event_pk: int, at: float, language: str
                         ) -> tuple[Tournament, str] | None:
    """The event (as counted) and its standings in ``language``, counted after ``at``
    (a wall-clock time) or later; None when the event is gone."""
    async with _lock(event_pk):
        counted = _COUNTED.get(event_pk)
        if counted is None or counted[0] < at:
            began = time.time()
            found = await database_sync_to_async(_count)(event_pk)
            if found is None:
                return None
            counted = _COUNTED[event_pk] = (began, *found)
        began, event, context = counted
        key = (event_pk, began, language)
        html = _RENDERED.get(key)
        if html is None:
            html = _RENDERED[key] = await database_sync_to_async(_render)(context, language)
            while len(_RENDERED) > _RENDERED_SIZE:
                _RENDERED.popitem(last=False)
        return event, html


class EventConsumer(LayerOutageMixin, AsyncJsonWebsocketConsumer):
    event_pk: int | None = None
    public_id: str = ""
    watch_standings = False

    async def connect(self) -> None:
        self.public_id = str(self.scope["url_route"]["kwargs"]["public_id"])[:24]
        self.language = language_of(self.scope)
        query = parse_qs(bytes(self.scope.get("query_string") or b"").decode("latin-1"))
        self.watch_standings = query.get("watch") == ["standings"]
        await self.accept()  # first, so the page sees the close code
        try:
            event = await self._event()
        except DatabaseError:
            await self.close(code=CLOSE_UNAVAILABLE)
            return
        if event is None:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.event_pk = event.pk
        await self.join_groups()

    async def disconnect(self, code: int) -> None:
        if self.event_pk is not None:
            await self.leave_groups()

    def layer_groups(self) -> list[str]:
        return [group_name(self.event_pk)] if self.event_pk is not None else []

    async def layer_recovered(self) -> None:
        # What changed during the outage never arrived: everything is sent again.
        await self.event_round({})
        await self.event_calls({})
        if self.watch_standings:
            await self.event_standings({"at": time.time()})

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        await self.send_json({"type": "error", "code": "bad_message",
                              "message": "this socket only sends; use the event's pages"})

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None,
                      **kwargs: Any) -> None:
        await self.receive_json(None)  # never parsed: nothing is read from the page

    # --- group messages (events.live) ----------------------------------------------------

    async def event_standings(self, message: dict[str, Any]) -> None:
        if not self.watch_standings or self.event_pk is None:
            return
        at = message.get("at")
        found = await standings_html(self.event_pk, at if isinstance(at, float) else 0.0,
                                     self.language)
        if found is None:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        event, html = found
        # Open to anyone with the address: nothing to ask; else this reader, again.
        if event.visibility == Visibility.PRIVATE and not await self._may_view():
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self.send_json({"type": "standings", "html": html})

    async def event_round(self, message: dict[str, Any]) -> None:
        html = await database_sync_to_async(self._fragment)("round")
        if html is not None:
            await self.send_json({"type": "round", "html": html})

    async def event_calls(self, message: dict[str, Any]) -> None:
        html = await database_sync_to_async(self._fragment)("calls")
        if html is not None:
            await self.send_json({"type": "calls", "html": html})

    # --- helpers -----------------------------------------------------------------------

    def _fragment(self, part: str) -> str | None:
        """The page's part in its language, if this reader may see it (None: not sent)."""
        event = Tournament.objects.filter(pk=self.event_pk).first()
        if event is None or not permissions.can_view(event, self.scope):
            return None
        with translation.override(self.language):
            if part == "calls":
                if not permissions.can_referee(event, self.scope):
                    return None
                return pages.calls_fragment(event, self.scope, NO_TOKEN)
            return pages.my_seat_fragment(event, self.scope, NO_TOKEN)

    @database_sync_to_async
    def _event(self) -> Tournament | None:
        event = Tournament.objects.filter(public_id=self.public_id).first()
        if event is None or not permissions.can_view(event, self.scope):
            return None
        return event

    @database_sync_to_async
    def _may_view(self) -> bool:
        event = Tournament.objects.filter(pk=self.event_pk).first()
        return event is not None and permissions.can_view(event, self.scope)
