"""The one place that sends to a table's websocket group.

Services call :func:`broadcast_table` from ``transaction.on_commit`` so clients never
hear of a write that was rolled back. The message is serialised once per site language
by the caller, and the group event carries those texts: each connected
:class:`~games.consumers.TableConsumer` receives ``{"type": "table.event", "texts":
{language: text}, "private": ...}`` and sends its phone the text of its language as is.
Serialising per phone, and the in-memory layer's deep copy of a nested message per
phone, were most of a write's cost past the database.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.layer_outage import LAYER_OUTAGE

logger = logging.getLogger(__name__)


def group_name(table_id: int) -> str:
    return f"table-{table_id}"


def broadcast_table(table_id: int, texts: dict[str, str], private: bool = False) -> None:
    """Send an event to the table's phones: ``texts`` holds the message serialised once
    per site language; each consumer sends its phone the one in its language."""
    layer = get_channel_layer()
    if layer is None:  # no CHANNEL_LAYERS configured: nobody to tell
        return
    try:
        async_to_sync(layer.group_send)(group_name(table_id), {
            "type": "table.event", "texts": texts, "private": private})
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
