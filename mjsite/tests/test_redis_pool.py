"""The capped channel layer keeps a Redis outage to the outage's own few log lines."""

from __future__ import annotations

import asyncio
import logging
import socket

import pytest

from games.layer_outage import LAYER_OUTAGE
from mjsite.redis_pool import CappedRedisChannelLayer


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_a_received_message_s_cleanup_during_an_outage_is_counted_not_a_task_error(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    # channels-redis runs this cleanup as a task nobody awaits, right after a receive:
    # when Redis went away in between, its error surfaced as asyncio's "Task exception
    # was never retrieved", one traceback more than the outage's (test_quiet_outage.py).
    monkeypatch.setattr(LAYER_OUTAGE, "_state", None)
    layer = CappedRedisChannelLayer(hosts=[{"address": f"redis://127.0.0.1:{_closed_port()}/0"}],
                                    prefix="mjsite-test")
    loop_errors: list[dict[str, object]] = []
    asyncio.get_running_loop().set_exception_handler(lambda _, ctx: loop_errors.append(ctx))
    with caplog.at_level(logging.WARNING, logger="games.layer_outage"):
        cleaner = asyncio.ensure_future(
            layer._clean_receive_backup(0, "mjsite-test.specific.abc!def"))
        await asyncio.wait([cleaner])
        assert cleaner.exception() is None
        # A second failure is counted, not logged.
        await layer._clean_receive_backup(0, "mjsite-test.specific.abc!def")
    await layer.close_pools()
    assert loop_errors == []
    lines = [r for r in caplog.records if r.name == "games.layer_outage"]
    assert len(lines) == 1 and "the channel layer is unavailable" in lines[0].getMessage()
