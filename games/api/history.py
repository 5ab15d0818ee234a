"""A table's log and its hash chain over HTTP (issue 29, :mod:`games.chain`): read it,
check tables' chains, accept a history changed outside the site.

* ``GET /api/tables/<id>/history/``: the log (who did what, when, from which seat) with
  each event's hash and the content it covers: the table's players, creator, organisers
  and staff only (:func:`games.permissions.can_audit`); a saved copy is checked offline
  with ``python -m scoring.engine verify-chain``.
* ``POST /api/tables/<id>/history/accept/``: accept a changed history as it is (the
  creator, an organiser or staff), as the table page's button does.
* ``GET /api/history/verify/?table=ID`` (repeatable), ``?evening=ID`` or ``?all=true``
  (staff): check the chains now, recording what is found.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import NotAuthenticated, NotFound, PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from common.errors import TableError
from games import chain, extensions, services
from games.models import Table
from games.permissions import can_audit, viewable_tables
from games.queries import audit
from games.serializers import AcceptSerializer, TableLogSerializer, VerifySerializer
from scoring.api.common import ERROR_400, ERROR_403, ERROR_404, ERROR_429, error_response
from scoring.engine.errors import EngineError

from .access import actor, viewable_table
from .views import ID, ReadView, WriteMixin

_ONLY = ("only the table's players, its creator, the organisers of its group and staff may "
         "read its log")


def audited_table(request: Request, table_id: str) -> Table:
    """The table if the caller may read its log: 404 when they may not see it at all,
    403 when they may watch it but not read its log."""
    table = viewable_table(request, table_id)
    if not can_audit(table, actor(request)):
        raise PermissionDenied(_ONLY)
    return table


def log_of(table: Table) -> dict[str, Any]:
    log = audit.trail(table)
    return {"table": table.public_id, "name": table.name, "head": table.chain_head or None,
            **log}


class TableHistoryView(ReadView):
    @extend_schema(
        operation_id="tables_history", tags=["history"],
        summary="A table's log: who recorded, undid, corrected what, when, from which seat, "
                "with each event's place in the hash chain",
        parameters=[ID], responses={200: TableLogSerializer, 403: ERROR_403, 404: ERROR_404})
    def get(self, request: Request, id: str) -> Response:
        return Response(TableLogSerializer(log_of(audited_table(request, id))).data)


class AcceptHistoryView(WriteMixin, ReadView):
    @extend_schema(
        operation_id="tables_history_accept", tags=["history"],
        summary="Accept a history changed outside mjsite as it now is, so the table records "
                "hands again (the creator, an organiser of its group or staff)",
        parameters=[ID], request=AcceptSerializer,
        responses={200: TableLogSerializer, 400: ERROR_400, 403: ERROR_403, 404: ERROR_404,
                   429: ERROR_429})
    def post(self, request: Request, id: str) -> Response:
        table = viewable_table(request, id)
        body = AcceptSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            services.accept_history(table, actor(request), body.validated_data["command_id"])
        except (TableError, EngineError) as exc:
            status = 403 if exc.code == "forbidden" else 400
            named = services.explain(table, {"code": exc.code, "message": exc.message,
                                             "params": dict(exc.params)})
            return error_response(exc.code, exc.message, status, params=exc.params,
                                  text=named["text"])
        table.refresh_from_db()
        return Response(TableLogSerializer(log_of(table)).data)


WHICH = [
    OpenApiParameter("table", str, many=True, description="A table's public id; repeatable."),
    OpenApiParameter("evening", str, description="Every table of this evening you may open."),
    OpenApiParameter("all", bool, description="Every table of the site (staff only)."),
]


class VerifyHistoryView(ReadView):
    @extend_schema(
        operation_id="history_verify", tags=["history"],
        summary="Check the hash chain of tables' histories now: one or more tables, an "
                "evening, or the whole site (staff)",
        parameters=WHICH,
        responses={200: VerifySerializer, 400: ERROR_400, 403: ERROR_403, 404: ERROR_404,
                   401: OpenApiResponse(description="Checking the whole site needs a "
                                        "staff account.")})
    def get(self, request: Request) -> Response:
        caller = actor(request)
        ids = request.query_params.getlist("table")
        evening = request.query_params.get("evening")
        every = (request.query_params.get("all") or "").lower() in ("1", "true", "yes")
        if sum(map(bool, (ids, evening, every))) != 1:
            return error_response("bad_request", "give one of table (repeatable), evening "
                                  "or all=true", 400)
        if every:
            if not request.user.is_authenticated:
                raise NotAuthenticated("sign in as staff to check the whole site")
            if not caller.is_staff:
                raise PermissionDenied("only staff may check every table of the site")
            tables = Table.objects.all()
        elif evening:
            try:
                tables = extensions.evening_tables(str(evening), caller)
            except TableError as exc:
                raise NotFound(exc.message) from None
        else:
            tables = [viewable_table(request, i) for i in ids[:100]]
            tables = viewable_tables(caller, Table.objects.filter(pk__in=[t.pk for t in tables]))
        checked = [{"table": table.public_id, "name": table.name, "check": verdict.as_dict()}
                   for table, verdict in chain.tables_checked(tables)]
        return Response(VerifySerializer({
            "checked": len(checked), "changed": sum(not c["check"]["ok"] for c in checked),
            "tables": checked}).data)
