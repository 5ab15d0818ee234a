"""The one place that sends to a table's websocket group.

Services call :func:`broadcast_table` from ``transaction.on_commit`` so clients never
hear of a write that was rolled back. The group event carries what the write changed,
serialised once and in no language (``{"type": "table.event", "seq": ..., "payload":
text, "private": ...}``): each connected :class:`~games.consumers.TableConsumer` sends
its phone the event rendered in the phone's language, which its process renders once per
language among its sockets (:func:`games.consumers.rendered_event`) — a write no longer
renders the four site languages when every phone reads one, and this works whichever
process holds the sockets (the Channels layer may be Redis). A text rather than a nested
message: the in-memory layer deep-copies a message per phone.

Sending does not hold up the write. Services run on the database thread (one thread for
every socket of the process, channels.db), and ``async_to_sync`` kept that thread waiting
until the event loop had got round to the send: under load the thread every write needs
stood idle behind the loop. When the server's event loop is there to take it, the send is
handed to it and the write goes on (:func:`_hand_over`); a table's events still go out in
the order they were written, each after the one before. Elsewhere (tests, management
commands, no loop) the send is made where the write is, as before.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

from games.layer_outage import LAYER_OUTAGE

logger = logging.getLogger(__name__)

# The latest send of each table not yet done, on the server's loop: the next one waits
# for it, so a table's phones hear its events in order.
_PENDING: dict[int, asyncio.Task[None]] = {}


def group_name(table_id: int) -> str:
    return f"table-{table_id}"


def entering_group(table_id: int) -> str:
    """The table's phones entering a hand now: the ones a phone that connects asks who is
    entering (games.consumers)."""
    return f"table-{table_id}-entering"


def broadcast_table(table_id: int, seq: int, payload: str, private: bool = False) -> None:
    """Send an event to the table's phones: ``payload`` is ``{"head": ..., "changes":
    ...}`` as JSON (:func:`games.services.commands`); ``seq`` the table's after it."""
    # The write is already committed when this runs: a layer outage (Redis restarting)
    # must not turn it into an error for the writer, who would then retry a hand that
    # was recorded. Phones that missed the event catch up when they reconnect.
    _send(table_id, {"type": "table.event", "seq": seq, "payload": payload,
                     "private": private}, "could not broadcast an event of table %s")


def broadcast_seats(table_id: int) -> None:
    """Tell the table's phones that seats or visibility changed; each consumer then sends
    its own phone a snapshot with that phone's rights (see ``TableConsumer.table_seats``)."""
    # As above: the change is committed; phones see it when they next reconnect.
    _send(table_id, {"type": "table.seats"}, "could not announce a seat change at table %s")


def _send(table_id: int, message: dict[str, Any], failure: str) -> None:
    layer = get_channel_layer()
    if layer is None:  # no CHANNEL_LAYERS configured: nobody to tell
        return
    loop = _server_loop()
    if loop is not None:
        try:
            loop.call_soon_threadsafe(_hand_over, layer, table_id, message, failure)
            return
        except RuntimeError:  # the loop closed meanwhile: send it here
            pass
    try:
        async_to_sync(layer.group_send)(group_name(table_id), message)
    except Exception:
        LAYER_OUTAGE.failed(failure, table_id)


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop that called this thread's code through ``sync_to_async``
    (the server's, or an async test's), if any: the one ``async_to_sync`` would use."""
    try:
        asyncio.get_running_loop()
        return None  # on the loop itself: async_to_sync refuses, and so does this
    except RuntimeError:
        pass
    local = SyncToAsync.threadlocal
    loop = getattr(local, "main_event_loop", None)
    if loop is None or getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    return loop if loop.is_running() else None


def _hand_over(layer: Any, table_id: int, message: dict[str, Any], failure: str) -> None:
    """On the server's loop: send ``message`` once the table's previous send is done."""
    loop = asyncio.get_running_loop()
    previous = _PENDING.get(table_id)
    if previous is not None and previous.get_loop() is not loop:
        previous = None  # left by a loop that has stopped (tests run one loop each)
    task = loop.create_task(_deliver(previous, layer, table_id, message, failure))
    _PENDING[table_id] = task

    def done(finished: asyncio.Task[None]) -> None:
        if _PENDING.get(table_id) is finished:
            del _PENDING[table_id]

    task.add_done_callback(done)


async def _deliver(previous: asyncio.Task[None] | None, layer: Any, table_id: int,
                   message: dict[str, Any], failure: str) -> None:
    if previous is not None and not previous.done():
        await asyncio.wait([previous])  # its own failure is logged by itself
    try:
        await layer.group_send(group_name(table_id), message)
    except Exception:
        LAYER_OUTAGE.failed(failure, table_id)
