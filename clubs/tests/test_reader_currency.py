"""A stake's currency starts as the reader's, told by their language and country, never
renminbi for an English reader (issue 22, finding 6)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubs import money, services
from clubs.models import Stake
from games.devices import COOKIE_NAME

from .helpers import OWNER, OWNER_TOKEN, table


@pytest.mark.parametrize(("language", "accept", "currency"), [
    ("en", "", "USD"),
    ("en", "en-US,en;q=0.9", "USD"),
    ("en", "en-GB,en;q=0.9", "GBP"),
    ("en", "en-AU", "AUD"),
    ("en", "fr-FR,en;q=0.5", "USD"),  # the French tag is not in the site's language
    ("en", "en-XX", "USD"),  # no such country
    ("ja", "", "JPY"),
    ("zh-hans", "zh-CN,zh;q=0.9", "CNY"),
    ("zh-hans", "", "CNY"),
    ("zh-hant", "zh-TW", "TWD"),
    ("zh-hant", "zh-Hant-HK,zh;q=0.8", "HKD"),
    ("zh-hant", "", "TWD"),
])
def test_the_first_guess_is_the_readers_country_else_their_language(
        language: str, accept: str, currency: str) -> None:
    with translation.override(language):
        assert money.reader_currency(accept) == currency


def _selected_currency(page: str) -> str:
    select = page[page.index('name="currency"'):]
    select = select[:select.index("</select>")]
    found = re.search(r'<option value="([A-Z]{3})"[^>]*selected', select)
    assert found, select
    return found.group(1)


@pytest.mark.django_db
@pytest.mark.parametrize(("accept", "currency"), [
    ("en-US,en;q=0.9", "USD"), ("en-GB", "GBP"), ("ja-JP,ja", "JPY"),
    ("zh-CN,zh;q=0.9", "CNY"), ("zh-TW,zh;q=0.9", "TWD")])
def test_a_lone_tables_stake_form_starts_in_the_readers_currency(accept, currency) -> None:
    lone = table()
    browser = Client(HTTP_ACCEPT_LANGUAGE=accept)
    browser.cookies[COOKIE_NAME] = OWNER_TOKEN
    page = browser.get(reverse("clubs:table-settle", args=[lone.public_id])).content.decode()
    assert _selected_currency(page) == currency


@pytest.mark.django_db
def test_the_new_group_form_starts_in_the_readers_currency() -> None:
    browser = Client(HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    page = browser.get(reverse("clubs:group-new")).content.decode()
    assert _selected_currency(page) == "GBP"


@pytest.mark.django_db
def test_a_stake_set_without_a_currency_takes_the_readers_not_renminbi() -> None:
    lone = table()
    with translation.override("en"):
        services.set_table_stake(lone, "0.5", OWNER)
    assert Stake.objects.get(table=lone).currency == "USD"
