"""Pages of events: the list, a new event, an event's page with its players and officials,
its settings, and the join page its QR code opens. Thin: permissions in
:mod:`events.permissions`, writes in :mod:`events.services`; a refused write is shown as
a message, never a 500."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import segno
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from common.errors import TableError
from common.limits import as_refused, limit_writes, refused_form, wait_sentence
from common.links import phone_url
from games.devices import ensure_device
from games.permissions import request_actor
from games.services.explain import refusal_text

from . import permissions, services
from .forms import EventForm, JoinForm, MembersForm, OfficialForm, PlayerForm, SettingsForm
from .models import Entry, Official, Status, Tournament

KEY = "k"  # the join link's query parameter


def _event(request: HttpRequest, public_id: str) -> Tournament:
    try:
        return services.get_event(public_id, request_actor(request))
    except TableError as exc:
        raise Http404(refusal_text(exc)) from exc


def _write(request: HttpRequest, action: Callable[[], Any], done: str) -> bool:
    """Run a service write; a refusal becomes an error message on the next page."""
    try:
        action()
    except TableError as exc:
        messages.error(request, refusal_text(exc))
        return False
    if done:
        messages.success(request, done)
    return True


def join_url(request: HttpRequest, event: Tournament) -> str:
    path = reverse("events:join", args=[event.public_id])
    return phone_url(request, f"{path}?{urlencode({KEY: event.join_key})}")


@require_GET
def event_list(request: HttpRequest) -> HttpResponse:
    events = permissions.listed_events(request_actor(request)).select_related("group")
    return render(request, "events/event_list.html", {"events": events[:200]})


@require_http_methods(["GET", "POST"])
def event_new(request: HttpRequest) -> HttpResponse:
    wait = refused_form(request)  # counted in ``create``; a refusal re-shows the form
    form = EventForm(request.POST or None, reader=request_actor(request),
                     initial={"group": request.GET.get("group")})
    if wait is not None:
        form.add_error(None, wait_sentence(wait))
    elif request.method == "POST" and form.is_valid():
        ensure_device(request)  # the creating browser organises the event
        data = form.cleaned_data
        try:
            event = services.create_event(
                data["name"], request_actor(request), data["config"], rounds=data["rounds"],
                kind=data["kind"], visibility=data["visibility"], group=data.get("group"),
                starts_at=data["starts_at"], description=data["description"],
                confirm_hands=data["confirm_hands"] or None,  # unticked: as the group's
                confirm_before_close=data["confirm_before_close"])
        except TableError as exc:
            form.add_error(None, refusal_text(exc))
        else:
            return redirect("events:detail", public_id=event.public_id)
    response = render(request, "events/event_form.html", {
        "form": form, "heading": _("New event"), "submit": _("Create the event")})
    return as_refused(response, wait) if wait is not None else response


@require_GET
def event_detail(request: HttpRequest, public_id: str) -> HttpResponse:
    event = _event(request, public_id)
    role = permissions.role(event, request_actor(request))
    organiser = role == "organiser"
    referee = role in ("organiser", "referee")
    entries = list(Entry.objects.filter(tournament=event).select_related("player", "tournament"))
    link = join_url(request, event) if referee else ""
    from .pages import event_sections  # pages builds on this module's helpers

    return render(request, "events/event_detail.html", {
        **event_sections(request, event, role),
        "event": event, "role": role, "organiser": organiser, "referee": referee,
        "entries": entries, "mine": permissions.entry_of(event, request_actor(request)),
        "counts": {s: sum(e.status == s for e in entries) for s in Status.values},
        "statuses": Status, "officials": Official.objects.filter(tournament=event)
        .select_related("user") if organiser else [],
        "join_url": link, "qr_svg": _qr_svg(link) if link else "",
        "player_form": PlayerForm() if organiser else None,
        "members_form": MembersForm(event=event) if organiser and event.group else None,
        "official_form": OfficialForm() if organiser else None,
        "group_visible": event.group is not None
        and permissions.clubs.can_view(event.group, request_actor(request)),
    })


def _qr_svg(url: str) -> str:
    qr = segno.make(url, error="m")
    return str(qr.svg_inline(scale=4, border=2, dark="#1d1d1b", light="#ffffff"))


@require_http_methods(["GET", "POST"])
@limit_writes("page_write")
def event_settings(request: HttpRequest, public_id: str) -> HttpResponse:
    event = _event(request, public_id)
    if not permissions.can_organise(event, request_actor(request)):
        raise PermissionDenied(_("Only the event's organisers may change it."))
    form = SettingsForm.of(event, request.POST or None)
    if request.method == "POST" and form.is_valid():
        if _write(request, lambda: services.update_event(
                event, request_actor(request), **form.cleaned_data),
                  _("The event was saved.")):
            return redirect("events:detail", public_id=event.public_id)
    return render(request, "events/event_form.html", {
        "form": form, "event": event, "heading": _("Event settings"), "submit": _("Save")})


def _int(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() else None


@require_POST
@limit_writes("page_write")
def event_players(request: HttpRequest, public_id: str) -> HttpResponse:
    """Entries: ``add`` by name, ``members`` of the group, a ``status`` for ``entry``, or
    ``remove`` one."""
    event = _event(request, public_id)
    back = reverse("events:detail", args=[event.public_id]) + "#players"
    action = request.POST.get("action", "")
    entry = _int(request.POST.get("entry"))
    if action == "add":
        form = PlayerForm(request.POST)
        if form.is_valid():
            _write(request, lambda: services.add_player(
                event, form.cleaned_data["name"], request_actor(request)),
                _("The player was entered."))
        else:
            messages.error(request, _("Give the player's name (up to 64 characters)."))
    elif action == "members":
        members = MembersForm(request.POST, event=event)
        if members.is_valid():
            _write(request, lambda: services.add_members(
                event, members.cleaned_data["members"], request_actor(request)),
                _("The members were entered."))
        else:
            messages.error(request, _("Choose members of the group who have not entered."))
    elif action == "status" and entry is not None:
        status = request.POST.get("status", "")
        _write(request, lambda: services.set_status(event, entry, status, request_actor(request)),
               _("The player's status was saved."))
    elif action == "remove" and entry is not None:
        _write(request, lambda: services.remove_entry(event, entry, request_actor(request)),
               _("The player was taken out of the event."))
    else:
        messages.error(request, _("The page sent something the site cannot read; reload it."))
    return redirect(back)


@require_POST
@limit_writes("page_write")
def event_officials(request: HttpRequest, public_id: str) -> HttpResponse:
    event = _event(request, public_id)
    back = reverse("events:detail", args=[event.public_id]) + "#officials"
    remove = _int(request.POST.get("remove"))
    if remove is not None:
        _write(request, lambda: services.remove_official(event, remove, request_actor(request)),
               _("The official was removed."))
        return redirect(back)
    form = OfficialForm(request.POST)
    if form.is_valid():
        _write(request, lambda: services.add_official(
            event, form.cleaned_data["username"], form.cleaned_data["role"],
            request_actor(request)),
            _("The official was added."))
    else:
        messages.error(request, _("Give an account's name and choose a role."))
    return redirect(back)


@require_http_methods(["GET", "POST"])
@limit_writes("page_write")
def event_join(request: HttpRequest, public_id: str) -> HttpResponse:
    """The page the QR code opens: the event's name and a form to enter it. The key
    opens it even for a private event (as a table's join link does)."""
    key = str(request.POST.get(KEY) or request.GET.get(KEY) or "")
    event = Tournament.objects.filter(public_id=str(public_id)[:24]).first()
    if event is None or not key or key != event.join_key:
        if event is not None and permissions.can_view(event, request_actor(request)):
            raise PermissionDenied(_("Entering this event needs its join link from an "
                                     "organiser."))
        raise Http404(_("There is no such event."))
    mine = permissions.entry_of(event, request_actor(request))
    form = JoinForm(request.POST or None)
    if request.method == "POST" and mine is None and form.is_valid():
        ensure_device(request)  # the phone that entered is the player's until they sign in
        entered: list[Entry] = []
        if _write(request, lambda: entered.append(services.join(
                event, key, form.cleaned_data["name"], request_actor(request))),
                _("You are entered.")):
            return redirect("events:detail", public_id=event.public_id)
    return render(request, "events/event_join.html", {
        "event": event, "form": form, "key": key, "mine": mine, "key_name": KEY,
        "signed_in": request.user.is_authenticated})
