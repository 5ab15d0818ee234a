"""A history changed in the database behind the site's back (issue 29): four phones, in
four languages, all show the notice once one of them gets a snapshot; the creator accepts
the history as it is from the table page and the notice goes from every phone. The log
page of a seated player. Screenshots of both at 375 px in every language."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .browser import create_table, fits_phone, phone, snap, take_seat
from .live_server import DATABASES, live_server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# The dealer keeps winning from the same player, who does not go bust in seven hands.
RON: dict[str, Any] = {"type": "ron", "wins": [{"winner": 0, "discarder": 2,
                                                "quick": {"han": 1, "fu": 30}}]}
LANGUAGES = ["en", "zh-hans", "zh-hant", "ja"]
NOTICE = {
    "en": "changed outside mjsite after hand 6",
    "zh-hans": "在第6局之后于 mjsite 之外被改动过",
    "zh-hant": "在第6局之後於 mjsite 之外被改動過",
    "ja": "第6局より後の部分が mjsite の外で変更されました",
}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    # Every snapshot checks the chain afresh (by default a check is reused for 10 s).
    with live_server(env={"MJ_CHAIN_CHECK_SECONDS": "0"}) as base:
        yield base


def record_hands(page: Page, server: str, table: str, count: int) -> None:
    """Record hands through the API as the creator's browser (its cookies)."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    for _ in range(count):
        seq = page.request.get(f"{server}/t/{table}/snapshot.json").json()["seq"]
        answer = page.request.post(
            f"{server}/api/tables/{table}/hands/", headers={
                "X-CSRFToken": token, "Referer": f"{server}/",
                "Content-Type": "application/json"},
            data=json.dumps({"outcome": RON, "command_id": f"hand-{seq}", "base_seq": seq}),
            fail_on_status_code=False)
        assert answer.status == 201, answer.text()


def change_behind_the_site(server: str, table: str, seq: int) -> None:
    """What someone holding the database does: a logged hand made bigger."""
    with sqlite3.connect(DATABASES[server]) as db:
        db.execute(
            "UPDATE games_event SET payload = ? WHERE seq = ? AND table_id = "
            "(SELECT id FROM games_table WHERE public_id = ?)",
            (json.dumps({"outcome": {**RON, "wins": [{**RON["wins"][0],
                                                      "quick": {"han": 4, "fu": 30}}]}}),
             seq, table))


def test_every_phone_shows_a_changed_history_and_the_creator_accepts_it(
        server: str, browser: Browser) -> None:
    creator = phone(browser, "en")
    join_url = create_table(creator, server)
    table = creator.url.split("/t/")[1].split("/")[0]
    phones = [creator]
    for position, language in enumerate(LANGUAGES[1:], start=1):
        page = phone(browser, language)
        take_seat(page, join_url, position)
        phones.append(page)
    record_hands(creator, server, table, 7)
    for page in phones:
        expect(page.locator("#history > li[data-number]")).to_have_count(7)
        expect(page.locator("#history-notice")).to_be_hidden()

    change_behind_the_site(server, table, 7)
    # One phone gets a snapshot (it reloads): the server finds the change, and every
    # phone is sent a snapshot that says so, in its reader's language.
    phones[1].reload()
    for page, language in zip(phones, LANGUAGES, strict=True):
        expect(page.locator("#history-notice")).to_be_visible()
        expect(page.locator("#history-notice-text")).to_contain_text(NOTICE[language])
        assert fits_phone(page)
        snap(page, f"history-changed-{language}", "#history-notice")
    # A seated player may not accept it; the creator may, from the table page.
    expect(phones[1].locator("#accept-history")).to_have_count(0)

    # The log of a seated player, in each language: the changed hand marked.
    for page, language in zip(phones, LANGUAGES, strict=True):
        page.goto(f"{server}/t/{table}/log/")
        expect(page.locator(".audit-entry.is-changed")).to_have_count(1)
        expect(page.locator(".audit-entry")).to_have_count(7)
        assert fits_phone(page)
        snap(page, f"history-log-{language}")
        page.goto(f"{server}/t/{table}/")
        expect(page.locator("#status")).to_have_attribute("data-state", "live")

    creator.click("#accept-history")
    expect(creator.locator(".alert-success")).to_be_visible()
    for page in phones:
        expect(page.locator("#history-notice")).to_be_hidden()
