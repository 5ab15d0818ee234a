"""The creator's device carried to the address the table hands out: a one-time hand-over.

Cookies belong to an address. The computer that created a table at
``http://127.0.0.1:8000`` holds its device cookie (:mod:`games.devices`) there only; the
table's join link points at the machine's LAN address (:mod:`common.links`), where the
same browser has no cookie and would be a stranger: no "Free this seat", no recording.

So the table page's "Open the seat list" goes first through :func:`start`, on the address
where the browser has its cookie. It keeps the browser's device token in the cache for a
short while under a random code and redirects to the handed-out address with the code;
there :func:`redeem` takes the code (once: a second use, or one after the time runs out,
finds nothing) and gives that browser the same device token, so it is the same device on
both addresses: creator of the same tables, holder of the same seats. Only the code
travels in the address; the token stays in the server's cache, never in the database or
the logs, which only ever see device ids.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest

from games import devices
from games.models import Table

PARAM = "handover"  # the query parameter carrying the code
# Long enough for a slow phone to follow one redirect; short, since the code is a
# credential while it lasts.
TTL_SECONDS = 120


def _key(code: str) -> str:
    return "mj-handover:" + hashlib.sha256(code.encode("utf-8", "surrogatepass")).hexdigest()


def start(request: HttpRequest, table: Table) -> str:
    """A new single-use code carrying this browser's device token to ``table``'s pages on
    another address; "" when the browser has no device token (nothing to carry)."""
    token = devices.token_of(request)
    if not token:
        return ""
    code = secrets.token_urlsafe(32)
    cache.set(_key(code), {"token": token, "table": table.public_id}, TTL_SECONDS)
    return code


def redeem(request: HttpRequest, table: Table, code: str) -> bool:
    """Make this browser the device that started ``code`` for ``table``; False when the
    code is unknown, used, expired or for another table."""
    if not code or len(code) > 100:
        return False
    key = _key(code)
    carried: Any = cache.get(key)
    # delete() answers whether the key was still there: of two browsers racing with one
    # code, only one gets True.
    if not isinstance(carried, dict) or not cache.delete(key):
        return False
    if carried.get("table") != table.public_id:
        return False
    devices.adopt(request, str(carried.get("token") or ""))
    return True
