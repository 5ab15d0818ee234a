"""Channels' in-memory layer without its per-message sweep (issue 26).

``channels.layers.InMemoryChannelLayer`` looks through every channel's queue and every
group's members for expired entries on each ``receive`` and each ``group_send``. Every
socket waits in ``receive`` again after each message it gets, so with 800 sockets one
event to a table's four phones walked some 4,000 queues: a fifth of the server's event
loop in ``bench/load.py``'s profile. Here the sweep runs at most once every ten seconds
(the expiry is 60 s for a message and a day for a group membership: a few seconds late
changes nothing; once a second, the sweep over 800 sockets' groups was still a fiftieth
of the server's CPU at human pace), ``group_send`` puts the message in each member's
queue at once instead of starting a task per member, and ``receive`` makes a queue only
for a channel that has none. Messages are still copied per receiver, as the base layer
and Redis do (a flat message of texts and numbers, a table's event, by a plain ``dict``
copy: nothing in it can be changed in place).
"""

from __future__ import annotations

import asyncio
import time
from copy import deepcopy
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

# Values a receiver cannot change in place: a message of these alone (a table's event:
# its type, seq and text) is copied as a dict, not deep-copied, for each receiver.
_ATOMS = (str, int, float, bool, bytes, type(None))
SWEEP_EVERY = 10.0  # seconds between two sweeps for expired messages and memberships
clock = time.monotonic


def _copy(message: dict[str, Any]) -> dict[str, Any]:
    """A receiver's own copy of ``message``, as ``deepcopy`` makes it."""
    if all(type(value) in _ATOMS for value in message.values()):
        return dict(message)
    return deepcopy(message)


class SweptInMemoryChannelLayer(InMemoryChannelLayer):
    _swept_at = 0.0

    def _clean_expired(self) -> None:
        now = clock()
        if now - self._swept_at < SWEEP_EVERY:
            return
        self._swept_at = now
        super()._clean_expired()

    def _queue(self, channel: str) -> asyncio.Queue[Any]:
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        return queue

    def _put(self, channel: str, message: dict[str, Any]) -> None:
        try:
            self._queue(channel).put_nowait((time.time() + self.expiry, _copy(message)))
        except asyncio.QueueFull:
            raise ChannelFull(channel) from None

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        self._put(channel, message)

    async def receive(self, channel: str) -> dict[str, Any]:
        self.require_valid_channel_name(channel)
        self._clean_expired()
        queue = self._queue(channel)
        try:
            _, message = await queue.get()
        finally:
            if queue.empty():
                self.channels.pop(channel, None)
        return message

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            try:
                self._put(channel, message)
            except ChannelFull:
                pass  # as the base layer: a full channel misses the message
