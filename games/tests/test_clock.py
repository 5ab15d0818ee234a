"""The round clock (issue 28, games.clock): time left by the server's clock, start,
pause, resume, reset, one table's extra time, the tables it times, what a phone is sent
(stamped as it leaves), and bad values refused by name."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from common.errors import BadCommand
from games import clock
from games.models import Clock, ClockState, ClockTable

from .tables import make_table
from .test_consumer import connect

pytestmark = pytest.mark.django_db


def _running_since(seconds: float, duration: int = 600) -> Clock:
    made = clock.create(duration, "one_more", [5, 1])
    Clock.objects.filter(pk=made.pk).update(
        state=ClockState.RUNNING, started_at=timezone.now() - dt.timedelta(seconds=seconds))
    return Clock.objects.get(pk=made.pk)


def _message(table_pk: int) -> dict[str, Any]:
    message = clock.table_message(table_pk)
    assert message is not None
    return message


def test_time_left_counts_from_the_servers_start_less_the_pauses() -> None:
    running = _running_since(100)
    now = timezone.now().timestamp()
    assert clock.remaining(running, now=now) == pytest.approx(500, abs=1)
    paused = clock.pause(running)
    assert paused.state == ClockState.PAUSED
    assert paused.elapsed == pytest.approx(100, abs=1)
    # Paused, time stands still: later is the same.
    assert clock.remaining(paused, now=now + 3600) == pytest.approx(500, abs=1)
    resumed = clock.resume(paused)
    assert resumed.state == ClockState.RUNNING and resumed.version == paused.version + 1
    assert clock.remaining(resumed) == pytest.approx(500, abs=1)


def test_a_table_given_extra_time_has_more_left_than_the_others() -> None:
    made = clock.create(600)
    one, two = make_table(), make_table()
    clock.cover(made, [one, two])
    assert clock.extend(made, one, 300) == 300
    assert clock.extend(made, one, -60) == 240
    assert clock.view(made, clock.extras(made)[one.pk])["remaining_ms"] == 840_000
    assert _message(two.pk)["remaining_ms"] == 600_000
    # Never more taken away than the whole round.
    assert clock.extend(made, two, -86_400) == -600


def test_reset_gives_the_next_round_its_whole_time_and_no_extra() -> None:
    running = _running_since(200)
    table = make_table()
    clock.cover(running, [table])
    clock.extend(running, table, 120)
    fresh = clock.reset(running)
    assert fresh.state == ClockState.READY and fresh.elapsed == 0
    assert _message(table.pk)["remaining_ms"] == 600_000


def test_the_view_says_when_the_time_runs_out_on_the_servers_clock() -> None:
    running = _running_since(60, duration=600)
    now = 1_700_000_000.0
    Clock.objects.filter(pk=running.pk).update(
        started_at=dt.datetime.fromtimestamp(now - 60, tz=dt.UTC))
    running.refresh_from_db()
    view = clock.view(running, 30, now)
    assert view["ends_at"] == round((now + 570) * 1000)
    assert view["server_now"] == round(now * 1000) and view["remaining_ms"] == 570_000
    assert view["end_rule"] == "one_more" and view["warnings"] == [5, 1]
    # Stamped as it leaves ten seconds later: the same end, ten seconds less left.
    later = clock.stamp(view, now + 10)
    assert later["ends_at"] == view["ends_at"] and later["remaining_ms"] == 560_000
    paused = clock.view(clock.pause(running), 0, now)
    assert paused["ends_at"] is None and clock.stamp(paused, now + 99) == {
        **paused, "server_now": round((now + 99) * 1000)}


def test_a_table_joins_one_clock_at_a_time_and_leaving_hides_it() -> None:
    first, second = clock.create(600), clock.create(900)
    table = make_table()
    clock.cover(first, [table])
    clock.cover(second, [table])
    assert ClockTable.objects.get(table=table).clock_id == second.pk
    assert not ClockTable.objects.filter(clock=first).exists()
    clock.cover(second, [])
    assert clock.table_message(table.pk) is None


@pytest.mark.parametrize(("call", "args"), [
    (clock.create, (0,)), (clock.create, (86_401,)), (clock.create, ("90",)),
    (clock.create, (True,)), (clock.create, (600, "whenever")),
    (clock.create, (600, "stop", [0])), (clock.create, (600, "stop", [1, 2, 3, 4, 5, 6])),
    (clock.create, (600, "stop", ["5"])),
])
def test_bad_clock_settings_are_refused_by_name(call: Any, args: tuple[Any, ...]) -> None:
    with pytest.raises(BadCommand):
        call(*args)


def test_extra_time_only_for_a_table_the_clock_times_and_in_range() -> None:
    made = clock.create(600)
    table = make_table()
    with pytest.raises(BadCommand):
        clock.extend(made, table, 60)
    clock.cover(made, [table])
    for bad in (86_401, 1.5, "60", None):
        with pytest.raises(BadCommand):
            clock.extend(made, table, bad)  # type: ignore[arg-type]


def test_warnings_are_distinct_and_largest_first() -> None:
    assert clock.create(3600, "stop", [1, 15, 5, 15]).warnings == [15, 5, 1]


@pytest.mark.django_db(transaction=True)
async def test_a_phone_gets_its_tables_clock_after_the_snapshot_and_at_each_change() -> None:
    table = await database_sync_to_async(make_table)()
    made = await database_sync_to_async(clock.create)(1200, "finish_hand", [10])
    await database_sync_to_async(clock.cover)(made, [table])
    comm, first = await connect(table)
    assert first["type"] == "snapshot"
    message = await comm.receive_json_from()
    assert message["type"] == "clock" and message["state"] == "ready"
    assert message["remaining_ms"] == 1_200_000 and message["ends_at"] is None
    await database_sync_to_async(clock.start)(made)
    started = await comm.receive_json_from()
    assert started["state"] == "running" and started["version"] == message["version"] + 1
    assert started["ends_at"] - started["server_now"] == started["remaining_ms"]
    await database_sync_to_async(clock.extend)(made, table, 120)
    extended = await comm.receive_json_from()
    assert extended["extra"] == 120
    await database_sync_to_async(clock.remove)(made)
    assert await comm.receive_json_from() == {"type": "clock", "state": "off"}
    await comm.disconnect()
