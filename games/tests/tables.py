"""Shared set-up for the games tests: tables, actors and the sample outcomes."""

from __future__ import annotations

import itertools
import json
import secrets
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model

from games import services
from games.devices import COOKIE_NAME, device_id
from games.models import Table
from games.permissions import Actor
from scoring import registry
from scoring.engine import rulesets


def _outcomes() -> dict[str, dict[str, list[dict[str, Any]]]]:
    """Sample outcomes of each ruleset, by type: data/outcomes.json, and for a ruleset it
    does not list, the ``tests/data/outcomes.json`` of its own package (a test-only ruleset
    is named by no file outside its package)."""
    found = json.loads((Path(__file__).parent / "data" / "outcomes.json").read_text(
        encoding="utf-8"))
    for name in rulesets.names():
        own = Path(str(rulesets.get(name).__file__)).parent / "tests" / "data" / "outcomes.json"
        if name not in found and own.is_file():
            found[name] = json.loads(own.read_text(encoding="utf-8"))
    return found


OUTCOMES: dict[str, dict[str, list[dict[str, Any]]]] = _outcomes()

NAMES = ["Aiko", "Bo", "Chen", "Dana"]
CREATOR = Actor(device="creator-device", name="")
_ids = itertools.count(1)


def rates(**overrides: str) -> dict[str, str]:
    """settings.MJ_RATE_LIMITS with some rates changed, for override_settings."""
    from django.conf import settings

    return {**settings.MJ_RATE_LIMITS, **overrides}


def command_id() -> str:
    return f"cmd-{next(_ids)}"


def make_table(ruleset: str = "riichi", preset: str = "", visibility: str = "link",
               **overrides: Any) -> Table:
    return services.create_table("Friday game", ruleset, preset, overrides, NAMES,
                                 creator=CREATOR, visibility=visibility)


def seated(table: Table, position: int, key: str | None = None) -> Actor:
    """Seat a browser whose device id is ``key`` through the join link."""
    key = key or f"seat-{position}-device"
    services.claim_seat(table, position, device=key, join_key=table.join_key)
    return Actor(device=key)


def new_device() -> tuple[str, str]:
    """A browser's device token (its cookie) and the device id the database keeps."""
    token = secrets.token_urlsafe(32)
    return token, device_id(token)


def socket_headers(device: str = "", session: str = "",
                   origin: bytes | None = b"http://localhost",
                   host: bytes = b"localhost") -> list[tuple[bytes, bytes]]:
    """The headers of a browser's websocket handshake: its origin and host (a page of
    the site, as mjsite.websockets requires) and its device and session cookies."""
    headers = [(b"host", host)]
    if origin is not None:
        headers.append((b"origin", origin))
    cookies = [f"{COOKIE_NAME}={device}"] if device else []
    cookies += [f"sessionid={session}"] if session else []
    if cookies:
        headers.append((b"cookie", "; ".join(cookies).encode()))
    return headers


def user(name: str, **fields: Any) -> Any:
    # No password: hashing one is slow and these users never log in with it.
    return get_user_model().objects.create(username=name, **fields)


def sample_outcomes() -> list[tuple[str, str, int, dict[str, Any]]]:
    """(ruleset, outcome type, index, outcome) for every usable ruleset's samples."""
    out = []
    for name in registry.usable():
        for kind, outcomes in OUTCOMES.get(name, {}).items():
            for i, outcome in enumerate(outcomes):
                out.append((name, kind, i, outcome))
    return out


def record(table: Table, outcome: dict[str, Any], actor: Actor = CREATOR,
           **kw: Any) -> services.CommandResult:
    table.refresh_from_db()
    return services.record_hand(table.pk, outcome, kw.pop("command_id", command_id()),
                                kw.pop("base_seq", table.seq), actor)


async def seated_socket(table: Table, position: int) -> Any:
    """A phone seated at ``position`` through the join link, its socket connected and the
    first snapshot read (a channels WebsocketCommunicator)."""
    from channels.db import database_sync_to_async

    from mjsite.asgi import application

    from .communicator import WebsocketCommunicator

    token, device = new_device()
    await database_sync_to_async(seated)(table, position, device)
    comm = WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/",
                                 headers=socket_headers(token))
    assert (await comm.connect())[0]
    await comm.receive_json_from()
    return comm
