"""An evening's big screen (issue 28): a TV at 1920×1080, read from five metres, showing
the clock, the live standings with who just moved, and each table's state.

Read-only and live: :class:`clubs.consumers.ScreenConsumer` keeps it current over
``ws/evenings/<public_id>/screen/``, listening to the evening's tables (a hand recorded
anywhere) and to the evening's own group, which :func:`notify` tells of anything else
that changes it (the clock, tables coming and going).

Nothing private is shown, to anyone: only the evening's tables its own pages would show
a stranger (public and link-only tables), and only their players. A members-only
group's evening needs the screen's read-only key (:func:`screen_key`), which its members
hand out with the link; public and link-only groups need none.
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db.models import Sum
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.links import phone_url
from games import extensions
from games.layer_outage import LAYER_OUTAGE
from games.models import Hand, LedgerEntry, Player, SeatResult, Table, Visibility, new_join_key
from games.permissions import Actor
from games.presenter import round_line, tight, wind_name
from games.templatetags.mjtables import ruleset_title
from scoring import rendering
from scoring.engine.tiles import WIND_LETTERS

from . import evening_clock, money, permissions
from .models import Evening, GroupVisibility
from .results import ruleset_order

KEY = "key"  # the screen link's query parameter carrying Evening.screen_key


def group_name(evening_pk: int) -> str:
    return f"screen-evening-{evening_pk}"


def notify(evening_pk: int) -> None:
    """Tell the evening's screens to show it again (after commit)."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group_name(evening_pk), {"type": "screen.refresh"})
    except Exception:
        LAYER_OUTAGE.failed("could not tell the screens of evening %s", evening_pk)


# --- who may watch ------------------------------------------------------------------------


def screen_key(evening: Evening) -> str:
    """The evening screen's read-only key, made the first time it is asked for."""
    if not evening.screen_key:
        key = new_join_key()
        Evening.objects.filter(pk=evening.pk, screen_key="").update(screen_key=key)
        evening.screen_key = Evening.objects.values_list("screen_key", flat=True).get(
            pk=evening.pk)
    return evening.screen_key


def has_key(evening: Evening, key: object) -> bool:
    if not isinstance(key, str) or not key or not evening.screen_key:
        return False
    return hmac.compare_digest(key.encode("utf-8", "surrogatepass"),
                               evening.screen_key.encode())


def may_watch(evening: Evening, actor: Actor, key: object = None) -> bool:
    """Whoever may look at the evening's group, or holds the screen's key."""
    return has_key(evening, key) or permissions.can_view(evening.group, actor)


def screen_url(request: HttpRequest, evening: Evening, with_key: bool) -> str:
    """The screen's address for a TV; a members-only group's carries the key, shown only
    to those who may run the evening (``with_key``)."""
    path = reverse("clubs:evening-screen", args=[evening.public_id])
    if evening.group.visibility == GroupVisibility.PRIVATE:
        if not with_key:
            return ""
        path = f"{path}?{urlencode({KEY: screen_key(evening)})}"
    return phone_url(request, path)


# --- what it shows ------------------------------------------------------------------------


def shown_tables(evening: Evening) -> list[Table]:
    """The evening's tables a stranger's page would show (public and link-only), oldest
    first: the screen is on a wall."""
    return list(Table.objects.filter(club_link__evening=evening,
                                     visibility__in=[Visibility.PUBLIC, Visibility.LINK])
                .order_by("created_at", "pk"))


@dataclass
class Row:
    player: Player
    units: Decimal = Decimal(0)
    games: int = 0
    rank: int = 0
    moved: int = 0  # places gained (+) or lost (-) by the latest hand


@dataclass
class Board:
    ruleset: str
    title: str
    unit: str
    rows: list[Row] = field(default_factory=list)

    @property
    def places(self) -> int:
        return max((max(0, -r.units.normalize().as_tuple().exponent)  # type: ignore[operator]
                    for r in self.rows), default=0)


def _ranked(totals: dict[int, Decimal]) -> dict[int, int]:
    """Each player's place by total, ties sharing the better place."""
    order = sorted(totals.values(), reverse=True)
    return {pid: order.index(total) + 1 for pid, total in totals.items()}


def _latest_change(tables: Sequence[Table]) -> tuple[str, dict[int, int]]:
    """The ruleset of the evening's latest hand and what it gave each player in points
    (the game's end too, when that hand ended the game): the standings before it are
    the ones now less this."""
    hand = (Hand.objects.filter(table__in=tables).select_related("table")
            .order_by("-current_event__created_at", "-current_event_id").first())
    if hand is None:
        return "", {}
    rows = LedgerEntry.objects.filter(hand=hand)
    if hand.table.finished:
        last = Hand.objects.filter(table_id=hand.table_id).order_by("-number").first()
        if last is not None and last.pk == hand.pk:
            rows = rows | LedgerEntry.objects.filter(table_id=hand.table_id, hand__isnull=True)
    return hand.table.ruleset, {
        pid: int(total) for pid, total in rows.values("player_id")
        .annotate(total=Sum("amount")).values_list("player_id", "total")}


def boards(tables: Sequence[Table]) -> list[Board]:
    """Live standings per ruleset over ``tables``: each player's result in stake units
    (their points over their start points, the final settlement included once a game is
    over), in play or finished, ties sharing a place, with the places each moved by the
    evening's latest hand."""
    results = SeatResult.objects.filter(table__in=tables).select_related("player", "table")
    changed, change = _latest_change(tables)
    by_ruleset: dict[str, dict[int, Row]] = {}
    for result in results:
        ruleset = result.table.ruleset
        row = by_ruleset.setdefault(ruleset, {}).setdefault(result.player_id,
                                                             Row(result.player))
        row.units += Decimal(result.final - result.start) / _size(ruleset)
        row.games += 1
    out = []
    for ruleset in sorted(by_ruleset, key=ruleset_order):
        rows = by_ruleset[ruleset]
        now = _ranked({pid: r.units for pid, r in rows.items()})
        moved = change if ruleset == changed else {}
        then = _ranked({pid: r.units - Decimal(moved.get(pid, 0)) / _size(ruleset)
                        for pid, r in rows.items()})
        for pid, row in rows.items():
            row.rank, row.moved = now[pid], then[pid] - now[pid]
        ordered = sorted(rows.values(), key=lambda r: (r.rank, r.player.display_name,
                                                       r.player.pk))
        out.append(Board(ruleset, ruleset_title(ruleset), str(money.stake_unit(ruleset)[1]),
                         ordered))
    return out


def _size(ruleset: str) -> Decimal:
    return Decimal(money.stake_unit(ruleset)[0])


def table_state(table: Table) -> str:
    """A table's state on a screen: its hand in play in the ruleset's own words ("East 3
    · Honba 1 · Pot 0"), or finished."""
    if table.finished:
        return _("Finished")
    spec = rendering.spec_for(table.ruleset, table.options)
    return round_line({"table": {"finished": False}, "state": table.state}, spec)


def table_rows(tables: Sequence[Table], extras: dict[str, int],
               names: dict[int, str] | None = None) -> list[dict[str, Any]]:
    """Each table as a screen lists it (clubs/_screen_table.html): name (``names`` by
    table pk, else its own), players with their winds and scores by seat, its state
    (:func:`table_state`), its extra time on the clock, and whether it waits for a
    referee (an event's table whose call is not yet answered)."""
    seats: dict[int, list[SeatResult]] = {}
    for result in SeatResult.objects.filter(table__in=tables).select_related("player") \
            .order_by("table_id", "position"):
        seats.setdefault(result.table_id, []).append(result)
    waiting = extensions.tables_waiting([t.pk for t in tables])
    rows = []
    for table in tables:
        extra = round(extras.get(table.public_id, 0) / 60)
        rows.append({"key": table.public_id, "name": (names or {}).get(table.pk, table.name),
                     "finished": table.finished, "state": table_state(table),
                     "waiting": table.pk in waiting,
                     "extra": f"{'+' if extra > 0 else '−'}{abs(extra)}" if extra else "",
                     "players": [{"name": s.player.display_name,
                                  "wind": wind_name(WIND_LETTERS[s.position]),
                                  "score": rendering.number(s.final)}
                                 for s in seats.get(table.pk, [])]})
    return rows


def message(evening: Evening, tables: Sequence[Table] | None = None) -> dict[str, Any]:
    """The screen in the active language: its body as HTML (clubs/_screen_body.html) and
    the clock (games.clock's view of the round, no table's extra time). ``tables``: the
    shown ones (:func:`shown_tables`), when already read."""
    tables = shown_tables(evening) if tables is None else tables
    clock = evening_clock.view(evening)
    extras = (clock or {}).pop("extras", {}) if clock else {}
    body = render_to_string("clubs/_screen_body.html", {
        "boards": boards(tables), "tables": table_rows(tables, extras)})
    return {"type": "screen", "html": tight(body), "clock": clock}


# The screen page's own words (static/js/screen.js); the clock's come from games.ui.
STRINGS: dict[str, Any] = {
    "screen_live": gettext_lazy("Live"),
    "screen_offline": gettext_lazy("Reconnecting…"),
    "screen_forbidden": gettext_lazy("This screen's link no longer works."),
    # A long list shown a page at a time: "2/3".
    "screen_page": gettext_lazy("%(page)s/%(pages)s"),
}


def strings() -> dict[str, str]:
    return {key: str(value) for key, value in STRINGS.items()}
