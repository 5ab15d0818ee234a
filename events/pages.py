"""Pages of an event's rounds and results: a round's seating (seat, swap, substitutes,
start), the standings (live), the results page, penalties, calls for a referee, the one
tap that takes a player to their table, and what a table of an event's round shows
(:func:`table_banner`). Thin, as :mod:`events.views`: permissions in
:mod:`events.permissions`, writes in :mod:`events.rounds` and :mod:`events.officiating`;
a refused write is a message on the next page, never a 500."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.errors import TableError
from common.limits import limit_writes
from games.devices import ensure_device
from games.models import Table
from games.permissions import Actor, can_view, can_write, request_actor
from games.presenter import wind_name
from games.services.explain import refusal_text
from scoring.engine.tiles import WIND_LETTERS

from . import officiating, permissions, rounds, screen
from .forms import FixedForm, PenaltyForm, SubstituteForm, SwapForm, rules_title
from .live_views import clock_context
from .models import Entry, Method, Round, RoundSeat, Status, Tournament
from .standings import Standings, points_text, standings, unconfirmed_by_entry
from .views import _event, _int, _write


def seat_label(seat: RoundSeat) -> str:
    """"Table 3, South: 12 Aiko" (the substitute playing it in brackets)."""
    who = (f"{seat.entry.number} {seat.entry.player.display_name}" if seat.entry
           else _("substitute's seat"))
    if seat.substitute is not None:
        who = f"{who} ({seat.substitute.display_name})"
    return _("Table %(table)s, %(wind)s: %(who)s") % {
        "table": seat.round_table.number, "wind": wind_name(WIND_LETTERS[seat.position]),
        "who": who}


def _round_tables(round_: Round) -> tuple[list[dict[str, Any]], list[RoundSeat]]:
    seats = list(RoundSeat.objects.filter(round_table__round=round_)
                 .select_related("round_table__table", "entry__player", "substitute")
                 .order_by("round_table__number", "position"))
    tables: dict[int, dict[str, Any]] = {}
    for seat in seats:
        rt = seat.round_table
        table = tables.setdefault(rt.pk, {"number": rt.number, "table": rt.table,
                                          "seats": []})
        table["seats"].append({"seat": seat, "wind": wind_name(WIND_LETTERS[seat.position]),
                               "playing": rounds.playing(seat)})
    return list(tables.values()), seats


def _round_back(event: Tournament, number: int) -> str:
    return reverse("events:round", args=[event.public_id, number])


@require_GET
def round_detail(request: HttpRequest, public_id: str, number: int) -> HttpResponse:
    event = _event(request, public_id)
    round_ = get_object_or_404(Round, tournament=event, number=number)
    role = permissions.role(event, request_actor(request))
    tables, seats = _round_tables(round_)
    choices = [(s.pk, seat_label(s)) for s in seats]
    seated = {s.entry_id for s in seats if s.entry_id is not None}
    waiting = list(Entry.objects.filter(tournament=event, status=Status.ACTIVE)
                   .exclude(pk__in=seated).select_related("player"))
    organiser = role == "organiser"
    referee = role in ("organiser", "referee")
    last = Round.objects.filter(tournament=event).order_by("-number").first()
    return render(request, "events/round_detail.html", {
        "event": event, "round": round_, "tables": tables, "role": role,
        "organiser": organiser, "referee": referee, "waiting": waiting,
        "quality": round_.quality, "latest": last is not None and last.pk == round_.pk,
        "swap_form": SwapForm(seats=choices) if organiser else None,
        "substitute_form": SubstituteForm(seats=choices) if referee else None,
        "mine": rounds.my_seat(event, request_actor(request)),
        # Confirmation by the table (issue 29): the tables with hands not yet confirmed.
        "unconfirmed": set(rounds.unconfirmed_tables(round_)) if event.confirm_hands
        and round_.started else set(),
        # The rules a table of three plays in a four-player event (issue 27).
        "short_rules": rules_title(event.short_config) if event.short_config else "",
        **clock_context(request, event, round_),
    })


@require_POST
@limit_writes("page_write")
def round_action(request: HttpRequest, public_id: str, number: int) -> HttpResponse:
    """``swap`` two seats, a ``substitute`` for a seat, or ``start`` the round."""
    event = _event(request, public_id)
    action = request.POST.get("action", "")
    back = _round_back(event, number)
    if action == "swap":
        first, second = _int(request.POST.get("first")), _int(request.POST.get("second"))
        _write(request, lambda: rounds.swap(event, number, first, second, request_actor(request)),
               _("The two players changed seats."))
    elif action == "substitute":
        seat, name = _int(request.POST.get("seat")), request.POST.get("name", "")
        _write(request, lambda: rounds.set_substitute(event, number, seat, name,
                                                      request_actor(request)),
               _("The seat was saved."))
    elif action == "start":
        if _write(request, lambda: rounds.start_round(event, number, request_actor(request)),
                  _("The round has started: every table is open.")):
            return redirect(back + "#tables")
    else:
        messages.error(request, _("The page sent something the site cannot read; reload it."))
    return redirect(back)


@require_POST
@limit_writes("page_write")
def rounds_action(request: HttpRequest, public_id: str) -> HttpResponse:
    """``seat`` the next round (or the last again), or the organiser's ``fixed`` seating."""
    event = _event(request, public_id)
    action = request.POST.get("action", "")
    if action == "seat":
        made: list[Round] = []
        if _write(request, lambda: made.append(rounds.seat_round(event, request_actor(request))),
                  _("The round is seated.")):
            return redirect(_round_back(event, made[0].number))
    elif action == "fixed":
        form = FixedForm(request.POST, request.FILES)
        try:
            text = form.seating_text() if form.is_valid() else ""
        except ValidationError as exc:  # the upload's own refusal (size, encoding)
            messages.error(request, " ".join(exc.messages))
        else:
            if text.strip():
                _write(request, lambda: rounds.set_fixed(event, text, request_actor(request)),
                       _("The seating was saved; seat each round from it."))
            else:
                messages.error(request, _("Type the seating or choose a file."))
    else:
        messages.error(request, _("The page sent something the site cannot read; reload it."))
    return redirect(reverse("events:detail", args=[event.public_id]) + "#rounds")


@require_POST
@limit_writes("page_write")
def sit(request: HttpRequest, public_id: str) -> HttpResponse:
    """The player's one tap: to their table in the current round, seated there."""
    event = _event(request, public_id)
    ensure_device(request)
    try:
        table = rounds.sit(event, request_actor(request))
    except TableError as exc:
        messages.error(request, refusal_text(exc))
        return redirect("events:detail", public_id=event.public_id)
    return redirect("games:table", public_id=table.public_id)


def standings_context(event: Tournament, table: Standings | None = None) -> dict[str, Any]:
    """The standings fragment's context: the event's standings (counted now, unless
    given), each row's score and table points as shown."""
    table = standings(event) if table is None else table
    unconfirmed = unconfirmed_by_entry(event)  # issue 29: hands not confirmed yet
    return {"event": event, "standings": table,
            "rows": [{"row": r, "score": table.score_text(r.score),
                      "points": points_text(r.table_points),
                      "penalties": table.score_text(r.penalties) if r.penalties else "",
                      "unconfirmed": unconfirmed.get(getattr(r.entry, "pk", 0), 0)}
                     for r in table.rows]}


def standings_fragment(event: Tournament) -> str:
    """The standings table as the standings page shows it, in the active language."""
    return render_to_string("events/_standings.html", standings_context(event))


@require_GET
def standings_page(request: HttpRequest, public_id: str) -> HttpResponse:
    event = _event(request, public_id)
    return render(request, "events/standings.html", {
        "event": event, "fragment": standings_fragment(event),
        "socket_path": f"/ws/events/{event.public_id}/?watch=standings"})


@require_GET
def results_page(request: HttpRequest, public_id: str) -> HttpResponse:
    """Every round's score of each player and every table, with the downloads: the
    public results (anyone who may look at the event)."""
    event = _event(request, public_id)
    context = standings_context(event)
    played = list(Round.objects.filter(tournament=event, started_at__isnull=False)
                  .order_by("number"))
    table = context["standings"]
    for line in context["rows"]:
        row = line["row"]
        line["by_round"] = [table.score_text(row.by_round[r.number])
                            if r.number in row.by_round else "" for r in played]
    tables = (Table.objects.filter(round_table__round__tournament=event)
              .values_list("round_table__round__number", "round_table__number", "public_id")
              .order_by("round_table__round__number", "round_table__number"))
    by_round: dict[int, list[tuple[int, str]]] = {}
    for number, table_number, table_id in tables:
        by_round.setdefault(number, []).append((table_number, table_id))
    return render(request, "events/results.html", {
        **context, "played": played, "tables": sorted(by_round.items())})


@require_POST
@limit_writes("page_write")
def penalties_action(request: HttpRequest, public_id: str) -> HttpResponse:
    event = _event(request, public_id)
    back = reverse("events:detail", args=[event.public_id]) + "#penalties"
    remove = _int(request.POST.get("remove"))
    if remove is not None:
        _write(request, lambda: officiating.remove_penalty(event, remove, request_actor(request)),
               _("The penalty was removed."))
        return redirect(back)
    if not permissions.can_referee(event, request_actor(request)):
        raise PermissionDenied(_("Only the event's organisers and referees may do this."))
    form = PenaltyForm(request.POST, event=event)
    if form.is_valid():
        data = form.cleaned_data
        current = Round.objects.filter(tournament=event).order_by("-number").first()
        _write(request, lambda: officiating.add_penalty(
            event, data["entry"], data["points"], data["reason"], request_actor(request),
            current.number if current is not None else None), _("The penalty was given."))
    else:
        messages.error(request, _("Choose a player, give points other than 0 and a reason."))
    return redirect(back)


@require_POST
@limit_writes("page_write")
def answer_call(request: HttpRequest, public_id: str) -> HttpResponse:
    event = _event(request, public_id)
    call = _int(request.POST.get("call"))
    _write(request, lambda: officiating.answer_call(event, call, request_actor(request)), "")
    return redirect(reverse("events:detail", args=[event.public_id]) + "#calls")


@require_POST
@limit_writes("page_write")
def call_referee(request: HttpRequest, table_id: str) -> HttpResponse:
    """The table page's "Call a referee": answers JSON to its script, or goes back to the
    table page (a phone without scripts)."""
    table = get_object_or_404(Table, public_id=table_id)
    if not can_view(table, request_actor(request)):
        raise PermissionDenied(_("This table is private: only its players and its creator "
                                 "can open it."))
    try:
        officiating.call_referee(table, request_actor(request))
    except TableError as exc:
        if request.headers.get("accept") == "application/json":
            return JsonResponse({"ok": False, "text": refusal_text(exc)}, status=403)
        messages.error(request, refusal_text(exc))
    else:
        text = _("A referee has been called; stay at the table.")
        if request.headers.get("accept") == "application/json":
            return JsonResponse({"ok": True, "text": text})
        messages.success(request, text)
    return redirect("games:table", public_id=table.public_id)


def table_banner(table: Table, request: HttpRequest) -> str:
    """What the page of a table of an event's round shows (games.extensions): the event,
    round and table, and to those who may write there the call for a referee. It takes
    the request, not only its actor: the call's form carries the page's CSRF token."""
    actor = request_actor(request)
    round_table = officiating.round_table_of(table)
    if round_table is None:
        return ""
    event = round_table.round.tournament
    return render_to_string("events/_table_banner.html", {
        "event": event, "round": round_table.round, "round_table": round_table,
        "table": table, "may_call": can_write(table, actor),
        "may_see_event": permissions.can_view(event, actor)}, request=request)


def my_seat_fragment(event: Tournament, actor: Actor, request: HttpRequest | None = None,
                     extra: dict[str, Any] | None = None) -> str:
    """The reader's seat in the current round ("Round 3: table 12, seat South") with the
    tap to it; "" for readers with no seat. ``request`` (for the forms' CSRF token) on a
    page; on the event's socket none, and ``extra`` says the forms carry no token
    (events.consumers)."""
    mine = rounds.my_seat(event, actor)
    if mine is None:
        return ""
    return render_to_string("events/_my_seat.html", {
        "event": event, "mine": mine, "wind": wind_name(WIND_LETTERS[mine.position]),
        **(extra or {})}, request=request)


def calls_fragment(event: Tournament, request: HttpRequest | None = None,
                   extra: dict[str, Any] | None = None) -> str:
    """The tables waiting for a referee, for the event's officials (the caller checks the
    reader is one; ``request`` and ``extra`` as in :func:`my_seat_fragment`)."""
    return render_to_string("events/_calls.html", {
        "event": event, "calls": officiating.open_calls(event), **(extra or {})},
        request=request)


def event_sections(request: HttpRequest, event: Tournament, role: str) -> dict[str, Any]:
    """The rounds, the reader's seat, the calls and penalties the event's page adds."""
    referee = role in ("organiser", "referee")
    all_rounds = rounds.rounds_of(event)
    last = all_rounds[-1] if all_rounds else None
    next_number = 1 if last is None else last.number + (1 if last.started else 0)
    return {
        "rounds": all_rounds, "next_round": next_number if next_number <= event.rounds
        else None, "reseat": last is not None and not last.started,
        "my_seat": my_seat_fragment(event, request_actor(request), request),
        "calls": calls_fragment(event, request) if referee else "",
        "penalties": list(event.penalties.select_related("entry__player", "round"))
        if referee else [],
        "penalty_form": PenaltyForm(event=event) if referee else None,
        "fixed_form": FixedForm() if role == "organiser" else None,
        "fixed": event.seating == Method.FIXED,
        "socket_path": f"/ws/events/{event.public_id}/",
        # A public event's screen for all; another's, with its key, for its organisers.
        "screen_url": screen.screen_url(request, event, organiser=role == "organiser"),
    }
