"""Which tables an API caller may see, and the list filters shared by the API's lists.

Reading follows the pages (:mod:`games.permissions`): a public or link-only table can be
read by anyone who has its id, a private one only by its players, its creator and staff.
Lists (tables, a player's ledger and statistics, the export) show only *listed* tables:
public ones, and the caller's own games of any visibility, so a link-only table's secret
id never leaks through a list.
"""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request

from common.errors import TableError
from games import extensions, permissions
from games.models import Player, Table
from games.permissions import Actor, can_view, request_actor
from games.services import get_table


def actor(request: Request) -> Actor:
    """The caller, as the user DRF authenticated (session or token) and the browser's
    device: resolved once per request (:func:`games.permissions.request_actor`)."""
    return request_actor(request)


def listed_tables(request: Request) -> QuerySet[Table]:
    """Tables the caller sees in lists: public ones and their own, any visibility."""
    return permissions.listed_tables(actor(request))


def exported_tables(request: Request) -> QuerySet[Table]:
    """The tables ``/api/export/`` starts from: those the caller sees in lists, or with
    ``?group=<id>`` the group's tables the caller may open (as its page shows them: a
    private table only to those its own page admits). A group the caller may not see is
    not admitted to exist (404)."""
    group_id = request.query_params.get("group")
    if not group_id:
        return listed_tables(request)
    try:
        return extensions.group_tables(str(group_id), actor(request))
    except TableError as exc:
        raise NotFound(exc.message) from None


def viewable_table(request: Request, table_id: str) -> Table:
    """The table with public id ``table_id`` if the caller may read it; 404 otherwise (a
    private table is not admitted to exist)."""
    try:
        table = get_table(str(table_id))
    except TableError:
        raise NotFound(f"there is no table {table_id!r} you can see; check the id") from None
    if not can_view(table, actor(request)):
        raise NotFound(f"there is no table {table_id!r} you can see; check the id")
    return table


def joinable_table(request: Request, table_id: str, key: object) -> Table:
    """The table with public id ``table_id`` if the caller may read it or holds its join
    key (:func:`games.permissions.can_join`); 404 otherwise, like :func:`viewable_table`."""
    try:
        table = get_table(str(table_id))
    except TableError:
        raise NotFound(f"there is no table {table_id!r} you can see; check the id") from None
    if not permissions.can_join(table, actor(request), key):
        raise NotFound(f"there is no table {table_id!r} you can see; check the id")
    return table


def player_or_404(request: Request, player_id: int) -> Player:
    """The player if the caller may see them (:func:`games.permissions.visible_players`):
    ids are sequential, so one seated only at private tables must not be found."""
    # Ids beyond a 64-bit integer cannot exist, and some databases refuse to compare them.
    player = (permissions.visible_players(actor(request)).filter(pk=player_id).first()
              if player_id < 2**63 else None)
    if player is None:
        raise NotFound(f"there is no player {player_id}")
    return player


def _date(request: Request, name: str) -> dt.date | None:
    raw = request.query_params.get(name)
    if raw in (None, ""):
        return None
    try:
        return dt.date.fromisoformat(raw)
    except ValueError:
        raise ValidationError({name: f"must be a date like 2026-01-31, got {raw!r}"}) from None


def _int(request: Request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if raw in (None, ""):
        return None
    try:
        value = int(raw)
        if value >= 2**63:
            raise ValueError(raw)
    except ValueError:
        raise ValidationError({name: f"must be a whole number, got {raw!r}"}) from None
    if value < 1:
        raise ValidationError({name: f"must be 1 or more, got {raw!r}"})
    return value


def filter_tables(request: Request, tables: QuerySet[Table], *,
                  player: bool = True) -> QuerySet[Table]:
    """Apply ``date_from``/``date_to`` (the table's start date, inclusive), ``ruleset``
    and (unless the path names one) ``player`` from the query string."""
    start, end = _date(request, "date_from"), _date(request, "date_to")
    if start is not None and end is not None and end < start:
        raise ValidationError({"date_to": "must not be before date_from"})
    if start is not None:
        tables = tables.filter(created_at__date__gte=start)
    if end is not None:
        tables = tables.filter(created_at__date__lte=end)
    ruleset = request.query_params.get("ruleset")
    if ruleset:
        tables = tables.filter(ruleset=ruleset)
    if player:
        player_id = _int(request, "player")
        if player_id is not None:
            tables = tables.filter(pk__in=Table.objects.filter(seats__player_id=player_id)
                                   .values("pk"))
    finished = request.query_params.get("finished")
    if finished:
        if finished.lower() not in ("true", "false", "1", "0"):
            raise ValidationError({"finished": f"must be true or false, got {finished!r}"})
        tables = tables.filter(finished=finished.lower() in ("true", "1"))
    return tables

