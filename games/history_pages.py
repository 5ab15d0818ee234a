"""The table's log page and the acceptance of a history changed outside the site (issue
29): ``/t/<id>/log/`` lists who recorded, undid, corrected, confirmed or disputed what,
when, from which seat, with each event's hash; its players, creator, organisers and staff
read it (:func:`games.permissions.can_audit`). ``/t/<id>/log/accept/`` is the button the
table page shows them (the creator, an organiser or staff) while the history is changed.
``/t/<id>/confirm-hands/`` turns confirmation by the table on or off (the same people)."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.errors import TableError
from games import chain, services
from games.permissions import can_audit, request_actor
from games.queries import audit
from games.services.explain import refusal_text
from games.views import _ledger_csv_url, _viewable
from scoring.engine.errors import EngineError


@require_GET
def table_log(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _viewable(request, public_id)
    if not can_audit(table, request_actor(request)):
        raise PermissionDenied(_("Only the table's players, its creator, the organisers of "
                                 "its group and staff may read its log."))
    chain.status(table)  # a change found now is recorded, and shown below
    log = audit.trail(table)
    return render(request, "games/table_log.html", {
        "table": table, "log": log, "events": list(reversed(log["events"])),
        "may_accept": (bool(table.chain_break)
                       and services.may_accept(table, request_actor(request))),
        "command_id": f"accept-{uuid.uuid4()}",
        # The ledger with the chain under it: the copy a player keeps as proof.
        "ledger_csv": f"{csv}&chain=true" if (csv := _ledger_csv_url(table)) else "",
    })


@require_POST
def table_log_accept(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _viewable(request, public_id)
    if not services.may_accept(table, request_actor(request)):
        raise PermissionDenied(_("Only the table's creator, an organiser of its group or "
                                 "staff may accept a changed history."))
    try:
        services.accept_history(table, request_actor(request),
                                request.POST.get("command_id", ""))
    except (TableError, EngineError) as exc:
        messages.error(request, refusal_text(exc, table=table))
        return redirect(reverse("games:log", args=[table.public_id]))
    messages.success(request, _("The history was accepted as it is now; the table records "
                                "hands again."))
    return redirect(reverse("games:table", args=[table.public_id]))


@require_POST
def table_confirm_setting(request: HttpRequest, public_id: str) -> HttpResponse:
    """The table page's "Players confirm each hand" setting (issue 29)."""
    table = _viewable(request, public_id)
    try:
        services.set_confirm_hands(table, request.POST.get("confirm_hands") == "on",
                                   request_actor(request))
    except TableError as exc:
        if exc.code == "forbidden":
            raise PermissionDenied(refusal_text(exc, table=table)) from exc
        messages.error(request, refusal_text(exc, table=table))
    else:
        messages.success(request, _("The table's setting was saved."))
    return redirect(reverse("games:table", args=[table.public_id]))
