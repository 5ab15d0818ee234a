"""A group's seasons (issue 27 item 5): standings over a date range, across the group's
evenings and events, per ruleset, optionally counting each player's best N results.

A season's tables are the group's tables (its evenings', its own and its events': an
event of the group puts its rounds' tables in it) started from its first day to its
last, as the reader may open them (:func:`clubs.permissions.group_tables`). Its standings
rank the group's members, per ruleset, by the sum of their results in the ruleset's stake
units (riichi: thousands of points after uma and oka; points for the others, as the
leaderboard's Total), over their best ``best`` games when the season says so; equal
totals share a place. Only members are ranked: a guest or an event's substitute plays a
table of the group but not its season. The group's leaderboard (with its ratings) and
statistics pages show one season with ``?season=<id>``, and so does a player's page (its
statistics, games and rating charts): games lends the season's tables from here
(:func:`season_scope`, through ``games.extensions``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet

from common.errors import BadCommand, Forbidden, NotFound
from games.models import Player, Table
from games.permissions import Actor

from . import money, permissions, results
from .models import Group, Membership, Season

MAX_BEST = 1000


@dataclass
class SeasonRow:
    player: Player
    place: int = 0
    games: int = 0  # finished games in the season
    counted: int = 0  # of which count (the best N)
    total: Decimal = Decimal(0)
    places: list[int] = field(default_factory=list)

    @property
    def average_place(self) -> float | None:
        return round(sum(self.places) / len(self.places), 2) if self.places else None


@dataclass
class SeasonBoard:
    ruleset: str
    title: str
    unit: str
    rows: list[SeasonRow]

    @property
    def places(self) -> int:
        """Decimal places of the totals (as the leaderboard's)."""
        return max((max(0, -int(r.total.normalize().as_tuple().exponent))
                    for r in self.rows), default=0)


def season_tables(season: Season, actor: Actor) -> QuerySet[Table]:
    """The group's tables ``actor`` may open that started within the season."""
    return permissions.group_tables(season.group, actor).filter(
        created_at__date__gte=season.starts, created_at__date__lte=season.ends)


def boards(season: Season, actor: Actor) -> list[SeasonBoard]:
    """The season's standings, a board per ruleset (in the registry's order)."""
    members = set(Membership.objects.filter(group=season.group)
                  .values_list("player_id", flat=True))
    results_by: dict[str, dict[int, tuple[Player, list[Decimal], list[int]]]] = {}
    for result in results.finished(season_tables(season, actor)):
        by_player = results_by.setdefault(result.ruleset, {})
        for player, unit, place in zip(result.players, result.units, result.places,
                                       strict=True):
            if player.pk in members:
                mine = by_player.setdefault(player.pk, (player, [], []))
                mine[1].append(unit)
                mine[2].append(place)
    out = []
    for ruleset in sorted(results_by, key=results.ruleset_order):
        rows: list[SeasonRow] = []
        for player, units, places in results_by[ruleset].values():
            counted = sorted(units, reverse=True)[:season.best] if season.best else units
            rows.append(SeasonRow(player, games=len(units), counted=len(counted),
                                  total=sum(counted, Decimal(0)), places=places))
        rows.sort(key=lambda r: (-r.total, r.player.display_name, r.player.pk))
        for i, row in enumerate(rows):
            row.place = rows[i - 1].place if i and rows[i - 1].total == row.total else i + 1
        out.append(SeasonBoard(ruleset, results.ruleset_title(ruleset),
                               str(money.stake_unit(ruleset)[1]), rows))
    return out


def get_season(group: Group, public_id: Any) -> Season:
    season = Season.objects.filter(group=group, public_id=str(public_id)[:24]).first()
    if season is None:
        raise NotFound("there is no such season in this group",
                       params={"reason": "season_not_found"})
    return season


def find_season(public_id: Any, actor: Actor) -> Season:
    """A season by its id alone (a player's page names no group), if ``actor`` may look
    at its group; else NotFound, as for no season at all."""
    season = (Season.objects.filter(public_id=str(public_id)[:24]).select_related("group")
              .first())
    if season is None or not permissions.can_view(season.group, actor):
        raise NotFound("there is no such season you can see",
                       params={"reason": "season_not_found"})
    return season


def season_scope(public_id: Any, actor: Actor) -> tuple[dict[str, Any], QuerySet[Table]]:
    """The season ``public_id`` names, as a player's page labels it, and its tables
    ``actor`` may open (a lazy filter for the page's own statistics queries):
    ``games.extensions.season_scope``. NotFound for a season ``actor`` may not see."""
    season = find_season(public_id, actor)
    label = {"id": season.public_id, "name": season.name, "group": season.group.public_id,
             "group_name": season.group.name, "starts": season.starts, "ends": season.ends}
    return label, season_tables(season, actor)


def create_season(group: Group, name: Any, starts: Any, ends: Any, actor: Actor,
                  best: int | None = None) -> Season:
    """A new season of ``group``: its managers, creator and staff only."""
    if not permissions.can_manage(group, actor):
        raise Forbidden("only the group's creator, its managers and staff may add a season",
                        params={"reason": "season_manage"})
    text = name.strip() if isinstance(name, str) else ""
    if not text or len(text) > 120:
        raise BadCommand("give the season a name of 1 to 120 characters",
                         params={"max": 120, "reason": "name_length"})
    if not isinstance(starts, dt.date) or not isinstance(ends, dt.date) or ends < starts:
        raise BadCommand("a season's last day is on or after its first",
                         params={"reason": "season_dates"})
    if best is not None and (isinstance(best, bool) or not isinstance(best, int)
                             or not 1 <= best <= MAX_BEST):
        raise BadCommand(f"count from 1 to {MAX_BEST} best results, or all",
                         params={"reason": "season_best", "max": MAX_BEST})
    return Season.objects.create(group=group, name=text, starts=starts, ends=ends, best=best)


def remove_season(season: Season, actor: Actor) -> None:
    if not permissions.can_manage(season.group, actor):
        raise Forbidden("only the group's creator, its managers and staff may remove a "
                        "season", params={"reason": "season_manage"})
    season.delete()
