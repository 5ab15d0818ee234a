"""The evening's live pages (issue 28): the round clock's buttons on the evening page and
the big screen for a TV (:mod:`clubs.screen`, kept current by
:class:`clubs.consumers.ScreenConsumer`). Permissions: the evening page's (anyone who may
look at the group sees the clock; its members run it) and the screen's own read-only key
for a members-only group (:func:`clubs.screen.may_watch`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.build import scripts_build
from common.limits import limit_writes
from games.models import EndRule, Table
from games.permissions import request_actor
from games.ui import clock_strings

from . import evening_clock, screen
from .forms import END_RULE_SOURCES, ClockForm, ExtraTimeForm
from .models import Evening
from .views import _evening, _write


def clock_context(request: HttpRequest, evening: Evening, contribute: bool) -> dict[str, Any]:
    view = evening_clock.view(evening)
    clock = evening.clock
    initial = ({"minutes": max(1, clock.duration // 60), "end_rule": clock.end_rule,
                "warnings": ", ".join(str(w) for w in clock.warnings),
                "table": evening.clock_table.public_id if evening.clock_table else ""}
               if clock is not None else None)
    names = dict(Table.objects.filter(club_link__evening=evening)
                 .values_list("public_id", "name"))
    return {
        "clock": view, "clock_strings": clock_strings(),
        "clock_extras": [{"name": names.get(key, ""), "minutes": extra // 60}
                         for key, extra in (view or {}).get("extras", {}).items() if extra],
        "clock_form": ClockForm(initial=initial, evening=evening) if contribute else None,
        "extra_form": ExtraTimeForm(evening=evening) if contribute and clock else None,
        # The end-of-round rules with where each comes from, the clock's own ticked.
        "end_rules": [{"value": value, "label": label, "source": END_RULE_SOURCES[value],
                       "checked": value == (clock.end_rule if clock else EndRule.FINISH_HAND)}
                      for value, label in EndRule.choices],
        "clock_rule": EndRule(clock.end_rule).label if clock else "",
        "screen_url": screen.screen_url(request, evening, with_key=contribute),
    }


@require_POST
@limit_writes("page_write")
def evening_clock_action(request: HttpRequest, public_id: str) -> HttpResponse:
    """The evening clock's buttons: ``action`` is ``save`` (the clock's settings), ``extend``
    (a table's extra time), or start, pause, resume, reset, remove."""
    evening = _evening(request, public_id)
    actor = request_actor(request)
    if not evening_clock.may_run(evening, actor):
        raise PermissionDenied(_("Only the group's members and managers may run the clock "
                                 "of its evenings."))
    action = request.POST.get("action", "")
    if action == "save":
        form = ClockForm(request.POST, evening=evening)
        if form.is_valid():
            data = form.cleaned_data
            _write(request, lambda: evening_clock.set_clock(
                evening, actor, data["minutes"], data["end_rule"], data["warnings"],
                data["table"]), _("The clock was set."))
        else:
            messages.error(request, _form_errors(form))
    elif action == "extend":
        extra = ExtraTimeForm(request.POST, evening=evening)
        if extra.is_valid():
            _write(request, lambda: evening_clock.extend(
                evening, actor, extra.cleaned_data["table"], extra.cleaned_data["minutes"]),
                _("The table's time was changed."))
        else:
            messages.error(request, _form_errors(extra))
    elif action in evening_clock.ACTIONS:
        _write(request, lambda: evening_clock.run(evening, actor, action), "")
    else:
        messages.error(request, _("Choose what to do with the clock."))
    return redirect(reverse("clubs:evening", args=[evening.public_id]) + "#clock")


def _form_errors(form: Any) -> str:
    return " ".join(f"{form.fields[name].label}: {' '.join(errors)}" if name in form.fields
                    else " ".join(errors) for name, errors in form.errors.items())


@require_GET
def evening_screen(request: HttpRequest, public_id: str) -> HttpResponse:
    """The evening's big screen: anyone who may look at the group, or with the screen's
    key (a members-only group's link); the page fills itself over its socket."""
    evening = Evening.objects.select_related("group").filter(public_id=public_id).first()
    key = request.GET.get(screen.KEY, "")
    if evening is None or not screen.may_watch(evening, request_actor(request), key):
        # A members-only group's evening does not admit it exists without the key.
        raise PermissionDenied(_("This screen needs its link: ask the group's members for "
                                 "it."))
    query = f"?{screen.KEY}={key}" if screen.has_key(evening, key) else ""
    return render(request, "clubs/screen.html", {
        "evening": evening, "group": evening.group, **screen.message(evening),
        "socket_path": f"/ws/evenings/{evening.public_id}/screen/{query}",
        "build": scripts_build(),  # the scripts' release, which the socket names too
        "strings": {**clock_strings(), **screen.strings()}})
