"""Per-browser device tokens: who holds a seat, created a table or sent a command, told
without a credential.

A browser that takes a seat or creates a table gets a random token in the ``mj_device``
cookie (256 bits, HttpOnly, SameSite=Lax, Secure in production, kept two years). The
database, the admin and the logs only ever see its SHA-256, the *device id*, which cannot
be turned back into the cookie: a staff member reading a seat in the admin learns nothing
that signs anyone in. Seats used to be tied to the session key, which *is* the sign-in
cookie, so any staff user with view permission could become a superuser (issue 13).

A plain SHA-256 is enough (no salt, no slow hash): the token is random and long, so there
is nothing to guess from its hash.

Browsers from before this change hold seats through their session key: migration
``0005_device_tokens`` stored the same hash of those keys, and :class:`DeviceMiddleware`
moves them to a new device token the first time such a browser comes back, so they keep
their seats.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from games.models import Seat, Table

COOKIE_NAME = "mj_device"
MAX_AGE = 2 * 365 * 24 * 3600
# secrets.token_urlsafe(32): 43 characters of the URL-safe base64 alphabet.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")
_NEW = "_mj_new_device_token"


def device_id(token: str) -> str:
    """The stored form of a device token (or, for migrated rows, of a session key)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _token(cookies: Mapping[str, str] | None) -> str:
    value = (cookies or {}).get(COOKIE_NAME) or ""
    return value if _TOKEN.fullmatch(value) else ""


def device_of(source: Any) -> str:
    """The device id of a Django request or a Channels scope, or "" without a valid cookie."""
    if isinstance(source, Mapping):
        cookies = source.get("cookies")
    else:
        cookies = getattr(source, "COOKIES", None)
    token = _token(cookies)
    return device_id(token) if token else ""


def ensure_device(request: HttpRequest) -> str:
    """The request's device id, making a token first (set as a cookie on the response by
    :class:`DeviceMiddleware`): claiming a seat and creating a table tie rights to it."""
    token = _token(request.COOKIES)
    if not token:
        token = secrets.token_urlsafe(32)
        request.COOKIES[COOKIE_NAME] = token
        setattr(request, _NEW, token)
    return device_id(token)


def token_of(request: HttpRequest) -> str:
    """The request's device token ("" without a valid one): only for :mod:`games.handover`,
    which carries it to another address of this site; never stored or logged."""
    return _token(request.COOKIES)


def adopt(request: HttpRequest, token: str) -> None:
    """Make ``token`` this browser's device token (its cookie is set on the response by
    :class:`DeviceMiddleware`). Seats and tables the browser held under a token of its own
    move to the adopted device, except a seat at a table where that device already sits."""
    if not _TOKEN.fullmatch(token):
        raise ValueError("not a device token")
    old, new = device_of(request), device_id(token)
    if old and old != new:
        taken = Seat.objects.filter(claimed_device=new).values("table_id")
        Seat.objects.filter(claimed_device=old).exclude(table_id__in=taken).update(
            claimed_device=new)
        Table.objects.filter(creator_device=old).update(creator_device=new)
    request.COOKIES[COOKIE_NAME] = token
    setattr(request, _NEW, token)


def _relink_session(request: HttpRequest) -> None:
    """Give a browser that has a session but no device token one, and move the seats and
    tables it held through its session key (before device tokens) to it. Once per
    browser: the next request carries the device cookie."""
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME) or ""
    if not session_key or len(session_key) > 64:
        return
    legacy, new = device_id(session_key), ensure_device(request)
    Seat.objects.filter(claimed_device=legacy).update(claimed_device=new)
    Table.objects.filter(creator_device=legacy).update(creator_device=new)


class DeviceMiddleware:
    """Sets the device cookie made during the request; re-links a pre-device browser."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not _token(request.COOKIES):
            _relink_session(request)
        response = self.get_response(request)
        token = getattr(request, _NEW, None)
        if token:
            response.set_cookie(COOKIE_NAME, token, max_age=MAX_AGE, httponly=True,
                                samesite="Lax", secure=settings.SESSION_COOKIE_SECURE)
        return response
