"""The analysis pages in headless Chromium on a phone-sized screen against a live daphne
server (the games tests' live_server): tap a ready hand into the analyser and see its
waits, enter a riichi player's discards and see the 34 tiles safest first."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from games.tests.browser import device
from games.tests.live_server import ARTIFACTS
from scoring import pages
from scoring.engine import commands

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE: ViewportSize = {"width": 375, "height": 812}
READY = "123m456p789s1122z"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = device(browser, viewport=PHONE, device_scale_factor=1, is_mobile=True,
                     has_touch=True, locale="en")
    errors: list[str] = []
    tab = context.new_page()
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    context.close()
    assert errors == []


def _fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_tapping_a_ready_hand_shows_its_waits(server: str, page: Page) -> None:
    page.goto(f"{server}/analyse/")
    page.select_option("#f-ruleset", "riichi")
    for code in pages.expand(READY):
        page.locator(f'.palette button[data-tile="{code}"]').first.tap()
    expect(page.locator("#f-hand")).to_have_value(READY)
    waits = page.locator("#analysis-result tr.wait")
    _, options = pages.resolve_options("riichi", page.input_value("#f-preset"))
    engine = commands.run("analyse", {"ruleset": "riichi", "hand": READY, "options": options,
                                      "seat_wind": "E", "round_wind": "E"})
    expect(waits).to_have_count(len(engine["waits"]))
    shown = [(waits.nth(i).get_attribute("data-tile"), waits.nth(i).get_attribute(
        "data-remaining")) for i in range(waits.count())]
    assert shown == [(w["tile"], str(w["remaining"])) for w in engine["waits"]]
    # The address now carries the hand, so the answer is a link to share.
    assert re.search(r"[?&]hand=123m456p789s1122z", page.url)
    first = engine["waits"][0]["ron"]["headline"]
    expect(waits.first).to_contain_text(f"{first['value']} han {first['fu']} fu")
    _fits_the_phone(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "analyse-375.png"), full_page=True)


def test_tapping_a_hand_one_from_ready_lists_the_tiles_that_improve_it(
        server: str, page: Page) -> None:
    hand = "123m456p789s1123z"
    page.goto(f"{server}/analyse/")
    page.select_option("#f-ruleset", "riichi")
    for code in pages.expand(hand):
        page.locator(f'.palette button[data-tile="{code}"]').first.tap()
    expect(page.locator("#f-hand")).to_have_value(hand)
    result = page.locator("#analysis-result")
    expect(result).to_contain_text("Tiles that improve the hand")
    _, options = pages.resolve_options("riichi", page.input_value("#f-preset"))
    engine = commands.run("analyse", {"ruleset": "riichi", "hand": hand, "options": options,
                                      "seat_wind": "E", "round_wind": "E"})
    tiles = result.locator("ul.ukeire > li")
    expect(tiles).to_have_count(len(engine["ukeire"]))
    assert [tiles.nth(i).get_attribute("data-tile") for i in range(tiles.count())] == [
        u["tile"] for u in engine["ukeire"]]
    assert "[object" not in result.inner_text()  # once "[object HTMLUListElement]"
    _fits_the_phone(page)


def test_danger_page_orders_the_tiles_from_safest(server: str, page: Page) -> None:
    page.goto(f"{server}/danger/")
    page.fill("#f-discards", "1m5p9s")
    page.fill("#f-visible", "3z3z")
    page.locator("#danger-submit").tap()
    rows = page.locator("#danger-list li.danger-row")
    engine = commands.run("danger", {"discards": "1m5p9s", "visible": "3z3z"})["tiles"]
    expect(rows.first).to_have_attribute("data-tile", engine[0]["tile"])
    expect(page.locator("#danger-result .hand-line .tile")).to_have_count(3)
    expect(rows).to_have_count(34)
    shown = rows.evaluate_all("rows => rows.map(r => [r.dataset.tile, Number(r.dataset.score)])")
    assert shown == [[r["tile"], r["score"]] for r in engine]
    scores = [score for _, score in shown]
    assert scores == sorted(scores) and scores[:3] == [0, 0, 0]
    expect(rows.first.locator(".reason")).to_contain_text("現物")
    _fits_the_phone(page)
    page.screenshot(path=str(ARTIFACTS / "danger-375.png"), full_page=True)
