"""Adding a group member by name reuses only a player the adder may see and that no other
account owns (issue 24, finding 8): a name seen only at someone's private table, or a
player linked to another account, brought that player (their games, their account's
membership) into the group."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from clubs import services
from clubs.models import Membership
from games import services as games
from games.models import Player
from games.permissions import Actor
from games.tests.tables import new_device, user

from .helpers import OWNER, group
from .test_pages import owner_client

pytestmark = pytest.mark.django_db
STRANGER = Actor(device=new_device()[1])


def _table(names: list[str], visibility: str, by: Actor = STRANGER) -> None:
    games.create_table("Elsewhere", "riichi", "", {}, names, creator=by,
                       visibility=visibility)


def test_a_name_seen_only_at_someone_s_private_table_makes_a_new_player():
    _table(["Zed", "Yan", "Xu", "Wen"], "private")
    hidden = Player.objects.get(display_name="Zed")
    club = group()
    member = services.add_member(club, "Zed", OWNER)
    assert member.player.pk != hidden.pk and member.player.display_name == "Zed"
    # The same through a new group's first members.
    other = services.create_group("Another", OWNER, members=["Yan"])
    assert Membership.objects.get(group=other).player.pk != Player.objects.filter(
        display_name="Yan").order_by("id").first().pk


def test_a_player_linked_to_another_account_is_never_reused():
    owner_of_name = user("yui")
    Player.objects.create(display_name="Yui", user=owner_of_name)
    _table(["Yui", "Bo", "Chen", "Dana"], "public")
    club = group()
    member = services.add_member(club, "Yui", OWNER)
    assert member.player.user_id is None
    # So that account is no member of the group it never joined.
    from clubs import permissions
    assert permissions.membership(club, Actor(user=owner_of_name)) is None


def test_a_name_seen_at_a_public_table_keeps_its_history():
    _table(["Mei", "Bo", "Chen", "Dana"], "public")
    seen = Player.objects.get(display_name="Mei")
    assert services.add_member(group(), "Mei", OWNER).player.pk == seen.pk


def test_the_members_page_adds_a_new_player_for_a_hidden_name():
    _table(["Zed", "Yan", "Xu", "Wen"], "private")
    club = group()
    answer = owner_client().post(reverse("clubs:group-members", args=[club.public_id]),
                                 {"name": "Zed"})
    assert answer.status_code == 302
    assert Player.objects.filter(display_name="Zed").count() == 2
    assert Client().get(reverse("clubs:group", args=[club.public_id])).status_code == 200
