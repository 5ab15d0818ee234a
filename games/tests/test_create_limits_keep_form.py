"""A create form refused by the ``create`` limit comes back as it was typed (issue 22,
finding 6): the new-table, new-group and new-evening forms answer 429 with the refusal,
in the page's language, on the form that still holds every name typed in; nothing is
created. (The record sheet did so already: test_write_limits.)"""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from clubs.models import Evening, Group
from common.limits import wait_sentence
from games.models import Table
from scoring.models import RulesetConfig
from scoring.presets import sync_presets

from .tables import rates

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("still_limits_clock")]

LANGUAGES = ["en", "zh-hans", "zh-hant", "ja"]
PLAYERS = ["Aiko Refused", "Bo Refused", "Chen Refused", "Dana Refused"]


@pytest.fixture(autouse=True)
def presets() -> None:
    sync_presets()


def refusal_in(page: str, language: str, wait: int) -> bool:
    with translation.override(language):
        sentence = wait_sentence(wait)
    return html.escape(sentence) in page or sentence in page


def value_of(page: str, name: str) -> str:
    found = re.search(rf'<input [^>]*name="{name}"[^>]*>', page)
    assert found, f"no input {name}"
    value = re.search(r'value="([^"]*)"', found.group(0))
    return html.unescape(value.group(1)) if value else ""


@pytest.mark.parametrize("language", LANGUAGES)
@override_settings(MJ_RATE_LIMITS=rates(create="1/hour"))
def test_a_refused_new_table_comes_back_as_typed_with_the_refusal(language: str) -> None:
    browser = Client(headers={"accept-language": language})
    config = RulesetConfig.objects.filter(ruleset="mcr", is_builtin=True).order_by("pk").first()
    assert config is not None
    form = {"name": "First", "config": config.pk, "visibility": "link",
            **{f"player_{i}": p for i, p in enumerate(PLAYERS)}}
    assert browser.post(reverse("games:new"), form).status_code == 302
    typed = {**form, "name": "Friday at Chen's", "visibility": "public"}
    refused = browser.post(reverse("games:new"), typed)
    assert refused.status_code == 429
    wait = int(refused["Retry-After"])
    assert 1 <= wait <= 3600
    page = refused.content.decode()
    assert refusal_in(page, language, wait)
    assert value_of(page, "name") == "Friday at Chen's"
    assert [value_of(page, f"player_{i}") for i in range(4)] == PLAYERS
    assert re.search(rf'<option value="{config.pk}"[^>]* selected', page)
    assert re.search(r'name="visibility" value="public"[^>]* checked|'
                     r'<option value="public" selected', page)
    assert list(Table.objects.values_list("name", flat=True)) == ["First"]


@pytest.mark.parametrize("language", LANGUAGES)
@override_settings(MJ_RATE_LIMITS=rates(create="1/hour"))
def test_a_refused_new_group_comes_back_as_typed_with_the_refusal(language: str) -> None:
    browser = Client(headers={"accept-language": language})
    config = RulesetConfig.objects.filter(ruleset="riichi", is_builtin=True).first()
    assert config is not None
    assert browser.post(reverse("games:new"), {
        "name": "First", "config": config.pk, "visibility": "link",
        **{f"player_{i}": p for i, p in enumerate(PLAYERS)}}).status_code == 302
    refused = browser.post(reverse("clubs:group-new"), {
        "name": "Thursday club", "visibility": "link", "currency": "HKD",
        "description": "Upstairs at the café", "members": "\n".join(PLAYERS)})
    assert refused.status_code == 429 and refused["Retry-After"]
    page = refused.content.decode()
    assert refusal_in(page, language, int(refused["Retry-After"]))
    assert value_of(page, "name") == "Thursday club"
    assert '<option value="HKD" selected' in page
    for player in PLAYERS:
        assert player in page
    assert "Upstairs at the café" in html.unescape(page)
    assert not Group.objects.exists()


@pytest.mark.parametrize("language", LANGUAGES)
@override_settings(MJ_RATE_LIMITS=rates(create="1/hour"))
def test_a_refused_new_evening_comes_back_open_as_typed_with_the_refusal(
        language: str) -> None:
    browser = Client(headers={"accept-language": language})
    assert browser.post(reverse("clubs:group-new"), {
        "name": "Club", "visibility": "link", "currency": "JPY"}).status_code == 302
    group = Group.objects.get()
    refused = browser.post(reverse("clubs:evening-new", args=[group.public_id]),
                           {"name": "Lantern night", "date": "2026-02-12"})
    assert refused.status_code == 429 and refused["Retry-After"]
    page = refused.content.decode()
    assert refusal_in(page, language, int(refused["Retry-After"]))
    evening_form = page[page.index('id="evening-form"'):]
    evening_form = evening_form[:evening_form.index("</form>")]
    assert value_of(evening_form, "name") == "Lantern night"
    assert value_of(evening_form, "date") == "2026-02-12"
    assert re.search(r'<details class="fold" open>\s*<summary>[^<]*</summary>\s*'
                     r'<form [^>]*id="evening-form"', page)
    assert not Evening.objects.exists()


@override_settings(MJ_RATE_LIMITS=rates(create="1/hour"))
def test_a_refused_form_still_counts_and_a_get_does_not() -> None:
    browser = Client()
    for _ in range(3):
        assert browser.get(reverse("games:new")).status_code == 200
        assert browser.get(reverse("clubs:group-new")).status_code == 200
    assert browser.post(reverse("clubs:group-new"), {
        "name": "Club", "visibility": "link", "currency": "JPY"}).status_code == 302
    assert browser.post(reverse("clubs:group-new"), {
        "name": "Club 2", "visibility": "link", "currency": "JPY"}).status_code == 429
    assert Group.objects.count() == 1
