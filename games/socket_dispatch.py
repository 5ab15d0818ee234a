"""Channels' dispatch without its trip to the database thread per message (issue 26).

``AsyncConsumer.dispatch`` awaits ``aclose_old_connections()`` before every handler: a
``sync_to_async`` call on the one database thread of the process. Every group event a
phone is sent (four per hand at a table, one per socket for a presence) then queued
behind whatever write held that thread, and cost a thread handover each way. The table
consumer reaches the database only through ``database_sync_to_async``, which closes old
connections itself before and after each call, so the trip bought nothing.
"""

from __future__ import annotations

from typing import Any

from channels.consumer import get_handler_name


class DirectDispatchMixin:
    """Mix in before the Channels consumer class: handlers are called straight away."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
