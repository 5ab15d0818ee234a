"""Set-up shared by the event tests: the five roles of an event, as clients and actors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.test import Client

from clubs import services as clubs
from events import services
from events.models import Role, Tournament
from games.devices import COOKIE_NAME
from games.permissions import Actor
from games.tests.tables import new_device, user
from scoring.models import RulesetConfig
from scoring.presets import sync_presets


def config(ruleset: str = "riichi", preset: str = "") -> RulesetConfig:
    sync_presets()
    rows = RulesetConfig.objects.filter(ruleset=ruleset, is_builtin=True)
    return rows.get(preset=preset) if preset else rows.order_by("pk").first()


def device_client() -> tuple[Client, Actor]:
    token, device = new_device()
    client = Client()
    client.cookies[COOKIE_NAME] = token
    return client, Actor(device=device)


def user_client(name: str, **fields: Any) -> tuple[Client, Actor]:
    account = user(name, **fields)
    client = Client()
    client.force_login(account)
    return client, Actor(user=account)


@dataclass
class Cast:
    """An event and a client (with its actor) for each role."""

    event: Tournament
    clients: dict[str, Client]
    actors: dict[str, Actor]


def cast(visibility: str = "link", **fields: Any) -> Cast:
    """The creator's browser organises; accounts for a second organiser, a referee and a
    player (entered through the join link); a spectator's and a stranger's browsers."""
    clients, actors = {}, {}
    clients["creator"], actors["creator"] = device_client()
    event = services.create_event("Spring open", actors["creator"], config(),
                                  visibility=visibility, **fields)
    for role in (Role.ORGANISER, Role.REFEREE):
        clients[str(role)], actors[str(role)] = user_client(f"{role}-account")
        services.add_official(event, f"{role}-account", str(role), actors["creator"])
    clients["player"], actors["player"] = user_client("player-account")
    services.join(event, event.join_key, "", actors["player"])
    for who in ("spectator", "stranger"):
        clients[who], actors[who] = device_client()
    return Cast(event, clients, actors)


def group_of(actor: Actor) -> Any:
    return clubs.create_group("Thursday club", actor, members=["Aiko", "Bo", "Chen"])
