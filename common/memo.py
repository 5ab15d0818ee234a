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

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")


def digest(versions: Mapping[Any, Any]) -> str:
    """A short key naming ``versions`` (whatever their order)."""
    return hashlib.sha256(repr(sorted(versions.items())).encode()).hexdigest()


_ABSENT = object()


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

    def versioned(self, name: Hashable, versions: Mapping[Any, Any],
                  compute: Callable[[], T],
                  extend: Callable[[T, list[Any]], T | None] | None = None,
                  scope: Hashable = None) -> T:
        """The value ``name`` of the items whose versions are ``versions`` (item -> its
        version): kept under a digest of them, else worked out.

        With ``extend`` and ``scope`` (whose figures these are: a group, a player), the
        last value worked out for the scope goes on from there when every item it was
        worked out from is still here at the same version: ``extend(value, added)``
        makes the value for ``versions`` from it and the items ``added`` since (None when
        it cannot: then ``compute``). A table that finishes costs the new table, not the
        history; one that changes or goes makes it all be worked out again.
        """
        key = (name, digest(versions))
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                self.hits += 1
                hit: T = self._entries[key]
                return hit
            self.misses += 1
        value: T | None = None
        if extend is not None and scope is not None:
            last = self.peek((name, "last", scope))
            if last is not None:
                base_versions, base = last
                if all(versions.get(item, _ABSENT) == version
                       for item, version in base_versions.items()):
                    value = extend(base, [item for item in versions
                                          if item not in base_versions])
        if value is None:
            value = compute()
        self.put(key, value)
        if scope is not None:
            self.put((name, "last", scope), (dict(versions), value))
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
