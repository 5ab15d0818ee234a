"""What the apps above games add to its pages, filled in by them at start-up.

games stands below clubs (docs/development.md, "Layers"): it may not import clubs, yet the
new-table form offers the groups and evenings a table can join, a player's page shows
their ratings in each group (and, with ``?season=<id>``, one season of a group: the
tables :func:`season_scope` lends it), and ``/api/export/?group=<id>`` starts from a
group's tables. clubs fills these in from its ``AppConfig.ready``; until then games answers as a
site without groups would: no places, no ratings, no group to export.

events (above clubs) adds what the table page shows of a table of an event's round (its
round and table, the call for a referee) with :func:`add_table_banner`, which tables
wait for a referee (an evening's big screen says so) with :func:`add_tables_waiting`, and
the tables of the events an actor organises or referees (they read those tables' logs)
with :func:`add_officiated_tables`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from django.db.models import Q

from common.errors import NotFound

if TYPE_CHECKING:
    from django.db.models import QuerySet
    from django.http import HttpRequest

    from games.models import Player, Table
    from games.permissions import Actor


def _no_places(actor: Actor) -> list[tuple[str, str]]:
    return []


def _no_place(table: Table, place: str, actor: Actor) -> None:
    if place:
        raise NotFound(f"there is no group {place!r} you can see; check the link")


def _no_ratings(player: Player, actor: Actor, season: str = "") -> list[dict[str, Any]]:
    if season:
        raise NotFound(f"there is no season {season!r} you can see; check the link")
    return []


def _no_season(season: str, actor: Actor) -> tuple[dict[str, Any], QuerySet[Table]]:
    raise NotFound(f"there is no season {season!r} you can see; check the link")


def _no_group(group_id: str, actor: Actor) -> QuerySet[Table]:
    raise NotFound(f"there is no group {group_id!r} you can see; check the id")


def _no_organiser(actor: Actor) -> QuerySet[Table]:
    from games.models import Table

    return Table.objects.none()


def _no_official(actor: Actor, referees: bool) -> QuerySet[Table]:
    return _no_organiser(actor)


def _no_evening(evening_id: str, actor: Actor | None) -> QuerySet[Table]:
    raise NotFound(f"there is no evening {evening_id!r} you can see; check the id")


def _no_banner(table: Table, request: HttpRequest) -> str:
    return ""


def _none_waiting(table_ids: Collection[int]) -> set[int]:
    return set()


# What games does on its own, before (or without) clubs and events.
ALONE: dict[str, Callable[..., Any]] = {
    "places_for": _no_places, "attach_to_place": _no_place,
    "player_rating_charts": _no_ratings, "group_tables": _no_group,
    "organised_tables": _no_organiser, "evening_tables": _no_evening,
    "table_banner": _no_banner, "tables_waiting": _none_waiting,
    "season_scope": _no_season,
    "officiated_tables": _no_official,
}
_added = dict(ALONE)


def add(*, places_for: Callable[[Actor], list[tuple[str, str]]],
        attach_to_place: Callable[[Table, str, Actor], None],
        player_rating_charts: Callable[[Player, Actor, str], list[dict[str, Any]]],
        group_tables: Callable[[str, Actor], QuerySet[Table]],
        organised_tables: Callable[[Actor], QuerySet[Table]] = _no_organiser,
        evening_tables: Callable[[str, Actor | None], QuerySet[Table]] = _no_evening,
        season_scope: Callable[[str, Actor],
                               tuple[dict[str, Any], QuerySet[Table]]] = _no_season) -> None:
    """Called once by the app that keeps groups (clubs) when Django starts."""
    _added.update(places_for=places_for, attach_to_place=attach_to_place,
                  player_rating_charts=player_rating_charts, group_tables=group_tables,
                  organised_tables=organised_tables, evening_tables=evening_tables,
                  season_scope=season_scope)


def places_for(actor: Actor) -> list[tuple[str, str]]:
    """Where ``actor`` may put a table: (value, label) choices, "" for no group."""
    places: list[tuple[str, str]] = _added["places_for"](actor)
    return places


def attach_to_place(table: Table, place: str, actor: Actor) -> None:
    """Put ``table`` in the group or evening ``place`` names (a TableError if refused)."""
    _added["attach_to_place"](table, place, actor)


def player_rating_charts(player: Player, actor: Actor,
                         season: str = "") -> list[dict[str, Any]]:
    """The player's rating charts, one per group ``actor`` may look at and ruleset; with
    ``season`` (a group's season id), that season's alone, each chart's ``season`` its id
    (NotFound for a season ``actor`` may not see)."""
    charts: list[dict[str, Any]] = _added["player_rating_charts"](player, actor, season)
    return charts


def season_scope(season: str, actor: Actor) -> tuple[dict[str, Any], QuerySet[Table]]:
    """A group's season ``season`` (its id) as a page of games labels it (``id``,
    ``name``, ``group``, ``group_name``, ``starts``, ``ends``) and its tables ``actor``
    may open (a lazy queryset: a filter for the caller's own queries, never run here);
    NotFound for a season ``actor`` may not see."""
    scope: tuple[dict[str, Any], QuerySet[Table]] = _added["season_scope"](season, actor)
    return scope


def group_tables(group_id: str, actor: Actor) -> QuerySet[Table]:
    """The tables of group ``group_id`` that ``actor`` may open; NotFound for a group they
    may not see."""
    tables: QuerySet[Table] = _added["group_tables"](group_id, actor)
    return tables


def organised_tables(actor: Actor) -> QuerySet[Table]:
    """The tables ``actor`` organises: those of the groups they manage (created, or a
    manager of) and those of the events they organise (:func:`add_officiated_tables`);
    staff are told apart by the caller."""
    from games.models import Table

    groups: QuerySet[Table] = _added["organised_tables"](actor)
    events: QuerySet[Table] = _added["officiated_tables"](actor, referees=False)
    return Table.objects.filter(Q(pk__in=groups.values("pk")) | Q(pk__in=events.values("pk")))


def refereed_tables(actor: Actor) -> QuerySet[Table]:
    """The tables of the events ``actor`` organises or referees: a referee reads the logs
    of the tables whose disputes they judge, though only an organiser accepts a changed
    history."""
    tables: QuerySet[Table] = _added["officiated_tables"](actor, referees=True)
    return tables


def evening_tables(evening_id: str, actor: Actor | None) -> QuerySet[Table]:
    """The tables of evening ``evening_id`` that ``actor`` may open (every one for None,
    the site's own check); NotFound for an evening they may not see."""
    tables: QuerySet[Table] = _added["evening_tables"](evening_id, actor)
    return tables


def add_table_banner(table_banner: Callable[[Table, HttpRequest], str]) -> None:
    """Called once by the app that keeps events when Django starts."""
    _added["table_banner"] = table_banner


def table_banner(table: Table, request: HttpRequest) -> str:
    """HTML the table page shows under its heading for the request's reader: for a table
    of an event's round, the event, round and table and the call for a referee (its form
    needs the request's CSRF token); "" for other tables."""
    html: str = _added["table_banner"](table, request)
    return html


def add_tables_waiting(tables_waiting: Callable[[Collection[int]], set[int]]) -> None:
    """Called once by the app that keeps events when Django starts."""
    _added["tables_waiting"] = tables_waiting


def add_officiated_tables(officiated_tables: Callable[..., QuerySet[Table]]) -> None:
    """Called once by the app that keeps events when Django starts: ``officiated_tables(
    actor, referees=...)``, the tables of the events ``actor`` organises (or referees)."""
    _added["officiated_tables"] = officiated_tables


def tables_waiting(table_ids: Collection[int]) -> set[int]:
    """Those of ``table_ids`` (table pks) with a call for a referee not yet answered."""
    waiting: set[int] = _added["tables_waiting"](table_ids)
    return waiting
