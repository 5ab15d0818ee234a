"""An event's round clock (issue 28): each round has its own :mod:`games.clock` clock,
timing the round's tables once the round starts (their phones show it on the table
page, as an evening's tables do) and shown on the event's big screen
(:mod:`events.screen`).

The organisers set it (the round's length, the end-of-round rule, the warnings), start,
pause, resume and reset it; a referee (or an organiser) gives one table extra time, as
the referee's decision after a dispute. Every write checks :mod:`events.permissions`,
refuses by name, and once committed tells the event's screens; :mod:`games.clock` tells
the tables' phones. The clock keeps the server's time: a phone whose own clock is wrong
still shows the right time left.
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
from .models import Round, RoundTable, Tournament

ACTIONS = ("start", "pause", "resume", "reset")


def may_run(event: Tournament, actor: Actor) -> bool:
    """Set, start, pause, resume and reset the clock: the organisers."""
    return permissions.can_organise(event, actor)


def may_extend(event: Tournament, actor: Actor) -> bool:
    """Give a table extra time: the referees and organisers."""
    return permissions.can_referee(event, actor)


def _round(event: Tournament, number: Any) -> Round:
    # rounds imports this module (a round's start starts its clock): asked when called.
    from .rounds import get_round

    return get_round(event, number)


def round_tables(round_: Round) -> list[int]:
    """The mjsite tables of a started round (none before it starts)."""
    return list(RoundTable.objects.filter(round=round_, table__isnull=False)
                .values_list("table_id", flat=True))


def _after(event: Tournament) -> None:
    from .screen import notify  # the screen shows the clock: it imports this module

    pk = event.pk
    transaction.on_commit(lambda: notify(pk))


def _whole_minutes(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadCommand(f"{what} is a whole number of minutes")
    return value


def set_clock(event: Tournament, number: int, actor: Actor, minutes: int, end_rule: str,
              warnings: Sequence[int] = ()) -> Clock:
    """Set round ``number``'s clock (made when it has none): ``minutes`` long, the
    end-of-round rule, the warnings (minutes left). A running clock keeps its time run."""
    if not may_run(event, actor):
        raise Forbidden("only the event's organisers may run its clock",
                        params={"reason": "event_organise"})
    _whole_minutes(minutes, "the round's length")
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=_round(event, number).pk)
        if round_.clock_id is None:
            round_.clock = round_clock.create(minutes * 60, end_rule, warnings)
            round_.save(update_fields=["clock"])
        else:
            round_clock.configure(Clock(pk=round_.clock_id), minutes * 60, end_rule, warnings)
        clock = Clock.objects.get(pk=round_.clock_id)
        round_clock.cover(clock, round_tables(round_))
        _after(event)
    return clock


def _clock_of(event: Tournament, number: int) -> tuple[Round, Clock]:
    round_ = _round(event, number)
    clock = Clock.objects.filter(event_round=round_).first()
    if clock is None:
        raise BadCommand("the round has no clock yet; set it first",
                         params={"reason": "no_clock"})
    return round_, clock


def run(event: Tournament, number: int, actor: Actor, action: str) -> None:
    """Start, pause, resume or reset (back to the whole length) round ``number``'s clock.
    It starts only once the round has: before, there are no tables to time."""
    if not may_run(event, actor):
        raise Forbidden("only the event's organisers may run its clock",
                        params={"reason": "event_organise"})
    if action not in ACTIONS:
        raise BadCommand(f"the clock's actions are {', '.join(ACTIONS)}")
    round_, clock = _clock_of(event, number)
    if action in ("start", "resume") and not round_.started:
        raise BadCommand("start the round before its clock",
                         params={"reason": "event_clock_before_round", "round": number})
    with transaction.atomic():
        {"start": round_clock.start, "resume": round_clock.resume,
         "pause": round_clock.pause, "reset": round_clock.reset}[action](clock)
        _after(event)


def extend(event: Tournament, number: int, actor: Actor, table: int, minutes: int) -> int:
    """Give table ``table`` (its number in the round) ``minutes`` more (fewer when
    negative: a correction); returns its extra seconds now. A referee's decision."""
    if not may_extend(event, actor):
        raise Forbidden("only the event's organisers and referees may give a table time",
                        params={"reason": "event_referee"})
    _whole_minutes(minutes, "extra time")
    round_, clock = _clock_of(event, number)
    found = (RoundTable.objects.filter(round=round_, number=table, table__isnull=False)
             .select_related("table").first() if isinstance(table, int) else None)
    if found is None or found.table is None:
        raise BadCommand("the clock does not time that table",
                         params={"reason": "clock_table"})
    with transaction.atomic():
        extra = round_clock.extend(clock, found.table, minutes * 60)
        _after(event)
    return extra


def round_started(round_: Round) -> None:
    """The round's tables were made (events.rounds.start_round): a clock set before the
    start times them from now on."""
    if round_.clock_id is not None:
        round_clock.cover(Clock(pk=round_.clock_id), round_tables(round_))


def view(round_: Round | None) -> dict[str, Any] | None:
    """The round's clock for its pages and the screen: the round's time (no table's
    extra) and each table's extra seconds (``extras``, by mjsite table public id), or
    None without one."""
    clock = Clock.objects.filter(event_round=round_).first() if round_ is not None else None
    if clock is None:
        return None
    extras = dict(Table.objects.filter(clock_link__clock=clock)
                  .values_list("public_id", "clock_link__extra"))
    return {**round_clock.view(clock), "extras": extras}
