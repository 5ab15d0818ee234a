"""The table pages: list, create, the live table, join (claim a seat), results, players.

The live table page renders the snapshot into the HTML (so it shows at once and without
scripts) and hands it to ``static/js/table.js``, which keeps it current over the
websocket and sends every write there. Permissions are those of :mod:`games.permissions`.
"""

from __future__ import annotations

import io
import uuid
from typing import Any
from urllib.parse import urlencode, urlsplit

import segno
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from common.errors import JoinKeyNeeded, TableError
from common.limits import as_refused, limit_writes, refused_form, wait_sentence
from common.links import phone_url
from games import (
    chain,
    extensions,
    handover,
    presenter,
    record_sheet,
    seat_results,
    services,
    sheet_cache,
    ui,
)
from games.devices import ensure_device
from games.forms import (
    SEAT_LABELS,
    ClaimSeatForm,
    CreateTableForm,
    option_field_name,
    option_specs,
    player_name_choices,
    shown_field_name,
    usable_configs,
)
from games.limits import table_write_wait
from games.messages import protocol as socket_protocol
from games.models import Seat, Table, Visibility
from games.permissions import (
    can_audit,
    can_join,
    can_view,
    can_write,
    has_join_key,
    is_centre,
    is_creator,
    listed_tables,
    own_tables,
    request_actor,
    seat_of,
    visible_players,
)
from games.queries.stats import Tally, player_stats
from games.services.explain import refusal_text
from games.templatetags.mjtables import ruleset_title, wind_name
from scoring import registry
from scoring.engine.errors import EngineError
from scoring.engine.tiles import WIND_LETTERS
from scoring.registry import localize_option

LAST_CONFIG_KEY = "last_ruleset_config"


def _viewable(request: HttpRequest, public_id: str) -> Table:
    table = get_object_or_404(Table, public_id=public_id)
    if not can_view(table, request_actor(request)):
        raise PermissionDenied(_("This table is private: only its players and its creator "
                                 "can open it."))
    return table


@require_GET
def table_list(request: HttpRequest) -> HttpResponse:
    mine = list(Table.objects.filter(own_tables(request_actor(request))).distinct()[:50])
    public = list(Table.objects.filter(visibility=Visibility.PUBLIC)
                  .exclude(pk__in=[t.pk for t in mine])[:50])
    seats = Seat.objects.filter(table__in=[*mine, *public]).select_related("player")
    players: dict[int, list[str]] = {}
    for seat in seats:
        players.setdefault(seat.table_id, []).append(seat.player.display_name)
    for table in [*mine, *public]:
        table.player_names = players.get(table.pk, [])
    return render(request, "games/table_list.html", {"mine": mine, "public": public})


@require_http_methods(["GET", "POST"])
def table_new(request: HttpRequest) -> HttpResponse:
    wait = refused_form(request)  # counted in ``create``; a refusal re-shows the form
    initial: dict[str, Any] = {"name": _("Friday game"), "place": request.GET.get("place", "")}
    last = request.session.get(LAST_CONFIG_KEY)
    if last is not None and any(c.pk == last for c in usable_configs()):
        initial["config"] = last
    form = CreateTableForm(request.POST or None,
                           initial=initial if request.method == "GET" else None,
                           places=extensions.places_for(request_actor(request)))
    if wait is not None:
        form.add_error(None, wait_sentence(wait))
    elif request.method == "POST" and form.is_valid():
        ensure_device(request)  # the creating browser may write without a seat
        data = form.cleaned_data
        # The next table of this browser starts from the same rules.
        request.session[LAST_CONFIG_KEY] = data["config"].pk
        try:
            table = services.create_table(
                data["name"], "", options_overrides=data["overrides"],
                player_names=form.player_names(), creator=request_actor(request),
                visibility=data["visibility"], config=data["config"],
                confirm_hands=data["confirm_hands"])
        except (EngineError, TableError) as exc:
            form.add_error(None, refusal_text(exc, data["config"].ruleset))
        else:
            if data.get("place"):
                # The table stands either way; a refused group is said on its page.
                try:
                    extensions.attach_to_place(table, data["place"], request_actor(request))
                except TableError as exc:
                    messages.error(request, refusal_text(exc))
            return redirect(reverse("games:table", args=[table.public_id]) + "?created=1")
    configs = usable_configs()
    presets = {}
    for config in configs:
        try:
            presets[str(config.pk)] = {"ruleset": config.ruleset,
                                       "options": config.resolved_options()}
        except EngineError:
            continue
    # Each ruleset's fields show the first chosen configuration's values (its own ruleset)
    # or the ruleset's defaults; create.js refills them when the rules change.
    first = next((c for c in configs if c.pk == initial.get("config")),
                 configs[0] if configs else None)
    specs = option_specs()
    for spec in specs:
        spec["shown"], values = form.shown_options(spec["ruleset"], first)
        spec["shown_field"] = shown_field_name(spec["ruleset"])
        for option in spec["options"]:
            option.update(localize_option(option))
            option["field"] = option_field_name(spec["ruleset"], option["name"])
            option["value"] = values.get(option["name"], option["default"])
    response = render(request, "games/table_new.html", {
        "form": form, "option_specs": specs, "config_options": presets,
        "player_names": player_name_choices(request_actor(request)),
        "player_fields": [form[f"player_{i}"] for i in range(4)],
    })
    return as_refused(response, wait) if wait is not None else response


def _ledger_csv_url(table: Table) -> str | None:
    # The ledger export belongs to the API, which may not be installed. The page's button
    # asks for the byte-order mark: without it Excel reads the UTF-8 file as the local
    # code page and garbles Chinese and Japanese names (scripts reading the API choose).
    try:
        return reverse("games:api-ledger", args=[table.public_id]) + "?format=csv&bom=1"
    except NoReverseMatch:
        return None


JOIN_KEY = "key"  # the join link's query parameter carrying Table.join_key


def _join_url(request: HttpRequest, table: Table) -> str:
    # The join link carries the table's join key: watching (the public id) is not enough
    # to sit down. Shown only to those who may write already (seated, creator, staff).
    path = reverse("games:join", args=[table.public_id])
    return phone_url(request, f"{path}?{urlencode({JOIN_KEY: table.join_key})}")


def _seat_list_url(request: HttpRequest, table: Table, join_url: str) -> str:
    """Where the page's "Open the seat list" goes: the join link itself, or, when that
    link is on another address (the computer at 127.0.0.1 hands out its LAN address), the
    hand-over that carries this browser's device there first (:mod:`games.handover`) so
    its creator is not a stranger on the other side."""
    if urlsplit(join_url).netloc == request.get_host() or not join_url:
        return join_url
    return reverse("games:seat-list", args=[table.public_id])


@require_GET
def table_seat_list(request: HttpRequest, public_id: str) -> HttpResponse:
    """The table's seat list on the address it hands out, this browser's device carried
    there with a one-time code; the code is made now, when the link is followed, so a page
    left open all evening never offers a stale one."""
    table = _viewable(request, public_id)
    if not can_write(table, request_actor(request)):  # the join link carries the join key
        return redirect(_join_path(table, ""))
    target = _join_url(request, table)
    code = ""
    if urlsplit(target).netloc != request.get_host():
        code = handover.start(request, table)
    return redirect(f"{target}&{urlencode({handover.PARAM: code})}" if code else target)


def _qr_svg(url: str) -> str:
    qr = segno.make(url, error="m")
    return str(qr.svg_inline(scale=4, border=2, dark="#1d1d1b", light="#ffffff"))


def _names(snap: dict[str, Any]) -> list[str]:
    return [s["player"]["name"] for s in sorted(snap["seats"], key=lambda s: s["position"])]


def _sheet(table: Table, snap: dict[str, Any]) -> record_sheet.Sheet | None:
    return sheet_cache.sheet(table.ruleset, table.options, _names(snap))


@require_GET
def table_detail(request: HttpRequest, public_id: str) -> HttpResponse:
    return _table_page(request, _viewable(request, public_id))


def _table_page(request: HttpRequest, table: Table, values: Any = None, sheet_error: str = "",
                status: int = 200, error_field: str = "", centre: bool = False) -> HttpResponse:
    """The table page; ``values`` refill the record sheet (a posted hand that needs fixing,
    shown with ``sheet_error``, the control ``error_field`` outlined). ``centre``: the same
    page laid out for the tablet in the middle of the table (:func:`table_centre`)."""
    snap = services.snapshot(table)
    actor = request_actor(request)
    seat = seat_of(table, actor)
    you = {"can_write": can_write(table, actor), "seat": seat.position if seat else None,
           "is_creator": is_creator(table, actor)}
    # Everyone gets the sheet (hidden to watchers by the page's class): a watcher who takes
    # a seat can record at once, the page kept current by its script.
    sheet = _sheet(table, snap)
    join_url = _join_url(request, table) if you["can_write"] else ""
    rendered = presenter.message({}, snap)
    if request.GET.get("history") == "all":
        # Every hand in the page (the link under the history for a browser without
        # scripts); otherwise the latest, and the script asks for earlier ones.
        rendered["view"] = presenter.phone_view(presenter.view(snap))
    view = rendered["view"]
    # The scripts get the state and each hand's outcome and summary; its HTML is the page.
    hands = [{k: v for k, v in hand.items() if k != "html"} for hand in view["hands"]]
    changed, _recent = chain.status(table)  # issue 29: a history changed outside mjsite
    # The ruleset's live declarations (riichi's...), offered to the seated players.
    declarations = [registry.declaration_texts(d)
                    for d in registry.declarations(table.ruleset, table.options)]
    return render(request, "games/table_detail.html", {
        "history_text": chain.changed_text(changed),
        "may_accept": services.may_accept(table, actor),
        "may_set_confirm": services.may_set(table, actor),  # issue 29
        "can_audit": can_audit(table, actor), "accept_id": f"accept-{uuid.uuid4()}",
        "table": table, "snap": snap, "view": view, "you": you, "seat": seat,
        # A table of an event's round: its round and the call for a referee (events).
        "event_banner": extensions.table_banner(table, request),
        "join_url": join_url, "qr_svg": _qr_svg(join_url) if join_url else "",
        "seat_list_url": _seat_list_url(request, table, join_url),
        "ledger_csv": _ledger_csv_url(table),
        "created": request.GET.get("created") == "1",
        "strings": ui.strings(),
        # The websocket's messages as games.messages declares them, for static/js/sync.js.
        "protocol": socket_protocol(),
        "socket_path": f"/ws/tables/{table.public_id}/",
        "boot": {"snapshot": rendered["snapshot"], "hands": hands,
                 "undo_summary": view.get("undo_summary", ""), "you": you,
                 "declarations": declarations},
        "sheet": sheet, "sheet_tiles": sheet.tiles if sheet else {},
        # The fields as every phone first gets them, rendered once (games.sheet_cache);
        # a posted hand that needs fixing refills them.
        "sheet_fields": (sheet_cache.fields_html(table.ruleset, table.options, _names(snap))
                         if sheet is not None and values is None and not error_field
                         else ""),
        "declarations": declarations,
        # The tile-danger estimate is linked where the ruleset says it applies.
        "danger_tool": _danger_tool(table.ruleset),
        "values": values or {}, "sheet_open": values is not None, "sheet_error": sheet_error,
        "error_field": error_field,
        "command_id": f"form-{uuid.uuid4()}", "base_seq": table.seq,
        "centre": centre,
    }, status=status)


def _danger_tool(ruleset: str) -> bool:
    try:
        return registry.get(ruleset).danger_tool
    except EngineError:  # a table of a ruleset no longer installed
        return False


@require_POST
def table_record(request: HttpRequest, public_id: str) -> HttpResponse:
    """Record (or correct) a hand from the record sheet posted as a plain form: a phone
    whose scripts do not run. The hidden ``command_id`` (new at each render) makes a form
    sent twice record the hand once; ``base_seq`` makes a form filled in before someone
    else's change stale, and the sheet comes back with what was typed."""
    table = _viewable(request, public_id)
    snap = services.snapshot(table)
    sheet = _sheet(table, snap)
    command_id = request.POST.get("command_id", "")
    try:
        base_seq = int(request.POST.get("base_seq", ""))
    except ValueError:
        base_seq = -1
    if sheet is None:
        raise PermissionDenied(_("This table's rules are no longer installed."))
    # The websocket's budget for this phone at this table (games.limits): a phone
    # without scripts gets no more than one with them. What was typed comes back.
    actor = request_actor(request)
    wait = table_write_wait(table.public_id, actor, request)
    if wait is not None:
        response = _table_page(request, table, request.POST.copy(), wait_sentence(wait),
                               status=429)
        response["Retry-After"] = str(wait)
        return response
    outcome = services.outcome_of_form(table, request.POST)
    number = request.POST.get("hand_number", "")
    if number.isdigit():
        result = services.correct_hand(table, int(number), outcome, command_id, base_seq,
                                       actor)
    else:
        result = services.record_hand(table, outcome, command_id, base_seq, actor)
    back = reverse("games:table", args=[table.public_id])
    if result["ok"]:
        if result.get("duplicate"):
            messages.info(request, _("This hand was already saved."))
        else:
            messages.success(request, _("Hand %(number)s saved.")
                             % {"number": result.get("hand_number")})
        return redirect(back)
    error = result["error"]
    if error["code"] == "forbidden":
        raise PermissionDenied(_("Only the table's seated players, its creator and staff may "
                                 "record hands. Take a seat through the table's join link."))
    # Keep what was typed, based on the table as it is now: a new command id and seq.
    table.refresh_from_db()
    data = request.POST.copy()
    if error["code"] == "stale":
        return _table_page(request, table, data, str(ui.STRINGS["stale"]), status=409)
    named = services.explain_on_sheet(table, error, outcome.get("type"))
    return _table_page(request, table, data, named["text"], status=400,
                       error_field=named.get("control", ""))


@require_GET
def table_snapshot(request: HttpRequest, public_id: str) -> JsonResponse:
    """The snapshot as JSON, for scripts and scripts-free clients alike."""
    table = _viewable(request, public_id)
    return JsonResponse(services.snapshot(table))


@require_GET
def table_qr(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _viewable(request, public_id)
    if not can_write(table, request_actor(request)):  # the code carries the join key
        raise PermissionDenied(_("Only the table's players can show its join code."))
    buffer = io.BytesIO()
    segno.make(_join_url(request, table), error="m").save(buffer, kind="svg", scale=8, border=2)
    return HttpResponse(buffer.getvalue(), content_type="image/svg+xml")


@require_http_methods(["GET", "POST"])
@limit_writes("page_write")
def table_join(request: HttpRequest, public_id: str) -> HttpResponse:
    if request.method == "GET" and handover.PARAM in request.GET:
        return _take_handover(request, public_id)
    join_key = str(request.POST.get(JOIN_KEY) or request.GET.get(JOIN_KEY) or "")
    table = get_object_or_404(Table, public_id=public_id)
    # The key opens a private table's join page.
    if not can_join(table, request_actor(request), join_key):
        raise PermissionDenied(_("This table is private: only its players and its creator "
                                 "can open it."))
    if request.method == "POST":
        form = ClaimSeatForm(request.POST)
        if form.is_valid():
            position = form.cleaned_data["position"]
            try:
                if request.POST.get("action") == "release":
                    # A phone that died leaves its seat taken: its holder or the
                    # table's creator frees it for the next phone.
                    services.release_seat(table, position, request_actor(request))
                    return redirect(_join_path(table, join_key))
                services.claim_seat(table, position, device=ensure_device(request),
                                    user=request.user, join_key=join_key)
            except JoinKeyNeeded:
                pass  # the page says how to get the join link
            except TableError as exc:
                messages.error(request, refusal_text(exc, table=table))
            else:
                return redirect("games:table", public_id=table.public_id)
        else:
            messages.error(request, _("Pick one of the four seats."))
    seats = list(Seat.objects.filter(table=table).select_related("player"))
    actor = request_actor(request)  # seated just now, it is this browser's new device
    mine = seat_of(table, actor)
    creator = is_creator(table, actor)
    key_ok = has_join_key(table, join_key)
    # Claim buttons only where the claim can succeed (services.claim_seat decides).
    may_sit = key_ok or can_write(table, actor)
    rows = [{"seat": s, "label": SEAT_LABELS[s.position],
             "mine": mine is not None and mine.pk == s.pk,
             "may_sit": may_sit or (request.user.is_authenticated
                                    and s.player.user_id == request.user.pk)}
            for s in seats]
    return render(request, "games/table_join.html",
                  {"table": table, "rows": rows, "is_creator": creator,
                   # A private table's join key seats a phone; watching comes with the seat.
                   "may_watch": can_view(table, actor),
                   "join_key": join_key if key_ok else "",
                   "join_key_needed": "" if may_sit else JOIN_KEY_NEEDED,
                   # A table whose players have no phones: a tablet in its middle.
                   "may_centre": may_sit})


@require_http_methods(["GET", "POST"])
@limit_writes("page_write")
def table_centre(request: HttpRequest, public_id: str) -> HttpResponse:
    """Table-centre mode (issue 28): the page of the one tablet lying in the middle of the
    table, recording for every seat. Another device is offered to become that tablet:
    with the join link's key (the join page's button) or the right to write (the
    creator's tablet). A POST with ``action=leave`` ends the mode."""
    join_key = str(request.POST.get(JOIN_KEY) or request.GET.get(JOIN_KEY) or "")
    table = get_object_or_404(Table, public_id=public_id)
    # The key opens a private table's page.
    if not can_join(table, request_actor(request), join_key):
        raise PermissionDenied(_("This table is private: only its players and its creator "
                                 "can open it."))
    if request.method == "POST":
        try:
            if request.POST.get("action") == "leave":
                services.leave_centre(table, request_actor(request))
                return redirect("games:table", public_id=table.public_id)
            ensure_device(request)  # the tablet's rights are tied to this browser
            services.put_in_centre(table, request_actor(request), join_key)
        except TableError as exc:
            messages.error(request, refusal_text(exc, table=table))
        else:
            return redirect("games:centre", public_id=table.public_id)
    elif is_centre(table, request_actor(request)):
        return _table_page(request, table, centre=True)
    return render(request, "games/table_centre_start.html", {
        "table": table, "join_key": join_key if has_join_key(table, join_key) else "",
        "may_start": has_join_key(table, join_key) or can_write(table, request_actor(request)),
        "join_key_needed": JOIN_KEY_NEEDED})


JOIN_KEY_NEEDED = gettext_lazy("To take a seat, open the join link or scan the QR code that the "
                        "players at the table can show you; watching the table is not "
                        "enough.")


def _take_handover(request: HttpRequest, public_id: str) -> HttpResponse:
    """Arrived through the table page's "Open the seat list" from another address of this
    site: become the device that followed it (before the table's privacy is asked: on this
    address the creator of a private table is a stranger until then), then drop the code
    from the address bar, so a reload or a shared screenshot carries nothing."""
    table = get_object_or_404(Table, public_id=public_id)
    join_key = str(request.GET.get(JOIN_KEY) or "")
    if not handover.redeem(request, table, str(request.GET.get(handover.PARAM))) \
            and not is_creator(table, request_actor(request)):
        messages.info(request, HANDOVER_EXPIRED)
    return redirect(_join_path(table, join_key))


HANDOVER_EXPIRED = gettext_lazy(
    "This link no longer carries the table's creator to this address: it works once and "
    "for two minutes. On the device that created the table, open the table and tap “Open "
    "the seat list” again.")


def _join_path(table: Table, join_key: str) -> str:
    path = reverse("games:join", args=[table.public_id])
    return f"{path}?{urlencode({JOIN_KEY: join_key})}" if join_key else path


@require_GET
def table_results(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _viewable(request, public_id)
    snap = services.snapshot(table)
    final_by_player: dict[int, dict[str, Any]] = {
        row["player"]: row for row in snap.get("final_table") or []}
    # In the order of the place shown: the ruleset's placement where it has one (riichi
    # places by the points at the end of play, before any penalty), else the standings.
    standings = sorted(snap["standings"], key=lambda s: (
        final_by_player.get(s["position"], {}).get("place", s["rank"]), s["rank"],
        s["position"]))
    final_rows: dict[int, list[dict[str, Any]]] = {}
    for row in snap["final"]:
        final_rows.setdefault(row["position"], []).append(row)
    seats = {s["position"]: s for s in snap["seats"]}
    # Link only to the pages the visitor may open (player_detail's rule).
    linked = set(visible_players(request_actor(request)).filter(
        pk__in=[s["player"]["id"] for s in snap["seats"]]).values_list("pk", flat=True))
    for row in standings:
        player_id = seats[row["position"]]["player"]["id"]
        row["player_id"] = player_id if player_id in linked else None
        row["placement"] = final_by_player.get(row["position"])
        settlement = final_rows.get(row["position"], [])
        # The columns of the page: points at the end of play, what the end adds (uma,
        # oka, leftover sticks, with their parts), the penalties paid to nobody (EMA
        # chombo), and the final points: end of play + additions + penalties.
        row["settlement"] = [r for r in settlement if r["reason"] != "penalty"]
        row["settlement_total"] = sum(r["amount"] for r in row["settlement"])
        row["penalties"] = sum(r["amount"] for r in settlement if r["reason"] == "penalty")
        row["end_of_play"] = row["score"] - row["settlement_total"] - row["penalties"]
    final = snap["final"]
    return render(request, "games/table_results.html", {
        "table": table, "snap": snap, "standings": standings,
        "has_additions": any(r["reason"] != "penalty" for r in final),
        "has_penalties": any(r["reason"] == "penalty" for r in final),
        "hands": presenter.view(snap)["hands"], "ledger_csv": _ledger_csv_url(table),
        # Confirmation by the table (issue 29): hands not yet confirmed, or disputed.
        "unconfirmed": sum(1 for h in snap["hands"]
                           if h.get("confirm", {}).get("state", "confirmed") != "confirmed"),
    })


# Games per page of a player's list.
PER_PAGE = 25


@require_GET
def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    # Only players and games the visitor could find in a list: ids are sequential, so a
    # player seated only at private or link-only tables must not be found by counting.
    actor = request_actor(request)
    player = get_object_or_404(visible_players(actor), pk=pk)
    # Their tables among those listed for the visitor (the numbers of
    # /api/players/{id}/stats/), newest first. One query reads every table's version:
    # it pages the list, counts the games and keys the statistics of the finished ones,
    # kept per version (games.seat_results.kept_tallies); a page reads its own rows only.
    theirs = (listed_tables(actor)
              .filter(pk__in=Seat.objects.filter(player_id=player.pk).values("table_id"))
              .order_by("-created_at", "-pk"))
    # ?season=<id>: a group's season (docs/groups.md, "Seasons"). The whole page then
    # describes it: the same queries over the season's tables, which clubs lends as a
    # filter (games may not import clubs); its rating charts start everyone at 0.
    season_id = str(request.GET.get("season", ""))[:24]
    season: dict[str, Any] | None = None
    if season_id:
        try:
            season, season_tables = extensions.season_scope(season_id, actor)
        except TableError as exc:
            raise Http404(exc.message) from exc
        theirs = theirs.filter(pk__in=season_tables.values("pk"))
    versions = seat_results.versions(theirs)
    per_ruleset = seat_results.player_tallies(theirs, player.pk, versions)
    overall = Tally()
    for tally in per_ruleset.values():
        overall.add(tally)
    places = overall.placements
    summary = {
        "games": overall.games, "finished": overall.finished,
        "wins": places.count(1),
        "average_place": round(sum(places) / len(places), 2) if places else None,
    }
    page = Paginator([v[0] for v in versions], PER_PAGE).get_page(request.GET.get("page"))
    ids = list(page.object_list)
    rows = {r.table_id: r for r in seat_results.of_player(Table.objects.filter(pk__in=ids),
                                                          player.pk)}
    games = [{"public_id": r.public_id, "name": r.table_name, "created_at": r.created_at,
              "finished": r.table_finished, "position": r.position,
              "wind": wind_name(WIND_LETTERS[r.position]), "score": r.final,
              "delta": r.final - r.start, "place": r.place,
              "ruleset": ruleset_title(r.ruleset)} for r in (rows[i] for i in ids if i in rows)]
    # The score chart: the game asked for, if it is one of theirs here, else the newest.
    wanted = str(request.GET.get("game", ""))
    chosen = theirs.filter(public_id=wanted).first() if wanted else None
    if chosen is None and versions:
        chosen = Table.objects.filter(pk=versions[0][0]).first()
    try:
        ratings = extensions.player_rating_charts(player, actor, season_id)
    except TableError as exc:
        raise Http404(exc.message) from exc
    charts: dict[str, Any] = {"ratings": ratings}
    if chosen is not None:
        snap = services.cached_snapshot(chosen)
        charts["score"] = {**snap["chart"], "names": _names(snap), "title": chosen.name}
    # What static/js/player.js draws (the numbers of each game are the page's own list).
    drawn = {**charts, "ratings": [{k: v for k, v in chart.items() if k != "games"}
                                   for chart in charts["ratings"]]}
    return render(request, "games/player_detail.html", {
        "player": player, "games": games, "page": page, "summary": summary,
        "stats": player_stats(per_ruleset), "chosen": chosen, "charts": charts,
        "drawn": drawn, "season": season,
        # What the page's own links keep (the pager, another game's chart).
        "keep": urlencode({"season": season_id}) + "&" if season else "",
        # What static/js/chart.js reads through i18n.js.
        "chart_strings": ui.strings_of(("no_hands", "start", "final", "chart"))})


@require_GET
def player_names(request: HttpRequest) -> JsonResponse:
    """Names starting with ``q`` that the visitor may see (autocomplete)."""
    query = (request.GET.get("q") or "").strip()
    names = visible_players(request_actor(request))
    if query:
        names = names.filter(display_name__istartswith=query)
    found = list(dict.fromkeys(names.order_by("display_name")
                               .values_list("display_name", flat=True)[:40]))
    return JsonResponse({"names": found})
