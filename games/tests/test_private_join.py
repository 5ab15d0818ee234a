"""A private table's join link lets a phone sit down, and once seated, watch (issue 24,
finding 3): the join page answered 403, the claim 403 and ``POST /api/tables/<id>/seats/``
404, because each first asked whether the phone could already open the table. Without
the key (or with a wrong one) a private table still shows nothing."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.devices import COOKIE_NAME
from games.models import Seat

from .tables import NAMES, make_table, new_device, user

pytestmark = pytest.mark.django_db


def _browser() -> Client:
    client = Client()
    client.cookies[COOKIE_NAME] = new_device()[0]
    return client


def test_a_phone_with_the_join_link_sits_at_a_private_table_and_then_watches_it():
    table = make_table(visibility="private")
    join = reverse("games:join", args=[table.public_id])
    phone = _browser()
    page = phone.get(join, {"key": table.join_key})
    assert page.status_code == 200
    assert all(name in page.content.decode() for name in NAMES)
    # Not seated yet, the phone may not watch: the page offers no "watch" button.
    assert 'id="watch"' not in page.content.decode()
    claimed = phone.post(join, {"position": 2, "key": table.join_key})
    assert claimed.status_code == 302
    assert claimed["Location"] == reverse("games:table", args=[table.public_id])
    assert Seat.objects.get(table=table, position=2).is_claimed
    assert phone.get(claimed["Location"]).status_code == 200
    # Seated, the phone opens the join page without the key too (to change seats).
    seated = phone.get(join)
    assert seated.status_code == 200 and 'id="watch"' in seated.content.decode()


def _names(html: str, name: str) -> bool:
    """Whether ``html`` shows ``name`` as a word: a random token of the page (the CSRF
    token, the table's id) may hold "Bo" by chance (seen in CI)."""
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", html) is not None


@pytest.mark.parametrize("key", ["", "wrong-key"])
def test_without_the_right_key_a_private_table_s_join_page_shows_nothing(key):
    table = make_table(visibility="private")
    join = reverse("games:join", args=[table.public_id])
    phone = _browser()
    page = phone.get(join, {"key": key} if key else {})
    assert page.status_code == 403
    assert not any(_names(page.content.decode(), name) for name in NAMES)
    assert phone.post(join, {"position": 1, "key": key}).status_code == 403
    assert not Seat.objects.filter(table=table, claimed_device__gt="").exists()


def test_the_api_seats_a_signed_in_user_at_a_private_table_with_its_join_key():
    table = make_table(visibility="private")
    api = APIClient()
    api.force_authenticate(user("mei"))
    url = f"/api/tables/{table.public_id}/seats/"
    # Without the key (or a wrong one) the table is not admitted to exist.
    assert api.post(url, {"position": 1}, format="json").status_code == 404
    assert api.post(url, {"position": 1, "key": "nope"}, format="json").status_code == 404
    answer = api.post(url, {"position": 1, "key": table.join_key}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["seats"][1]["player"]["name"] == NAMES[1]
    assert api.get(f"/api/tables/{table.public_id}/").status_code == 200
