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


def test_staff_open_the_rounds_penalties_and_calls_admin_pages(admin_client: Client) -> None:
    from events import officiating, rounds, services

    c = cast()
    for i in range(3):
        services.add_player(c.event, f"Extra {i}", c.actors["creator"])
    made = rounds.seat_round(c.event, c.actors["creator"])
    rounds.start_round(c.event, made.number, c.actors["creator"])
    officiating.add_penalty(c.event, c.event.entries.first().pk, -100, "Slow", c.actors["referee"])
    officiating.call_referee(made.tables.first().table, c.actors["creator"])
    for model in ("round", "roundseat", "penalty", "refereecall"):
        listing = admin_client.get(reverse(f"admin:events_{model}_changelist"))
        assert listing.status_code == 200, model
    change = admin_client.get(reverse("admin:events_round_change", args=[made.pk]))
    assert change.status_code == 200
