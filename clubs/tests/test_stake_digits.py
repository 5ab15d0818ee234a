"""A stake is written with ASCII digits and a point (issue 24, finding 8): Python's
Decimal, and the form and API fields built on it, also read "1_000" as 1000 and the
digits of other scripts (full-width １０, Arabic-Indic ١٠), so a stake could be stored
that nobody typed as such. Every way of setting a stake refuses them by name."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from clubs import services
from clubs.models import Stake
from common.errors import TableError
from games.tests.tables import user

from .helpers import OWNER, RON, group, play, table
from .test_pages import owner_client

pytestmark = pytest.mark.django_db
ODD = ["1_000", "１０", "١٠", "1e3", "0x10", "+5", "-1", "NaN", "Infinity", "1,5", "1 000"]
PLAIN = {"10": Decimal("10"), " 0.5 ": Decimal("0.5"), ".25": Decimal("0.25"),
         "7.2500": Decimal("7.25")}


@pytest.mark.parametrize("text", ODD)
def test_the_service_refuses_an_amount_not_written_in_plain_digits(text):
    with pytest.raises(TableError):
        services.parse_stake(text)


def test_the_service_takes_plain_amounts_and_numbers():
    for text, amount in PLAIN.items():
        assert services.parse_stake(text) == amount
    assert services.parse_stake(Decimal("0.5")) == Decimal("0.5")
    assert services.parse_stake(3) == Decimal(3)


def test_the_pages_and_the_api_refuse_odd_digits_and_store_nothing():
    game = play(table("riichi"), [RON])
    club = group()
    night = services.create_evening(club, "Night", OWNER)
    browser = owner_client()
    api = APIClient()
    api.force_authenticate(user("staff", is_staff=True))
    for text in ["1_000", "１０", "١٠"]:
        browser.post(reverse("clubs:table-settle", args=[game.public_id]),
                     {"amount": text, "currency": "CNY"})
        browser.post(reverse("clubs:evening-stakes", args=[night.public_id]),
                     {"stake-riichi": text})
        answer = api.put(f"/api/tables/{game.public_id}/stake/", {"amount": text},
                         format="json")
        assert answer.status_code == 400, answer.content
        answer = api.put(f"/api/evenings/{night.public_id}/stakes/",
                         {"ruleset": "riichi", "amount": text}, format="json")
        assert answer.status_code == 400, answer.content
        assert not Stake.objects.exists(), text
    # Plain digits go through on the same paths.
    browser.post(reverse("clubs:table-settle", args=[game.public_id]),
                 {"amount": "1.5", "currency": "CNY"})
    browser.post(reverse("clubs:evening-stakes", args=[night.public_id]), {"stake-riichi": "2"})
    assert sorted(Stake.objects.values_list("amount", flat=True)) == [Decimal("1.5"),
                                                                      Decimal("2")]
