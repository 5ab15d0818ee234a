"""An event's big screen (issue 28): a TV at 1920×1080 read from five metres, showing the
current round's clock, its tables (who sits where, by wind, and each table's state: the
hand in play in the ruleset's own words, finished, or waiting for a referee) and the
live standings with the places each player moved since the last round.

Read-only and live: :class:`events.consumers.EventScreenConsumer` keeps it current over
``ws/events/<public_id>/screen/``, listening to the event's group (standings, a round
seated or started, a call for a referee), to the current round's tables (a hand
recorded) and to the screen's own group, which :func:`notify` tells of the clock. The
pieces an evening's screen has are reused: its tables' wording
(:func:`clubs.screen.table_rows`), its page's script (static/js/screen.js) and its
consumer (:class:`clubs.consumers.ScreenConsumer`).

Who may watch (:func:`may_watch`): anyone, for a public event; for one open to those with
its link, or a private one, the screen's read-only key (:func:`screen_key`, which its
organisers hand out with the link) or a reader of the event's own (an official, a player,
a member of its group). Nothing private is shown, to anyone: the names and scores any
spectator of the event sees, never a penalty's reason, a join link or a player's status.
"""

from __future__ import annotations

import hmac
from collections import defaultdict
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs import permissions as clubs
from clubs.screen import table_rows
from common.links import phone_url
from games.layer_outage import LAYER_OUTAGE
from games.models import Table, new_join_key
from games.permissions import Actor
from games.presenter import tight, wind_name
from scoring.engine.tiles import WIND_LETTERS

from . import clock as event_clock
from . import permissions, standings
from .models import Penalty, Round, RoundSeat, RoundTable, Tournament, Visibility
from .standings import points_text

KEY = "key"  # the screen link's query parameter carrying Tournament.screen_key


def group_name(event_pk: int) -> str:
    return f"screen-event-{event_pk}"


def notify(event_pk: int) -> None:
    """Tell the event's screens to show it again (after commit: the clock changed)."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group_name(event_pk), {"type": "screen.refresh"})
    except Exception:
        LAYER_OUTAGE.failed("could not tell the screens of event %s", event_pk)


# --- who may watch ------------------------------------------------------------------------


def screen_key(event: Tournament) -> str:
    """The event screen's read-only key, made the first time it is asked for."""
    if not event.screen_key:
        Tournament.objects.filter(pk=event.pk, screen_key="").update(
            screen_key=new_join_key())
        event.screen_key = Tournament.objects.values_list("screen_key", flat=True).get(
            pk=event.pk)
    return event.screen_key


def has_key(event: Tournament, key: object) -> bool:
    if not isinstance(key, str) or not key or not event.screen_key:
        return False
    return hmac.compare_digest(key.encode("utf-8", "surrogatepass"),
                               event.screen_key.encode())


def may_watch(event: Tournament, actor: Actor, key: object = None) -> bool:
    """Anyone for a public event; else the key's holder, the event's officials and
    players, and the members of its group."""
    if event.visibility == Visibility.PUBLIC or has_key(event, key):
        return True
    if permissions.role(event, actor) in ("organiser", "referee", "player"):
        return True
    return event.group is not None and clubs.can_contribute(event.group, actor)


def screen_url(request: HttpRequest, event: Tournament, organiser: bool) -> str:
    """The screen's address for a TV: a public event's as it is; another's carries the
    key, given only to its organisers ("" for the rest)."""
    path = reverse("events:screen", args=[event.public_id])
    if event.visibility != Visibility.PUBLIC:
        if not organiser:
            return ""
        path = f"{path}?{urlencode({KEY: screen_key(event)})}"
    return phone_url(request, path)


# --- what it shows ------------------------------------------------------------------------


def current_round(event: Tournament) -> Round | None:
    """The round the floor is on: the latest started one while any of its tables still
    plays (the next round may be seated meanwhile, to be printed), else the latest seated
    (players look for their table on the screen before it starts)."""
    latest = Round.objects.filter(tournament=event).order_by("-number").first()
    if latest is None or latest.started:
        return latest
    playing = (Round.objects.filter(tournament=event, started_at__isnull=False,
                                    tables__table__finished=False)
               .order_by("-number").first())
    return playing or latest


@dataclass
class Line:
    """A player's line of the screen's standings."""

    rank: int
    moved: int  # places gained (+) or lost (-) since the last round
    number: int
    name: str
    score: str
    points: str  # table points, where the convention counts them


def standing_lines(event: Tournament) -> tuple[list[Line], bool]:
    """The standings, each player with the places moved by the latest started round (its
    results and its penalties against the standings before it), and whether the
    convention has table points. Five queries whatever the number of rounds."""
    counted = standings.counted(event)
    now = counted.ranked()
    latest = max((seat.round for seat in counted.seats), default=0)
    before: dict[int, int] = {}
    if latest > 1:  # after the first round, nothing to move from
        penalties: dict[int, int] = defaultdict(int)
        for entry_id, amount, number in Penalty.objects.filter(tournament=event).values_list(
                "entry_id", "points", "round__number"):
            if number is None or number < latest:
                penalties[entry_id] += amount
        then = standings.rank(counted.entries, [s for s in counted.seats if s.round < latest],
                              counted.results, counted.finished, penalties, counted.points,
                              counted.fixed, short=counted.short)
        before = {row.entry.pk: row.rank for row in then}
    lines = [Line(row.rank, before[row.entry.pk] - row.rank if row.entry.pk in before else 0,
                  row.entry.number, row.entry.player.display_name, now.score_text(row.score),
                  points_text(row.table_points) if now.points else "")
             for row in now.rows]
    return lines, bool(now.points)


def tables_of(round_: Round | None) -> list[Table]:
    """The current round's mjsite tables (once it has started), by table number."""
    if round_ is None:
        return []
    return [rt.table for rt in RoundTable.objects.filter(round=round_, table__isnull=False)
            .select_related("table").order_by("number") if rt.table is not None]


def seating_rows(round_: Round | None, tables: list[Table],
                 extras: dict[str, int]) -> list[dict[str, Any]]:
    """Each table of the round as the screen lists it (clubs/_screen_table.html): started,
    its players by wind with their scores and its state; seated only, who sits where."""
    if round_ is None:
        return []
    if tables:
        numbers = dict(RoundTable.objects.filter(round=round_, table__isnull=False)
                       .values_list("table_id", "number"))
        names = {pk: _("Table %(number)s") % {"number": n} for pk, n in numbers.items()}
        return table_rows(tables, extras, names)
    by_table: dict[int, dict[str, Any]] = {}
    for seat in (RoundSeat.objects.filter(round_table__round=round_)
                 .select_related("round_table", "entry__player", "substitute")
                 .order_by("round_table__number", "position")):
        number = seat.round_table.number
        row = by_table.setdefault(number, {
            "key": f"n{number}", "name": _("Table %(number)s") % {"number": number},
            "finished": False, "state": _("Not started"), "waiting": False, "extra": "",
            "players": []})
        player = seat.substitute or (seat.entry.player if seat.entry else None)
        row["players"].append({"wind": wind_name(WIND_LETTERS[seat.position]), "score": "",
                               "name": player.display_name if player else
                               _("substitute's seat")})
    return list(by_table.values())


def message(event: Tournament) -> tuple[frozenset[int], dict[str, Any]]:
    """The current round's tables (their pks, to follow) and the screen in the active
    language: its body as HTML (events/_screen_body.html) and the round's clock (no
    table's extra time: each table's is beside it)."""
    round_ = current_round(event)
    tables = tables_of(round_)
    clock = event_clock.view(round_)
    extras = clock.pop("extras", {}) if clock else {}
    lines, points = standing_lines(event)
    body = render_to_string("events/_screen_body.html", {
        "event": event, "round": round_, "lines": lines, "points": points,
        "tables": seating_rows(round_, tables, extras)})
    return frozenset(t.pk for t in tables), {"type": "screen", "html": tight(body),
                                             "clock": clock}
