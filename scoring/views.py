"""Pages of the scoring app: the hand analyser and the tile-danger estimate (issue 9); a
ruleset's own pages are in its package's ``site`` app (scoring/registry.py mounts them).

Both are GET forms rendered by the server, so they work without scripts and a result
is a link to share; ``static/js/analyse.js`` and ``danger.js`` add the tile picker and
show the answer without a reload: the same view renders its answer part alone for
``?fragment=1`` (one renderer, no second one in the browser).
``/analyse/?table=<public_id>`` starts from the ruleset, preset and options of a table the
visitor may view (the table page links there when a draw is recorded).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from common.limits import limit_engine
from scoring import pages, rendering, sources
from scoring.engine import commands
from scoring.engine.tiles import split_melds
from scoring.picker_text import picker_strings


def _strings() -> dict[str, str]:
    """Strings of the page's language for the tile picker (static/js/i18n.js reads them);
    the answers themselves are rendered here."""
    return picker_strings()


def _shape_labels() -> dict[str, str]:
    return {
        "standard": _("four sets and a pair"), "seven_pairs": _("seven pairs"),
        "seven_pairs_quads": _("seven pairs"), "thirteen_orphans": _("thirteen orphans"),
        "honours_and_knitted": _("全不靠 knitted honours"),
        "knitted_straight": _("组合龙 knitted straight"), "thirteen_lan": _("十三烂"),
    }


def _reason_labels() -> dict[str, str]:
    return {
        "genbutsu": _("their own discard, safe"), "suji": _("suji"),
        "kabe": _("kabe: every copy of a neighbour is visible"),
        "copies_visible": _("copies visible"),
    }


@require_GET
@limit_engine(lambda request: bool(request.GET.get("hand", "").strip()))
def analyse_page(request: HttpRequest) -> HttpResponse:
    fields = pages.analyser_fields()
    form = {key: request.GET.get(key, "").strip() for key in pages.form_names()}
    choices = pages.ruleset_choices()
    names = [c["name"] for c in choices]
    table = sources.table_rules(request, form["table"])
    overrides: dict[str, Any] = {}
    if table is not None and table.ruleset in names:
        form["ruleset"] = form["ruleset"] or table.ruleset
        if form["ruleset"] == table.ruleset:
            form["preset"] = form["preset"] or table.preset
            overrides = dict(table.options)
    if form["ruleset"] not in names:
        form["ruleset"] = names[0]
    form["preset"], options = pages.resolve_options(form["ruleset"], form["preset"],
                                                    overrides)
    context: dict[str, Any] = {
        "form": form, "choices": choices, "table": table,
        "fields": [{"spec": f, "value": form[f.name]} for f in fields],
        "options": options, "strings": _strings(),
        "tile_sets": {c["name"]: spec.tiles.as_json() for c in choices
                      if (spec := rendering.spec_for(c["name"], pages.resolve_options(
                          c["name"], "")[1])) is not None},
    }
    if form["hand"]:
        engine_request = pages.analyse_request(form, options)
        result = commands.run("analyse", engine_request)
        context["engine_request"] = engine_request
        if set(result) == {"error"}:
            context["error"] = result["error"]
        else:
            context["analysis"] = pages.analysis_view(result, _shape_labels(),
                                                      form["ruleset"], options)
        context["hand_tiles"] = pages.tiles(form["hand"])
        context["meld_tiles"] = [pages.meld_view(m) for m in split_melds(form["melds"])]
    if request.GET.get("fragment") == "1":
        # The page's script asks for the answer alone, to show it without a reload.
        return render(request, "scoring/_analysis.html", context)
    return render(request, "scoring/analyse.html", context)


@require_GET
@limit_engine(lambda request: True)  # the page runs the engine whatever it is asked
def danger_page(request: HttpRequest) -> HttpResponse:
    form = {key: request.GET.get(key, "").strip() for key in pages.DANGER_FIELDS}
    result = commands.run("danger", pages.danger_request(form))
    context: dict[str, Any] = {"form": form, "strings": _strings()}
    if set(result) == {"error"}:
        context["error"] = result["error"]
    else:
        context["rows"] = pages.danger_views(result["tiles"], _reason_labels())
    context["discard_tiles"] = pages.tiles(form["discards"])
    if request.GET.get("fragment") == "1":
        return render(request, "scoring/_danger.html", context)
    return render(request, "scoring/danger.html", context)
