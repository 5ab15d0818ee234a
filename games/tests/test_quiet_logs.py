"""Logs a host can read (issue 24, finding 8): an ordinary refusal is one line, not a
traceback (every 403 wrote one), and an outage of Redis is a line when it starts, a count
while it lasts and a line when it ends (a 10-second outage wrote about 400 lines)."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from common import ratelimit
from common.outage_log import OutageLog
from games import broadcast
from games.layer_outage import LAYER_OUTAGE

from .tables import make_table


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> _Clock:
    fake = _Clock()
    for outage in (ratelimit.CACHE_OUTAGE, LAYER_OUTAGE):
        monkeypatch.setattr(outage, "clock", fake)
        monkeypatch.setattr(outage, "_state", None)
    return fake


def _cache_down(monkeypatch: pytest.MonkeyPatch) -> None:
    def down(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    for name in ("add", "incr", "decr", "get", "set"):
        monkeypatch.setattr(cache, name, down)


@pytest.mark.django_db
def test_a_refused_page_is_one_line_without_a_traceback(caplog):
    table = make_table(visibility="private")
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert Client().get(f"/t/{table.public_id}/").status_code == 403
    records = [r for r in caplog.records if r.name == "django.request"]
    assert len(records) == 1 and records[0].status_code == 403
    assert records[0].exc_info is None and "Traceback" not in caplog.text


def test_a_cache_outage_is_logged_once_then_counted_then_its_end(monkeypatch, caplog, clock):
    with monkeypatch.context() as down:
        _cache_down(down)
        with caplog.at_level(logging.WARNING, logger="common.ratelimit"):
            for _ in range(400):
                assert ratelimit.hit("table_write", "phone") is None  # fails open
            first = [r for r in caplog.records if r.name == "common.ratelimit"]
            assert len(first) == 1 and first[0].exc_info is not None
            clock.now += 61
            ratelimit.hit("table_write", "phone")
            lines = [r.getMessage() for r in caplog.records if r.name == "common.ratelimit"]
            assert len(lines) == 2 and "400 more failures" in lines[1]
    cache.clear()
    with caplog.at_level(logging.WARNING, logger="common.ratelimit"):
        assert ratelimit.hit("table_write", "phone") is None
        ratelimit.hit("table_write", "phone")
    lines = [r.getMessage() for r in caplog.records if r.name == "common.ratelimit"]
    assert len(lines) == 3 and "back after 401 failures" in lines[2]


def test_a_channel_layer_outage_is_one_line_for_every_broadcast(monkeypatch, caplog, clock):
    class Down:
        async def group_send(self, *args: Any) -> None:
            raise ConnectionError("Redis is restarting")

    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: Down())
    with caplog.at_level(logging.WARNING):
        for table_id in range(100):
            broadcast.broadcast_table(table_id, 1, "{}")
            broadcast.broadcast_seats(table_id)
    assert len([r for r in caplog.records if r.levelno >= logging.WARNING]) == 1


def test_the_summary_counts_only_what_came_since_the_last_line(caplog):
    now = [0.0]
    log = OutageLog(logging.getLogger("test.outage"), "the thing", clock=lambda: now[0],
                    every=10)
    with caplog.at_level(logging.WARNING, logger="test.outage"):
        for step in range(30):  # one failure a second for 30 s
            now[0] = float(step)
            try:
                raise OSError("down")
            except OSError:
                log.failed("could not do it")
        log.recovered()
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 4
    assert "10 more failures" in lines[1] and "10 more failures" in lines[2]
    assert "back after 30 failures" in lines[3]
