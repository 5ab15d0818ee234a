"""A group's seasons over HTTP, under /api/groups/{id}/seasons/: the list, and a season's
standings per ruleset as JSON or CSV (``?format=csv``, ``&bom=1`` for Excel).

Who may read them is who may read the group (:func:`clubs.services.get_group`: a private
group answers 404 to strangers, as its season page does); the numbers are
:func:`clubs.seasons.boards`', the season page's own (one home), over the tables the
caller may open.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.access import actor
from scoring.api.common import (
    ERROR_404,
    PAGE_PARAMETERS,
    CSVRenderer,
    Rows,
    paginated,
    paginated_schema,
    wants_csv,
)

from .. import seasons
from ..models import Season
from . import serializers as s
from .views import GROUP, ClubView, _group

SEASON = OpenApiParameter("season", str, OpenApiParameter.PATH, pattern=r"^[-a-zA-Z0-9_]+$",
                          description="The season's public id (the end of its page's link).")
CSV_PARAMETERS = [
    OpenApiParameter("format", str, enum=["json", "csv"],
                     description="csv for a spreadsheet (or send Accept: text/csv)."),
    OpenApiParameter("bom", bool, description="With CSV: start with a UTF-8 byte-order mark "
                                              "so Excel reads Chinese/Japanese names."),
]
STANDING_COLUMNS = ("ruleset", "unit", "place", "player_id", "player", "games", "counted",
                    "average_placement", "total")


def season_ref(season: Season) -> dict[str, Any]:
    return {"id": season.public_id, "name": season.name, "starts": season.starts,
            "ends": season.ends, "best": season.best}


def standings(season: Season, request: Request) -> list[dict[str, Any]]:
    """The season page's boards as data: totals as text with the board's decimals (the
    page's +43.0 beside +4.9 is 43.0 and 4.9 here), so JSON and CSV read alike."""
    out = []
    for board in seasons.boards(season, actor(request)):
        places = board.places
        out.append({"ruleset": board.ruleset, "title": board.title, "unit": board.unit,
                    "rows": [{"place": r.place,
                              "player": {"id": r.player.pk, "name": r.player.display_name},
                              "games": r.games, "counted": r.counted,
                              "average_placement": r.average_place,
                              "total": f"{r.total:.{places}f}"} for r in board.rows]})
    return out


class SeasonsView(ClubView):
    @extend_schema(operation_id="groups_seasons", tags=["groups"],
                   summary="A group's seasons, the latest first",
                   parameters=[GROUP, *PAGE_PARAMETERS],
                   responses={200: paginated_schema("SeasonList", s.SeasonSerializer(many=True)),
                              404: ERROR_404})
    def get(self, request: Request, id: str) -> Response:
        group = _group(request, id)
        return paginated(self, request, s.SeasonSerializer(
            [season_ref(x) for x in group.seasons.all()], many=True).data)


class SeasonStandingsView(ClubView):
    renderer_classes = [JSONRenderer, CSVRenderer]

    @extend_schema(
        operation_id="groups_season_standings", tags=["groups"],
        summary="A season's standings per ruleset: the group's members by the sum of the "
                "results that count (each one's best N when the season says so); equal "
                "totals share a place",
        parameters=[GROUP, SEASON, *CSV_PARAMETERS],
        responses={(200, "application/json"): s.SeasonStandingsSerializer,
                   (200, "text/csv"): OpenApiResponse(
                       OpenApiTypes.STR, description="One row per player and ruleset, "
                       "best first within each ruleset."),
                   (404, "application/json"): ERROR_404})
    def get(self, request: Request, id: str, season: str) -> Response:
        group = _group(request, id)
        found = seasons.get_season(group, season)
        boards = standings(found, request)
        if wants_csv(request):
            rows = [{"ruleset": b["ruleset"], "unit": b["unit"], "place": r["place"],
                     "player_id": r["player"]["id"], "player": r["player"]["name"],
                     "games": r["games"], "counted": r["counted"],
                     "average_placement": r["average_placement"], "total": r["total"]}
                    for b in boards for r in b["rows"]]
            # "-12.5" is a total the server wrote, not a formula someone typed.
            response = Response(Rows(rows, STANDING_COLUMNS, ids=("player_id", "total")))
            response["Content-Disposition"] = (f'attachment; filename="season-'
                                               f'{found.public_id}.csv"')
            return response
        return Response(s.SeasonStandingsSerializer(
            {**season_ref(found), "boards": boards}).data)
