"""Limits on every path that writes or runs the engine (issue 24, finding 5), all counted
by one atomic counter, :func:`common.ratelimit.hit` (``cache.add`` then ``cache.incr``),
so a burst of requests sent at once is counted one by one, and several server processes
count together in the shared cache.

* ``table_write``: the changes one phone makes at one table (:mod:`games.limits`: a
  phone is known by its seat's device, a games matter).
* ``create``: tables, groups and evenings created, by the pages and the API together,
  per user or, without an account, per client address (a browser can drop its cookies).
* ``page_write``: every other page form that changes something (taking a seat, a group's
  settings and members, stakes, attaching a table to an evening).
* The API's throttles (``MJ_API_*_RATE``) count here too (:class:`scoring.api.common.
  ScopedThrottle`), and the analysis and danger pages count in the same ``score`` budget
  as ``/api/analyse/`` and ``/api/danger/``: the same engine, the same caller.

docs/limits.md lists every limit with its variable.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from common.ratelimit import Rate, client_address, hit, parse_rate

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def client_ident(request: Any) -> str:
    """Who is counted for a request: the signed-in user, else the client's address."""
    user = getattr(request, "user", None)
    if user is not None and getattr(user, "is_authenticated", False):
        return f"u{user.pk}"
    return "addr:" + client_address(request)


def create_wait(request: Any) -> int | None:
    """Count one thing created (table, group, evening); the seconds to wait, or None."""
    return hit("create", client_ident(request))


def throttle_wait(scope: str, request: Any, rate: Rate | str) -> int | None:
    """Count one request in the API throttle ``scope`` (also the engine pages')."""
    rate = parse_rate(rate) if isinstance(rate, str) else rate
    return hit(f"api:{scope}", client_ident(request), rate=rate)


def engine_wait(request: Any) -> int | None:
    """An engine page's run, counted in the API's ``score`` budget."""
    rates = settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES") or {}
    rate = rates.get("score")
    return throttle_wait("score", request, rate) if rate else None


def too_many(request: HttpRequest, wait: int, message: str = "") -> HttpResponse:
    """The page a browser over a limit sees: what happened and how long to wait (for a
    page's ``?fragment=1`` request, that sentence alone, for its script to show)."""
    template = "_limited.html" if request.GET.get("fragment") == "1" else "429.html"
    response = render(request, template, {"message": message or wait_sentence(wait)},
                      status=429)
    response["Retry-After"] = str(wait)
    return response


def refused_form(request: HttpRequest) -> int | None:
    """For a page whose form creates something (a table, a group, an evening): count its
    POST in ``create`` before anything is read, as :func:`limit_writes` does, but let the
    view answer a refusal itself, with the form as it was typed and the refusal on it
    (:func:`as_refused`): a person who typed eight names does not lose them."""
    return create_wait(request) if request.method in UNSAFE else None


def as_refused(response: HttpResponse, wait: int) -> HttpResponse:
    """A page re-shown because ``create`` refused its form: 429 with ``Retry-After``."""
    response.status_code = 429
    response["Retry-After"] = str(wait)
    return response


def wait_sentence(wait: int) -> str:
    if wait > 90:  # an hourly limit: "2364 seconds" reads as a number, not a time
        return _("Too many changes from this browser. Nothing was saved; wait %(minutes)s "
                 "minutes and send it again.") % {"minutes": math.ceil(wait / 60)}
    return _("Too many changes from this browser. Nothing was saved; wait %(seconds)s "
             "seconds and send it again.") % {"seconds": wait}


def engine_sentence(wait: int) -> str:
    return _("Too many questions from this browser; wait %(seconds)s seconds and ask "
             "again.") % {"seconds": wait}


def limit_writes(name: str) -> Callable[[Callable[..., HttpResponse]],
                                         Callable[..., HttpResponse]]:
    """Count a page's writes (its POSTs) under ``name`` (``create`` or ``page_write``),
    per user or address, before the view runs; over the limit, a 429 page."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in UNSAFE:
                wait = hit(name, client_ident(request))
                if wait is not None:
                    return too_many(request, wait)
            return view(request, *args, **kwargs)

        return wrapped

    return decorate


def limit_engine(asks: Callable[[HttpRequest], bool]) -> Callable[
        [Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Count an engine page (analysis, danger) in the API's ``score`` budget whenever
    ``asks(request)``: the page will run the engine."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if asks(request):
                wait = engine_wait(request)
                if wait is not None:
                    return too_many(request, wait, engine_sentence(wait))
            return view(request, *args, **kwargs)

        return wrapped

    return decorate
