"""Site-wide pages: the home page and the health check."""

import asyncio
import logging
import secrets

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import cache
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

from scoring import registry

logger = logging.getLogger(__name__)

@require_GET
def home(request: HttpRequest) -> HttpResponse:
    # Each ruleset package's own short title and description, translated.
    rulesets = [(rs.short_title, rs.description) for rs in map(registry.get, registry.usable())]
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
    # STATIC_URL, not static(""): the manifest storage of a release (debug off) has no
    # entry for "" and raised, a 500 on every page load under `make run`.
    text = render_to_string("service-worker.js", {"static_prefix": settings.STATIC_URL})
    response = HttpResponse(text, content_type="text/javascript; charset=utf-8")
    # Browsers re-check a worker at most daily anyway; never let a cache keep an old one.
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    return redirect(static("icons/icon-192.png"), permanent=True)


# One file every page links to: if it cannot be found (collectstatic not run, or a
# manifest from another release), pages render without styles or scripts.
STATIC_PROBE = "css/site.css"
LAYER_TIMEOUT = 2.0


def _database() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError:
        logger.exception("healthz: database query failed")
        return False


def _cache() -> bool:
    key, value = f"mj-healthz:{secrets.token_hex(8)}", secrets.token_hex(8)
    try:
        cache.set(key, value, timeout=10)
        ok = cache.get(key) == value
        cache.delete(key)
        return ok
    except Exception:  # noqa: BLE001 - any failure of the cache backend
        logger.exception("healthz: the cache failed")
        return False


async def _layer_round_trip() -> bool:
    layer = get_channel_layer()
    if layer is None:
        return False
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "healthz"})
    message = await asyncio.wait_for(layer.receive(channel), LAYER_TIMEOUT)
    return bool(message.get("type") == "healthz")


def _channel_layer() -> bool:
    try:
        return bool(async_to_sync(_layer_round_trip)())
    except Exception:  # noqa: BLE001 - any failure of the layer (Redis down, timeout)
        logger.exception("healthz: the channel layer failed")
        return False


def _static() -> bool:
    if getattr(settings, "WHITENOISE_USE_FINDERS", False):
        return finders.find(STATIC_PROBE) is not None
    try:
        # The manifest storage names the file of this release; a missing manifest or
        # entry raises ValueError.
        return bool(staticfiles_storage.exists(staticfiles_storage.stored_name(STATIC_PROBE)))
    except (ValueError, OSError):
        logger.exception("healthz: static file %s not found", STATIC_PROBE)
        return False


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Each part the site needs, checked on its own: ``db`` (a query), ``cache`` (a value
    written and read back: the rate limits' counts), ``channel_layer`` (a message sent to
    a channel and received: live updates) and ``static`` (the collected files); 200 when
    all answer, else 503, with ``ok`` false and the broken part false."""
    checks = {"db": _database(), "cache": _cache(), "channel_layer": _channel_layer(),
              "static": _static()}
    ok = all(checks.values())
    return JsonResponse({"ok": ok, **checks}, status=200 if ok else 503)
