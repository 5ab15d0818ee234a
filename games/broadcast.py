"""The one place that sends to a table's websocket group.

Services call :func:`broadcast_table` from ``transaction.on_commit`` so clients never
hear of a write that was rolled back. The message is serialised once, here or by the
caller (``text``), and the group event carries that text: each connected
:class:`~games.consumers.TableConsumer` receives ``{"type": "table.event", "text": ...,
"private": ...}`` and sends the text as is. Serialising the ~18 KB snapshot per phone, and
the in-memory layer's deep copy of a nested message per phone, were most of a write's
cost past the database.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def group_name(table_id: int) -> str:
    return f"table-{table_id}"


def group_event(message: dict[str, Any], text: str | None = None) -> dict[str, Any]:
    """The group message for an outbound ``message`` (``text``: its JSON, if made)."""
    snap = message.get("snapshot") or {}
    private = (snap.get("table") or {}).get("visibility") == "private"
    return {"type": "table.event", "text": json.dumps(message) if text is None else text,
            "private": private}


def broadcast_table(table_id: int, message: dict[str, Any], text: str | None = None) -> None:
    layer = get_channel_layer()
    if layer is None:  # no CHANNEL_LAYERS configured: nobody to tell
        return
    try:
        async_to_sync(layer.group_send)(group_name(table_id), group_event(message, text))
    except Exception:
        # The write is already committed: a layer outage (Redis restarting) must not turn
        # it into an error for the writer, who would then retry a hand that was recorded.
        # Clients that missed the event catch up from the snapshot when they reconnect.
        logger.exception("could not broadcast seq %s of table %s", message.get("seq"),
                         table_id)


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
        logger.exception("could not announce a seat change at table %s", table_id)
