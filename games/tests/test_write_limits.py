"""Limits hold on every path that writes (issue 24, finding 5): one seated browser recorded
130 hands in 15.5 s, 40 of them through the plain form that had no limit; a browser with
no account created 150 tables and 100 groups in seconds; the analysis and danger pages
ran the engine with no limit while the API beside them had one."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse

from clubs.models import Evening, Group
from games.models import Hand, Table
from scoring.models import RulesetConfig
from scoring.presets import sync_presets

from .tables import NAMES, rates

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("still_limits_clock")]

RON_FORM = {"type": "ron", "ron.wins.0.winner": "1", "ron.wins.0.discarder": "2",
            "ron.wins.0.mode": "quick", "ron.wins.0.quick.han": "3",
            "ron.wins.0.quick.fu": "40"}
RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}


@pytest.fixture(autouse=True)
def presets() -> None:
    sync_presets()


def _table_form(name: str) -> dict[str, Any]:
    config = RulesetConfig.objects.filter(ruleset="riichi", is_builtin=True).order_by("pk").first()
    assert config is not None
    return {"name": name, "config": config.pk, "visibility": "link",
            **{f"player_{i}": player for i, player in enumerate(NAMES)}}


def _new_table(client: Client, name: str = "Limited") -> Any:
    return client.post(reverse("games:new"), _table_form(name))


def _hidden(page: str, name: str) -> str:
    found = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', page)
    assert found, f"no hidden {name} on the table page"
    return found.group(1)


def _post_hand(client: Client, table: Table) -> Any:
    page = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    return client.post(reverse("games:record", args=[table.public_id]), {
        "command_id": _hidden(page, "command_id"), "base_seq": _hidden(page, "base_seq"),
        **RON_FORM})


@override_settings(MJ_RATE_LIMITS=rates(table_write="3/minute"))
def test_the_plain_record_form_is_limited_and_gives_back_what_was_typed() -> None:
    browser = Client()
    assert _new_table(browser).status_code == 302
    table = Table.objects.get()
    answers = [_post_hand(browser, table) for _ in range(5)]
    assert [a.status_code for a in answers] == [302, 302, 302, 429, 429]
    refused = answers[3]
    assert 1 <= int(refused["Retry-After"]) <= 60
    page = refused.content.decode()
    assert "Too many changes from this browser" in page
    # The sheet comes back open with the hand as typed.
    assert 'name="ron.wins.0.quick.han"' in page and 'value="3"' in page
    assert Hand.objects.filter(table=table).count() == 3


@override_settings(MJ_RATE_LIMITS=rates(table_write="3/minute"))
def test_the_form_and_the_api_share_one_budget_per_phone_and_table() -> None:
    browser = Client()
    assert _new_table(browser).status_code == 302
    table = Table.objects.get()
    url = reverse("games:api-hands", args=[table.public_id])
    for n in range(2):
        answer = browser.post(url, {"outcome": RON, "command_id": f"api-{n}", "base_seq": n},
                              content_type="application/json")
        assert answer.status_code == 201, answer.content
    assert _post_hand(browser, table).status_code == 302
    over = browser.post(reverse("games:api-undo", args=[table.public_id]),
                        {"command_id": "undo", "base_seq": 3}, content_type="application/json")
    assert over.status_code == 429
    assert over.json()["error"]["code"] == "throttled" and over["Retry-After"]
    assert _post_hand(browser, table).status_code == 429
    assert Hand.objects.filter(table=table).count() == 3


@override_settings(MJ_RATE_LIMITS=rates(create="3/hour"))
def test_a_browser_without_an_account_cannot_create_tables_without_end() -> None:
    browser = Client()
    answers = [_new_table(browser, f"Table {n}") for n in range(5)]
    assert [a.status_code for a in answers] == [302, 302, 302, 429, 429]
    assert "Too many changes from this browser" in answers[3].content.decode()
    assert answers[3]["Retry-After"]
    assert Table.objects.count() == 3
    # Dropping the cookies (a new browser on the same address) does not start again.
    assert _new_table(Client(), "Fresh cookies").status_code == 429


@override_settings(MJ_RATE_LIMITS=rates(create="3/hour"))
def test_groups_and_evenings_count_with_tables_in_one_create_budget() -> None:
    browser = Client()
    answer = browser.post(reverse("clubs:group-new"), {
        "name": "Club", "visibility": "link", "currency": "JPY",
        "members": "\n".join(f"Member {n}" for n in range(30))})
    assert answer.status_code == 302
    group = Group.objects.get()
    evening_url = reverse("clubs:evening-new", args=[group.public_id])
    assert browser.post(evening_url, {"name": "Friday", "date": "2026-01-02"}).status_code == 302
    assert _new_table(browser).status_code == 302
    assert browser.post(evening_url, {"name": "Saturday",
                                      "date": "2026-01-03"}).status_code == 429
    assert browser.post(reverse("clubs:group-new"), {
        "name": "Another", "visibility": "link", "currency": "JPY"}).status_code == 429
    assert (Group.objects.count(), Evening.objects.count(), Table.objects.count()) == (1, 1, 1)


@override_settings(MJ_RATE_LIMITS=rates(create="2/hour"))
def test_the_api_and_the_pages_share_the_create_budget_of_a_user() -> None:
    user = get_user_model().objects.create_user("maker", password="a long pass phrase")
    browser = Client()
    browser.force_login(user)
    assert _new_table(browser, "Page table").status_code == 302
    made = browser.post("/api/groups/",
                        {"name": "API group", "members": []}, content_type="application/json")
    assert made.status_code == 201, made.content
    over = browser.post("/api/tables/", {"name": "API table", "ruleset": "riichi",
                                         "players": NAMES}, content_type="application/json")
    assert over.status_code == 429 and over.json()["error"]["code"] == "throttled"
    assert Table.objects.count() == 1 and Group.objects.count() == 1


@override_settings(MJ_RATE_LIMITS=rates(page_write="2/minute"))
def test_every_other_page_form_is_limited_too() -> None:
    browser = Client()
    browser.post(reverse("clubs:group-new"), {"name": "Club", "visibility": "link",
                                              "currency": "JPY"})
    group = Group.objects.get()
    url = reverse("clubs:group-members", args=[group.public_id])
    answers = [browser.post(url, {"name": f"Member {n}"}) for n in range(3)]
    assert [a.status_code for a in answers] == [302, 302, 429]
    assert group.memberships.count() == 2


def test_the_engine_pages_count_in_the_apis_engine_budget(settings) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "score": "3/minute"}}
    browser = Client()
    assert browser.get(reverse("scoring:danger"), {"discards": "1m"}).status_code == 200
    assert browser.get(reverse("scoring:analyse"),
                       {"hand": "123m456p789s1122z"}).status_code == 200
    # An empty analysis form runs nothing and counts nothing.
    assert browser.get(reverse("scoring:analyse")).status_code == 200
    # Counted whatever the engine then answers (the throttle comes first).
    assert browser.post("/api/analyse/", {"hand": "123m456p789s1122z"},
                        content_type="application/json").status_code != 429
    over = browser.get(reverse("scoring:analyse"), {"hand": "123m456p789s1122z"})
    assert over.status_code == 429 and over["Retry-After"]
    assert "Too many questions from this browser" in over.content.decode()
    fragment = browser.get(reverse("scoring:danger"), {"discards": "1m", "fragment": "1"})
    assert fragment.status_code == 429
    assert fragment.content.decode().strip().startswith('<p class="alert alert-error"')
    assert browser.post("/api/danger/", {"discards": "1m"},
                        content_type="application/json").status_code == 429
