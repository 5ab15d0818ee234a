"""Small fixed-window rate limits counted in Django's cache, for what DRF's throttles do not
cover: writes over the table websocket and the admin's sign-in form.

The counts live in ``CACHES['default']``: in-memory for one process, Redis (``REDIS_URL`` or
``MJ_CACHE_URL``) when several server processes must share them. Rates are written like
DRF's, ``"<number>/<second|minute|hour|day>"``, and read from ``settings.MJ_RATE_LIMITS``
each time, so tests and the environment can change them (``MJ_WS_WRITE_RATE``,
``MJ_LOGIN_RATE``).
"""

from __future__ import annotations

import functools
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

_RATE = re.compile(r"(\d+)/(s|sec|second|m|min|minute|h|hour|d|day)")
_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: int

    def describe(self) -> str:
        unit = {1: "second", 60: "minute", 3600: "hour", 86400: "day"}[self.seconds]
        return f"{self.count} per {unit}"


def parse_rate(text: str) -> Rate:
    match = _RATE.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"rate {text!r} must look like '30/minute' (a number, a slash and "
                         "second, minute, hour or day)")
    return Rate(int(match.group(1)), _PERIODS[match.group(2)[0]])


def rate_for(name: str) -> Rate:
    limits: dict[str, str] = getattr(settings, "MJ_RATE_LIMITS", {})
    if name not in limits:
        raise KeyError(f"no rate named {name!r} in settings.MJ_RATE_LIMITS")
    return parse_rate(limits[name])


def _key(name: str, ident: str, rate: Rate, now: float) -> str:
    window = int(now // rate.seconds)
    return f"mj-rl:{name}:{ident}:{window}"


def _fail_open(fn: Callable[..., int | None]) -> Callable[..., int | None]:
    # A cache outage (Redis restarting) must not stop the table: count nothing and allow,
    # and say so in the log.
    @functools.wraps(fn)
    def wrapped(name: str, ident: str, **kw: Any) -> int | None:
        try:
            return fn(name, ident, **kw)
        except (KeyError, ValueError):
            raise
        except Exception:
            logger.warning("rate limit %r not counted: the cache is unavailable", name,
                           exc_info=True)
            return None

    return wrapped


@_fail_open
def hit(name: str, ident: str, *, now: float | None = None) -> int | None:
    """Count one attempt of ``ident`` under limit ``name``; return the seconds to wait when
    the limit is exceeded, else ``None``."""
    rate = rate_for(name)
    now = time.time() if now is None else now
    key = _key(name, ident, rate, now)
    # add() starts the window atomically; incr() is atomic in Redis and in locmem.
    if cache.add(key, 1, timeout=rate.seconds + 1):
        count = 1
    else:
        try:
            count = cache.incr(key)
        except ValueError:  # the window expired between add and incr
            cache.add(key, 1, timeout=rate.seconds + 1)
            count = 1
    if count <= rate.count:
        return None
    return max(1, int(rate.seconds - now % rate.seconds))


@_fail_open
def peek(name: str, ident: str, *, now: float | None = None) -> int | None:
    """Like :func:`hit` without counting: the seconds to wait if ``ident`` is over."""
    rate = rate_for(name)
    now = time.time() if now is None else now
    count = cache.get(_key(name, ident, rate, now)) or 0
    if count < rate.count:
        return None
    return max(1, int(rate.seconds - now % rate.seconds))


async def ahit(name: str, ident: str) -> int | None:
    from asgiref.sync import sync_to_async

    return await sync_to_async(hit, thread_sensitive=False)(name, ident)


def client_address(request: HttpRequest) -> str:
    # daphne --proxy-headers puts the proxy's X-Forwarded-For into REMOTE_ADDR.
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def limit_login(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Wrap a sign-in view: failed POSTs are counted per address and per username, and once
    either is over ``MJ_RATE_LIMITS['login']`` further POSTs get 429 without checking the
    password. A successful sign-in (a redirect) does not count."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        username = str(request.POST.get("username", ""))[:150].lower()
        idents = [f"addr:{client_address(request)}", f"user:{username}"]
        waits = [w for w in (peek("login", i) for i in idents) if w]
        if waits:
            return _too_many(max(waits))
        response = view(request, *args, **kwargs)
        if response.status_code == 200:  # the form came back: the sign-in failed
            for ident in idents:
                hit("login", ident)
        return response

    return wrapped


def _too_many(wait: int) -> HttpResponse:
    message = _("Too many sign-in attempts. Wait %(seconds)s seconds and try again.") % {
        "seconds": wait}
    response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(wait)
    return response
