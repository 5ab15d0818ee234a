"""Who is asking is resolved once per request and handed down typed (issue 25, item 3):
the evening's settle-up went through the group, its tables and each table's rights,
re-deriving the reader from the request at every step."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import permissions
from games.devices import COOKIE_NAME
from games.permissions import Actor

from .helpers import OWNER, OWNER_TOKEN, evening_of_two

pytestmark = pytest.mark.django_db


@pytest.fixture
def resolved(monkeypatch: pytest.MonkeyPatch) -> list[Actor]:
    """Every actor made from what a browser sent, in order."""
    made: list[Actor] = []
    real = permissions._resolve

    def counting(user: Any, source: Any) -> Actor:
        made.append(real(user, source))
        return made[-1]

    monkeypatch.setattr(permissions, "_resolve", counting)
    return made


@pytest.mark.parametrize("route", ["clubs:evening", "clubs:evening-share",
                                   "clubs:api-evening-settle"])
def test_the_evening_settle_up_resolves_its_reader_once(
        resolved: list[Actor], route: str) -> None:
    club, night, riichi, sichuan = evening_of_two()
    client = Client()
    client.cookies[COOKIE_NAME] = OWNER_TOKEN
    answer = client.get(reverse(route, args=[night.public_id]))
    assert answer.status_code == 200
    # Once, and the reader it found is the group's creator (their tables all count).
    assert len(resolved) == 1 and resolved[0].device == OWNER.device
    assert "Friday night" in answer.content.decode() or route.startswith("clubs:api")


def test_a_browser_given_its_device_during_the_request_is_that_device_from_then_on(
        resolved: list[Actor]) -> None:
    # The new-group form gives a browser without one its device cookie, then makes it the
    # group's creator: the actor is resolved again, once, for the new device.
    client = Client()
    answer = client.post(reverse("clubs:group-new"), {
        "name": "Club", "visibility": "private", "currency": "CNY", "members": "Aiko"})
    assert answer.status_code == 302
    assert [bool(a.device) for a in resolved] == [True]
    assert client.get(answer["Location"]).status_code == 200  # its creator opens it
