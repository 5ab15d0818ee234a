"""The round clock (issue 28), kept by the server: start, pause, resume, extra time for
one table, and what the tables do when the time is up.

A :class:`~games.models.Clock` belongs to whoever runs the round (a group's evening,
``clubs.Evening.clock``; an event's round can own one the same way) and times the tables
of its :class:`~games.models.ClockTable` rows. Every write here takes the clock's row
lock, moves ``version`` on and, once committed, sends each of its tables' phones the
clock as that table sees it (``table.clock`` on the table's group, which
:class:`games.consumers.TableConsumer` passes on as a ``clock`` message).

**Time left** is worked out from the server's clock only. A message carries the moment
the time runs out (``ends_at``) and the server's time when the message left
(``server_now``), both in milliseconds since the epoch on the server's clock, stamped by
:func:`stamp` as it is sent. A phone measures the offset between its own clock and the
server's on receipt and counts down with it, so a phone whose clock is wrong by an hour
still shows the right time left (static/js/clock.js); its error is the message's transit
time. While the clock is paused or not started, ``remaining_ms`` is the time left itself.

**When the time is up** the tables follow the owner's end-of-round rule
(:class:`~games.models.EndRule`), each taken from the rules that use it:

* ``finish_hand``, finish the hand in play, then stop: the WRC rules 2015, §8.2 "When
  the time ends, players must finish the current hand. If the walls are not set up or
  the dice not thrown when the time ends, the hanchan ends immediately" (the rule book as
  kept at ooyamaneko.net, ``bookcmp/view.php?book=WRC_2015&chap=8``); Pantheon's WRC and
  JPML-A rulesets (``EndingPolicy.EP_END_AFTER_HAND``).
* ``one_more``, finish the hand in play and play one more: Pantheon's EMA and RRC
  rulesets (``EndingPolicy.EP_ONE_MORE_HAND``, "When time is out, finish current hand,
  play one more, and then interrupt the session"); the RMU's tournaments in Japan, timed
  "60分+1局" (sixty minutes and one hand).
* ``stop``, stop at once: the WRC's §8.2 for a hand not yet dealt when the time ends,
  applied to every hand, for a room that closes at a fixed hour.

The clock says so on every phone and the big screen; the players and the referee apply
it (the site refuses no hand because of the clock: the last hand has to be recorded).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import timezone

from common.errors import BadCommand
from games.broadcast import group_name
from games.layer_outage import LAYER_OUTAGE
from games.models import Clock, ClockState, ClockTable, EndRule, Table

# A round lasts 1 minute to 24 hours; a warning comes 1 minute to 24 hours before the end,
# at most MAX_WARNINGS of them; a table's extra time stays within a day either way.
MIN_DURATION = 60
MAX_DURATION = 24 * 3600
MAX_WARNINGS = 5
MAX_EXTRA = 24 * 3600

# The clock a table's phones get when it has none (any more): they hide it.
OFF: dict[str, Any] = {"type": "clock", "state": "off"}


# --- reading ----------------------------------------------------------------------------


def run_seconds(clock: Clock, now: float) -> float:
    """Seconds the clock has run by ``now`` (server time, seconds since the epoch)."""
    running = clock.state == ClockState.RUNNING
    since = (max(0.0, now - clock.started_at.timestamp())
             if running and clock.started_at is not None else 0.0)
    return clock.elapsed + since


def remaining(clock: Clock, extra: int = 0, now: float | None = None) -> float:
    """Seconds left on ``clock`` for a table given ``extra`` seconds (negative: over)."""
    now = time.time() if now is None else now
    return clock.duration + extra - run_seconds(clock, now)


def view(clock: Clock, extra: int = 0, now: float | None = None) -> dict[str, Any]:
    """The clock as a table given ``extra`` seconds sees it, for phones and screens (the
    ``clock`` message; its fields are described in the module's docstring)."""
    now = time.time() if now is None else now
    left = remaining(clock, extra, now)
    running = clock.state == ClockState.RUNNING
    return {"type": "clock", "clock": clock.pk, "version": clock.version,
            "state": str(clock.state), "duration": clock.duration, "extra": extra,
            "remaining_ms": round(left * 1000), "server_now": round(now * 1000),
            "ends_at": round((now + left) * 1000) if running else None,
            "end_rule": str(clock.end_rule), "warnings": list(clock.warnings or [])}


def stamp(message: dict[str, Any], now: float | None = None) -> dict[str, Any]:
    """``message`` (a :func:`view`) with ``server_now`` the moment it is sent, so that its
    time in a channel layer or a queue counts in the phone's offset."""
    if message.get("state") == "off" or not isinstance(message.get("server_now"), int):
        return message
    now_ms = round((time.time() if now is None else now) * 1000)
    ends_at = message.get("ends_at")
    left = ends_at - now_ms if isinstance(ends_at, int) else message.get("remaining_ms")
    return {**message, "server_now": now_ms, "remaining_ms": left}


def table_message(table_pk: int) -> dict[str, Any] | None:
    """The clock message of a table's phones, or None when no clock times it."""
    link = ClockTable.objects.filter(table_id=table_pk).select_related("clock").first()
    return view(link.clock, link.extra) if link is not None else None


def extras(clock: Clock) -> dict[int, int]:
    """Each timed table's extra seconds, by table id."""
    return dict(ClockTable.objects.filter(clock=clock).values_list("table_id", "extra"))


# --- checking what is asked ---------------------------------------------------------------


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadCommand(f"{what} must be a whole number from {low} to {high}",
                         params={"min": low, "max": high, "reason": "clock_number"})
    return value


def checked_warnings(values: Iterable[Any]) -> list[int]:
    """Minutes left at which to warn: distinct, largest first, within a round's length."""
    out = sorted({_whole(v, "a warning", 1, MAX_DURATION // 60) for v in values},
                 reverse=True)
    if len(out) > MAX_WARNINGS:
        raise BadCommand(f"at most {MAX_WARNINGS} warnings", params={"max": MAX_WARNINGS,
                                                                     "reason": "clock_number"})
    return out


def _end_rule(value: Any) -> str:
    if value not in EndRule.values:
        raise BadCommand(f"the end of the round is one of {', '.join(EndRule.values)}")
    return str(value)


# --- writing ----------------------------------------------------------------------------


def create(duration: int, end_rule: str = str(EndRule.FINISH_HAND),
           warnings: Sequence[Any] = ()) -> Clock:
    """A new clock, not started."""
    return Clock.objects.create(
        duration=_whole(duration, "the duration (seconds)", MIN_DURATION, MAX_DURATION),
        end_rule=_end_rule(end_rule), warnings=checked_warnings(warnings))


def _locked(clock: Clock) -> Clock:
    return Clock.objects.select_for_update().get(pk=clock.pk)


def _changed(clock: Clock, fields: list[str], gone: Sequence[int] = ()) -> Clock:
    clock.version += 1
    clock.save(update_fields=[*fields, "version", "updated_at"])
    pk = clock.pk
    transaction.on_commit(lambda: broadcast(pk, gone))
    return clock


def configure(clock: Clock, duration: int | None = None, end_rule: str | None = None,
              warnings: Sequence[Any] | None = None) -> Clock:
    """Change the round's length, its end rule or its warnings; time run so far stays."""
    with transaction.atomic():
        clock = _locked(clock)
        if duration is not None:
            clock.duration = _whole(duration, "the duration (seconds)", MIN_DURATION,
                                    MAX_DURATION)
        if end_rule is not None:
            clock.end_rule = _end_rule(end_rule)
        if warnings is not None:
            clock.warnings = checked_warnings(warnings)
        return _changed(clock, ["duration", "end_rule", "warnings"])


def start(clock: Clock) -> Clock:
    """Start the clock, or resume it after a pause; running already, nothing changes."""
    with transaction.atomic():
        clock = _locked(clock)
        if clock.state == ClockState.RUNNING:
            return clock
        clock.state, clock.started_at = ClockState.RUNNING, timezone.now()
        return _changed(clock, ["state", "started_at"])


resume = start


def pause(clock: Clock) -> Clock:
    """Stop the time where it is; only a running clock pauses."""
    with transaction.atomic():
        clock = _locked(clock)
        if clock.state != ClockState.RUNNING:
            return clock
        clock.elapsed = run_seconds(clock, time.time())
        clock.state, clock.started_at = ClockState.PAUSED, None
        return _changed(clock, ["state", "started_at", "elapsed"])


def reset(clock: Clock) -> Clock:
    """Back to the whole duration, not started, no table's extra time: the next round."""
    with transaction.atomic():
        clock = _locked(clock)
        clock.state, clock.started_at, clock.elapsed = ClockState.READY, None, 0.0
        ClockTable.objects.filter(clock=clock).update(extra=0)
        return _changed(clock, ["state", "started_at", "elapsed"])


def extend(clock: Clock, table: Table, seconds: int) -> int:
    """Give one table ``seconds`` more (fewer, when negative: a correction); returns the
    table's extra time now. The table must be one the clock times."""
    _whole(seconds, "the extra time (seconds)", -MAX_EXTRA, MAX_EXTRA)
    with transaction.atomic():
        clock = _locked(clock)
        link = ClockTable.objects.select_for_update().filter(clock=clock, table=table).first()
        if link is None:
            raise BadCommand("this clock does not time that table",
                             params={"reason": "clock_table"})
        # Never below the whole round taken away, never beyond a day either way.
        link.extra = max(-clock.duration, min(MAX_EXTRA, link.extra + seconds))
        link.save(update_fields=["extra"])
        _changed(clock, [])
        return link.extra


def cover(clock: Clock, tables: Iterable[Table | int]) -> Clock:
    """Make ``tables`` the ones the clock times: new ones join (taken from any other
    clock, with no extra time), the others leave and their phones hide the clock."""
    wanted = {t.pk if isinstance(t, Table) else int(t) for t in tables}
    with transaction.atomic():
        clock = _locked(clock)
        had = set(ClockTable.objects.filter(clock=clock).values_list("table_id", flat=True))
        gone = sorted(had - wanted)
        ClockTable.objects.filter(clock=clock, table_id__in=gone).delete()
        for table_id in sorted(wanted - had):
            ClockTable.objects.update_or_create(table_id=table_id,
                                                defaults={"clock": clock, "extra": 0})
        if not gone and wanted == had:
            return clock
        return _changed(clock, [], gone)


def remove(clock: Clock) -> None:
    """Delete the clock; its tables' phones hide it."""
    with transaction.atomic():
        clock = _locked(clock)
        gone = list(ClockTable.objects.filter(clock=clock).values_list("table_id", flat=True))
        clock.delete()
        transaction.on_commit(lambda: broadcast(None, gone))


# --- telling the phones -------------------------------------------------------------------


def broadcast(clock_pk: int | None, gone: Sequence[int] = ()) -> None:
    """Send each table the clock times its view of it, and the tables in ``gone`` that
    they have none any more. After commit: a layer outage loses the message, not the
    change (the phones get the clock when they next connect)."""
    layer = get_channel_layer()
    if layer is None:
        return
    messages: list[tuple[int, dict[str, Any]]] = [(pk, OFF) for pk in gone]
    if clock_pk is not None:
        clock = Clock.objects.filter(pk=clock_pk).first()
        if clock is not None:
            now = time.time()
            messages += [(table_id, view(clock, extra, now))
                         for table_id, extra in extras(clock).items()]
    for table_id, message in messages:
        try:
            async_to_sync(layer.group_send)(group_name(table_id),
                                            {"type": "table.clock", "clock": message})
        except Exception:
            LAYER_OUTAGE.failed("could not send the clock to table %s", table_id)
