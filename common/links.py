"""Absolute links that other phones open: the join link and its QR code.

A link made from the address the creator's browser used is wrong when that browser runs on
the serving machine itself: ``http://127.0.0.1:8000/...`` on a friend's phone is the
friend's phone. Such links get the machine's LAN address instead (the home game,
``mjsite.lan``); ``MJ_PUBLIC_URL`` fixes the address of a hosted site outright.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest


def _is_loopback(name: str) -> bool:
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def phone_url(request: HttpRequest, path: str) -> str:
    """The absolute URL of ``path`` (starting with /) as another phone should open it."""
    if settings.PUBLIC_URL:
        return f"{settings.PUBLIC_URL}{path}"
    parts = urlsplit("//" + request.get_host())
    if _is_loopback(parts.hostname or "") and settings.LAN_ADDRESSES:
        port = f":{parts.port}" if parts.port else ""
        return f"{request.scheme}://{settings.LAN_ADDRESSES[0]}{port}{path}"
    return request.build_absolute_uri(path)
