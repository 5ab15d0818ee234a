"""ASGI entry point: HTTP goes to Django, websockets to the routes in games/routing.py,
clubs/routing.py and events/routing.py."""

import gc
import os
import sys
import time
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjsite.settings")

# Set Django up before importing anything that touches models (consumers, auth).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import re_path  # noqa: E402

from clubs.routing import websocket_urlpatterns as club_sockets  # noqa: E402
from events.routing import websocket_urlpatterns as event_sockets  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402
from mjsite.websockets import NoRouteConsumer, OriginValidator, SendsAfterClose  # noqa: E402
from scoring.engine import warm_up  # noqa: E402

# The engine's per-process start (win tables, every ruleset, their default options and
# entry specs) happens here, when a server starts, so that no request pays it: the first
# score request would otherwise take ~40x a warm one (issue 26). Not in an AppConfig:
# every manage.py command and test process would pay it too. Before the freeze below,
# so these stay out of the collector's way.
warm_up()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SendsAfterClose(OriginValidator(
            AuthMiddlewareStack(URLRouter([
                *websocket_urlpatterns,
                *club_sockets,  # the evening's big screen (issue 28)
                *event_sockets,
                re_path(r"", NoRouteConsumer.as_asgi()),  # any other path: refused
            ]))
        )),
    }
)

# Garbage collection (docs/performance.md). "tuned", the default, freezes everything
# imported so far (out of the collector's sight) and collects the young generation less
# often, so fewer short-lived objects (a write's snapshot, a message in flight) survive
# into the old generation and set off full collections, whose pauses over 800 sockets'
# objects were the latency tail: 1 full collection (72 ms) instead of 5 (up to 130 ms,
# 422 ms in all) in a 2-minute run of 200 tables. MJ_GC=default keeps CPython's settings,
# MJ_GC=freeze only freezes.
GC_THRESHOLDS = {"tuned": (20_000, 20, 10)}
_GC_MODE = os.environ.get("MJ_GC", "tuned")
if _GC_MODE in ("freeze", "tuned"):
    gc.freeze()
    if _GC_MODE in GC_THRESHOLDS:
        gc.set_threshold(*GC_THRESHOLDS[_GC_MODE])

# MJ_GC_LOG=1 prints each full collection's pause to stderr (bench/load.py reads them).
if os.environ.get("MJ_GC_LOG") == "1":
    _gc_started = [0.0]

    def _log_full_collections(phase: str, info: dict[str, Any]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            _gc_started[0] = time.perf_counter()
        else:
            pause = (time.perf_counter() - _gc_started[0]) * 1000
            print(f"mjsite-gc: full collection {pause:.1f} ms", file=sys.stderr, flush=True)

    gc.callbacks.append(_log_full_collections)
