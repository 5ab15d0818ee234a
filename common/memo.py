"""Values worked out once per version of what they are worked out from, kept in this
process: a club's leaderboards, ratings and statistics over its finished tables
(:mod:`clubs.history`), a player's over theirs.

The key names everything the value was computed from (every table's id, seq and
updated_at, :func:`games.seat_results.versions`), so an entry can never go stale and
nothing has to invalidate it: a table that finishes, changes or goes makes a new key,
and the old entry ages out (least recently used). Kept in each process rather than in
the shared Django cache because a hit then costs nothing (no pickling of a history of
thousands of games, no round trip to Redis); each process works a version out once.

Entries are shared by every request of the process: read them, never change them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")


class Memo:
    """A least-recently-used map of at most ``size`` entries, safe across threads. Two
    threads missing the same key both compute it (the same value): cheaper than holding
    a lock while a page's figures are worked out."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: Hashable, compute: Callable[[], T]) -> T:
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                self.hits += 1
                value: T = self._entries[key]
                return value
            self.misses += 1
        value = compute()
        self.put(key, value)
        return value

    def peek(self, key: Hashable) -> Any:
        """The entry under ``key`` (None when absent), without counting a hit."""
        with self._lock:
            return self._entries.get(key)

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
