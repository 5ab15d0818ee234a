"""Pages of groups and evenings, settle-ups and their share views. Thin: permissions
in :mod:`clubs.permissions`, writes in :mod:`clubs.services`, numbers in
:mod:`clubs.results`; a refused write is shown as a message, never a 500.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from common.errors import TableError
from common.limits import as_refused, limit_writes, refused_form, wait_sentence
from games import seat_results
from games.devices import ensure_device
from games.models import Seat, Table
from games.permissions import can_view as can_view_table
from games.permissions import can_write, listed_tables, request_actor
from games.services.explain import refusal_text

from . import money, permissions, results, seasons, services, share
from .forms import (
    AttachForm,
    EveningForm,
    GroupForm,
    GroupSettingsForm,
    MemberForm,
    SeasonForm,
    StakeForm,
    places_for,
)
from .models import Evening, Group, Membership, TableLink


def _group(request: HttpRequest, public_id: str) -> Group:
    try:
        return services.get_group(public_id, request_actor(request))
    except TableError as exc:
        raise Http404(exc.message) from exc


def _evening(request: HttpRequest, public_id: str) -> Evening:
    try:
        return services.get_evening(public_id, request_actor(request))
    except TableError as exc:
        raise Http404(exc.message) from exc


def _table(request: HttpRequest, public_id: str) -> Table:
    table = Table.objects.filter(public_id=public_id).first()
    if table is None:
        raise Http404(_("There is no such table."))
    if not can_view_table(table, request_actor(request)):
        raise PermissionDenied(_("This table is private: only its players and its creator "
                                 "can open it."))
    return table


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


# --- groups ------------------------------------------------------------------------------


@require_GET
def group_list(request: HttpRequest) -> HttpResponse:
    groups = permissions.listed_groups(request_actor(request)).order_by("name", "pk")
    return render(request, "clubs/group_list.html", {"groups": groups})


@require_http_methods(["GET", "POST"])
def group_new(request: HttpRequest) -> HttpResponse:
    wait = refused_form(request)  # counted in ``create``; a refusal re-shows the form
    form = GroupForm(request.POST or None, initial={"currency": _default_currency(request)})
    if wait is not None:
        form.add_error(None, wait_sentence(wait))
    elif request.method == "POST" and form.is_valid():
        ensure_device(request)  # the creating browser manages the group
        data = form.cleaned_data
        try:
            group = services.create_group(
                data["name"], request_actor(request), visibility=data["visibility"],
                currency=data["currency"], description=data["description"],
                members=form.member_names(), confirm_hands=data["confirm_hands"])
        except TableError as exc:
            form.add_error(None, refusal_text(exc))
        else:
            return redirect("clubs:group", public_id=group.public_id)
    response = render(request, "clubs/group_form.html", {
        "form": form, "heading": _("New group"), "submit": _("Create the group")})
    return as_refused(response, wait) if wait is not None else response


def _default_currency(request: HttpRequest) -> str:
    # A first guess from the reader's language and country; the form lets them choose.
    return money.reader_currency(request.META.get("HTTP_ACCEPT_LANGUAGE", ""))


# Rows of a long list per page (the group's tables, a player's games).
PER_PAGE = 25


@require_GET
def group_detail(request: HttpRequest, public_id: str) -> HttpResponse:
    return _group_page(request, _group(request, public_id))


def _group_page(request: HttpRequest, group: Group,
                evening_form: EveningForm | None = None) -> HttpResponse:
    """A group's page; ``evening_form`` is the new-evening form as it was typed, when it
    comes back refused."""
    actor = request_actor(request)
    tables = permissions.group_tables(group, actor)
    # One query for every table's version (newest first): the list's pages and the count
    # of hidden tables, and the key under which the leaderboard is kept (clubs.history).
    versions = seat_results.versions(tables)
    page = Paginator([v[0] for v in versions], PER_PAGE).get_page(request.GET.get("page"))
    ids = list(page.object_list)
    found = {t.pk: t for t in Table.objects.filter(pk__in=ids)
             .only("public_id", "name", "ruleset", "created_at", "finished")
             .annotate(evening_name=F("club_link__evening__name"))}
    names: dict[int, list[str]] = {}
    for table_id, name in (Seat.objects.filter(table__in=ids).order_by("table_id", "position")
                           .values_list("table_id", "player__display_name")):
        names.setdefault(table_id, []).append(name)
    shown = [found[pk] for pk in ids if pk in found]
    for table in shown:
        table.player_names = names.get(table.pk, [])
    from .season_pages import season_of  # builds on this module's helpers

    season = season_of(request, group)  # ?season=<id>: the leaderboard of one season
    # A season's boards are kept per version of its own tables (no group scope: a table
    # ending adds to the group's kept figures, not to a season's).
    boards = (results.boards(seasons.season_tables(season, actor)) if season
              else results.boards(tables, versions, group))
    return render(request, "clubs/group_detail.html", {
        "group": group, "tables": shown, "page": page,
        "boards": boards,
        "season": season, "seasons": group.seasons.all()[:30],
        "season_form": SeasonForm() if permissions.can_manage(group, actor) else None,
        "evenings": group.evenings.all()[:30],
        "members": Membership.objects.filter(group=group).select_related("player"),
        "hidden": permissions.hidden_count(group, actor, shown=len(versions)),
        "can_manage": permissions.can_manage(group, actor),
        "can_contribute": permissions.can_contribute(group, actor),
        "evening_form": evening_form or EveningForm(group=group,
                                                    initial={"name": _("Game night")}),
        "member_form": MemberForm(),
    })


@require_GET
def group_stats(request: HttpRequest, public_id: str) -> HttpResponse:
    group = _group(request, public_id)
    actor = request_actor(request)
    players = [m.player for m in Membership.objects.filter(group=group)
               .select_related("player")]
    from .season_pages import season_of  # builds on this module's helpers

    season = season_of(request, group)  # ?season=<id>: one season's statistics
    tables = permissions.group_tables(group, actor)
    versions = seat_results.versions(tables)
    counted = (results.member_stats(seasons.season_tables(season, actor), players,
                                    seated=True) if season
               else results.member_stats(tables, players, seated=True, versions=versions,
                                         group=group))
    stats = [row for row in counted
             if row["overall"]["games"]]
    rulesets = sorted({b["ruleset"] for row in stats for b in row["by_ruleset"]},
                      key=results.ruleset_order)
    sections = [{"ruleset": name, "title": results.ruleset_title(name),
                 "rows": [{"player": row["player"], **block} for row in stats
                          for block in row["by_ruleset"]
                          if block["ruleset"] == name and block["games"]]}
                for name in rulesets]
    return render(request, "clubs/group_stats.html", {
        "group": group, "sections": sections, "season": season,
        "hidden": permissions.hidden_count(group, actor, shown=len(versions))})


@require_http_methods(["GET", "POST"])
@limit_writes("page_write")
def group_settings(request: HttpRequest, public_id: str) -> HttpResponse:
    group = _group(request, public_id)
    actor = request_actor(request)
    if not permissions.can_manage(group, actor):
        raise PermissionDenied(_("Only the group's creator, its managers and staff may "
                                 "change it."))
    form = GroupSettingsForm(request.POST or None, initial={
        "name": group.name, "description": group.description,
        "visibility": group.visibility, "currency": group.currency,
        "confirm_hands": group.confirm_hands})
    if request.method == "POST" and form.is_valid():
        if _write(request, lambda: services.update_group(group, actor, **form.cleaned_data),
                  _("The group was saved.")):
            return redirect("clubs:group", public_id=group.public_id)
    return render(request, "clubs/group_form.html", {
        "form": form, "group": group, "heading": _("Group settings"), "submit": _("Save")})


@require_POST
@limit_writes("page_write")
def group_members(request: HttpRequest, public_id: str) -> HttpResponse:
    group = _group(request, public_id)
    actor = request_actor(request)
    remove = request.POST.get("remove")
    if remove:
        if remove.isdigit():
            _write(request, lambda: services.remove_member(group, int(remove), actor),
                   _("The member was removed."))
    else:
        form = MemberForm(request.POST)
        if form.is_valid():
            _write(request, lambda: services.add_member(
                group, form.cleaned_data["name"], actor, form.cleaned_data["manager"]),
                _("The member was added."))
        else:
            messages.error(request, _("Give the player's name (up to 64 characters)."))
    return redirect(reverse("clubs:group", args=[group.public_id]) + "#members")


@require_POST
def evening_new(request: HttpRequest, public_id: str) -> HttpResponse:
    wait = refused_form(request)  # counted in ``create``; a refusal re-shows the form
    group = _group(request, public_id)
    form = EveningForm(request.POST, group=group)
    if wait is not None:
        form.add_error(None, wait_sentence(wait))
        return as_refused(_group_page(request, group, form), wait)
    if not form.is_valid():
        messages.error(request, _("Give the evening a name and a date."))
        return redirect("clubs:group", public_id=group.public_id)
    created: list[Evening] = []
    data = form.cleaned_data
    if _write(request, lambda: created.append(services.create_evening(
            group, data["name"], request_actor(request), data["date"], data["currency"])),
            _("The evening was added.")):
        return redirect("clubs:evening", public_id=created[0].public_id)
    return redirect("clubs:group", public_id=group.public_id)


# --- evenings ----------------------------------------------------------------------------


def _attachable(request: HttpRequest, group: Group, evening: Evening | None) -> Any:
    """The reader's own tables (they may write to) not already in this evening."""
    actor = request_actor(request)
    mine = [t.pk for t in listed_tables(actor).order_by("-created_at")[:60]
            if can_write(t, actor)]
    tables = Table.objects.filter(pk__in=mine).order_by("-created_at")
    if evening is not None:
        tables = tables.exclude(club_link__evening=evening)
    return tables


@require_GET
def evening_detail(request: HttpRequest, public_id: str) -> HttpResponse:
    from .live_views import clock_context  # it builds on this module's helpers

    evening = _evening(request, public_id)
    group = evening.group
    actor = request_actor(request)
    settle = results.evening_settle(evening, actor)
    contribute = permissions.can_contribute(group, actor)
    rulesets = sorted({t.table.ruleset for t in settle.tables}, key=results.ruleset_order)
    stakes = {s.ruleset: s.amount for s in evening.stakes.all()}
    stake_rows = [{"ruleset": name, "title": results.ruleset_title(name),
                   "unit": results.money.stake_unit(name)[1],
                   "amount": results.money.plain(stakes.get(name))}
                  for name in rulesets]
    return render(request, "clubs/evening_detail.html", {
        "evening": evening, "group": group, "settle": settle,
        "stake_rows": stake_rows, "can_contribute": contribute,
        "attach_form": AttachForm(tables=_attachable(request, group, evening))
        if contribute else None,
        **clock_context(request, evening, contribute),
    })


@require_POST
@limit_writes("page_write")
def evening_stakes(request: HttpRequest, public_id: str) -> HttpResponse:
    evening = _evening(request, public_id)
    def save(ruleset: str, amount: str) -> Callable[[], Any]:
        return lambda: services.set_evening_stake(evening, ruleset, amount.strip(),
                                                  request_actor(request))

    for key, value in request.POST.items():
        if key.startswith("stake-") and not _write(
                request, save(key.removeprefix("stake-"), value), ""):
            break
    else:
        messages.success(request, _("The stakes were saved."))
    return redirect(reverse("clubs:evening", args=[evening.public_id]) + "#settle")


@require_POST
@limit_writes("page_write")
def evening_tables(request: HttpRequest, public_id: str) -> HttpResponse:
    evening = _evening(request, public_id)
    back = reverse("clubs:evening", args=[evening.public_id])
    remove = request.POST.get("remove")
    if remove:
        table = _table(request, remove)
        _write(request, lambda: services.detach_table(table, request_actor(request)),
               _("The table was taken out of the group."))
        return redirect(back)
    form = AttachForm(request.POST, tables=_attachable(request, evening.group, evening))
    if form.is_valid():
        _write(request, lambda: services.attach_table(form.cleaned_data["table"],
                                                      evening.group, request_actor(request),
                                                      evening),
               _("The table was added to the evening."))
    else:
        messages.error(request, _("Choose one of your tables."))
    return redirect(back)


@require_GET
def evening_share(request: HttpRequest, public_id: str) -> HttpResponse:
    evening = _evening(request, public_id)
    return _share(request, evening.name, _evening_subtitle(evening),
                  results.evening_settle(evening, request_actor(request)),
                  reverse("clubs:evening-share-png", args=[evening.public_id]),
                  reverse("clubs:evening", args=[evening.public_id]))


@require_GET
def evening_share_png(request: HttpRequest, public_id: str) -> HttpResponse:
    evening = _evening(request, public_id)
    return _png(evening.name, _evening_subtitle(evening),
                results.evening_settle(evening, request_actor(request)), evening.public_id)


def _evening_subtitle(evening: Evening) -> str:
    return f"{evening.group.name} · {evening.date:%Y-%m-%d}"


def _share(request: HttpRequest, title: str, subtitle: str, settle: results.SettleUp,
           png: str, back: str) -> HttpResponse:
    """The share view: the settle-up as a page, its picture and a way to send it."""
    return render(request, "clubs/share.html", {
        "title": title, "subtitle": subtitle, "settle": settle, "png": png, "back": back})


def _png(title: str, subtitle: str, settle: results.SettleUp, key: str) -> HttpResponse:
    response = HttpResponse(share.render_png(title, subtitle, settle),
                            content_type="image/png")
    response["Content-Disposition"] = f'inline; filename="settle-{key}.png"'
    response["Cache-Control"] = "private, no-cache"
    return response


# --- one table ---------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@limit_writes("page_write")
def table_settle(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _table(request, public_id)
    actor = request_actor(request)
    writer = can_write(table, actor)
    if request.method == "POST":
        form = StakeForm(request.POST)
        if not writer:
            raise PermissionDenied(_("Only the table's players, its creator and staff may "
                                     "set its stake."))
        if form.is_valid():
            amount = form.cleaned_data["amount"]
            _write(request, lambda: services.set_table_stake(
                table, amount, actor, form.cleaned_data["currency"]),
                _("The stake was saved."))
        else:
            messages.error(request, _("A stake is an amount of money such as 0.5."))
        return redirect("clubs:table-settle", public_id=table.public_id)
    settle = results.table_settle(table, actor)
    line = settle.tables[0]
    link = TableLink.objects.filter(table=table).select_related("group", "evening").first()
    visible_link = link if link and permissions.can_view(link.group, actor) else None
    return render(request, "clubs/table_settle.html", {
        "table": table, "settle": settle, "line": line,
        "can_write": writer, "link": visible_link,
        "stake_form": StakeForm(initial={"amount": results.money.plain(line.stake),
                                          "currency": line.currency if line.stake is not None
                                          or visible_link else _default_currency(request)}),
        "places": places_for(actor) if writer else [],
    })


@require_POST
@limit_writes("page_write")
def table_place(request: HttpRequest, public_id: str) -> HttpResponse:
    """Put the table in a group or one of its evenings ("g:<id>", "e:<id>"), or take it
    out ("")."""
    table = _table(request, public_id)
    place = request.POST.get("place", "")
    _write(request, lambda: services.attach_to_place(table, place, request_actor(request)),
           _("The table's group was saved."))
    return redirect("clubs:table-settle", public_id=table.public_id)


@require_GET
def table_share(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _table(request, public_id)
    return _share(request, table.name, f"{table.created_at:%Y-%m-%d}",
                  results.table_settle(table, request_actor(request)),
                  reverse("clubs:table-share-png", args=[table.public_id]),
                  reverse("clubs:table-settle", args=[table.public_id]))


@require_GET
def table_share_png(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _table(request, public_id)
    return _png(table.name, f"{table.created_at:%Y-%m-%d}",
                results.table_settle(table, request_actor(request)), table.public_id)
