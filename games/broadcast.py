"""The one place that sends to a table's websocket group.

Services call :func:`broadcast_table` from ``transaction.on_commit`` so clients never
hear of a write that was rolled back. Each connected :class:`~games.consumers.TableConsumer`
receives ``{"type": "table.event", "event": message}`` and forwards ``message`` as is.
"""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def group_name(table_id: int) -> str:
    return f"table-{table_id}"


def broadcast_table(table_id: int, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:  # no CHANNEL_LAYERS configured: nobody to tell
        return
    try:
        async_to_sync(layer.group_send)(group_name(table_id),
                                        {"type": "table.event", "event": message})
    except Exception:
        # The write is already committed: a layer outage (Redis restarting) must not turn
        # it into an error for the writer, who would then retry a hand that was recorded.
        # Clients that missed the event catch up from the snapshot when they reconnect.
        logger.exception("could not broadcast seq %s of table %s", message.get("seq"),
                         table_id)
