"""The table's own refusals say what their English message says, in every language
(issue 22, finding 6): "there is no hand 7" names hand 7, not only "no such hand"; a
table whose record is full says so and its limit, not "every seat is taken"."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import services
from games.services.explain import explain
from scoring.error_text import sentence

from .tables import CREATOR, command_id, make_table

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "zh-hans", "zh-hant", "ja"]
RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}


@pytest.mark.parametrize("language", LANGUAGES)
def test_correcting_a_hand_that_is_not_there_names_its_number(language: str) -> None:
    table = make_table()
    answer = services.correct_hand(table.pk, 7, RON, command_id(), table.seq, CREATOR)
    assert answer["ok"] is False
    error = answer["error"]
    assert error["code"] == "no_such_hand" and "7" in error["message"]
    with translation.override(language):
        text = explain(table, error)["text"]
    assert "7" in text, text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_api_names_the_hand_it_does_not_have(language: str) -> None:
    table = make_table()
    answer = Client(headers={"accept-language": language}).get(
        reverse("games:api-hand", args=[table.public_id, 12]))
    assert answer.status_code == 404
    error = answer.json()["error"]
    assert error["code"] == "no_such_hand" and error["params"] == {"hand": 12}
    assert "12" in error["text"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_full_record_is_not_worded_as_a_full_table(language: str) -> None:
    params = {"reason": "record_full", "max": 512}
    with translation.override(language):
        text = sentence("table_full", params)
        seats = sentence("table_full")
    assert "512" in text and text != seats


@pytest.mark.parametrize(("language", "said"), [
    ("en", "from 0 to 100000"), ("zh-hans", "0 到 100000"), ("zh-hant", "0 到 100000"),
    ("ja", "0～100000")])
def test_a_refused_stake_is_said_in_the_pages_language_with_its_limit(
        language: str, said: str) -> None:
    from clubs.tests.helpers import OWNER_TOKEN, evening_of_two
    from games.devices import COOKIE_NAME

    _club, night, _riichi, _sichuan = evening_of_two()
    browser = Client(headers={"accept-language": language})
    browser.cookies[COOKIE_NAME] = OWNER_TOKEN
    answer = browser.post(reverse("clubs:evening-stakes", args=[night.public_id]),
                          {"stake-riichi": "-3"}, follow=True)
    page = answer.content.decode()
    assert said in page, page[page.find("alert"):][:300]
    assert "a stake is an amount" not in page  # the developers' English stays out


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hand_after_the_game_is_over_names_the_last_hand(language: str) -> None:
    with translation.override(language):
        text = sentence("game_over", {"hand": 8})
    assert "8" in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_taken_seat_names_whose_seat_it_is_in_the_pages_language(language: str) -> None:
    table = make_table()
    url = reverse("games:join", args=[table.public_id])
    assert Client().post(url, {"position": 2, "key": table.join_key}).status_code == 302
    refused = Client(headers={"accept-language": language}).post(
        url, {"position": 2, "key": table.join_key})
    page = refused.content.decode()
    with translation.override(language):
        said = sentence("seat_taken", {"player": 2, "reason": "seat_taken"}, ["A", "B", "Chen"])
    assert said.replace("'", "&#x27;") in page
    assert "seat 2 (" not in page  # the developers' English ("seat 2 (Chen) is taken") stays out
