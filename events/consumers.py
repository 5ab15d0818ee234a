"""An event's live pages over websockets: ``ws/events/<public_id>/``.

The socket only sends; a page never writes through it (the pages' forms do). On connect
it joins the event's group (:mod:`events.live`) and only then opens, so that nothing told
once the page's socket is open passes it by; for each group message it sends its
page the part that changed, rendered in the page's language:

* ``{"type": "standings", "html", "hands"}`` to the standings page (``?watch=standings``) after a
  hand at one of the event's tables, a penalty, a swap or substitute after the start;
* ``{"type": "round", "html"}``: the reader's seat in the current round (their table and
  wind, and the tap to it), when a round is seated, changed or started;
* ``{"type": "calls", "html"}``: the tables waiting for a referee, to the event's
  organisers and referees only.

A page whose socket opens again (``?again=1``, static/js/event.js) gets its parts at once:
it may have missed changes meanwhile.

Who may listen is who may look at the event (:func:`events.permissions.can_view`), asked
again before each message (an event made private, an official removed, count at once);
a private event answers a stranger as if it did not exist (close 4404, as its page's
404). Anything the page sends is answered ``bad_message``.

The standings are counted once per process for all its watchers of an event: a group
message carries the time it was sent (and the table written, for a hand), and a count
begun after that time serves every socket told before it (:func:`standings_message`); a
hand reads its table's four seats again, not the event. So a round's 64 tables finishing
within seconds cost a small count per hand and process, not one per watcher, and the
count runs beside the table writes, not in their queue.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import DatabaseError
from django.template.loader import render_to_string
from django.utils import translation

from clubs.consumers import ScreenConsumer
from games.broadcast import group_name as table_group
from games.consumers import language_of
from games.layer_outage import LayerOutageMixin
from games.messages import CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, CLOSE_UNAVAILABLE
from games.permissions import Actor, scope_actor

from . import pages, permissions, screen, standings
from .live import group_name
from .models import Tournament, Visibility
from .standings import Counted

# Rendered for the socket without a request: its forms get the page's own CSRF token
# (static/js/event.js); the fragments write the token only when there is one.
NO_TOKEN: dict[str, Any] = {}

@dataclass
class _Count:
    """This process's count of an event's standings: read whole when ``full_at`` (wall
    clock), each table read again after a write at it (``read_at``); ``version`` names
    the standings it gives, ``context`` their fragment's context once ranked."""

    event: Tournament
    counted: Counted
    full_at: float
    read_at: dict[int, float] = field(default_factory=dict)
    version: int = 0
    context: dict[str, Any] | None = None


_COUNTS: OrderedDict[int, _Count] = OrderedDict()
_COUNTS_SIZE = 32
# Standings watchers of each event in this process. A count is kept only while one
# watches: each message then reaches it; with none, messages pass the process by and a
# count kept would miss them, so it is dropped.
_WATCHERS: Counter[int] = Counter()
_VERSIONS = itertools.count(1)
_SENT: OrderedDict[tuple[int, int, str], str] = OrderedDict()
_SENT_SIZE = 64
_LOCKS: dict[tuple[int, int], asyncio.Lock] = {}


def _lock(event_pk: int) -> asyncio.Lock:
    key = (id(asyncio.get_running_loop()), event_pk)
    lock = _LOCKS.get(key)
    if lock is None:
        lock = _LOCKS[key] = asyncio.Lock()
    return lock


def _read(event_pk: int) -> tuple[Tournament, Counted] | None:
    event = Tournament.objects.filter(pk=event_pk).first()
    return None if event is None else (event, standings.counted(event))


def _text(count: _Count, language: str) -> str:
    """The standings message in ``language`` (ranked first if need be)."""
    if count.context is None:
        count.context = pages.standings_context(count.event, count.counted.ranked())
    with translation.override(language):
        html = render_to_string("events/_standings.html", {**count.context, **NO_TOKEN})
    # ``hands``: how many hands of the event's tables the standings count, so a page can
    # tell a newer count from an older (bench/event_round_end.py times the watchers by
    # it); before the long ``html``.
    return json.dumps({"type": "standings", "hands": count.context["standings"].hands,
                       "html": html})


def _refreshed(count: _Count, table: int, language: str) -> str:
    count.counted.refresh(table)
    count.context = None
    return _text(count, language)


def _off_the_write_thread(fn: Any) -> Any:
    # The standings are read, ranked and rendered on a thread of their own, not the one
    # the table writes share: the writes go on meanwhile. One hop a message: a busy
    # process makes each hop wait its turn.
    return database_sync_to_async(fn, thread_sensitive=False)


def _remember(key: tuple[int, int, str], text: str) -> str:
    _SENT[key] = text
    while len(_SENT) > _SENT_SIZE:
        _SENT.popitem(last=False)
    return text


async def standings_message(event_pk: int, at: float, table: int | None, language: str
                            ) -> tuple[Tournament, str] | None:
    """The event (as read) and its ``standings`` message in ``language``, as sent,
    counting every change told at ``at`` (wall clock) or before: a write at ``table``
    (that table is read again), or anything else (``table`` None: all is read again).
    None when the event is gone. Encoded once for every socket of the process."""
    async with _lock(event_pk):
        count = _COUNTS.get(event_pk)
        if count is None or (table is None and count.full_at < at):
            began = time.time()
            found = await _off_the_write_thread(_read)(event_pk)
            if found is None:
                return None
            event, read = found
            count = _COUNTS[event_pk] = _Count(event, read, began, version=next(_VERSIONS))
            while len(_COUNTS) > _COUNTS_SIZE:
                _COUNTS.popitem(last=False)
        elif table is not None and max(count.full_at, count.read_at.get(table, 0.0)) < at:
            count.read_at[table] = time.time()
            count.version = next(_VERSIONS)
            text = await _off_the_write_thread(_refreshed)(count, table, language)
            return count.event, _remember((event_pk, count.version, language), text)
        _COUNTS.move_to_end(event_pk)
        key = (event_pk, count.version, language)
        text = _SENT.get(key)
        if text is None:
            text = _remember(key, await _off_the_write_thread(_text)(count, language))
        return count.event, text


class EventConsumer(LayerOutageMixin, AsyncJsonWebsocketConsumer):
    actor: Actor
    event_pk: int | None = None
    public_id: str = ""
    watch_standings = False

    async def connect(self) -> None:
        self.public_id = str(self.scope["url_route"]["kwargs"]["public_id"])[:24]
        self.actor = scope_actor(self.scope)  # the handshake's user and device, once
        self.language = language_of(self.scope)
        query = parse_qs(bytes(self.scope.get("query_string") or b"").decode("latin-1"))
        self.watch_standings = query.get("watch") == ["standings"]
        try:
            event = await self._event()
        except DatabaseError:
            await self._refuse(CLOSE_UNAVAILABLE)
            return
        if event is None:
            await self._refuse(CLOSE_NOT_FOUND)
            return
        self.event_pk = event.pk
        # Listening before the socket opens: a change told between the page's socket
        # opening and this joining reached no one, and the page, live by its looks, showed
        # standings without that hand until the next (a test's hand recorded as its socket
        # opened went unseen when the join came late on a busy machine).
        await self.join_groups()
        if self.watch_standings:
            _WATCHERS[self.event_pk] += 1
        await self.accept()
        if query.get("again") == ["1"]:
            # A page back after losing its socket (static/js/event.js) may have missed
            # changes meanwhile: it gets its parts again.
            await self.layer_recovered()

    async def disconnect(self, code: int) -> None:
        if self.event_pk is not None:
            await self.leave_groups()
            if self.watch_standings:
                _WATCHERS[self.event_pk] -= 1
                if _WATCHERS[self.event_pk] <= 0:
                    del _WATCHERS[self.event_pk]
                    _COUNTS.pop(self.event_pk, None)

    async def _refuse(self, code: int) -> None:
        await self.accept()  # first, so the page sees the close code
        await self.close(code=code)

    def layer_groups(self) -> list[str]:
        return [group_name(self.event_pk)] if self.event_pk is not None else []

    async def layer_recovered(self) -> None:
        # What changed during the outage (or while a page had no socket) never arrived:
        # everything is sent again, the standings counted afresh.
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
        at, table = message.get("at"), message.get("table")
        found = await standings_message(self.event_pk, at if isinstance(at, float) else 0.0,
                                        table if isinstance(table, int) else None,
                                        self.language)
        if found is None:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        event, text = found
        # Open to anyone with the address: nothing to ask; else this reader, again.
        if event.visibility == Visibility.PRIVATE and not await self._may_view():
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self.send(text_data=text)

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
        if event is None or not permissions.can_view(event, self.actor):
            return None
        with translation.override(self.language):
            if part == "calls":
                if not permissions.can_referee(event, self.actor):
                    return None
                return pages.calls_fragment(event, extra=NO_TOKEN)
            return pages.my_seat_fragment(event, self.actor, extra=NO_TOKEN)

    @database_sync_to_async
    def _event(self) -> Tournament | None:
        event = Tournament.objects.filter(public_id=self.public_id).first()
        if event is None or not permissions.can_view(event, self.actor):
            return None
        return event

    @database_sync_to_async
    def _may_view(self) -> bool:
        event = Tournament.objects.filter(pk=self.event_pk).first()
        return event is not None and permissions.can_view(event, self.actor)


class EventScreenConsumer(ScreenConsumer):
    """The event's big screen, ``ws/events/<public_id>/screen/?key=...``
    (:mod:`events.screen`): the evening screen's consumer, read-only, drawing the whole
    screen again after each burst of changes, listening here to the event's group too
    (the standings, a round seated or started, a call for a referee) and following the
    current round's tables. ``evening_pk`` is the event's pk. Who may watch is asked
    again each time (:func:`events.screen.may_watch`)."""

    def layer_groups(self) -> list[str]:
        if self.evening_pk is None:
            return []
        return [screen.group_name(self.evening_pk), group_name(self.evening_pk),
                *map(table_group, sorted(self.tables))]

    async def event_standings(self, message: dict[str, Any]) -> None:
        self._changed()

    async def event_round(self, message: dict[str, Any]) -> None:
        self._changed()

    async def event_calls(self, message: dict[str, Any]) -> None:
        self._changed()

    @database_sync_to_async
    def _shown(self) -> tuple[int, frozenset[int], dict[str, Any]] | None:
        event = (Tournament.objects.select_related("group")
                 .filter(public_id=self.public_id[:24]).first())
        if event is None or not screen.may_watch(event, scope_actor(self.scope), self.key):
            return None
        with translation.override(self.language):
            tables, message = screen.message(event)
        return event.pk, tables, message
