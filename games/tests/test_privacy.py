"""Names of players who sit only at private (or link-only) tables stay with those tables,
and naming a player never attaches a game to someone's account without their consent
(issue 13, finding 6)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games import services
from games.devices import COOKIE_NAME
from games.models import Player, Table

from .tables import new_device, record, user

pytestmark = pytest.mark.django_db

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}


@pytest.fixture
def hidden() -> dict[str, object]:
    """A private and a link-only table with names met nowhere else, and a public one."""
    token, device = new_device()
    private = services.create_table("Family", "riichi", "", {},
                                    ["Secret Sue", "Quiet Quinn", "Pat", "Lou"],
                                    creator=services.Actor(device=device),
                                    visibility="private")
    record(private, RON, actor=services.Actor(device=device))
    link = services.create_table("Club", "riichi", "", {}, ["Linky Lee", "Pat", "Lou", "Max"],
                                 creator=services.Actor(device="someone"), visibility="link")
    public = services.create_table("Open", "riichi", "", {}, ["Open Olga", "Pat", "Lou", "Max"],
                                   visibility="public")
    sue = Player.objects.get(display_name="Secret Sue")
    return {"private": private, "link": link, "public": public, "token": token, "sue": sue}


def _stranger() -> Client:
    return Client()


def _member(token: str) -> Client:
    client = Client()
    client.cookies[COOKIE_NAME] = token
    return client


def test_name_suggestions_offer_only_names_of_listed_tables(hidden):
    names = _stranger().get(reverse("games:player-names")).json()["names"]
    assert "Open Olga" in names
    assert "Secret Sue" not in names and "Linky Lee" not in names
    assert "Secret Sue" in _member(hidden["token"]).get(
        reverse("games:player-names"), {"q": "sec"}).json()["names"]
    page = _stranger().get(reverse("games:new")).content.decode()
    assert "Open Olga" in page and "Secret Sue" not in page and "Linky Lee" not in page


def test_a_player_page_of_a_private_only_player_is_not_found_by_counting_ids(hidden):
    sue = hidden["sue"]
    assert _stranger().get(reverse("games:player", args=[sue.pk])).status_code == 404
    page = _member(hidden["token"]).get(reverse("games:player", args=[sue.pk]))
    assert page.status_code == 200 and "Family" in page.content.decode()
    # A public player's page lists the public game, never a link-only one (its id is the
    # secret link of that table).
    pat = Player.objects.get(display_name="Pat")
    html = _stranger().get(reverse("games:player", args=[pat.pk])).content.decode()
    assert hidden["public"].public_id in html
    assert hidden["link"].public_id not in html and hidden["private"].public_id not in html


def test_the_api_finds_no_private_only_player(hidden):
    sue = hidden["sue"]
    for path in (f"/api/players/{sue.pk}/stats/", f"/api/players/{sue.pk}/ledger/"):
        answer = APIClient().get(path)
        assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"
        assert "Secret Sue" not in answer.content.decode()
    member = APIClient()
    member.cookies[COOKIE_NAME] = hidden["token"]
    stats = member.get(f"/api/players/{sue.pk}/stats/")
    assert stats.status_code == 200 and stats.json()["overall"]["games"] == 1


def test_a_results_page_links_only_to_player_pages_the_visitor_may_open(hidden):
    html = _stranger().get(reverse("games:results", args=[hidden["link"].public_id])
                           ).content.decode()
    pat = Player.objects.get(display_name="Pat")
    lee = Player.objects.get(display_name="Linky Lee")
    assert reverse("games:player", args=[pat.pk]) in html
    assert reverse("games:player", args=[lee.pk]) not in html and "Linky Lee" in html


def test_naming_an_account_linked_player_makes_a_new_unlinked_one():
    alice = user("alice")
    mine = services.create_table("Alice's", "riichi", "", {},
                                 ["Alice Realname", "B", "C", "D"],
                                 creator=services.Actor(user=alice), visibility="public")
    linked = mine.seats.get(position=0).player
    linked.user = alice
    linked.save()
    record(mine, RON, actor=services.Actor(user=alice))
    stranger = services.create_table("Stranger's", "riichi", "", {},
                                     ["Alice Realname", "E", "F", "G"],
                                     creator=services.Actor(device="stranger"),
                                     visibility="public")
    theirs = stranger.seats.get(position=0).player
    assert theirs.pk != linked.pk and theirs.user is None
    stats = APIClient().get(f"/api/players/{linked.pk}/stats/").json()
    assert stats["overall"]["games"] == 1
    # Alice's own next table does reuse her linked player (she named herself).
    again = services.create_table("Alice again", "riichi", "", {},
                                  ["Alice Realname", "B", "C", "D"],
                                  creator=services.Actor(user=alice))
    assert again.seats.get(position=0).player_id == linked.pk
    # An unlinked player of the name is still reused, so history without accounts carries.
    assert Table.objects.count() == 3
    assert services.create_table("x", "riichi", "", {}, ["E", "B2", "C2", "D2"]
                                 ).seats.get(position=0).player_id == \
        stranger.seats.get(position=1).player_id
