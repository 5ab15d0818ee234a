"""The smaller things a phone shows (issue 22, finding 6), in a real browser at 375 px:
MCR's checklist starts with the fans a table scores and never breaks a number; a ron
offers no "Self-draw"; a tile button's spoken name holds its face; links that stand alone
are 44 px tall; the results page, the leaderboard and a player's page in four languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring import registry

from .browser import NAMES, fits_phone, phone, set_language, snap
from .live_server import live_server
from .sheet import Sheet

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LANGUAGES = ["en", "zh-hans", "zh-hant", "ja"]
TAP = 44
# A public group with three finished riichi tables (clubs.tests.helpers), for the
# leaderboard, the results page and a player's page.
SETUP = """
from clubs import services
from clubs.tests.helpers import OWNER, RON, TSUMO, group, play, table
club = group(visibility="public")
for outcomes in ([RON, TSUMO], [TSUMO], [RON]):
    services.attach_table(play(table("riichi", visibility="public"), outcomes), club, OWNER)
"""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server(setup=SETUP) as base:
        yield base


def new_table(browser: Browser, server: str, name: str) -> Page:
    ruleset = registry.get(name)
    preset = next(iter(ruleset.presets))
    page = phone(browser)
    page.goto(f"{server}/tables/new/")
    page.select_option("#id_config", label=f"{ruleset.title} — "
                       f"{ruleset.presets[preset].get('title') or preset}")
    for i, player in enumerate(NAMES):
        page.fill(f"#id_player_{i}", player)
    page.click("button[type=submit]")
    expect(page.locator("#status")).to_have_attribute("data-state", "live")
    return page


def height(page: Page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return float(box["height"])


def test_mcr_checklist_climbs_from_one_fan_and_never_breaks_a_number(
        server: str, browser: Browser) -> None:
    page = new_table(browser, server, "mcr")
    sheet = Sheet(page)
    sheet.open("win")
    sheet.choose("win.wins.0.mode", "quick")
    add_up = page.locator("[data-control='win.wins.0.quick'] [data-add-up] >> visible=true")
    add_up.locator("summary").click()
    values = page.locator("[data-add-up][open] .tally-list .chip-choice b").all_inner_texts()
    numbers = [int(v) for v in values]
    assert numbers[0] == 1 and numbers == sorted(numbers) and numbers[-1] == 88
    # Each worth sits on one line: "64", never "6" above "4".
    broken = page.evaluate("""() => [...document.querySelectorAll(
        '[data-add-up][open] .tally-list .chip-choice b')].filter((b) => {
          const line = parseFloat(getComputedStyle(b).lineHeight) || 24;
          return b.getClientRects().length !== 1 || b.offsetHeight > line * 1.5;
        }).map((b) => b.textContent)""")
    assert broken == []
    for code in LANGUAGES:
        set_language(page, code)
        expect(page.locator("#status")).to_have_attribute("data-state", "live")
        sheet.open("win")
        sheet.choose("win.wins.0.mode", "quick")
        page.locator("[data-control='win.wins.0.quick'] [data-add-up] summary "
                     ">> visible=true").click()
        assert fits_phone(page)
        snap(page, f"mcr-checklist-{code}", "[data-add-up][open]")


def test_a_ron_sheet_and_its_tiles_say_what_they_show(server: str, browser: Browser) -> None:
    page = new_table(browser, server, "riichi")
    sheet = Sheet(page)
    sheet.open("ron")
    discarders = page.locator("[name='ron.wins.0.discarder']")
    expect(discarders).to_have_count(4)
    assert "" not in [discarders.nth(i).get_attribute("value") for i in range(4)]
    sheet.choose("ron.wins.0.mode", "tiles")
    buttons = page.locator("[data-control='ron.wins.0.hand'] > .tile-picker .palette button")
    expect(buttons.first).to_be_visible()
    mismatched = page.evaluate("""(sel) => [...document.querySelectorAll(sel)].filter((b) =>
        !(b.getAttribute('aria-label') || '').includes(b.textContent.trim()))
        .map((b) => [b.textContent, b.getAttribute('aria-label')])""",
        "[data-control='ron.wins.0.hand'] > .tile-picker .palette button")
    assert buttons.count() >= 30 and mismatched == []
    page.locator("#record summary, #record [data-close]").first.press("Escape")
    page.goto(page.url)
    for selector in ("#analyse-link", "#open-seat-list"):
        page.locator(selector).evaluate("node => node.closest('details')?.setAttribute('open', '')")
        assert height(page, selector) >= TAP, selector
    for code in LANGUAGES:
        set_language(page, code)
        expect(page.locator("#status")).to_have_attribute("data-state", "live")
        assert height(page, "#analyse-link") >= TAP
        assert fits_phone(page)
        snap(page, f"table-tools-{code}", "#actions")


def test_results_leaderboard_and_player_pages_in_four_languages(
        server: str, browser: Browser) -> None:
    page = phone(browser)
    page.goto(f"{server}/groups/")
    page.locator("a[href^='/g/']").first.click()
    expect(page.locator("#leaderboard")).to_be_visible()
    totals = page.locator(".board[data-ruleset='riichi'] tbody td:last-child").all_inner_texts()
    assert len({len(t.split(".")[1]) if "." in t else 0 for t in totals}) == 1, totals
    group_url = page.url
    results_url = page.locator("#tables .link-list a").first.get_attribute("href")
    for code in LANGUAGES:
        page.goto(group_url)
        set_language(page, code)
        assert fits_phone(page)
        snap(page, f"leaderboard-{code}", "#leaderboard")
        page.goto(f"{page.url.split('/g/')[0]}{results_url}")
        for name in page.locator("#final-standings tbody th a").all():
            box = name.bounding_box()
            assert box is not None and box["height"] >= TAP
        assert fits_phone(page)
        snap(page, f"results-{code}")
        page.locator("#final-standings tbody th a").first.click()
        expect(page.locator("#player-summary")).to_be_visible()
        if code == "en":
            expect(page.locator("#player-summary")).not_to_contain_text("1 first places")
        snap(page, f"player-{code}", "#player-stats")


@pytest.mark.parametrize(("code", "currency"), [
    ("en", "USD"), ("zh-hans", "CNY"), ("zh-hant", "TWD"), ("ja", "JPY")])
def test_a_lone_tables_stake_starts_in_the_readers_currency(
        server: str, browser: Browser, code: str, currency: str) -> None:
    page = new_table(browser, server, "riichi")
    table_url = page.url.split("?")[0].rstrip("/")
    set_language(page, code)
    page.goto(f"{table_url}/settle/")
    expect(page.locator("select[name='currency']")).to_have_value(currency)
    assert fits_phone(page)
    snap(page, f"settle-stake-{code}", "select[name='currency']")
