"""A long game's table page, in a real browser at 375 px in four languages: it comes with
its latest hands, and the earlier ones arrive a page at a time when the reader scrolls to
them (or taps "Show earlier hands"), worded in the page's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from games.presenter import PAGE

from .browser import device, fits_phone, phone, set_language, snap
from .live_server import live_server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

HANDS = 25
TABLE = "historyPages25"
# A riichi table of 25 hands where the dealer keeps the deal (bust off), under a known id.
SETUP = f"""
from games import services
from games.models import Table
from games.permissions import Actor
creator = Actor(device="history-creator")
table = services.create_table("Long game", "riichi", "", {{"bust_ends_game": False}},
                              ["Aiko", "Bo", "Chen", "Dana"], creator=creator)
cycle = [
    {{"type": "ron", "wins": [{{"winner": 0, "discarder": 1, "quick": {{"han": 2, "fu": 30}}}}]}},
    {{"type": "tsumo", "wins": [{{"winner": 0, "quick": {{"han": 1, "fu": 30}}}}]}},
    {{"type": "draw", "tenpai": [0, 1, 2, 3]}},
]
for n in range({HANDS}):
    assert services.record_hand(table.pk, cycle[n % 3], f"h{{n}}", n, creator)["ok"]
Table.objects.filter(pk=table.pk).update(public_id="{TABLE}")
"""
# A word each language's hands say (a draw's entry) and its "Show earlier hands".
WORDS = {"en": ("draw", "Show earlier hands"), "zh-hans": ("流局", "显示更早的牌局"),
         "zh-hant": ("流局", "顯示更早的牌局"), "ja": ("流局", "以前の局を表示")}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server(setup=SETUP) as base:
        yield base


@pytest.mark.parametrize("language", list(WORDS))
def test_earlier_hands_come_when_the_reader_scrolls_to_them(
        server: str, browser: Browser, language: str) -> None:
    page = phone(browser)
    page.goto(f"{server}/")
    if language != "en":
        set_language(page, language)
    page.goto(f"{server}/t/{TABLE}/")
    expect(page.locator("#status")).to_have_attribute("data-state", "live")
    hands = page.locator("#history > li.hand")
    expect(hands).to_have_count(PAGE)
    expect(hands.first).to_have_attribute("data-number", str(HANDS))
    word, label = WORDS[language]
    more = page.locator("#earlier-hands")
    expect(more).to_have_text(label)
    snap(page, f"history-{language}-latest", "#history-title")
    assert fits_phone(page)
    # Scrolled into view, the next page arrives by itself; the last one by a tap.
    more.scroll_into_view_if_needed()
    expect(hands).to_have_count(2 * PAGE)
    if hands.count() < HANDS:
        # The tap's own path: clicked where it is, without scrolling it into view first
        # (a scroll would let the page load the rest by itself, and the button go, before
        # the tap landed).
        page.evaluate("window.scrollTo(0, 0)")
        more.evaluate("button => button.click()")
    expect(hands).to_have_count(HANDS)
    expect(hands.last).to_have_attribute("data-number", "1")
    expect(page.locator("#earlier-row")).to_be_hidden()
    numbers = [int(n) for n in hands.evaluate_all("items => items.map(i => i.dataset.number)")]
    assert numbers == list(range(HANDS, 0, -1))
    assert word in page.locator("#history").inner_text().lower()
    held = page.evaluate("window.mjTable.snapshot.hands.map((h) => h.number)")
    assert held == list(range(1, HANDS + 1))
    snap(page, f"history-{language}-all", f"#history > li[data-number='{PAGE}']")
    assert fits_phone(page)
    page.context.close()


def test_without_scripts_the_link_opens_the_page_with_every_hand(
        server: str, browser: Browser) -> None:
    context = device(browser, java_script_enabled=False, viewport={"width": 375, "height": 812})
    page = context.new_page()
    page.goto(f"{server}/t/{TABLE}/")
    expect(page.locator("#history > li.hand")).to_have_count(PAGE)
    page.click("#earlier-hands")
    expect(page.locator("#history > li.hand")).to_have_count(HANDS)
    expect(page.locator("#earlier-row")).to_be_hidden()
    context.close()
