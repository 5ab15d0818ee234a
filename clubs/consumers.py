"""The evening's big screen over websockets: ``ws/evenings/<public_id>/screen/?key=...``
(issue 28).

Read-only: the screen sends nothing the server acts on (any frame is ignored, a bad one
too: a TV on the wall never has its socket closed for it). The consumer listens to the
evening's own group (:func:`clubs.screen.notify`: the clock, tables coming and going)
and to each shown table's group (a hand recorded, a seat taken), and answers each burst
of them with the whole screen again (:func:`clubs.screen.message`), in the screen's
language, at most once per :data:`SETTLE` seconds; every :data:`EVERY` seconds too, in
case a message was lost. Who may watch is asked again each time: a group made private
closes the screen (4403) unless its link carries the key. Each message names the release
of the scripts the server serves (``build``, :mod:`common.build`): a screen left on
across an upgrade reloads itself (static/js/screen.js).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import DatabaseError
from django.utils import translation

from common.build import scripts_build
from games import clock as round_clock
from games.broadcast import group_name as table_group
from games.consumers import language_of
from games.layer_outage import LAYER_OUTAGE, LayerOutageMixin
from games.messages import CLOSE_FORBIDDEN, CLOSE_UNAVAILABLE
from games.permissions import scope_actor
from games.presenter import compact

from . import screen
from .models import Evening

logger = logging.getLogger(__name__)

# A burst of changes (a round's last hands at every table) is shown once, this long after
# the first of them; and the screen is drawn again this often whatever happens.
SETTLE = 0.2
EVERY = 30.0


def key_of(scope: dict[str, Any]) -> str:
    query = parse_qs(bytes(scope.get("query_string") or b"").decode("latin-1"))
    values = query.get(screen.KEY) or [""]
    return values[0][:64]


class ScreenConsumer(LayerOutageMixin, AsyncJsonWebsocketConsumer):
    evening_pk: int | None = None
    tables: frozenset[int] = frozenset()
    _task: asyncio.Task[None] | None = None
    _again = False

    async def connect(self) -> None:
        self.public_id = str(self.scope["url_route"]["kwargs"]["public_id"])
        self.language = language_of(self.scope)
        self.key = key_of(self.scope)
        await self.accept()
        try:
            shown = await self._shown()
        except DatabaseError:
            await self.close(code=CLOSE_UNAVAILABLE)
            return
        if shown is None:  # no such evening, or not for this screen: the same answer
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.evening_pk, self.tables, message = shown
        await self.join_groups()
        await self._send(message)
        self._timer = asyncio.ensure_future(self._every())

    async def disconnect(self, code: int) -> None:
        for task in (getattr(self, "_timer", None), self._task):
            if task is not None:
                task.cancel()
        if self.evening_pk is not None:
            await self.leave_groups()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None,
                      **kwargs: Any) -> None:
        return  # read-only: nothing a screen sends is acted on

    # --- the channel layer ------------------------------------------------------------

    def layer_groups(self) -> list[str]:
        if self.evening_pk is None:
            return []
        return [screen.group_name(self.evening_pk), *map(table_group, sorted(self.tables))]

    async def layer_recovered(self) -> None:
        self._changed()

    async def dispatch(self, message: dict[str, Any]) -> None:
        # The tables' groups carry more than the screen needs (presence, the clock as one
        # table sees it, and whatever a later release adds): those are not its business.
        kind = str(message.get("type", ""))
        if kind.startswith("table.") and kind not in ("table.event", "table.seats"):
            return
        await super().dispatch(message)

    async def screen_refresh(self, event: dict[str, Any]) -> None:
        self._changed()

    async def table_event(self, event: dict[str, Any]) -> None:
        self._changed()

    async def table_seats(self, event: dict[str, Any]) -> None:
        self._changed()

    # --- drawing the screen again -----------------------------------------------------

    def _changed(self) -> None:
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._task = asyncio.ensure_future(self._refresh())

    async def _every(self) -> None:
        while True:
            await asyncio.sleep(EVERY)
            self._changed()

    async def _refresh(self) -> None:
        while True:
            self._again = False
            await asyncio.sleep(SETTLE)
            try:
                shown = await self._shown()
            except DatabaseError:
                return  # the next change or the timer tries again
            except Exception:
                logger.exception("could not draw the screen of evening %s", self.public_id)
                return
            if shown is None:
                await self.close(code=CLOSE_FORBIDDEN)
                return
            _pk, tables, message = shown
            if tables != self.tables:
                await self._follow(tables)
            await self._send(message)
            if not self._again:
                return

    async def _follow(self, tables: frozenset[int]) -> None:
        """Listen to the tables shown now and no longer to those gone."""
        added, gone, self.tables = tables - self.tables, self.tables - tables, tables
        try:
            for pk in sorted(added):
                await self.channel_layer.group_add(table_group(pk), self.channel_name)
            for pk in sorted(gone):
                await self.channel_layer.group_discard(table_group(pk), self.channel_name)
        except Exception:  # the timer draws the screen again meanwhile
            LAYER_OUTAGE.failed("could not follow the tables of evening %s", self.public_id)

    async def _send(self, message: dict[str, Any]) -> None:
        clock = message.get("clock")
        # Every message, not only the first: a screen has no "first" of its own to keep,
        # and the name is a few bytes against the screen's whole body.
        await self.send_json({**message, "clock": round_clock.stamp(clock) if clock else None,
                              "build": scripts_build()})

    @database_sync_to_async
    def _shown(self) -> tuple[int, frozenset[int], dict[str, Any]] | None:
        evening = (Evening.objects.select_related("group", "clock_table")
                   .filter(public_id=self.public_id).first())
        if evening is None or not screen.may_watch(evening, scope_actor(self.scope), self.key):
            return None
        tables = screen.shown_tables(evening)
        with translation.override(self.language):
            message = screen.message(evening, tables)
        return evening.pk, frozenset(t.pk for t in tables), message

    @classmethod
    async def encode_json(cls, content: Any) -> str:
        return compact(content)
