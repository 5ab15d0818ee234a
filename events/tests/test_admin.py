"""The admin lists and opens events, with their officials and entries inline."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from .helpers import cast

pytestmark = pytest.mark.django_db


def test_staff_open_the_events_admin_pages(admin_client: Client) -> None:
    c = cast()
    listing = admin_client.get(reverse("admin:events_tournament_changelist"))
    assert listing.status_code == 200 and "Spring open" in listing.content.decode()
    change = admin_client.get(reverse("admin:events_tournament_change", args=[c.event.pk]))
    page = change.content.decode()
    assert change.status_code == 200 and "referee-account" in page and "player-account" in page


def test_a_non_staff_account_is_sent_to_sign_in() -> None:
    c = cast()
    answer = c.clients["organiser"].get(reverse("admin:events_tournament_changelist"))
    assert answer.status_code == 302
