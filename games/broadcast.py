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
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.layer_outage import LAYER_OUTAGE

logger = logging.getLogger(__name__)


def group_name(table_id: int) -> str:
    return f"table-{table_id}"


def broadcast_table(table_id: int, seq: int, payload: str, private: bool = False) -> None:
    """Send an event to the table's phones: ``payload`` is ``{"head": ..., "changes":
    ...}`` as JSON (:func:`games.services.commands`); ``seq`` the table's after it."""
    layer = get_channel_layer()
    if layer is None:  # no CHANNEL_LAYERS configured: nobody to tell
        return
    try:
        async_to_sync(layer.group_send)(group_name(table_id), {
            "type": "table.event", "seq": seq, "payload": payload, "private": private})
    except Exception:
        # The write is already committed: a layer outage (Redis restarting) must not turn
        # it into an error for the writer, who would then retry a hand that was recorded.
        # Clients that missed the event catch up from the snapshot when they reconnect.
        LAYER_OUTAGE.failed("could not broadcast an event of table %s", table_id)


def broadcast_seats(table_id: int) -> None:
    """Tell the table's phones that seats or visibility changed; each consumer then sends
    its own phone a snapshot with that phone's rights (see ``TableConsumer.table_seats``)."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group_name(table_id), {"type": "table.seats"})
    except Exception:
        # As above: the change is committed; phones see it when they next reconnect.
        LAYER_OUTAGE.failed("could not announce a seat change at table %s", table_id)
