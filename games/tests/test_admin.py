"""Tables, hands, events and ledger in the admin: browsable, searchable, log read-only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.models import Event, Hand, LedgerEntry

from .tables import CREATOR, command_id, make_table, record

pytestmark = pytest.mark.django_db

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}
DRAW = {"type": "draw", "tenpai": [0]}


@pytest.fixture
def staff_client(client, django_user_model):
    client.force_login(django_user_model.objects.create(username="root", is_staff=True,
                                                        is_superuser=True))
    return client


@pytest.fixture
def played():
    table = make_table()
    record(table, RON)
    services.correct_hand(table.pk, 1, DRAW, command_id(), 1, CREATOR)
    return table


@pytest.mark.parametrize("model", ["table", "seat", "hand", "event", "ledgerentry", "player"])
def test_changelists_render_and_search(staff_client, played, model):
    url = reverse(f"admin:games_{model}_changelist")
    assert staff_client.get(url).status_code == 200
    response = staff_client.get(url + f"?q={played.public_id if model != 'player' else 'Bo'}")
    assert response.status_code == 200


def test_table_search_finds_a_table_by_player_name(staff_client, played):
    response = staff_client.get(reverse("admin:games_table_changelist") + "?q=Dana")
    assert played.public_id in response.content.decode()


def test_hand_page_shows_its_history_of_events(staff_client, played):
    hand = Hand.objects.get(table=played, number=1)
    page = staff_client.get(reverse("admin:games_hand_change", args=[hand.pk])).content.decode()
    assert "hand recorded" in page and "hand corrected" in page
    assert "ron" in page and "draw" in page


def test_event_admin_is_read_only(staff_client, played):
    event = Event.objects.filter(table=played).first()
    url = reverse("admin:games_event_change", args=[event.pk])
    page = staff_client.get(url)
    assert page.status_code == 200 and 'name="payload"' not in page.content.decode()
    response = staff_client.post(url, {"payload": "{}"})
    assert response.status_code == 403
    assert staff_client.get(reverse("admin:games_event_add")).status_code == 403
    delete = staff_client.post(reverse("admin:games_event_delete", args=[event.pk]),
                               {"post": "yes"})
    assert delete.status_code == 403
    assert Event.objects.filter(pk=event.pk).exists()


def test_ledger_rows_are_read_only(staff_client, played):
    entry = LedgerEntry.objects.filter(table=played).first()
    url = reverse("admin:games_ledgerentry_change", args=[entry.pk])
    assert staff_client.post(url, {"amount": "1"}).status_code == 403


def test_table_page_shows_options_and_state(staff_client, played):
    page = staff_client.get(reverse("admin:games_table_change", args=[played.pk]))
    # The state stays the replay's JSON (what staff debug with).
    assert page.status_code == 200 and "scores" in page.content.decode()


def test_table_page_lists_the_options_that_differ_by_label_not_key(staff_client):
    table = make_table(preset="ema", multi_ron="head_bump", red_fives=3)
    page = staff_client.get(reverse("admin:games_table_change", args=[table.pk]),
                            HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Red fives: 3" in page
    assert "head_bump" not in page and "multi_ron" not in page
