"""Groups, evenings, stakes and settle-ups over HTTP, under /api/.

Reads follow :mod:`clubs.permissions` (a private group answers 404 to strangers, and no
answer names a table the caller may not open); writes go through :mod:`clubs.services`
with the same rules as the pages. Refusals answer ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from common.errors import TableError
from common.limits import create_wait
from games.api.access import actor, viewable_table
from games.api.views import ReadView, WriteMixin
from games.models import Table
from scoring.api.common import (
    ERROR_400,
    ERROR_403,
    ERROR_404,
    ERROR_429,
    PAGE_PARAMETERS,
    Pagination,
    error_response,
    paginated_schema,
    throttled,
)

from .. import money, permissions, results, seasons, services
from ..models import Evening, Group, Membership, Season, Stake, TableLink
from . import serializers as s

GROUP = OpenApiParameter("id", str, OpenApiParameter.PATH, pattern=r"^[-a-zA-Z0-9_]+$",
                         description="The group's public id (the end of its link).")
EVENING = OpenApiParameter("id", str, OpenApiParameter.PATH, pattern=r"^[-a-zA-Z0-9_]+$",
                           description="The evening's public id.")
TABLE = OpenApiParameter("id", str, OpenApiParameter.PATH, pattern=r"^[-a-zA-Z0-9_]+$",
                         description="The table's public id.")
PLAYER = OpenApiParameter("player", {"type": "integer", "minimum": 1}, OpenApiParameter.PATH,
                          description="The player's id.")
IN_SEASON = OpenApiParameter("season", str, description="A season's id: only its tables, "
                             "the ratings worked out from its games alone (as the pages' "
                             "?season=).")
WRITE_ERRORS = {400: ERROR_400, 403: ERROR_403, 404: ERROR_404, 429: ERROR_429}
_STATUS = {"forbidden": 403, "not_found": 404}


class Write(WriteMixin):
    """Writes of this API (also PATCH and DELETE) carry the CSRF token when sent by a
    browser session, and are throttled like the tables' writes."""

    WRITES = ("POST", "PUT", "PATCH", "DELETE")

    def get_throttles(self) -> list[Any]:
        if self.request.method not in self.WRITES:  # type: ignore[attr-defined]
            return []
        return super(WriteMixin, self).get_throttles()  # type: ignore[misc]

    def check_permissions(self, request: Request) -> None:
        super(WriteMixin, self).check_permissions(request)  # type: ignore[misc]
        if request.method in self.WRITES and request.auth is None:
            SessionAuthentication().enforce_csrf(request)


class ClubView(ReadView):
    """A refusal of :mod:`clubs.services` (or of a lookup) answers with its code:
    ``forbidden`` 403, ``not_found`` 404, anything else 400."""

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, TableError):
            return error_response(exc.code, exc.message, _STATUS.get(exc.code, 400),
                                  params=exc.params)
        return super().handle_exception(exc)


def _group(request: Request, public_id: str) -> Group:
    return services.get_group(public_id, actor(request))


def _season(request: Request, group: Group) -> Season | None:
    """The season ``?season=<id>`` names (404 if the group has none of that id)."""
    wanted = request.query_params.get("season")
    return seasons.get_season(group, wanted) if wanted else None


def _counted_tables(request: Request, group: Group) -> tuple[QuerySet[Table], Group | None]:
    """The tables a leaderboard or the statistics count, and the group whose kept figures
    they add to (none for a season's, kept per version of its own tables as the pages)."""
    season, who = _season(request, group), actor(request)
    if season is not None:
        return seasons.season_tables(season, who), None
    return permissions.group_tables(group, who), group


def _evening(request: Request, public_id: str) -> Evening:
    return services.get_evening(public_id, actor(request))


def group_summary(group: Group, request: Request) -> dict[str, Any]:
    who = actor(request)
    return {"id": group.public_id, "name": group.name, "description": group.description,
            "visibility": group.visibility, "currency": group.currency,
            "can_manage": permissions.can_manage(group, who),
            "can_contribute": permissions.can_contribute(group, who)}


def _table_refs(tables: list[Table]) -> list[dict[str, Any]]:
    evenings = dict(TableLink.objects.filter(table__in=tables, evening__isnull=False)
                    .values_list("table_id", "evening__public_id"))
    return [{"id": t.public_id, "name": t.name, "ruleset": t.ruleset, "finished": t.finished,
             "created_at": t.created_at, "evening": evenings.get(t.pk)} for t in tables]


def _evening_ref(evening: Evening) -> dict[str, Any]:
    return {"id": evening.public_id, "name": evening.name, "date": evening.date,
            "currency": evening.money_currency}


def group_detail(group: Group, request: Request) -> dict[str, Any]:
    who = actor(request)
    tables = list(permissions.group_tables(group, who))
    return {**group_summary(group, request),
            "members": [{"player": {"id": m.player_id, "name": m.player.display_name},
                         "manager": m.manager}
                        for m in Membership.objects.filter(group=group)
                        .select_related("player")],
            "evenings": [_evening_ref(e) for e in group.evenings.all()],
            "tables": _table_refs(tables),
            "hidden_tables": permissions.hidden_count(group, who)}


def evening_detail(evening: Evening, request: Request) -> dict[str, Any]:
    who = actor(request)
    tables = list(permissions.group_tables(evening.group, who, evening))
    return {**_evening_ref(evening), "group": evening.group.public_id,
            "stakes": [{"ruleset": st.ruleset, "amount": str(st.amount),
                        "unit": str(money.stake_unit(st.ruleset)[1])}
                       for st in Stake.objects.filter(evening=evening)],
            "tables": _table_refs(tables),
            "hidden_tables": permissions.hidden_count(evening.group, who, evening)}


# --- groups ------------------------------------------------------------------------------


class GroupListView(Write, ClubView):
    @extend_schema(operation_id="groups_list", tags=["groups"],
                   summary="Groups you can list: public ones and your own",
                   parameters=PAGE_PARAMETERS,
                   responses={200: paginated_schema("GroupList", s.GroupSerializer(many=True)),
                              404: ERROR_404})
    def get(self, request: Request) -> Response:
        groups = permissions.listed_groups(actor(request)).order_by("name", "pk")
        paginator = Pagination()
        page = paginator.paginate_queryset(groups, request, view=self)
        data = [group_summary(g, request) for g in page or []]
        return paginator.get_paginated_response(s.GroupSerializer(data, many=True).data)

    @extend_schema(operation_id="groups_create", tags=["groups"],
                   summary="Create a group; you become its creator and may manage it",
                   request=s.GroupWriteSerializer,
                   responses={201: s.GroupDetailSerializer, **WRITE_ERRORS})
    def post(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise NotAuthenticated("sign in or send an API token to create a group")
        body = s.GroupWriteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        throttled(create_wait(request))  # one budget with the pages (common.limits)
        data = body.validated_data
        group = services.create_group(
            data["name"], actor(request), visibility=data["visibility"],
            currency=data["currency"], description=data["description"],
            members=data["members"])
        return Response(s.GroupDetailSerializer(group_detail(group, request)).data, status=201)


class GroupDetailView(Write, ClubView):
    @extend_schema(operation_id="groups_retrieve", tags=["groups"],
                   summary="A group: members, evenings and the tables you may open",
                   parameters=[GROUP],
                   responses={200: s.GroupDetailSerializer, 404: ERROR_404})
    def get(self, request: Request, id: str) -> Response:
        group = _group(request, id)
        return Response(s.GroupDetailSerializer(group_detail(group, request)).data)

    @extend_schema(operation_id="groups_update", tags=["groups"],
                   summary="Change a group's name, description, visibility or currency "
                           "(its creator, managers or staff)",
                   parameters=[GROUP], request=s.GroupPatchSerializer,
                   responses={200: s.GroupDetailSerializer, **WRITE_ERRORS})
    def patch(self, request: Request, id: str) -> Response:
        body = s.GroupPatchSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        group = services.update_group(_group(request, id), actor(request),
                                      **body.validated_data)
        return Response(s.GroupDetailSerializer(group_detail(group, request)).data)


class MembersView(Write, ClubView):
    @extend_schema(operation_id="groups_members_add", tags=["groups"],
                   summary="Add a member (or make one a manager); creator, managers, staff",
                   parameters=[GROUP], request=s.MemberWriteSerializer,
                   responses={201: s.MemberSerializer, **WRITE_ERRORS})
    def post(self, request: Request, id: str) -> Response:
        body = s.MemberWriteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        member = services.add_member(_group(request, id), body.validated_data["name"],
                                     actor(request), body.validated_data["manager"])
        return Response(s.MemberSerializer({
            "player": {"id": member.player_id, "name": member.player.display_name},
            "manager": member.manager}).data, status=201)


class MemberView(Write, ClubView):
    @extend_schema(operation_id="groups_members_remove", tags=["groups"],
                   summary="Remove a member; creator, managers, staff",
                   parameters=[GROUP, PLAYER], request=None,
                   responses={204: OpenApiResponse(description="Removed."), **WRITE_ERRORS})
    def delete(self, request: Request, id: str, player: int) -> Response:
        services.remove_member(_group(request, id), player, actor(request))
        return Response(status=204)


class EveningsView(Write, ClubView):
    @extend_schema(operation_id="groups_evenings_create", tags=["groups"],
                   summary="Add an evening to a group (its members, managers, creator, staff)",
                   parameters=[GROUP], request=s.EveningWriteSerializer,
                   responses={201: s.EveningSerializer, **WRITE_ERRORS})
    def post(self, request: Request, id: str) -> Response:
        body = s.EveningWriteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        throttled(create_wait(request))
        data = body.validated_data
        evening = services.create_evening(_group(request, id), data["name"],
                                          actor(request), data.get("date"),
                                          data["currency"])
        return Response(s.EveningSerializer(evening_detail(evening, request)).data,
                        status=201)


def board_rows(board: results.Board) -> list[dict[str, Any]]:
    return [{"player": {"id": r.player.pk, "name": r.player.display_name},
             "rating": r.rating.ordinal if r.rating else None,
             "mu": round(r.rating.mu, 4) if r.rating else None,
             "sigma": round(r.rating.sigma, 4) if r.rating else None,
             "games": r.games, "firsts": r.firsts, "average_placement": r.average_place,
             "total": str(r.units.normalize() if r.units else 0)} for r in board.rows]


class LeaderboardView(ClubView):
    @extend_schema(operation_id="groups_leaderboard", tags=["groups"],
                   summary="The group's leaderboard per ruleset, by OpenSkill rating, over "
                           "the finished tables you may open",
                   parameters=[GROUP, IN_SEASON],
                   responses={200: s.BoardSerializer(many=True), 404: ERROR_404})
    def get(self, request: Request, id: str) -> Response:
        tables, scope = _counted_tables(request, _group(request, id))
        data = [{"ruleset": b.ruleset, "unit": b.unit, "rows": board_rows(b)}
                for b in results.boards(tables, group=scope)]
        return Response(s.BoardSerializer(data, many=True).data)


class GroupStatsView(ClubView):
    @extend_schema(operation_id="groups_stats", tags=["groups"],
                   summary="Each member's statistics over the group's tables you may open "
                           "(the shape of /api/players/{id}/stats/)",
                   parameters=[GROUP, IN_SEASON],
                   responses={200: s.MemberStatsSerializer(many=True), 404: ERROR_404})
    def get(self, request: Request, id: str) -> Response:
        group = _group(request, id)
        tables, scope = _counted_tables(request, group)
        players = [m.player for m in Membership.objects.filter(group=group)
                   .select_related("player")]
        data = [{**row, "player": {"id": row["player"].pk,
                                   "name": row["player"].display_name}}
                for row in results.member_stats(tables, players, group=scope)]
        return Response(s.MemberStatsSerializer(data, many=True).data)


# --- evenings ----------------------------------------------------------------------------


class EveningDetailView(ClubView):
    @extend_schema(operation_id="evenings_retrieve", tags=["groups"],
                   summary="An evening: its stakes and the tables you may open",
                   parameters=[EVENING], responses={200: s.EveningSerializer, 404: ERROR_404})
    def get(self, request: Request, id: str) -> Response:
        evening = _evening(request, id)
        return Response(s.EveningSerializer(evening_detail(evening, request)).data)


class EveningStakesView(Write, ClubView):
    @extend_schema(operation_id="evenings_stakes_set", tags=["groups"],
                   summary="Set (or with null remove) the evening's stake for a ruleset",
                   parameters=[EVENING], request=s.StakeWriteSerializer,
                   responses={200: s.EveningSerializer, **WRITE_ERRORS})
    def put(self, request: Request, id: str) -> Response:
        body = s.StakeWriteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        evening = _evening(request, id)
        services.set_evening_stake(evening, body.validated_data["ruleset"],
                                   body.validated_data["amount"], actor(request))
        return Response(s.EveningSerializer(evening_detail(evening, request)).data)


class EveningSettleView(ClubView):
    @extend_schema(operation_id="evenings_settle", tags=["groups"],
                   summary="Each player's net over the evening's finished tables and the "
                           "fewest transfers that settle it",
                   parameters=[EVENING], responses={200: s.SettleUpSerializer, 404: ERROR_404})
    def get(self, request: Request, id: str) -> Response:
        evening = _evening(request, id)
        settle = results.evening_settle(evening, actor(request))
        return Response(s.SettleUpSerializer(settle.as_dict()).data)


# --- one table ---------------------------------------------------------------------------


class TablePlaceView(Write, ClubView):
    @extend_schema(operation_id="tables_group_set", tags=["groups"],
                   summary="Put a table in a group (and one of its evenings)",
                   parameters=[TABLE], request=s.PlaceWriteSerializer,
                   responses={200: s.TableRefSerializer, **WRITE_ERRORS})
    def put(self, request: Request, id: str) -> Response:
        table = viewable_table(request, id)
        body = s.PlaceWriteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        who = actor(request)
        group = services.get_group(body.validated_data["group"], who)
        evening = None
        if body.validated_data.get("evening"):
            evening = services.get_evening(body.validated_data["evening"], who)
        services.attach_table(table, group, who, evening)
        return Response(s.TableRefSerializer(_table_refs([table])[0]).data)

    @extend_schema(operation_id="tables_group_remove", tags=["groups"],
                   summary="Take a table out of its group", parameters=[TABLE], request=None,
                   responses={204: OpenApiResponse(description="Taken out."), **WRITE_ERRORS})
    def delete(self, request: Request, id: str) -> Response:
        table = viewable_table(request, id)
        services.detach_table(table, actor(request))
        return Response(status=204)


class TableStakeView(Write, ClubView):
    @extend_schema(operation_id="tables_stake_set", tags=["groups"],
                   summary="Set (or with null remove) a table's own stake",
                   parameters=[TABLE], request=s.TableStakeWriteSerializer,
                   responses={200: s.SettleUpSerializer, **WRITE_ERRORS})
    def put(self, request: Request, id: str) -> Response:
        table = viewable_table(request, id)
        body = s.TableStakeWriteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.set_table_stake(table, body.validated_data["amount"], actor(request),
                                 body.validated_data["currency"])
        settle = results.table_settle(table, actor(request))
        return Response(s.SettleUpSerializer(settle.as_dict()).data)


class TableSettleView(ClubView):
    @extend_schema(operation_id="tables_settle", tags=["groups"],
                   summary="A finished table's nets in money and the fewest transfers",
                   parameters=[TABLE], responses={200: s.SettleUpSerializer, 404: ERROR_404})
    def get(self, request: Request, id: str) -> Response:
        table = viewable_table(request, id)
        settle = results.table_settle(table, actor(request))
        return Response(s.SettleUpSerializer(settle.as_dict()).data)
