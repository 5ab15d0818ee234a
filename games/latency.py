"""A slow network for the browser tests: every frame the server sends a phone arrives
``MJ_TEST_SOCKET_DELAY_MS`` later, in order.

The browser tests run over loopback, where a phone's own write is acknowledged within a
few milliseconds, so a tap that follows Save at once never meets an unacknowledged write.
On café Wi-Fi the answer takes hundreds of milliseconds; this wrapper gives the tests that
window. It is a debug-only setting (settings refuse it with ``MJ_DEBUG`` off) and costs
nothing when unset.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any

Send = Callable[[dict[str, Any]], Awaitable[None]]


def delayed_send(send: Send, low_ms: int, high_ms: int) -> tuple[Send, Callable[[], None]]:
    """``send`` wrapped so each message leaves ``low_ms``..``high_ms`` after it was sent,
    never before an earlier one; and a function that stops the wrapper's task."""
    queue: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()

    async def drain() -> None:
        while True:
            due, message = await queue.get()
            wait = due - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            try:
                await send(message)
            except Exception:  # the socket went away while the frame was in flight
                return

    task = asyncio.get_running_loop().create_task(drain())
    last_due = 0.0

    async def later(message: dict[str, Any]) -> None:
        nonlocal last_due
        delay = random.uniform(low_ms, high_ms) / 1000  # noqa: S311 - test latency only
        last_due = max(last_due, time.monotonic() + delay)
        await queue.put((last_due, message))

    def stop() -> None:
        task.cancel()

    return later, stop


class DelayedSendMixin:
    """Mix in before the Channels consumer class; reads ``settings.TEST_SOCKET_DELAY_MS``
    (``None`` or a ``(low, high)`` pair of milliseconds)."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        from django.conf import settings

        delay = getattr(settings, "TEST_SOCKET_DELAY_MS", None)
        if not delay:
            await super().__call__(scope, receive, send)  # type: ignore[misc]
            return
        later, stop = delayed_send(send, *delay)
        try:
            await super().__call__(scope, receive, later)  # type: ignore[misc]
        finally:
            stop()
