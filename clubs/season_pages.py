"""Pages of a group's seasons: a season's standings, adding and removing one (the
group's managers). Thin, as :mod:`clubs.views`: the numbers and writes are
:mod:`clubs.seasons`'; a refused write is a message, never a 500."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.errors import TableError
from common.limits import limit_writes
from games.permissions import request_actor

from . import permissions, seasons
from .forms import SeasonForm
from .models import Group, Season
from .views import _group, _write


def season_of(request: HttpRequest, group: Group) -> Season | None:
    """The season ``?season=<id>`` names, if the group has it (else all its tables)."""
    wanted = request.GET.get("season")
    if not wanted:
        return None
    try:
        return seasons.get_season(group, wanted)
    except TableError as exc:
        raise Http404(exc.message) from exc


@require_GET
def season_detail(request: HttpRequest, public_id: str, season_id: str) -> HttpResponse:
    group = _group(request, public_id)
    try:
        season = seasons.get_season(group, season_id)
    except TableError as exc:
        raise Http404(exc.message) from exc
    actor = request_actor(request)
    return render(request, "clubs/season_detail.html", {
        "group": group, "season": season, "boards": seasons.boards(season, actor),
        "can_manage": permissions.can_manage(group, actor),
        "hidden": permissions.hidden_count(group, actor)})


@require_POST
@limit_writes("page_write")
def season_new(request: HttpRequest, public_id: str) -> HttpResponse:
    group = _group(request, public_id)
    form = SeasonForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the season a name, a first and a last day."))
        return redirect(reverse("clubs:group", args=[group.public_id]) + "#seasons")
    data = form.cleaned_data
    made: list[Season] = []
    if _write(request, lambda: made.append(seasons.create_season(
            group, data["name"], data["starts"], data["ends"], request_actor(request),
            data["best"])),
            _("The season was added.")):
        return redirect("clubs:season", public_id=group.public_id,
                        season_id=made[0].public_id)
    return redirect(reverse("clubs:group", args=[group.public_id]) + "#seasons")


@require_POST
@limit_writes("page_write")
def season_remove(request: HttpRequest, public_id: str, season_id: str) -> HttpResponse:
    group = _group(request, public_id)
    try:
        season = seasons.get_season(group, season_id)
    except TableError as exc:
        raise Http404(exc.message) from exc
    _write(request, lambda: seasons.remove_season(season, request_actor(request)),
           _("The season was removed."))
    return redirect(reverse("clubs:group", args=[group.public_id]) + "#seasons")
