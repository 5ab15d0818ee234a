"""Tables, hands, ledgers, player statistics and the export over HTTP.

Reads follow the pages' visibility (:mod:`games.api.access`); writes go through the same
service functions as the pages and the websocket (:mod:`games.services`), with the same
``command_id``/``base_seq`` rules: a repeated ``command_id`` answers 200 with the first
answer (``duplicate: true``), a stale ``base_seq`` answers 409 with the current snapshot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from django.db.models import Count, Q, Sum
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers as drf_serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotAuthenticated
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.errors import TableError
from common.limits import create_wait
from games import confirmations, presenter, seat_results, services
from games.limits import table_write_wait
from games.models import LedgerEntry, Player, Seat, Table
from games.permissions import audited_tables
from games.queries import audit, ledger
from games.queries.stats import player_stats, player_tables
from games.serializers import (
    ClaimSeatSerializer,
    CommandResultSerializer,
    CommandSerializer,
    CreateTableSerializer,
    HandSerializer,
    LedgerRowSerializer,
    PlayerStatsSerializer,
    PlayerSummarySerializer,
    RecordHandSerializer,
    StaleSerializer,
    TableChainSerializer,
    TableDetailSerializer,
    TableSummarySerializer,
)
from scoring.api.common import (
    ERROR_400,
    ERROR_403,
    ERROR_404,
    ERROR_429,
    PAGE_PARAMETERS,
    ApiErrorsMixin,
    CSVRenderer,
    ErrorSerializer,
    Pagination,
    Rows,
    ScopedThrottle,
    error_response,
    paginated,
    paginated_schema,
    throttled,
    truthy,
    wants_csv,
)
from scoring.engine.errors import EngineError

from .access import (
    actor,
    exported_tables,
    filter_tables,
    joinable_table,
    listed_tables,
    player_or_404,
    viewable_table,
)


def ledger_page_schema(name: str, items: Any) -> Any:
    """:func:`paginated_schema` of ledger rows with ``chains``, the hash chains of the
    page's tables whose log the caller may read (issue 29)."""
    return inline_serializer(name=f"Paginated{name}", fields={
        "count": drf_serializers.IntegerField(),
        "next": drf_serializers.URLField(allow_null=True),
        "previous": drf_serializers.URLField(allow_null=True),
        "results": items,
        "chains": TableChainSerializer(many=True, help_text="Each table's events with the "
                                       "content their hash covers: save the answer and "
                                       "check it with python -m scoring.engine "
                                       "verify-chain."),
    })


ID = OpenApiParameter("id", str, OpenApiParameter.PATH, pattern=r"^[-a-zA-Z0-9_]+$",
                      description="The table's public id (the end of its link).")
PLAYER = OpenApiParameter("id", {"type": "integer", "minimum": 1}, OpenApiParameter.PATH,
                          description="The player's id.")
DATE_FILTERS = [
    OpenApiParameter("date_from", OpenApiTypes.DATE,
                     description="Only tables started on or after this day."),
    OpenApiParameter("date_to", OpenApiTypes.DATE,
                     description="Only tables started on or before this day."),
    OpenApiParameter("ruleset", str, description="Only tables of this ruleset, e.g. riichi."),
]
PLAYER_FILTER = OpenApiParameter("player", int, description="Only tables this player sat at.")
GROUP_FILTER = OpenApiParameter(
    "group", str, pattern=r"^[-a-zA-Z0-9_]+$",
    description="Only the tables of this group (its id) that you may open; 404 for a group "
                "you may not see.")
CSV_PARAMETERS = [
    OpenApiParameter("format", str, enum=["json", "csv"],
                     description="csv for a spreadsheet (or send Accept: text/csv); CSV is "
                                 "not paginated."),
    OpenApiParameter("bom", bool, description="With CSV: start with a UTF-8 byte-order mark "
                                              "so Excel reads Chinese/Japanese names."),
    OpenApiParameter("chain", bool, description="With CSV: after the rows and an empty line, "
                     "the hash chain of each table whose log you may read (its players, "
                     "creator, organisers, staff), for python -m scoring.engine "
                     "verify-chain. JSON always carries it (chains)."),
]


def _ledger_responses(name: str) -> dict[Any, Any]:
    return {
        (200, "application/json"): ledger_page_schema(name, LedgerRowSerializer(many=True)),
        (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="One row per "
                                           "player per hand, then the final settlement; "
                                           "with chain=true, under them after an empty "
                                           "line, the hash chain of each table whose log "
                                           "you may read."),
        (400, "application/json"): ERROR_400, (404, "application/json"): ERROR_404,
    }


class ReadView(ApiErrorsMixin, APIView):
    permission_classes = [AllowAny]  # visibility is checked per table in each view


class WriteMixin:
    """Writes from a browser (its cookies: session or device) must carry the CSRF token
    even when anonymous (a seat can be held by an anonymous browser's device);
    token-authenticated programs need none."""

    parser_classes = [JSONParser]
    throttle_classes = [ScopedThrottle]
    throttle_scope = "record"

    def get_throttles(self) -> list[Any]:
        if self.request.method not in ("POST", "PUT"):  # type: ignore[attr-defined]  # DRF: Any
            return []
        return super().get_throttles()  # type: ignore[misc]  # DRF is untyped: an Any base

    def check_permissions(self, request: Request) -> None:
        super().check_permissions(request)  # type: ignore[misc]  # DRF is untyped: an Any base
        if request.method in ("POST", "PUT") and request.auth is None:
            SessionAuthentication().enforce_csrf(request)


# --- tables ------------------------------------------------------------------------------


def table_summaries(tables: list[Table]) -> list[dict[str, Any]]:
    """List entries of ``tables`` in two queries (seats, ledger sums) whatever their number."""
    ids = [t.pk for t in tables]
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(table_id__in=ids).select_related("player"):
        seats.setdefault(seat.table_id, []).append(seat)
    sums = {(row["table_id"], row["position"]): row["total"] for row in
            LedgerEntry.objects.filter(table_id__in=ids).values("table_id", "position")
            .annotate(total=Sum("amount"))}
    loaded = ledger.Loaded(tables=tables)
    out = []
    for table in tables:
        start = loaded.start(table)
        seated = range(len(start))
        scores = [start[p] + sums.get((table.pk, p), 0) for p in seated]
        names = {s.position: s.player.display_name for s in seats.get(table.pk, [])}
        state = table.state or {}
        out.append({
            "id": table.public_id, "name": table.name, "ruleset": table.ruleset,
            "preset": table.preset, "visibility": table.visibility,
            "finished": table.finished, "created_at": table.created_at,
            "finished_at": table.finished_at, "seq": table.seq,
            "hands_played": int(state.get("hands_played") or 0),
            "seats": [{"position": s.position,
                       "player": {"id": s.player_id, "name": s.player.display_name},
                       "claimed": s.is_claimed, "wind": None}
                      for s in seats.get(table.pk, [])],
            "standings": [{"position": p, "name": names.get(p, ""), "score": scores[p],
                           "start": start[p],
                           "rank": 1 + sum(1 for s in scores if s > scores[p])}
                          for p in seated],
        })
    return out


class TableListView(WriteMixin, ReadView):
    @extend_schema(
        operation_id="tables_list", tags=["tables"],
        summary="Tables you can list: public ones and your own (any visibility)",
        parameters=[*PAGE_PARAMETERS, *DATE_FILTERS, PLAYER_FILTER,
                    OpenApiParameter("finished", bool, description="Only finished (true) or "
                                                                   "running (false) games.")],
        responses={200: paginated_schema("TableSummaryList", TableSummarySerializer(many=True)),
                   400: ERROR_400, 404: ERROR_404})
    def get(self, request: Request) -> Response:
        tables = filter_tables(request, listed_tables(request)).order_by("-created_at", "-pk")
        paginator = Pagination()
        page = paginator.paginate_queryset(tables, request, view=self)
        data = TableSummarySerializer(table_summaries(list(page or [])), many=True).data
        return paginator.get_paginated_response(data)

    @extend_schema(
        operation_id="tables_create", tags=["tables"],
        summary="Create a table; you become its creator and may record hands at it",
        request=CreateTableSerializer,
        responses={201: TableDetailSerializer, 400: ERROR_400, 403: ERROR_403,
                   429: ERROR_429})
    def post(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise NotAuthenticated("sign in or send an API token to create a table")
        body = CreateTableSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        throttled(create_wait(request))  # one budget with the pages (common.limits)
        data = body.validated_data
        try:
            table = services.create_table(
                data["name"], data["ruleset"], data["preset"], data["options"],
                data["players"], creator=actor(request), visibility=data["visibility"],
                confirm_hands=data["confirm_hands"])
        except (EngineError, TableError) as exc:
            return error_response(exc.code, exc.message, 400, params=exc.params)
        return Response(TableDetailSerializer(table_detail(table, request)).data, status=201)


def table_detail(table: Table, request: Request) -> dict[str, Any]:
    snap = services.snapshot(table)
    keep = ("table", "seq", "options", "outcome_types", "state", "seats", "standings",
            "final", "final_table", "can_undo", "can_redo")
    can_write = services.can_write(table, actor(request))
    # The join key lets others sit down: only for those who may write already.
    return {**{k: snap[k] for k in keep}, "can_write": can_write,
            "join_key": table.join_key if can_write else None}


class TableDetailView(ReadView):
    @extend_schema(operation_id="tables_retrieve", tags=["tables"],
                   summary="A table: rules, state, seats and standings",
                   parameters=[ID], responses={200: TableDetailSerializer, 404: ERROR_404})
    def get(self, request: Request, id: str) -> Response:
        table = viewable_table(request, id)
        return Response(TableDetailSerializer(table_detail(table, request)).data)


def hand_entries(table: Table) -> list[dict[str, Any]]:
    loaded = ledger.load([table])
    payments: dict[int, list[LedgerEntry]] = {}
    for entry in loaded.entries.get(table.pk, []):
        if entry.hand_number is not None:
            payments.setdefault(entry.hand_number, []).append(entry)
    out = []
    names = [""] * 4
    for seat in loaded.seats.get(table.pk, []):
        names[seat.position] = seat.player.display_name
    hands = loaded.hands.get(table.pk, [])
    answers = confirmations.of_hands(  # issue 29: {} unless the table asks
        table, [h.number for h in hands], [s.position for s in loaded.seats.get(table.pk, [])])
    for hand in hands:
        rows = payments.get(hand.number, [])
        deltas = [0] * len(loaded.start(table))
        for entry in rows:
            deltas[entry.position] += entry.amount
        before = hand.state_before or {}
        outcome = hand.outcome if isinstance(hand.outcome, dict) else {}
        out.append({
            "number": hand.number, "type": outcome.get("type"),
            "round": ledger.round_label(before), "honba": before.get("honba"),
            "summary": presenter.hand_text(table.ruleset, table.options, outcome,
                                           hand.result, names),
            "outcome": outcome,
            "results": hand.result,
            "scoring": [{"winner": w["winner"], "items": ledger.win_items(w)}
                        for w in ledger.wins_of(hand)],
            "settled": [r for r in hand.result if r["ledger"]],
            "payments": [{"position": e.position, "amount": e.amount, "reason": e.reason}
                         for e in rows],
            "payments_by_cause": hand.payments if isinstance(hand.payments, list) else [],
            "deltas": deltas, "pot_change": hand.pot_change, "revision": hand.revision,
            "recorded_by": hand.recorded_by, "recorded_at": hand.event.created_at,
            "state_before": before, "state_after": hand.state_after or {},
            "confirmation": answers[hand.number].as_dict() if hand.number in answers
            else None,
        })
    return out


# --- writes ------------------------------------------------------------------------------


NUMBER = OpenApiParameter("number", {"type": "integer", "minimum": 1}, OpenApiParameter.PATH,
                          description="The hand number, from 1.")


_STATUS = {"stale": 409, "forbidden": 403, "not_found": 404, "no_such_hand": 404}


def command_response(result: services.CommandResult, table: Table) -> Response:
    if result.get("ok"):
        data = CommandResultSerializer(result).data
        return Response(data, status=200 if result.get("duplicate") else 201)
    error = result.get("error") or {"code": "error", "message": "the command was refused"}
    status = _STATUS.get(error["code"], 400)
    extra = {"snapshot": result["snapshot"]} if status == 409 and "snapshot" in result else {}
    named = services.explain(table, error)
    return error_response(error["code"], error["message"], status, params=error.get("params"),
                          text=named["text"], **extra)


def _command_schema(operation: str, summary: str, request: Any, success: int,
                    hand: bool = False) -> Any:
    """The schema of a write; ``hand``: its path names a hand too (``number``)."""
    return extend_schema(
        operation_id=operation, tags=["tables"], summary=summary,
        parameters=[ID, NUMBER] if hand else [ID],
        request=request,
        responses={
            success: CommandResultSerializer,
            200: OpenApiResponse(CommandResultSerializer, description="A repeated command_id: "
                                 "the first answer again, duplicate true."),
            400: ERROR_400, 403: ERROR_403, 404: ERROR_404,
            409: OpenApiResponse(StaleSerializer, description="base_seq is stale: the "
                                 "current snapshot is included; try again on it."),
            429: ERROR_429,
        })


class TableHandsView(WriteMixin, ReadView):
    @extend_schema(
        operation_id="tables_hands_list", tags=["tables"],
        summary="Each hand of a table: its input, result and payments",
        parameters=[ID, *PAGE_PARAMETERS],
        responses={200: paginated_schema("HandList", HandSerializer(many=True)), 404: ERROR_404})
    def get(self, request: Request, id: str) -> Response:
        table = viewable_table(request, id)
        return paginated(self, request, HandSerializer(hand_entries(table), many=True).data)

    @_command_schema("tables_hands_create", "Record the next hand (seated players, the "
                     "creator or staff)", RecordHandSerializer, 201)
    def post(self, request: Request, id: str) -> Response:
        table = viewable_table(request, id)
        body = RecordHandSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        throttled(table_write_wait(table.public_id, actor(request), request))
        return command_response(services.record_hand(
            table, body.validated_data["outcome"], body.validated_data["command_id"],
            body.validated_data["base_seq"], actor(request)), table)


class _TableCommandView(WriteMixin, ReadView):
    run_command: ClassVar[Callable[..., services.CommandResult]]

    def post(self, request: Request, id: str) -> Response:
        table = viewable_table(request, id)
        body = CommandSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        # The phone's budget at this table, shared with the websocket and the record
        # sheet's form (games.limits).
        throttled(table_write_wait(table.public_id, actor(request), request))
        return command_response(type(self).run_command(
            table, body.validated_data["command_id"], body.validated_data["base_seq"],
            actor(request)), table)


class SeatsView(WriteMixin, ReadView):
    @extend_schema(
        operation_id="tables_seats_claim", tags=["tables"],
        summary="Take a seat (as the join link does) so you may record hands",
        parameters=[ID], request=ClaimSeatSerializer,
        responses={200: TableDetailSerializer, 400: ERROR_400, 403: ERROR_403,
                   404: ERROR_404,
                   409: OpenApiResponse(ErrorSerializer, description="Someone else holds "
                                        "that seat (seat_taken)."),
                   429: ERROR_429})
    def post(self, request: Request, id: str) -> Response:
        if not request.user.is_authenticated:
            raise NotAuthenticated("sign in or send an API token to take a seat; a browser "
                                   "without an account joins through the table's link")
        body = ClaimSeatSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        # The join key opens a private table as the join link does (issue 24).
        table = joinable_table(request, id, body.validated_data.get("key"))
        try:
            services.claim_seat(table, body.validated_data["position"],
                                device=actor(request).device, user=request.user,
                                join_key=body.validated_data.get("key"))
        except TableError as exc:
            status = {"seat_taken": 409, "join_key_needed": 403}.get(exc.code, 400)
            return error_response(exc.code, exc.message, status, params=exc.params)
        return Response(TableDetailSerializer(table_detail(table, request)).data)


class UndoView(_TableCommandView):
    run_command = staticmethod(services.undo)

    @_command_schema("tables_undo", "Undo the last hand (it can be redone until the next "
                     "hand is recorded)", CommandSerializer, 201)
    def post(self, request: Request, id: str) -> Response:
        return super().post(request, id)


class RedoView(_TableCommandView):
    run_command = staticmethod(services.redo)

    @_command_schema("tables_redo", "Bring back the most recently undone hand",
                     CommandSerializer, 201)
    def post(self, request: Request, id: str) -> Response:
        return super().post(request, id)


class EndView(_TableCommandView):
    run_command = staticmethod(services.end_game)

    @_command_schema("tables_end", "End the game now: the final settlement is added to the "
                     "ledger", CommandSerializer, 201)
    def post(self, request: Request, id: str) -> Response:
        return super().post(request, id)


class ReopenView(_TableCommandView):
    run_command = staticmethod(services.reopen_game)

    @_command_schema("tables_reopen", "Cancel an early end so play can go on",
                     CommandSerializer, 201)
    def post(self, request: Request, id: str) -> Response:
        return super().post(request, id)


class HandDetailView(WriteMixin, ReadView):
    @extend_schema(operation_id="tables_hands_retrieve", tags=["tables"],
                   summary="One hand: its input, result and payments",
                   parameters=[ID, NUMBER], responses={200: HandSerializer, 404: ERROR_404})
    def get(self, request: Request, id: str, number: int) -> Response:
        table = viewable_table(request, id)
        hand = next((h for h in hand_entries(table) if h["number"] == number), None)
        if hand is None:
            return error_response("no_such_hand", f"there is no hand {number} at this table",
                                  404, params={"hand": number})
        return Response(HandSerializer(hand).data)

    @extend_schema(
        operation_id="tables_hands_correct", tags=["tables"],
        summary="Correct a hand's outcome; every later hand is recomputed",
        parameters=[ID, NUMBER], request=RecordHandSerializer,
        responses={
            201: CommandResultSerializer,
            200: OpenApiResponse(CommandResultSerializer, description="A repeated command_id: "
                                 "the first answer again, duplicate true."),
            400: ERROR_400, 403: ERROR_403, 404: ERROR_404,
            409: OpenApiResponse(StaleSerializer, description="base_seq is stale."),
            429: ERROR_429,
        })
    def put(self, request: Request, id: str, number: int) -> Response:
        table = viewable_table(request, id)
        body = RecordHandSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        throttled(table_write_wait(table.public_id, actor(request), request))
        return command_response(services.correct_hand(
            table, number, body.validated_data["outcome"], body.validated_data["command_id"],
            body.validated_data["base_seq"], actor(request)), table)


# --- ledgers, statistics, export ---------------------------------------------------------


class LedgerMixin:
    renderer_classes = [JSONRenderer, CSVRenderer]

    def ledger_response(self, request: Request, rows: list[dict[str, Any]],
                        filename: str, tables: Sequence[Table]) -> Response:
        """The rows, and the hash chain of ``tables`` whose log the caller may read
        (issue 29): ``chains`` beside a page's rows in JSON; under the rows with
        ``?chain=true`` in CSV (a second header would spoil a plain spreadsheet read)."""
        if wants_csv(request):
            asked = truthy(request.query_params.get("chain"))
            carried = audit.chains(audited_tables(actor(request), tables)) if asked else []
            chain_rows = Rows(audit.chain_rows(carried), audit.CSV_COLUMNS,
                              ids=("table", "seq", "hand", "seat", "hash"))
            response = Response(Rows(rows, ledger.COLUMNS, ids=ledger.ID_COLUMNS,
                                     sections=[chain_rows] if carried else []))
            response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
            return response
        response = paginated(self, request, rows)
        shown = {row["table"] for row in response.data["results"]}
        response.data["chains"] = audit.chains(audited_tables(
            actor(request), [t for t in tables if t.public_id in shown]))
        return response


class TableLedgerView(LedgerMixin, ReadView):
    @extend_schema(
        operation_id="tables_ledger", tags=["ledger"],
        summary="A table's ledger: one row per player per hand, then the final settlement",
        parameters=[ID, *PAGE_PARAMETERS, *CSV_PARAMETERS],
        responses=_ledger_responses("TableLedger"))
    def get(self, request: Request, id: str) -> Response:
        table = viewable_table(request, id)
        rows = ledger.rows(ledger.load([table]))
        return self.ledger_response(request, rows, f"ledger-{table.public_id}", [table])


def _player_tables(request: Request, player_id: int) -> list[Table]:
    return player_tables(filter_tables(request, listed_tables(request), player=False),
                         player_id)


class PlayerListView(ReadView):
    @extend_schema(
        operation_id="players_list", tags=["ledger"],
        summary="Players of the tables you can list, with how many of those games they played",
        parameters=[*PAGE_PARAMETERS, OpenApiParameter(
            "name", str, description="Only players whose name contains this (any case).")],
        responses={200: paginated_schema("PlayerList", PlayerSummarySerializer(many=True)),
                   404: ERROR_404})
    def get(self, request: Request) -> Response:
        tables = listed_tables(request)
        players = (Player.objects.filter(seats__table__in=tables)
                   .annotate(games=Count("seats", filter=Q(seats__table__in=tables)))
                   .order_by("display_name", "pk"))
        name = request.query_params.get("name")
        if name:
            players = players.filter(display_name__icontains=name)
        paginator = Pagination()
        page = paginator.paginate_queryset(players, request, view=self)
        data = [{"id": p.pk, "name": p.display_name, "games": p.games} for p in page or []]
        return paginator.get_paginated_response(PlayerSummarySerializer(data, many=True).data)


class PlayerLedgerView(LedgerMixin, ReadView):
    @extend_schema(
        operation_id="players_ledger", tags=["ledger"],
        summary="A player's rows across the tables you can list, oldest first",
        parameters=[PLAYER, *PAGE_PARAMETERS, *DATE_FILTERS, *CSV_PARAMETERS],
        responses=_ledger_responses("PlayerLedger"))
    def get(self, request: Request, id: int) -> Response:
        player = player_or_404(request, id)
        loaded = ledger.load(_player_tables(request, player.pk))
        return self.ledger_response(request, ledger.rows(loaded, player.pk),
                                    f"ledger-player-{player.pk}", loaded.tables)


class PlayerStatsView(ReadView):
    @extend_schema(
        operation_id="players_stats", tags=["ledger"],
        summary="Games, average placement, win and deal-in rates, average win value and "
                "most frequent yaku/fan",
        parameters=[PLAYER, *DATE_FILTERS],
        responses={200: PlayerStatsSerializer, 400: ERROR_400, 404: ERROR_404})
    def get(self, request: Request, id: int) -> Response:
        player = player_or_404(request, id)
        tables = filter_tables(request, listed_tables(request), player=False)
        # Their tables' versions: the finished ones' tallies are kept per version (the
        # player page's numbers, games.seat_results.kept_tallies).
        theirs = tables.filter(pk__in=Seat.objects.filter(player_id=player.pk)
                               .values("table_id"))
        per_ruleset = seat_results.player_tallies(theirs, player.pk,
                                                  seat_results.versions(theirs))
        data = {"player": {"id": player.pk, "name": player.display_name},
                **player_stats(per_ruleset)}
        return Response(PlayerStatsSerializer(data).data)


class ExportView(LedgerMixin, ReadView):
    @extend_schema(
        operation_id="export", tags=["ledger"],
        summary="Every ledger row of the tables you can list (or of a group) in a date range",
        parameters=[*PAGE_PARAMETERS, *DATE_FILTERS, PLAYER_FILTER, GROUP_FILTER,
                    *CSV_PARAMETERS],
        responses={**_ledger_responses("Export"), 404: ERROR_404})
    def get(self, request: Request) -> Response:
        tables = filter_tables(request, exported_tables(request)).order_by("created_at", "pk")
        loaded = ledger.load(tables)
        return self.ledger_response(request, ledger.rows(loaded), "ledger-export",
                                    loaded.tables)

