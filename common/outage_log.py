"""One log line per outage, not one per request (issue 24: a 10-second Redis outage wrote
about 400 lines, each with a traceback, as every rate-limit count, throttle and presence
message failed in turn).

:class:`OutageLog` logs the first failure of a kind with its traceback, then counts the
failures that follow and writes one summary line per :data:`SUMMARY_SECONDS` while they
go on; :meth:`OutageLog.recovered` says once that the service is back.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

SUMMARY_SECONDS = 60.0


@dataclass
class _State:
    first_at: float
    summary_at: float
    since_summary: int = 0
    total: int = 0


class OutageLog:
    """Failures of one service (``what``, e.g. "the cache") written to ``logger`` sparingly.
    Safe to share between threads (sync views) and the event loop (consumers)."""

    def __init__(self, logger: logging.Logger, what: str,
                 clock: Callable[[], float] = time.monotonic,
                 every: float = SUMMARY_SECONDS) -> None:
        self.logger = logger
        self.what = what
        self.clock = clock
        self.every = every
        self._lock = threading.Lock()
        self._state: _State | None = None

    def failed(self, message: str, *args: object) -> None:
        """Record a failure (call from an ``except`` block): the first of an outage is
        logged with its traceback, later ones as a count every ``every`` seconds."""
        now = self.clock()
        with self._lock:
            state = self._state
            if state is None:
                self._state = _State(first_at=now, summary_at=now, total=1)
                first = True
                summary = 0
            else:
                first = False
                state.total += 1
                state.since_summary += 1
                summary = 0
                if now - state.summary_at >= self.every:
                    summary, state.since_summary, state.summary_at = (
                        state.since_summary, 0, now)
        if first:
            self.logger.warning(message + f": {self.what} is unavailable (further "
                                "failures are counted, not logged one by one)", *args,
                                exc_info=True)
        elif summary:
            self.logger.warning("%s still unavailable: %d more failures in the last %d s",
                                self.what, summary, round(self.every))

    def reset(self) -> None:
        """Forget any outage without a word (for tests that start one afresh)."""
        with self._lock:
            self._state = None

    def recovered(self) -> None:
        """Say once that the service answers again, if it had failed."""
        with self._lock:
            state, self._state = self._state, None
        if state is not None:
            self.logger.warning("%s is back after %d failures over %.0f s", self.what,
                                state.total, self.clock() - state.first_at)
