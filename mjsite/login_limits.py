"""The admin's sign-in and password-change forms, counted by the password limits of
:func:`common.ratelimit.password_attempt` before the password is checked; a browser that
signed in is remembered by its device (:mod:`games.devices`), which is why this wrapper
stands here, above the apps, rather than beside the counter.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from common.ratelimit import client_address, password_attempt
from games.devices import device_of, ensure_device


def _posted_username(request: HttpRequest) -> str:
    return str(request.POST.get("username", ""))[:150]


def _signed_in_username(request: HttpRequest) -> str:
    user = getattr(request, "user", None)
    return str(user.get_username()) if user is not None and user.is_authenticated else ""


def limit_login(view: Callable[..., HttpResponse],
                username_of: Callable[[HttpRequest], str] = _posted_username,
                ) -> Callable[..., HttpResponse]:
    """Wrap a view that checks a password: each POST is counted (:func:`password_attempt`)
    against the username ``username_of`` the request (the posted one for a sign-in form,
    the signed-in user's for a password change, which checks the old password) before
    the password is checked; over a limit it gets 429 without a check. A success (a
    redirect) takes its count back and makes the browser known for that username."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        username = username_of(request)
        attempt = password_attempt(username, client_address(request), device_of(request))
        if attempt.wait is not None:
            return too_many_attempts(attempt.wait)
        response = view(request, *args, **kwargs)
        if response.status_code == 302:  # signed in, or the password changed
            attempt.succeeded(username, ensure_device(request))
        return response

    return wrapped


def limit_password_change(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """:func:`limit_login` for a signed-in user's password change: guesses at the old
    password count against that user's limits."""
    return limit_login(view, _signed_in_username)


def too_many_attempts(wait: int) -> HttpResponse:
    message = _("Too many sign-in attempts. Wait %(seconds)s seconds and try again.") % {
        "seconds": wait}
    response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(wait)
    return response
