"""Telling an event's open pages what changed: the websocket group ``event-<pk>``.

Each writer calls one of these once its transaction commits; the event's sockets
(:class:`events.consumers.EventConsumer`) then send their pages what they show, in the
page's language:

* :func:`standings_changed`: a hand at one of the event's tables, a penalty, a swap or
  a substitute after the start. The message carries the time it was sent: a process
  counts the standings once for every socket of its that was told at or before that
  time (:func:`events.consumers.standings_message`), so 64 tables finishing together cost
  one count per message and process, not one per watcher.
* :func:`round_changed`: a round seated, changed or started (each player's phone shows
  its seat).
* :func:`calls_changed`: a table called a referee, or a call was answered.

A table's writes reach :func:`table_written` through ``post_save`` of the table's log
(:class:`games.models.Event`, registered in :mod:`events.apps`): games, below events,
knows nothing of events. Which tables are an event's is kept per process, since a table
is made an event's in the transaction that creates it and never changes.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from common.prepared import Prepared
from games.layer_outage import LAYER_OUTAGE

logger = logging.getLogger(__name__)


def group_name(event_pk: int) -> str:
    return f"event-{event_pk}"


def _send(event_pk: int, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group_name(event_pk), message)
    except Exception:
        # Committed already: an outage must not fail the write; pages catch up on reload.
        LAYER_OUTAGE.failed("could not tell event %s of a change", event_pk)


def standings_changed(event_pk: int, table: int | None = None) -> None:
    """The standings changed: a hand at ``table``, or anything (``table`` None)."""
    message: dict[str, Any] = {"type": "event.standings", "at": time.time()}
    if table is not None:
        message["table"] = table
    _send(event_pk, message)


def round_changed(event_pk: int, standings: bool = False) -> None:
    _send(event_pk, {"type": "event.round"})
    if standings:
        standings_changed(event_pk)


def calls_changed(event_pk: int) -> None:
    _send(event_pk, {"type": "event.calls"})


# Each table's event (None: not an event's), by (table pk, table created_at): the pair
# names one table even where a database hands out a deleted table's pk again.
_EVENT_OF: OrderedDict[tuple[int, Any], int | None] = OrderedDict()
_EVENT_OF_SIZE = 4096


def _event_of_table_query(table_pk: int) -> Any:
    from .models import RoundTable

    # A table is one round table's at most (a one-to-one field): no order needed.
    return (RoundTable.objects.filter(table_id=table_pk).order_by()
            .values_list("round__tournament_id")[:1])


# Asked by the first write of each table a process sees, which at a club's evening is
# every table's: compiled by the ORM each time, it was a sixth of the write path's CPU in
# bench/load.py's human-pace profile (200 tables, two or three hands each), so it is
# compiled once per process (common.prepared).
_EVENT_OF_TABLE = Prepared(_event_of_table_query, 987654321)


def event_of_table(table_pk: int, created_at: Any) -> int | None:
    key = (table_pk, created_at)
    if key in _EVENT_OF:
        _EVENT_OF.move_to_end(key)
        return _EVENT_OF[key]
    rows = _EVENT_OF_TABLE.rows(table_pk)
    found = rows[0][0] if rows else None
    _EVENT_OF[key] = found
    while len(_EVENT_OF) > _EVENT_OF_SIZE:
        _EVENT_OF.popitem(last=False)
    return found


def table_written(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    """``post_save`` of a table's logged write: once it commits, the event whose table it
    is hears of it."""
    if not created:
        return
    table = getattr(instance, "table", None)
    if table is None:
        return
    table_pk, created_at = table.pk, table.created_at

    def tell() -> None:
        event_pk = event_of_table(table_pk, created_at)
        if event_pk is not None:
            standings_changed(event_pk, table_pk)

    transaction.on_commit(tell)
