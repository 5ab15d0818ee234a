"""Limits on what a table socket may ask that is not a write, counted in the process's
memory before any database work (issue 13): 20 anonymous sockets sending ``preview``
as fast as they could slowed a seated phone's write from 0.1 s to 1.2 s, because every
message queued permission checks and engine work on the process's one database thread.

* ``ws_read``: messages other than writes, per socket (a phone's preview is debounced to
  five a second at most);
* ``ws_preview``: previews per table from sockets that may not write, shared by all of
  them, so watchers cannot crowd the engine however many sockets they open; a phone that
  may write keeps its own budget;
* at most ``MJ_WS_PREVIEWS_AT_ONCE`` (2) of those previews per table waiting for the
  database thread at any moment: a rate alone lets a whole window's previews queue at
  once, each write's queries waiting behind all of them;
* ``ws_watchers``: everything the sockets that may not write send to one table (snapshot
  requests, writes they will be refused, bad frames), shared by all of them (issue 24:
  a hundred watchers each asking for the snapshot within their own limit slowed a seated
  phone's acknowledgement from 0.13 s to 3-6 s). Over it the answer is ``rate_limited``,
  worded without the database (:meth:`games.consumers.TableConsumer._error`).

Writes have their own limit, counted in the shared cache (``table_write``,
:mod:`games.limits`). In memory is enough here: each process protects its own
database thread, and nothing is lost by forgetting the counts on a restart.
"""

from __future__ import annotations

import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from django.conf import settings

from common.ratelimit import rate_for


class Window:
    """Fixed-window counts per key, for one process; keys of past windows are dropped."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._window = -1
        self._counts: dict[object, int] = {}
        self._lock = threading.Lock()

    def forget(self) -> None:
        """Start counting afresh, as a new process would."""
        with self._lock:
            self._window, self._counts = -1, {}

    def hit(self, key: object, now: float | None = None) -> float | None:
        """Count one for ``key``; the seconds to wait when over the limit, else None."""
        rate = rate_for(self.name)
        now = time.monotonic() if now is None else now
        window = int(now // rate.seconds)
        with self._lock:
            if window != self._window:
                self._window, self._counts = window, {}
            count = self._counts.get(key, 0) + 1
            self._counts[key] = count
        if count <= rate.count:
            return None
        return max(0.1, rate.seconds - now % rate.seconds)


_PREVIEWS = Window("ws_preview")  # per table, shared by the process's sockets
_WATCHERS = Window("ws_watchers")  # per table, shared by the process's sockets
WATCHER_PREVIEWS_AT_ONCE = 2  # the default of MJ_WS_PREVIEWS_AT_ONCE
_in_flight: dict[int | None, int] = {}  # per table; consumers share the event loop's thread


class SocketLimits:
    """What one socket may still ask in this window."""

    def __init__(self) -> None:
        self._reads = Window("ws_read")

    def watcher_wait(self, table_pk: int | None) -> float | None:
        """Count one message of a socket that may not write against its table's budget;
        the seconds to wait when the table's watchers have used it up, else None."""
        return _WATCHERS.hit(table_pk)

    def wait(self, limit: str, table_pk: int | None, may_write: bool) -> float | None:
        """The seconds to wait before a message counted against ``limit`` (``ws_read``, or
        ``ws_preview``: a read that is a preview too; games.messages.INBOUND says each
        message's) is answered (None: answer it)."""
        wait = self._reads.hit(None)
        if wait is None and limit == "ws_preview" and not may_write:
            wait = _PREVIEWS.hit(table_pk)
        return wait

    @asynccontextmanager
    async def preview_slot(self, table_pk: int | None, may_write: bool) -> AsyncIterator[bool]:
        """Whether a preview may run now (a watcher's waits for a free slot of its table;
        False: too many are running, answer ``rate_limited``)."""
        if may_write:
            yield True
            return
        at_once = getattr(settings, "MJ_WS_PREVIEWS_AT_ONCE", WATCHER_PREVIEWS_AT_ONCE)
        if _in_flight.get(table_pk, 0) >= at_once:
            yield False
            return
        _in_flight[table_pk] = _in_flight.get(table_pk, 0) + 1
        try:
            yield True
        finally:
            _in_flight[table_pk] -= 1
            if not _in_flight[table_pk]:
                del _in_flight[table_pk]
