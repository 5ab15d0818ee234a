"""The test-only slow network (games/latency.py) keeps the order of frames and their delay."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured

from games.latency import delayed_send
from mjsite.settings import env_delay_ms


async def test_frames_arrive_late_and_in_order() -> None:
    arrived: list[tuple[float, int]] = []

    async def send(message: dict[str, Any]) -> None:
        arrived.append((time.monotonic(), message["n"]))

    later, stop = delayed_send(send, 50, 120)
    start = time.monotonic()
    for n in range(10):
        await later({"n": n})
    deadline = time.monotonic() + 10
    while len(arrived) < 10 and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    stop()
    assert [n for _t, n in arrived] == list(range(10))
    assert all(t - start >= 0.05 for t, _n in arrived)


def test_the_delay_is_read_only_with_debug_on() -> None:
    assert env_delay_ms("D", debug=True, environ={"D": "300-800"}) == (300, 800)
    assert env_delay_ms("D", debug=True, environ={"D": "500"}) == (500, 500)
    assert env_delay_ms("D", debug=False, environ={}) is None
    with pytest.raises(ImproperlyConfigured, match="MJ_DEBUG"):
        env_delay_ms("D", debug=False, environ={"D": "300"})
    for bad in ("fast", "800-300", "1-99999", "-5"):
        with pytest.raises(ImproperlyConfigured):
            env_delay_ms("D", debug=True, environ={"D": bad})
