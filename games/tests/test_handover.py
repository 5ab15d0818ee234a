"""The creator stays the creator on the address the table hands out (issue 22, finding 3):
created on the computer at 127.0.0.1, whose join link points at the LAN address (another
cookie jar), the creator's "Open the seat list" carries its device there once."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games import handover, services
from games.devices import COOKIE_NAME, device_id
from games.models import Seat, Table

from .tables import NAMES, new_device

LOOPBACK, LAN = "127.0.0.1:8000", "192.168.1.20:8000"


@pytest.fixture
def home_game(settings):
    settings.PUBLIC_URL = ""
    settings.LAN_ADDRESSES = ["192.168.1.20"]
    settings.ALLOWED_HOSTS = ["127.0.0.1", "192.168.1.20"]
    cache.clear()


def _created_on_the_computer() -> tuple[Client, Table]:
    computer = Client(HTTP_HOST=LOOPBACK)
    token, device = new_device()
    computer.cookies[COOKIE_NAME] = token
    table = services.create_table("Friday game", "riichi", "ema", {}, NAMES,
                                  creator=services.Actor(device=device), visibility="link")
    return computer, table


def _href(page: str) -> str:
    tag = page[page.index("<a ", page.index('id="open-seat-list"') - 200):]
    tag = tag[tag.index("<a "):]
    return tag.split('href="', 1)[1].split('"', 1)[0].replace("&amp;", "&")


def _follow_to_the_lan(computer: Client, table: Table) -> str:
    """The computer's browser follows "Open the seat list": the address it lands on."""
    link = _href(computer.get(reverse("games:table", args=[table.public_id])).content.decode())
    assert link == reverse("games:seat-list", args=[table.public_id])
    answer = computer.get(link)
    assert answer.status_code == 302
    return answer["Location"]


@pytest.mark.django_db
def test_the_creator_following_the_seat_list_to_the_lan_address_may_free_a_seat_there(
        home_game):
    computer, table = _created_on_the_computer()
    services.claim_seat(table, 2, device="chens-phone", join_key=table.join_key)
    target = _follow_to_the_lan(computer, table)
    parts = urlsplit(target)
    assert parts.netloc == LAN
    assert parse_qs(parts.query)["key"] == [table.join_key]
    # The computer's browser on the LAN address: another cookie jar, empty.
    lan_browser = Client(HTTP_HOST=LAN)
    landed = lan_browser.get(f"{parts.path}?{parts.query}")
    # The code leaves the address bar at once; the join key stays.
    assert landed.status_code == 302
    assert handover.PARAM not in landed["Location"]
    assert "key=" in landed["Location"]
    page = lan_browser.get(landed["Location"]).content.decode()
    assert 'data-release="2"' in page  # "Free this seat" on Chen's seat
    # The same device on both addresses: the cookie carried over is the computer's.
    assert lan_browser.cookies[COOKIE_NAME].value == computer.cookies[COOKIE_NAME].value
    # And it frees the seat there.
    lan_browser.post(reverse("games:join", args=[table.public_id]),
                     {"position": 2, "action": "release"})
    assert not Seat.objects.get(table=table, position=2).is_claimed


@pytest.mark.django_db
def test_a_hand_over_code_works_once(home_game):
    computer, table = _created_on_the_computer()
    parts = urlsplit(_follow_to_the_lan(computer, table))
    first, second = Client(HTTP_HOST=LAN), Client(HTTP_HOST=LAN)
    first.get(f"{parts.path}?{parts.query}")
    assert COOKIE_NAME in first.cookies
    second.get(f"{parts.path}?{parts.query}", follow=True)
    page = second.get(reverse("games:join", args=[table.public_id])).content.decode()
    assert 'data-release' not in page
    assert COOKIE_NAME not in second.cookies or \
        device_id(second.cookies[COOKIE_NAME].value) != table.creator_device


@pytest.mark.django_db
def test_a_used_or_expired_code_says_what_to_do_instead_of_leaving_a_stranger(home_game):
    _computer, table = _created_on_the_computer()
    stranger = Client(HTTP_HOST=LAN)
    path = reverse("games:join", args=[table.public_id])
    page = stranger.get(f"{path}?key={table.join_key}&{handover.PARAM}=not-a-code",
                        follow=True).content.decode()
    assert "Open the seat list" in page and "two minutes" in page
    assert "data-release" not in page


@pytest.mark.django_db
def test_a_code_made_for_one_table_does_not_open_another(home_game):
    computer, table = _created_on_the_computer()
    other = services.create_table("Other game", "riichi", "ema", {}, NAMES,
                                  creator=services.Actor(device="someone-else"),
                                  visibility="link")
    parts = urlsplit(_follow_to_the_lan(computer, table))
    code = parse_qs(parts.query)[handover.PARAM][0]
    browser = Client(HTTP_HOST=LAN)
    browser.get(reverse("games:join", args=[other.public_id]) + f"?{handover.PARAM}={code}")
    assert COOKIE_NAME not in browser.cookies


@pytest.mark.django_db
def test_a_phone_already_seated_on_the_lan_keeps_its_seat_when_it_becomes_the_creator(
        home_game):
    computer, table = _created_on_the_computer()
    token, device = new_device()
    services.claim_seat(table, 1, device=device, join_key=table.join_key)
    lan_browser = Client(HTTP_HOST=LAN)
    lan_browser.cookies[COOKIE_NAME] = token
    parts = urlsplit(_follow_to_the_lan(computer, table))
    lan_browser.get(f"{parts.path}?{parts.query}")
    page = lan_browser.get(reverse("games:join", args=[table.public_id])).content.decode()
    assert "your seat" in page and 'data-release="1"' in page
    assert Seat.objects.get(table=table, position=1).claimed_device == table.creator_device


@pytest.mark.django_db
def test_on_one_address_the_seat_list_link_is_the_join_link_itself(settings):
    settings.PUBLIC_URL = ""
    settings.LAN_ADDRESSES = []
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    computer, table = _created_on_the_computer()
    link = _href(computer.get(reverse("games:table", args=[table.public_id])).content.decode())
    assert link.startswith(f"http://{LOOPBACK}/t/{table.public_id}/join/?key=")
    assert handover.PARAM not in link


@pytest.mark.django_db
def test_the_shared_join_link_and_qr_never_carry_a_hand_over(home_game):
    computer, table = _created_on_the_computer()
    page = computer.get(reverse("games:table", args=[table.public_id])).content.decode()
    assert handover.PARAM not in page
    qr = computer.get(reverse("games:qr", args=[table.public_id])).content.decode()
    assert handover.PARAM not in qr


@pytest.mark.django_db
def test_a_watcher_cannot_start_a_hand_over(home_game):
    _computer, table = _created_on_the_computer()
    watcher = Client(HTTP_HOST=LOOPBACK)
    watcher.cookies[COOKIE_NAME] = new_device()[0]
    answer = watcher.get(reverse("games:seat-list", args=[table.public_id]))
    assert answer.status_code == 302
    assert handover.PARAM not in answer["Location"] and "key=" not in answer["Location"]


@pytest.mark.django_db
def test_the_creator_of_a_private_table_is_carried_over_too(home_game):
    computer, table = _created_on_the_computer()
    Table.objects.filter(pk=table.pk).update(visibility="private")
    table.refresh_from_db()
    parts = urlsplit(_follow_to_the_lan(computer, table))
    lan_browser = Client(HTTP_HOST=LAN)
    landed = lan_browser.get(f"{parts.path}?{parts.query}")
    assert landed.status_code == 302
    assert lan_browser.get(landed["Location"]).status_code == 200
    assert lan_browser.get(reverse("games:table", args=[table.public_id])).status_code == 200
