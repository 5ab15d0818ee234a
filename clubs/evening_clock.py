"""An evening's round clock (issue 28): the group's members run one :mod:`games.clock`
clock for all the evening's tables, or for one of them, with extra time for a table.

Every write checks :func:`clubs.permissions.can_contribute` (the members, managers, the
group's creator and staff: whoever may add tables to the evening) and, once committed,
tells the evening's big screen (:mod:`clubs.screen`); :mod:`games.clock` tells the
tables' phones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from common.errors import BadCommand, Forbidden
from games import clock as round_clock
from games.models import Clock, Table
from games.permissions import Actor

from . import permissions
from .models import Evening, TableLink

ACTIONS = ("start", "pause", "resume", "reset", "remove")


def may_run(evening: Evening, actor: Actor) -> bool:
    return permissions.can_contribute(evening.group, actor)


def _check(evening: Evening, actor: Actor) -> None:
    if not may_run(evening, actor):
        raise Forbidden("only the group's members, managers, creator and staff may run the "
                        "evening's clock", params={"reason": "run_clock"})


def evening_tables(evening: Evening) -> list[int]:
    return list(TableLink.objects.filter(evening=evening).values_list("table_id", flat=True))


def timed_tables(evening: Evening) -> list[int]:
    """The tables the evening's clock times: its one table, else all of its tables."""
    tables = evening_tables(evening)
    if evening.clock_table_id is not None:
        return [t for t in tables if t == evening.clock_table_id]
    return tables


def _after(evening: Evening) -> None:
    from .screen import notify  # the screen shows the clock: it imports this module

    pk = evening.pk
    transaction.on_commit(lambda: notify(pk))


def set_clock(evening: Evening, actor: Actor, minutes: int, end_rule: str,
              warnings: Sequence[int] = (), table: Table | None = None) -> Clock:
    """Set the evening's clock (made when it has none): a round of ``minutes``, the end
    rule, the warnings (minutes left), for ``table`` alone or all the evening's tables.
    A clock already running keeps its time run."""
    _check(evening, actor)
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        raise BadCommand("the round's length is a whole number of minutes")
    if table is not None and table.pk not in evening_tables(evening):
        raise BadCommand("that table is not one of the evening's",
                         params={"reason": "clock_table"})
    with transaction.atomic():
        evening = Evening.objects.select_for_update().get(pk=evening.pk)
        if evening.clock is None:
            evening.clock = round_clock.create(minutes * 60, end_rule, warnings)
        else:
            round_clock.configure(evening.clock, minutes * 60, end_rule, warnings)
        evening.clock_table = table
        evening.save(update_fields=["clock", "clock_table"])
        round_clock.cover(evening.clock, timed_tables(evening))
        _after(evening)
    return evening.clock


def run(evening: Evening, actor: Actor, action: str) -> None:
    """Start, pause, resume, reset (the next round) or remove the evening's clock."""
    _check(evening, actor)
    if action not in ACTIONS:
        raise BadCommand(f"the clock's actions are {', '.join(ACTIONS)}")
    clock = Clock.objects.filter(evening=evening).first()
    if clock is None:
        raise BadCommand("the evening has no clock yet; set it first",
                         params={"reason": "no_clock"})
    with transaction.atomic():
        if action == "remove":
            round_clock.remove(clock)
        else:
            {"start": round_clock.start, "resume": round_clock.resume,
             "pause": round_clock.pause, "reset": round_clock.reset}[action](clock)
        _after(evening)


def extend(evening: Evening, actor: Actor, table: Table, minutes: int) -> int:
    """Give one of the clock's tables ``minutes`` more (fewer when negative); returns its
    extra seconds now."""
    _check(evening, actor)
    clock = Clock.objects.filter(evening=evening).first()
    if clock is None:
        raise BadCommand("the evening has no clock yet; set it first",
                         params={"reason": "no_clock"})
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        raise BadCommand("extra time is a whole number of minutes")
    with transaction.atomic():
        extra = round_clock.extend(clock, table, minutes * 60)
        _after(evening)
    return extra


def tables_moved(evenings: Sequence[int | None]) -> None:
    """Tables came into or left these evenings: their clocks time the right tables and
    their screens show them (called by :mod:`clubs.services` as tables move)."""
    for evening in Evening.objects.filter(pk__in=[e for e in evenings if e is not None]):
        if evening.clock_id is not None:
            round_clock.cover(Clock(pk=evening.clock_id), timed_tables(evening))
        _after(evening)


def view(evening: Evening) -> dict[str, Any] | None:
    """The evening's clock for its pages: the round's (no table's extra time) with each
    timed table's extra seconds (``extras``, by table public id)."""
    clock = Clock.objects.filter(evening=evening).first()
    if clock is None:
        return None
    extras = dict(Table.objects.filter(clock_link__clock=clock)
                  .values_list("public_id", "clock_link__extra"))
    return {**round_clock.view(clock), "extras": extras,
            "table": evening.clock_table.public_id if evening.clock_table else None}
