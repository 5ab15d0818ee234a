"""Seat holders, creators and actors are told apart by a device token stored hashed, never
by a credential; the admin shows no secret (issue 13, finding 1); browsers that held seats
through their session key before keep them."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token

from games import services
from games.devices import COOKIE_NAME, device_id
from games.models import Event, Seat, Table
from games.permissions import request_actor

from .tables import NAMES, command_id

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}
ADMIN_PAGES = ["admin:games_table_changelist", "admin:games_seat_changelist",
               "admin:games_event_changelist", "admin:authtoken_tokenproxy_changelist"]


def _secrets(client: Client) -> set[str]:
    return {c.value for c in client.cookies.values() if len(c.value) >= 20}


@pytest.mark.django_db
def test_the_admin_shows_no_credential_a_view_only_staff_user_could_sign_in_with():
    boss = get_user_model().objects.create_superuser("boss", password="boss-pass-123")
    boss_browser = Client()
    boss_browser.force_login(boss)
    # The superuser creates a table from the site and sits at it through the join link.
    boss_browser.post(reverse("games:new"), {
        "name": "Boss game", "config": _riichi_config(), "visibility": "link",
        **{f"player_{i}": name for i, name in enumerate(NAMES)}})
    table = Table.objects.get()
    boss_browser.post(reverse("games:join", args=[table.public_id]),
                      {"position": 0, "key": table.join_key})
    services.record_hand(table.pk, RON, command_id(), 0, _actor(boss_browser, boss))
    assert Seat.objects.get(table=table, position=0).is_claimed
    secrets = _secrets(boss_browser) | {table.join_key, Token.objects.create(user=boss).key}
    assert boss_browser.cookies["sessionid"].value in secrets

    viewer = get_user_model().objects.create_user("viewer", password="viewer-pass-123",
                                                  is_staff=True)
    viewer.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    staff = Client()
    staff.force_login(viewer)
    seat = Seat.objects.get(table=table, position=0)
    event = Event.objects.get(table=table)
    pages = [reverse(name) for name in ADMIN_PAGES]
    pages += [reverse("admin:games_table_change", args=[table.pk]),
              reverse("admin:games_seat_change", args=[seat.pk]),
              reverse("admin:games_event_change", args=[event.pk])]
    for url in pages:
        page = staff.get(url)
        assert page.status_code == 200, url
        html = page.content.decode()
        leaked = [s for s in secrets if s in html]
        assert not leaked, f"{url} shows a secret"
    # Nor does the search find a row by one (it would confirm a guessed key).
    for name in ADMIN_PAGES:
        html = staff.get(reverse(name), {"q": boss_browser.cookies["sessionid"].value}
                         ).content.decode()
        assert "Boss game" not in html, name


def _riichi_config() -> int:
    from scoring.models import RulesetConfig
    from scoring.presets import sync_presets

    sync_presets()
    return RulesetConfig.objects.get(ruleset="riichi", preset="ema", is_builtin=True).pk


def _actor(client: Client, user: object) -> services.Actor:
    return services.Actor(user=user, device=device_id(client.cookies[COOKIE_NAME].value))


@pytest.mark.django_db
def test_the_database_keeps_only_the_hash_of_a_device_token():
    client = Client()
    client.post(reverse("games:new"), {
        "name": "Hashed", "config": _riichi_config(), "visibility": "link",
        **{f"player_{i}": name for i, name in enumerate(NAMES)}})
    token = client.cookies[COOKIE_NAME].value
    cookie = client.cookies[COOKIE_NAME]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    table = Table.objects.get()
    assert table.creator_device == device_id(token) != token
    assert re.fullmatch(r"[0-9a-f]{64}", table.creator_device)
    # A cookie made up of the stored hash is not the device.
    forger = Client()
    forger.cookies[COOKIE_NAME] = table.creator_device
    assert not services.can_write(table, request_actor(_request(forger)))


def _request(client: Client) -> object:
    from django.contrib.auth.models import AnonymousUser
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.COOKIES = {k: v.value for k, v in client.cookies.items()}
    request.user = AnonymousUser()
    return request


@pytest.mark.django_db
def test_a_browser_that_held_a_seat_by_its_session_keeps_it_after_the_migration():
    # What 0005_device_tokens leaves for a seat claimed by session key K: sha256(K).
    table = services.create_table("Old game", "riichi", "", {}, NAMES)
    session_key = "k" * 32
    Seat.objects.filter(table=table, position=1).update(claimed_device=device_id(session_key))
    Table.objects.filter(pk=table.pk).update(creator_device=device_id(session_key))
    browser = Client()
    browser.cookies["sessionid"] = session_key
    page = browser.get(reverse("games:table", args=[table.public_id]))
    assert page.status_code == 200
    token = browser.cookies[COOKIE_NAME].value
    seat = Seat.objects.get(table=table, position=1)
    assert seat.claimed_device == device_id(token)
    table.refresh_from_db()
    assert table.creator_device == device_id(token)
    # The next page already knows the browser as the seat's holder.
    html = browser.get(reverse("games:table", args=[table.public_id])).content.decode()
    assert f"You sit as {NAMES[1]}." in html


@pytest.mark.django_db(transaction=True)
def test_migration_0005_hashes_session_keys_and_0006_gives_each_table_its_own_join_key():
    executor = MigrationExecutor(connection)
    executor.migrate([("games", "0004_table_undo_redo_targets")])
    old = executor.loader.project_state([("games", "0004_table_undo_redo_targets")]).apps
    OldTable, OldSeat, OldPlayer = (old.get_model("games", n) for n in ("Table", "Seat",
                                                                          "Player"))
    OldEvent = old.get_model("games", "Event")
    tables = []
    for n in range(2):
        table = OldTable.objects.create(name=f"t{n}", ruleset="riichi", public_id=f"pub{n}",
                                        creator_session=f"creator-session-{n}")
        player = OldPlayer.objects.create(display_name=f"p{n}")
        OldSeat.objects.create(table=table, position=0, player=player,
                               claimed_session=f"seat-session-{n}")
        OldEvent.objects.create(table=table, seq=1, command_id="c", kind="end",
                                actor_session=f"actor-session-{n}")
        tables.append(table.pk)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    for n, pk in enumerate(tables):
        table = Table.objects.get(pk=pk)
        assert table.creator_device == device_id(f"creator-session-{n}")
        assert table.seats.get().claimed_device == device_id(f"seat-session-{n}")
        assert Event.objects.get(table=table).actor_device == device_id(f"actor-session-{n}")
    keys = set(Table.objects.filter(pk__in=tables).values_list("join_key", flat=True))
    assert len(keys) == 2 and all(len(k) == 16 for k in keys)
