"""The MCR fan list: every fan with its points, definition, example tiles, both difficulty
indices, and a scatter plot against how often MCR tables of this site scored it."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from scoring import registry, sources

from . import fans


def fans_page(request: HttpRequest) -> HttpResponse:
    wins, seen = fans.fan_counts(sources.recorded_results(fans.NAME))
    rows = fans.fan_rows(wins, seen)
    for row in rows:
        # Definitions are msgids (scoring.engine_texts lists them).
        row["definition"] = _(row["definition"]) if row.get("definition") else ""
    rs = registry.get(fans.NAME)
    return render(request, "mcr/fans.html", {
        "rows": rows, "wins": wins, "plot": fans.scatter(rows),
        "title": rs.title, "title_native": rs.title_native,
    })
