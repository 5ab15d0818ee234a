"""An event's live pages (issue 28): the round clock's buttons on the round's page
(:mod:`events.clock`) and the big screen for a TV (:mod:`events.screen`, kept current
by :class:`events.consumers.EventScreenConsumer`). Thin, as :mod:`events.pages`: a
refused write is a message on the next page, never a 500."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs.forms import END_RULE_SOURCES
from clubs.screen import strings as screen_strings
from common.build import scripts_build
from common.limits import limit_writes
from games.models import EndRule
from games.permissions import request_actor
from games.ui import clock_strings

from . import clock as event_clock
from . import permissions, screen
from .forms import EventClockForm, EventExtraTimeForm
from .models import Round, Tournament
from .views import _event, _write


def clock_context(request: HttpRequest, event: Tournament, round_: Round) -> dict[str, Any]:
    """The round page's clock: its view, the forms of those who may run it or give a
    table time, the end-of-round rules with their sources, the big screen's link."""
    actor = request_actor(request)
    run = event_clock.may_run(event, actor)
    view = event_clock.view(round_)
    clock = round_.clock
    numbers = dict(round_.tables.filter(table__isnull=False)
                   .values_list("table__public_id", "number"))
    initial = ({"minutes": max(1, clock.duration // 60), "end_rule": clock.end_rule,
                "warnings": ", ".join(str(w) for w in clock.warnings)}
               if clock is not None else None)
    return {
        "clock": view, "clock_strings": clock_strings(),
        "clock_extras": sorted(({"table": numbers[key], "minutes": extra // 60}
                                for key, extra in (view or {}).get("extras", {}).items()
                                if extra and key in numbers), key=lambda r: r["table"]),
        "may_run_clock": run,
        "clock_form": EventClockForm(initial=initial) if run else None,
        "extra_form": EventExtraTimeForm(round_=round_)
        if clock is not None and round_.started and event_clock.may_extend(event, actor)
        else None,
        "end_rules": [{"value": value, "label": label, "source": END_RULE_SOURCES[value],
                       "checked": value == (clock.end_rule if clock else EndRule.FINISH_HAND)}
                      for value, label in EndRule.choices],
        "clock_rule": EndRule(clock.end_rule).label if clock else "",
        "screen_url": screen.screen_url(request, event, organiser=run),
    }


def _errors(form: Any) -> str:
    return " ".join(f"{form.fields[name].label}: {' '.join(errors)}" if name in form.fields
                    else " ".join(errors) for name, errors in form.errors.items())


@require_POST
@limit_writes("page_write")
def clock_action(request: HttpRequest, public_id: str, number: int) -> HttpResponse:
    """The round clock's buttons: ``save`` (its settings), ``extend`` (a table's extra
    time: referees too), or start, pause, resume, reset."""
    event = _event(request, public_id)
    actor = request_actor(request)
    if not event_clock.may_extend(event, actor):
        raise PermissionDenied(_("Only the event's organisers and referees may do this."))
    action = request.POST.get("action", "")
    if action == "save":
        form = EventClockForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            _write(request, lambda: event_clock.set_clock(
                event, number, actor, data["minutes"], data["end_rule"], data["warnings"]),
                _("The clock was set."))
        else:
            messages.error(request, _errors(form))
    elif action == "extend":
        round_ = Round.objects.filter(tournament=event, number=number).first()
        if round_ is None:
            raise Http404(_("That round is not seated yet."))
        extra = EventExtraTimeForm(request.POST, round_=round_)
        if extra.is_valid():
            _write(request, lambda: event_clock.extend(
                event, number, actor, extra.cleaned_data["table"],
                extra.cleaned_data["minutes"]), _("The table's time was changed."))
        else:
            messages.error(request, _errors(extra))
    elif action in event_clock.ACTIONS:
        _write(request, lambda: event_clock.run(event, number, actor, action), "")
    else:
        messages.error(request, _("Choose what to do with the clock."))
    return redirect(reverse("events:round", args=[event.public_id, number]) + "#clock")


@require_GET
def event_screen(request: HttpRequest, public_id: str) -> HttpResponse:
    """The event's big screen: a public event's for anyone, another's with its key or for
    its own readers; a private event is not found by a stranger, as its page."""
    event = Tournament.objects.select_related("group").filter(
        public_id=str(public_id)[:24]).first()
    actor = request_actor(request)
    key = request.GET.get(screen.KEY, "")
    if event is None or not (permissions.can_view(event, actor)
                             or screen.has_key(event, key)):
        raise Http404(_("There is no such event."))
    if not screen.may_watch(event, actor, key):
        raise PermissionDenied(_("This screen needs its link: ask the event's organisers "
                                 "for it."))
    query = f"?{screen.KEY}={key}" if screen.has_key(event, key) else ""
    _tables, message = screen.message(event)
    return render(request, "events/screen.html", {
        "event": event, **message,
        "socket_path": f"/ws/events/{event.public_id}/screen/{query}",
        "build": scripts_build(),  # the scripts' release, which the socket names too
        "strings": {**clock_strings(), **screen_strings()}})
