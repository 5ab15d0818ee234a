"""Site-wide pages: the home page and the health check."""

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)

# The rule sets the site keeps score for, in the order the home page lists them.
RULESETS = [
    (_("Riichi"), _("Japanese mahjong: han and fu, riichi sticks, honba and limits.")),
    (_("Chinese Official (MCR)"), _("The 81 fan of the Mahjong Competition Rules; a win needs 8.")),
    (_("Sichuan"), _("Bloody battle: three suits, one suit left out, play goes on after a win.")),
    (_("Wuhu"), _("Anhui rules: a win needs at least eight tiles of one suit.")),
    (_("Ji'an"), _("Jiangxi chong guan rules with wildcard jing tiles and knitted hands.")),
]


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"rulesets": RULESETS})


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Answer 200 with {"ok": true, "db": true} when the database answers a query, else 503."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            db_ok = cursor.fetchone() == (1,)
    except DatabaseError:
        logger.exception("healthz: database query failed")
        db_ok = False
    return JsonResponse({"ok": db_ok, "db": db_ok}, status=200 if db_ok else 503)
