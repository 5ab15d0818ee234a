"""Site-wide pages: the home page and the health check."""

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from scoring.engine.rulesets import RULESET_NAMES

logger = logging.getLogger(__name__)

# Translated names and one-line descriptions of the engine's rule sets, keyed by the
# engine's ruleset names (the engine itself is Django-free and untranslated).
RULESET_TEXT = {
    "riichi": (_("Riichi"), _("Japanese mahjong: han and fu, riichi sticks, honba and limits.")),
    "mcr": (
        _("Chinese Official (MCR)"),
        _("The 81 fan of the Mahjong Competition Rules; a win needs 8."),
    ),
    "sichuan": (
        _("Sichuan"),
        _("Bloody battle: three suits, one suit left out, play goes on after a win."),
    ),
    "wuhu": (_("Wuhu"), _("Anhui rules: a win needs at least eight tiles of one suit.")),
    "jian": (
        _("Ji'an"),
        _("Jiangxi chong guan rules with wildcard jing tiles and knitted hands."),
    ),
}


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    rulesets = [RULESET_TEXT[name] for name in RULESET_NAMES]
    return render(request, "home.html", {"rulesets": rulesets})


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: the site installs to a phone's home screen like an app."""
    icons = [{"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}",
              "type": "image/png", "purpose": "any maskable"} for size in (192, 512)]
    icons.append({"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"})
    data = {
        "name": str(_("mjsite: mahjong scores")),
        "short_name": "mjsite",
        "description": str(_("Keep the score of the mahjong games you play face to face.")),
        "lang": get_language(),
        "start_url": reverse("games:tables"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#f6f4ef",
        "theme_color": "#0f6b4f",
        "icons": icons,
    }
    return JsonResponse(data, content_type="application/manifest+json",
                        json_dumps_params={"ensure_ascii": False})


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """``static/js/service-worker.js`` served from the root, where its scope is the site."""
    text = render_to_string("service-worker.js", {"static_prefix": static("")})
    response = HttpResponse(text, content_type="text/javascript; charset=utf-8")
    # Browsers re-check a worker at most daily anyway; never let a cache keep an old one.
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    return redirect(static("icons/icon-192.png"), permanent=True)


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
