"""An event over HTTP, under /api/events/: its rounds and seating, its standings and
every table's ledger, as JSON or CSV (``?format=csv``, ``&bom=1`` for Excel).

Reads follow the event's pages (:mod:`events.permissions`): a public or link-only event
to anyone with its id, a private one to its officials, players and group; otherwise 404,
as its page. The standings are :mod:`events.standings`' (one home), the ledger rows
:mod:`games.queries.ledger`'s with the round and table number in front.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from common.errors import TableError
from games.api.access import actor
from games.api.views import CSV_PARAMETERS, ReadView
from games.models import Table
from games.queries import ledger
from scoring.api.common import (
    ERROR_404,
    PAGE_PARAMETERS,
    CSVRenderer,
    Rows,
    paginated,
    paginated_schema,
    wants_csv,
)
from scoring.engine.tiles import WIND_LETTERS

from .. import permissions, services
from ..models import RoundSeat, Tournament
from ..standings import Standings, points_text, standings
from . import serializers as s

EVENT = OpenApiParameter("id", str, OpenApiParameter.PATH, pattern=r"^[-a-zA-Z0-9_]+$",
                         description="The event's public id (the end of its link).")
STANDING_COLUMNS = ("place", "number", "player_id", "player", "status", "table_points",
                    "score", "shown", "penalties", "games", "live")
LEDGER_COLUMNS = ("event_round", "table_number", *ledger.COLUMNS)


def _event(request: Request, public_id: str) -> Tournament:
    try:
        return services.get_event(public_id, actor(request))
    except TableError:
        raise NotFound(f"there is no event {public_id!r} you can see; check the id") from None


def _convention(table: Standings) -> dict[str, Any]:
    c = table.convention
    return {"key": c.key, "label": c.label, "source": c.source,
            "table_points": list(table.points), "unit": c.unit, "decimals": c.decimals}


def event_detail(event: Tournament, request: Request) -> dict[str, Any]:
    rounds: dict[int, dict[str, Any]] = {}
    for seat in (RoundSeat.objects.filter(round_table__round__tournament=event)
                 .select_related("round_table__round", "round_table__table", "entry__player",
                                 "substitute")
                 .order_by("round_table__round__number", "round_table__number", "position")):
        rt = seat.round_table
        made = rounds.setdefault(rt.round.number, {
            "number": rt.round.number, "method": rt.round.method, "started": rt.round.started,
            "tables": {}})
        table = made["tables"].setdefault(rt.number, {
            "number": rt.number, "table": rt.table.public_id if rt.table else None,
            "seats": []})
        table["seats"].append({
            "position": seat.position, "wind": WIND_LETTERS[seat.position],
            "number": seat.entry.number if seat.entry else None,
            "player": seat.entry.player.display_name if seat.entry else "",
            "substitute": seat.substitute.display_name if seat.substitute else ""})
    short = event.short_config
    return {"id": event.public_id, "name": event.name, "kind": event.kind,
            "ruleset": event.ruleset, "preset": event.preset, "rounds": event.rounds,
            "seats": event.seats, "visibility": event.visibility, "seating": event.seating,
            "standings": _convention(standings(event)),
            "substitute_rule": event.substitute_rule,
            "short_table_points": event.short_table_points,
            "confirm_hands": event.confirm_hands,
            "confirm_before_close": event.confirm_before_close,
            "short_tables": "three_player" if short is not None else "substitutes",
            "short_rules": {"ruleset": short.ruleset, "preset": short.preset,
                            "name": short.name} if short is not None else None,
            "role": permissions.role(event, actor(request)),
            "seated_rounds": [{**r, "tables": list(r["tables"].values())}
                              for r in rounds.values()]}


def standing_rows(table: Standings) -> list[dict[str, Any]]:
    """The standings as flat rows (the CSV's columns, then each round's score)."""
    rounds = sorted({n for row in table.rows for n in row.by_round})
    out = []
    for row in table.rows:
        entry = row.entry
        line = {"place": row.rank, "number": entry.number, "player_id": entry.player_id,
                "player": entry.player.display_name, "status": entry.status,
                "table_points": float(row.table_points), "score": row.score,
                "shown": table.score_text(row.score), "penalties": row.penalties,
                "games": row.games, "live": row.live,
                "by_round": {str(n): v for n, v in sorted(row.by_round.items())}}
        out.append(line)
    for line in out:  # the CSV's round columns, and table points as the pages show them
        line.update({f"round_{n}": line["by_round"].get(str(n), "") for n in rounds})
    return out


class EventView(ReadView):
    @extend_schema(operation_id="events_retrieve", tags=["events"],
                   summary="An event: its rules, standings convention, and each round's "
                           "tables and seats", parameters=[EVENT],
                   responses={200: s.EventSerializer, 404: ERROR_404})
    def get(self, request: Request, id: str) -> Response:
        return Response(s.EventSerializer(event_detail(_event(request, id), request)).data)


class StandingsView(ReadView):
    renderer_classes = [JSONRenderer, CSVRenderer]

    @extend_schema(
        operation_id="events_standings", tags=["events"],
        summary="An event's standings by its ruleset's convention (penalties included; "
                "equal players share a place)",
        parameters=[EVENT, *CSV_PARAMETERS],
        responses={(200, "application/json"): s.EventStandingSerializer(many=True),
                   (200, "text/csv"): OpenApiResponse(
                       OpenApiTypes.STR, description="One row per player, best first, then "
                       "a column per round (round_1...)."),
                   (404, "application/json"): ERROR_404})
    def get(self, request: Request, id: str) -> Response:
        event = _event(request, id)
        table = standings(event)
        rows = standing_rows(table)
        if wants_csv(request):
            rounds = [key for key in (rows[0] if rows else {}) if key.startswith("round_")]
            for line, row in zip(rows, table.rows, strict=True):
                line["table_points"] = points_text(row.table_points)  # 2.33, as the page
            # "+45.3" is a score the server wrote, not a formula someone typed.
            response = Response(Rows(rows, [*STANDING_COLUMNS, *rounds],
                                     ids=("number", "player_id", "shown")))
            response["Content-Disposition"] = (f'attachment; filename="standings-'
                                               f'{event.public_id}.csv"')
            return response
        return Response(s.EventStandingSerializer(rows, many=True).data)


class LedgerView(ReadView):
    renderer_classes = [JSONRenderer, CSVRenderer]

    @extend_schema(
        operation_id="events_ledger", tags=["events"],
        summary="Every table's ledger of an event: one row per player per hand, then each "
                "table's final settlement, round by round",
        parameters=[EVENT, *PAGE_PARAMETERS, *CSV_PARAMETERS],
        responses={(200, "application/json"): paginated_schema(
                       "EventLedger", s.EventLedgerRowSerializer(many=True)),
                   (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="Every "
                                                      "row, not paginated."),
                   (404, "application/json"): ERROR_404})
    def get(self, request: Request, id: str) -> Response:
        event = _event(request, id)
        tables = list(Table.objects.filter(round_table__round__tournament=event)
                      .select_related("round_table__round")
                      .order_by("round_table__round__number", "round_table__number"))
        loaded = ledger.load(tables)
        rows = [{"event_round": t.round_table.round.number,
                 "table_number": t.round_table.number, **row}
                for t in tables for row in ledger.table_rows(loaded, t)]
        if wants_csv(request):
            response = Response(Rows(rows, LEDGER_COLUMNS,
                                     ids=("event_round", "table_number", *ledger.ID_COLUMNS)))
            response["Content-Disposition"] = (f'attachment; filename="ledger-'
                                               f'{event.public_id}.csv"')
            return response
        return paginated(self, request, s.EventLedgerRowSerializer(rows, many=True).data)
