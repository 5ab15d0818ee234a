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
from collections.abc import Awaitable, Callable
from typing import Any

logger = logging.getLogger(__name__)

FIRST_PAUSE = 0.5
LONGEST_PAUSE = 10.0


class LayerOutageMixin:
    """Mix into an ``AsyncConsumer``; implement :meth:`layer_groups` and
    :meth:`layer_recovered`, and join and leave with :meth:`join_groups` and
    :meth:`leave_groups` instead of the layer's own calls."""

    channel_layer: Any
    channel_name: str
    _layer_receive: Callable[[], Awaitable[dict[str, Any]]] | None = None
    _layer_down = False

    # AsyncConsumer.__call__ sets ``channel_receive`` to the layer's receive for this
    # channel and waits on it; the property hands it the outage-proof version instead.
    @property
    def channel_receive(self) -> Callable[[], Awaitable[dict[str, Any]]]:
        return self._receive_through_outage

    @channel_receive.setter
    def channel_receive(self, receive: Callable[[], Awaitable[dict[str, Any]]]) -> None:
        self._layer_receive = receive

    def layer_groups(self) -> list[str]:
        """The groups this consumer belongs to now."""
        raise NotImplementedError

    async def layer_recovered(self) -> None:
        """Called once the groups are joined again after an outage."""
        raise NotImplementedError

    async def join_groups(self) -> bool:
        """Join :meth:`layer_groups`; False (logged) when the layer is down."""
        try:
            for group in self.layer_groups():
                await self.channel_layer.group_add(group, self.channel_name)
        except Exception as exc:  # noqa: BLE001 - any layer failure is an outage
            if not self._layer_down:
                logger.warning("channel layer unavailable, live updates paused: %r", exc)
            self._layer_down = True
            return False
        return True

    async def leave_groups(self) -> None:
        try:
            for group in self.layer_groups():
                await self.channel_layer.group_discard(group, self.channel_name)
        except Exception as exc:  # noqa: BLE001 - the group expires on its own
            logger.warning("could not leave the channel layer groups: %r", exc)

    async def _receive_through_outage(self) -> dict[str, Any]:
        assert self._layer_receive is not None
        pause = FIRST_PAUSE
        while True:
            if self._layer_down:
                await asyncio.sleep(pause)
                pause = min(pause * 2, LONGEST_PAUSE)
                if not await self.join_groups():
                    continue
                self._layer_down = False
                pause = FIRST_PAUSE
                logger.warning("channel layer back, live updates resumed")
                try:
                    await self.layer_recovered()
                except Exception:  # noqa: BLE001 - the phone resyncs when it reconnects
                    logger.exception("could not resynchronise a socket after the outage")
            try:
                return await self._layer_receive()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - any layer failure is an outage
                logger.warning("channel layer unavailable, live updates paused: %r", exc)
                self._layer_down = True
