"""Whoever acts is one typed :class:`~games.permissions.Actor`, resolved once: per HTTP
request (:func:`~games.permissions.request_actor`), per websocket connection
(:func:`~games.permissions.scope_actor`); the checks and the services take it as it is
(issue 25, item 3: the reader was re-derived from ``who: Any`` at every step)."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Mapping
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory

from games import permissions, services
from games.devices import ensure_device
from games.permissions import Actor, request_actor, scope_actor
from mjsite.asgi import application

from .communicator import WebsocketCommunicator
from .tables import make_table, new_device, seated, socket_headers


@pytest.fixture
def resolved(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, Actor]]:
    """Every actor made from what a browser sent, with what it was made from."""
    made: list[tuple[Any, Actor]] = []
    real = permissions._resolve

    def counting(user: Any, source: Any) -> Actor:
        made.append((source, real(user, source)))
        return made[-1][1]

    monkeypatch.setattr(permissions, "_resolve", counting)
    return made


def _request(cookies: dict[str, str]) -> Any:
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    request.COOKIES = cookies
    return request


def test_the_actor_is_the_device_cookie_and_the_user_of_a_request_or_a_socket() -> None:
    token, device = new_device()
    request = _request({"mj_device": token, "sessionid": "not-a-device"})
    assert request_actor(request) == Actor(user=request.user, device=device)
    assert device != token  # the token is never what the database sees
    scope = {"user": AnonymousUser(), "cookies": request.COOKIES}
    assert scope_actor(scope).device == device and scope_actor(scope).user_id is None
    # A cookie that is not a device token (wrong length or alphabet) is no device.
    for bad in ("", "short", token + "x", token[:-1] + "!"):
        assert scope_actor({"cookies": {"mj_device": bad}}).device == ""
    assert scope_actor({}) == Actor()


@pytest.mark.django_db
def test_a_request_resolves_its_actor_once_and_again_only_when_its_browser_changes(
        resolved: list[tuple[Any, Actor]]) -> None:
    request = _request({})
    first = request_actor(request)
    assert request_actor(request) is first and first.device == ""
    # Given its device cookie (creating a table, taking a seat), the browser is that
    # device for the rest of the request.
    device = ensure_device(request)
    assert request_actor(request).device == device
    assert request_actor(request) is request_actor(request)
    assert len(resolved) == 2


@pytest.mark.django_db(transaction=True)
async def test_a_socket_resolves_its_actor_once_and_checks_its_rights_on_every_message(
        resolved: list[tuple[Any, Actor]]) -> None:
    table = await database_sync_to_async(make_table)()
    token, device = new_device()
    await database_sync_to_async(seated)(table, 1, device)
    phone = WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/",
                                  headers=socket_headers(token))
    assert (await phone.connect())[0]
    assert (await phone.receive_json_from())["you"]["can_write"] is True
    for n in range(3):
        await phone.send_json_to({"type": "get_snapshot", "request_id": f"r{n}"})
        assert (await phone.receive_json_from())["request_id"] == f"r{n}"
    await database_sync_to_async(services.release_seat)(table, 1, Actor(device=device))
    # The seat is gone: the next write is refused, though the actor was not resolved again.
    await phone.send_json_to({"type": "undo", "command_id": "u", "base_seq": 0})
    while (answer := await phone.receive_json_from())["type"] != "error":
        pass
    assert answer["code"] == "forbidden"
    await phone.disconnect()
    sockets = [actor for source, actor in resolved if isinstance(source, Mapping)]
    assert sockets == [Actor(user=sockets[0].user, device=device)]


# Where the actor goes down: the checks and the services of games and clubs.
TYPED = ["games.permissions", "games.services.commands", "games.services.tables",
         "games.services.players", "games.extensions", "games.forms", "games.limits",
         "clubs.permissions", "clubs.services", "clubs.results", "clubs.forms"]
ACTOR_NAMES = {"actor", "creator", "viewer", "who", "by"}


@pytest.mark.parametrize("module", TYPED)
def test_the_checks_and_services_take_the_actor_typed(module: str) -> None:
    loaded = importlib.import_module(module)
    untyped = []
    for name, fn in vars(loaded).items():
        if not inspect.isfunction(fn) or fn.__module__ != module:
            continue
        for param in inspect.signature(fn).parameters.values():
            # Annotations are postponed (strings): "Actor", "Actor | None".
            typed = str(param.annotation).split(" | ")[0] == "Actor"
            if param.name in ACTOR_NAMES and not typed:
                untyped.append(f"{name}({param.name}: {param.annotation})")
    assert untyped == []
