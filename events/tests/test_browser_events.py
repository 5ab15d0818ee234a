"""An event on 375 px phones in headless Chromium against a live server: an organiser
creates it from its form and enters players by name, a player's phone enters through
the join link, the organiser marks a player absent; then every event page, photographed
in the four languages, fits the phone with every tap target at least 44 px tall."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from clubs.tests.test_browser_clubs import small_targets
from games.tests.browser import fits_phone, phone, set_language, snap

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LANGUAGES = ("en", "zh-hans", "zh-hant", "ja")


@pytest.fixture(scope="module")
def event(server: str, browser: Browser) -> Iterator[dict[str, Any]]:
    organiser = phone(browser)
    organiser.goto(f"{server}/events/new/")
    organiser.fill("#id_name", "春季リーグ Spring open")
    organiser.fill("#id_rounds", "3")
    organiser.click("#event-form button[type=submit]")
    expect(organiser.locator("#players")).to_be_visible()
    for name in ("Aiko", "Bo", "陳"):
        organiser.fill("#add-player-form #id_name", name)
        organiser.click("#add-player-form button[type=submit]")
        expect(organiser.locator("#entries tbody tr", has_text=name)).to_be_visible()
    player = phone(browser)
    player.goto(organiser.locator("#join-url").get_attribute("href") or "")
    player.fill("#id_name", "山田")
    player.click("#join-form button[type=submit]")
    expect(player.locator("#my-entry")).to_contain_text("4")
    yield {"organiser": organiser, "player": player, "url": organiser.url.split("#")[0]}
    organiser.context.close()
    player.context.close()


def test_an_organiser_marks_a_player_absent_and_the_player_sees_it(
        event: dict[str, Any]) -> None:
    organiser: Page = event["organiser"]
    organiser.goto(event["url"])
    row = organiser.locator("#entries tbody tr", has_text="山田")
    row.locator("select[name=status]").select_option("absent")
    row.locator("button[type=submit]").first.click()
    expect(organiser.locator("#entries tbody tr[data-status='absent']")).to_have_count(1)
    player: Page = event["player"]
    player.goto(event["url"])
    expect(player.locator("#my-entry")).to_contain_text("Absent")
    expect(player.locator("#add-player-form")).to_have_count(0)


def test_every_event_page_fits_a_phone_in_four_languages(event: dict[str, Any],
                                                         server: str) -> None:
    organiser: Page = event["organiser"]
    player: Page = event["player"]
    join = organiser.locator("#join-url").get_attribute("href") or ""
    for language in LANGUAGES:
        for page in (organiser, player):
            set_language(page, language)
        visits = [(organiser, event["url"], "detail"), (organiser, f"{event['url']}settings/",
                                                        "settings"),
                  (organiser, f"{server}/events/new/", "new"),
                  (organiser, f"{server}/events/", "list"),
                  (player, event["url"], "player"), (player, join, "join")]
        for page, url, name in visits:
            page.goto(url)
            assert fits_phone(page), (language, name)
            assert small_targets(page) == [], (language, name)
            snap(page, f"events-{name}-{language}")
