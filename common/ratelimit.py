"""Small fixed-window rate limits counted in Django's cache, for what DRF's throttles do not
cover: writes and reads over the table websocket and password checks (the admin's sign-in
form and ``/api/token/``).

The counts live in ``CACHES['default']``: in-memory for one process, Redis (``REDIS_URL`` or
``MJ_CACHE_URL``) when several server processes must share them. Rates are written like
DRF's, ``"<number>/<second|minute|hour|day>"``, and read from ``settings.MJ_RATE_LIMITS``
each time, so tests and the environment can change them (``MJ_WS_WRITE_RATE``,
``MJ_LOGIN_RATE``...).

Password limits (:func:`password_attempt`) count each attempt *before* the password is
checked, with the cache's atomic increment, so thirty tries sent at once are not all
checked; a successful sign-in takes its count back. Three counts apply:

* per username and client address (``login``, 5 a minute): what one attacker gets;
* per client address (``login_address``): one address trying many usernames;
* per username (``login_user``, a slower rate over an hour) for browsers that have never
  signed in as that user. A browser that has (its device token, :mod:`games.devices`,
  remembered by the sign-in forms' wrapper, :mod:`mjsite.login_limits`, for
  :data:`KNOWN_DEVICE_DAYS` days) is exempt, so an attacker who spreads guesses over
  many addresses slows down every *new* browser, never the owner's own.

The client address is the peer's, or, behind ``MJ_TRUSTED_PROXIES`` proxies, the entry
of ``X-Forwarded-For`` that the outermost trusted proxy wrote (:func:`client_address`):
never an address the client wrote itself.
"""

from __future__ import annotations

import functools
import hashlib
import ipaddress
import logging
import re
import time
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache

from common.outage_log import OutageLog

logger = logging.getLogger(__name__)
# The counts' cache (Redis) failing: one line per outage, not one per request.
CACHE_OUTAGE = OutageLog(logger, "the cache")

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


def clock() -> float:
    """The time windows are counted in (tests hold it still across a window's edge)."""
    return time.time()


def _key(name: str, ident: str, rate: Rate, now: float) -> str:
    window = int(now // rate.seconds)
    return f"mj-rl:{name}:{ident}:{window}"


def _fail_open(fn: Callable[..., int | None]) -> Callable[..., int | None]:
    # A cache outage (Redis restarting) must not stop the table: count nothing and allow,
    # and say so in the log.
    @functools.wraps(fn)
    def wrapped(name: str, ident: str, **kw: Any) -> int | None:
        try:
            result = fn(name, ident, **kw)
        except (KeyError, ValueError):
            raise
        except Exception:  # noqa: BLE001 - any cache failure: count nothing, allow
            CACHE_OUTAGE.failed("rate limit %r not counted", name)
            return None
        CACHE_OUTAGE.recovered()
        return result

    return wrapped


@_fail_open
def hit(name: str, ident: str, *, now: float | None = None,
        rate: Rate | None = None) -> int | None:
    """Count one attempt of ``ident`` under limit ``name``; return the seconds to wait when
    the limit is exceeded, else ``None``. ``rate`` is the limit's when it is not one of
    ``MJ_RATE_LIMITS`` (the API throttles count here too: :mod:`scoring.api.common`)."""
    rate = rate or rate_for(name)
    now = clock() if now is None else now
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
def unhit(name: str, ident: str, *, now: float | None = None) -> int | None:
    """Take back one attempt counted by :func:`hit` in the current window."""
    rate = rate_for(name)
    now = clock() if now is None else now
    try:
        cache.decr(_key(name, ident, rate, now))
    except ValueError:  # the window has turned since: nothing to take back
        pass
    return None


async def ahit(name: str, ident: str) -> int | None:
    from asgiref.sync import sync_to_async

    return await sync_to_async(hit, thread_sensitive=False)(name, ident)


def client_address(source: Any) -> str:
    """The client's address for a request (Django or DRF) or a Channels scope.

    With ``MJ_TRUSTED_PROXIES`` = 0 (no proxy) it is the peer's address and any
    ``X-Forwarded-For`` is ignored: a client can write one. Behind *n* trusted proxies it
    is the *n*-th entry from the right of ``X-Forwarded-For``, the one the outermost of
    our proxies saw (the sample nginx sends ``$remote_addr``, so the header is one entry);
    entries further left were written by the client. Without that many entries, or with
    something that is not an address, the peer's address.
    """
    if isinstance(source, Mapping):
        peer = str((source.get("client") or ["unknown"])[0])
        forwarded = ",".join(bytes(value).decode("latin-1")
                             for name, value in source.get("headers") or []
                             if bytes(name).lower() == b"x-forwarded-for")
    else:
        meta = source.META
        peer = str(meta.get("REMOTE_ADDR") or "unknown")
        forwarded = str(meta.get("HTTP_X_FORWARDED_FOR") or "")
    proxies: int = getattr(settings, "MJ_TRUSTED_PROXIES", 0)
    if proxies and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if len(hops) >= proxies:
            try:
                return str(ipaddress.ip_address(hops[-proxies][:64]))
            except ValueError:
                pass
    return peer


# --- password checks -------------------------------------------------------------------

KNOWN_DEVICE_DAYS = 180


def same_username(username: str) -> str:
    """``username`` as the sign-in form matches it, folded further: Django's form strips
    it and folds compatibility characters (NFKC, so full-width ｖｉｃｔｉｍ is victim)
    before looking the user up, so every spelling that signs in as one user must count
    as that user (issue 24: ``victim␠`` got past victim's lock). Case is folded too, so
    Victim and victim share their limits; that only ever counts more, never less."""
    return unicodedata.normalize("NFKC", username).strip().casefold()


def _user_key(username: str) -> str:
    # Usernames are free text: hashed, they make cache keys of one shape.
    folded = same_username(username)
    return hashlib.sha256(folded.encode("utf-8", "replace")).hexdigest()[:32]


def _known_key(username: str, device: str) -> str:
    return f"mj-known:{_user_key(username)}:{device}"


@dataclass(frozen=True)
class PasswordAttempt:
    """One counted attempt at a password; :meth:`succeeded` takes its count back."""

    counted: tuple[tuple[str, str], ...]
    wait: int | None

    def succeeded(self, username: str, device: str) -> None:
        for name, ident in self.counted:
            unhit(name, ident)
        if device:
            try:
                cache.set(_known_key(username, device), 1,
                          timeout=KNOWN_DEVICE_DAYS * 24 * 3600)
            except Exception:  # noqa: BLE001 - remembered next time the cache is up
                CACHE_OUTAGE.failed("could not remember a known device")


def password_attempt(username: str, address: str, device: str = "") -> PasswordAttempt:
    """Count an attempt at ``username``'s password from ``address`` (and the browser
    ``device``, a device id or ""), before the password is checked; ``wait`` is the
    seconds to wait when a limit is exceeded (then do not check the password)."""
    user = _user_key(username)
    counted = [("login", f"{user}:{address}"), ("login_address", address)]
    try:
        known = bool(device) and bool(cache.get(_known_key(username, device)))
    except Exception:  # noqa: BLE001 - fail open like the counts themselves
        known = False
    if not known:
        counted.append(("login_user", user))
    waits = [wait for name, ident in counted if (wait := hit(name, ident)) is not None]
    return PasswordAttempt(tuple(counted), max(waits) if waits else None)
