"""A websocket consumer that lives through a channel layer outage (issue 13).

With Redis down, Channels' consumer dies as soon as it touches the layer: joining its
group when a phone connects, or waiting for the next group message. The phone's socket
then closes with 1011 and the phone reconnects into the same crash, once a second, for
as long as Redis is away. Here the consumer logs the outage and keeps the socket: the
phone keeps its snapshot (and may still write: writes need only the database), the
consumer tries to join its groups again with a growing pause, and once the layer is back
it calls :meth:`LayerOutageMixin.layer_recovered`, which resynchronises the phone with
what it missed.
"""

from __future__ import annotations

import asyncio
import logging
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from typing import Any

from common.outage_log import OutageLog

logger = logging.getLogger(__name__)
# Every socket of the process meets the same outage: one line for all of them.
LAYER_OUTAGE = OutageLog(logger, "the channel layer")

FIRST_PAUSE = 0.5
LONGEST_PAUSE = 10.0


class LayerOutageMixin(ABC):
    """Mix into an ``AsyncConsumer``; implement :meth:`layer_groups` and
    :meth:`layer_recovered`, and join and leave with :meth:`join_groups` and
    :meth:`leave_groups` instead of the layer's own calls."""

    channel_layer: Any
    channel_name: str
    _layer_receive: Callable[[], Awaitable[dict[str, Any]]] | None = None
    _rejoin_task: asyncio.Task[None] | None = None
    _resync_task: asyncio.Task[None] | None = None  # a rejoin past its join, resyncing
    _up: asyncio.Event | None = None

    # AsyncConsumer.__call__ sets ``channel_receive`` to the layer's receive for this
    # channel and waits on it; the property hands it the outage-proof version instead.
    @property
    def channel_receive(self) -> Callable[[], Awaitable[dict[str, Any]]]:
        return self._receive_through_outage

    @channel_receive.setter
    def channel_receive(self, receive: Callable[[], Awaitable[dict[str, Any]]]) -> None:
        self._layer_receive = receive

    @abstractmethod
    def layer_groups(self) -> list[str]:
        """The groups this consumer belongs to now."""

    @abstractmethod
    async def layer_recovered(self) -> None:
        """Called once the groups are joined again after an outage."""

    @property
    def _layer_up(self) -> asyncio.Event:
        if self._up is None:
            self._up = asyncio.Event()
            self._up.set()
        return self._up

    async def join_groups(self) -> bool:
        """Join :meth:`layer_groups`; False (logged, and joined again in the background
        once the layer answers) when the layer is down."""
        if await self._join():
            return True
        self._outage()
        return False

    async def leave_groups(self) -> None:
        for task in (self._rejoin_task, self._resync_task):
            if task is not None:
                task.cancel()
        try:
            for group in self.layer_groups():
                await self.channel_layer.group_discard(group, self.channel_name)
        except Exception as exc:  # noqa: BLE001 - the group expires on its own
            logger.warning("could not leave the channel layer groups: %r", exc)

    async def _join(self) -> bool:
        # Twice: after Redis restarts, the first command on each pooled connection fails
        # (the pool hands out the dead one, then replaces it), the second succeeds.
        for attempt in (1, 2):
            try:
                for group in self.layer_groups():
                    await self.channel_layer.group_add(group, self.channel_name)
            except Exception as exc:  # noqa: BLE001 - any layer failure is an outage
                if attempt == 2:
                    if self._layer_up.is_set():
                        LAYER_OUTAGE.failed("live updates paused: %r", exc)
                    return False
            else:
                return True
        return False

    def _outage(self) -> None:
        """Pause receiving and join again in the background, with a growing pause."""
        self._layer_up.clear()
        if self._rejoin_task is None or self._rejoin_task.done():
            self._rejoin_task = asyncio.ensure_future(self._rejoin())

    async def _rejoin(self) -> None:
        pause = FIRST_PAUSE
        while True:
            await asyncio.sleep(pause)
            pause = min(pause * 2, LONGEST_PAUSE)
            if await self._join():
                break
        # Joined: from here a failure of the layer is a new outage with a rejoin of its
        # own. The receive that resumes now may take a pooled connection that died with
        # the old Redis and fail at once, while this task still waits for the database
        # in layer_recovered; had _outage waited for this task, nothing would ever open
        # the receive again (the phone got its snapshot, then never heard another event).
        previous, self._resync_task = self._resync_task, self._rejoin_task
        self._rejoin_task = None
        if previous is not None:  # an earlier resync still reading: this one is newer
            previous.cancel()
        self._layer_up.set()
        LAYER_OUTAGE.recovered()
        try:
            await self.layer_recovered()
        except Exception:  # noqa: BLE001 - the phone resyncs when it reconnects
            logger.exception("could not resynchronise a socket after the outage")

    async def _receive_through_outage(self) -> dict[str, Any]:
        assert self._layer_receive is not None
        while True:
            await self._layer_up.wait()
            try:
                return await self._layer_receive()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - any layer failure is an outage
                LAYER_OUTAGE.failed("live updates paused: %r", exc)
                self._outage()
