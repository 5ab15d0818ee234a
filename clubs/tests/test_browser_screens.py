"""The clock, the big screen and the table-centre tablet in Chromium (issue 28): a club
night's clock started, paused, resumed and extended for one table, seen alike on two
phones (one with its clock an hour and a quarter wrong) and on the big screen at
1920×1080; the screen following a hand recorded on a phone; a whole hand recorded on a
tablet lying in the middle of a table of four players without phones, in landscape and
in portrait; and the screenshots of all of it in the four languages."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from games.tests.browser import device, phone
from games.tests.live_server import ARTIFACTS, live_server
from games.tests.sheet import Sheet
from games.tests.tables import new_device

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TOKEN, _DEVICE = new_device()  # the organiser's browser: the group's and tables' creator
SCREEN = ViewportSize(width=1920, height=1080)
LANDSCAPE = ViewportSize(width=1024, height=768)
PORTRAIT = ViewportSize(width=768, height=1024)
LANGUAGES = ["en", "zh-hans", "zh-hant", "ja"]
# A phone whose clock runs 75 minutes ahead: Date and Date.now() lie, the page's timers
# do not care (they count elapsed time).
WRONG_CLOCK = """(() => {
  const Real = Date, shift = 75 * 60 * 1000;
  class Wrong extends Real {
    constructor(...args) { if (args.length) super(...args); else super(Real.now() + shift); }
    static now() { return Real.now() + shift; }
  }
  globalThis.Date = Wrong;
})();"""

SETUP = """
import json
from clubs import services as clubs
from games import services as games
from games.devices import device_id
from games.permissions import Actor
by = Actor(device=device_id({token!r}))
club = clubs.create_group("Thursday club", by, visibility="link", currency="CNY")
night = clubs.create_evening(club, "Club night", by)
names = {{"A": ["Aiko", "Bo", "Chen", "Dana"], "B": ["Eri", "Fumi", "Goro", "Hana"],
         "C": ["Ichiro", "Jun", "Kaede", "Lin"], "D": ["Mei", "Nao", "Oki", "Pia"]}}
tables = {{}}
for key, players in names.items():
    table = games.create_table("Table " + key, "riichi", "ema", {{}}, players, creator=by,
                               visibility="link")
    clubs.attach_table(table, club, by, night)
    tables[key] = {{"id": table.public_id, "join": table.join_key}}
open({out!r}, "w").write(json.dumps({{"evening": night.public_id, "tables": tables}}))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    out = tmp_path_factory.mktemp("screens") / "site.json"
    with live_server(setup=SETUP.format(token=TOKEN, out=str(out))) as base:
        yield {"base": base, **json.loads(Path(out).read_text())}


def organiser(browser: Browser, base: str, viewport: ViewportSize | None = None,
              locale: str = "en") -> Page:
    context = device(browser, viewport=viewport or ViewportSize(width=1024, height=900),
                     locale=locale)
    context.add_cookies([{"name": "mj_device", "value": TOKEN, "url": base}])
    return context.new_page()


def big_screen(browser: Browser, site: dict[str, Any], locale: str = "en") -> Page:
    context = device(browser, viewport=SCREEN, device_scale_factor=1, locale=locale)
    page = context.new_page()
    page.goto(f"{site['base']}/e/{site['evening']}/screen/")
    expect(page.locator("#screen-status")).to_have_attribute("data-state", "live")
    return page


def expect_awake(page: Page, handle: str) -> None:
    """The page holds a screen wake lock (Chromium grants it on 127.0.0.1, a secure
    context): a TV or a tablet lying on the table does not go to sleep mid-round."""
    page.wait_for_function(
        f"() => window.{handle}.wakeLock && !window.{handle}.wakeLock.released")


def table_url(site: dict[str, Any], key: str) -> str:
    return f"{site['base']}/t/{site['tables'][key]['id']}/"


def set_clock(page: Page, site: dict[str, Any], minutes: int, table: str = "",
              end_rule: str = "one_more", warnings: str = "25, 5") -> None:
    page.goto(f"{site['base']}/e/{site['evening']}/")
    settings = page.locator(".clock-settings")
    if settings.get_attribute("open") is None:
        settings.locator("summary").click()
    page.fill("#clock-form [name=minutes]", str(minutes))
    page.check(f"#clock-form [name=end_rule][value={end_rule}]")
    page.fill("#clock-form [name=warnings]", warnings)
    page.select_option("#clock-form [name=table]",
                       site["tables"][table]["id"] if table else "")
    page.click("#clock-save")
    expect(page.locator("#clock [data-clock]")).to_be_visible()


def clock_button(page: Page, button: str) -> None:
    page.click(f"#{button}")
    expect(page.locator("#clock-rule")).to_be_visible()


def left(page: Page, handle: str) -> float:
    """Seconds left on the page's clock, by the page's own reckoning."""
    return float(page.evaluate(f"window.{handle}.clock.remaining()")) / 1000


def expect_clock_state(pages: list[Page], state: str) -> None:
    for page in pages:
        expect(page.locator("[data-clock]").first).to_have_attribute("data-state", state)


def assert_same_time_left(phones: list[Page], screen: Page, extra: float = 0) -> None:
    """Each phone's time left is the screen's (plus the table's extra) within a second."""
    readings = [left(p, "mjTable") for p in phones]
    on_screen = left(screen, "mjScreen")
    for reading in readings:
        assert abs(reading - (on_screen + extra)) < 1, (readings, on_screen, extra)


def test_one_tables_clock_is_the_same_on_two_phones_and_the_screen_whatever_their_clocks(
        site: dict[str, Any], browser: Browser) -> None:
    boss = organiser(browser, site["base"])
    set_clock(boss, site, 40, table="A")
    clock_button(boss, "clock-reset")  # whatever another test left: a fresh round
    screen = big_screen(browser, site)
    right, wrong = phone(browser), phone(browser)
    wrong.context.add_init_script(WRONG_CLOCK)
    for page in (right, wrong):
        page.goto(table_url(site, "A"))
        expect(page.locator("#status")).to_have_attribute("data-state", "live")
    # The wrong phone's clock is well off the right one's.
    skew = wrong.evaluate("Date.now()") - right.evaluate("Date.now()")
    assert skew > 70 * 60 * 1000
    phones = [right, wrong]
    for page in phones:  # a phone showing the clock stays awake too
        expect_awake(page, "mjTable")
    expect_awake(screen, "mjScreen")
    expect_clock_state([*phones, screen], "ready")
    assert_same_time_left(phones, screen)

    clock_button(boss, "clock-start")
    expect_clock_state([*phones, screen], "running")
    assert_same_time_left(phones, screen)
    assert 39 * 60 < left(wrong, "mjTable") <= 40 * 60

    clock_button(boss, "clock-pause")
    expect_clock_state([*phones, screen], "paused")
    for page in phones:
        expect(page.locator(".clock-note")).to_be_visible()
    assert_same_time_left(phones, screen)

    clock_button(boss, "clock-resume")
    expect_clock_state([*phones, screen], "running")
    assert_same_time_left(phones, screen)

    # The referee gives table A five minutes more: its phones show them, the screen
    # names them beside the table and keeps the round's time.
    boss.select_option("#extra-form [name=table]", site["tables"]["A"]["id"])
    boss.fill("#extra-form [name=minutes]", "5")
    boss.click("#clock-extend")
    for page in phones:
        expect(page.locator("[data-clock-extra]")).to_be_visible()
    expect(screen.locator(f"[data-table='{site['tables']['A']['id']}'] .table-extra")
           ).to_have_text("+5 min")
    assert_same_time_left(phones, screen, extra=300)
    # A correction takes 41 minutes away from table A: under 5 minutes left, its phones
    # warn (the evening warns at 25 and 5 minutes left).
    boss.select_option("#extra-form [name=table]", site["tables"]["A"]["id"])
    boss.fill("#extra-form [name=minutes]", "-41")
    boss.click("#clock-extend")
    for page in phones:
        expect(page.locator("#table-clock [data-clock]")).to_have_attribute("data-warning", "")
        expect(page.locator("#notice")).to_contain_text("5 minutes left")
    assert_same_time_left(phones, screen, extra=300 - 41 * 60)
    ARTIFACTS.mkdir(exist_ok=True)
    wrong.screenshot(path=str(ARTIFACTS / "clock-phone-wrong-clock.png"))
    boss.screenshot(path=str(ARTIFACTS / "clock-evening-page.png"), full_page=True)
    for page in (boss, screen, right, wrong):
        page.context.close()


def test_the_screen_shows_a_hand_recorded_on_a_phone(site: dict[str, Any],
                                                      browser: Browser) -> None:
    screen = big_screen(browser, site)
    screen.evaluate("""() => {
      const root = document.getElementById('big-screen');
      new MutationObserver(() => { window.updatedAt = Date.now(); })
        .observe(root, {attributes: true, attributeFilter: ['data-updates']});
    }""")
    recorder = phone(browser)
    recorder.context.add_cookies([{"name": "mj_device", "value": TOKEN,
                                   "url": site["base"]}])
    recorder.goto(table_url(site, "B"))
    expect(recorder.locator("#status")).to_have_attribute("data-state", "live")
    row = screen.locator(".standing", has_text="Fumi")
    expect(row.locator(".total")).to_have_text("0")
    sheet = Sheet(recorder)
    sheet.open("tsumo")
    sheet.choose("tsumo.wins.0.winner", 1)
    sheet.choose("tsumo.wins.0.mode", "quick")
    sheet.grid(3, 30)
    expect(recorder.locator("#save-hand")).to_be_enabled()
    saved_at = time.time() * 1000
    sheet.save()
    # Fumi's self-draw (3 han 30 fu, 1,000/2,000): +4.0 and first, up from a shared
    # first place... and the table's state moves on.
    expect(row.locator(".total")).to_have_text("+4")
    expect(screen.locator(f"[data-table='{site['tables']['B']['id']}'] .table-state")
           ).to_have_text("East 2 · Honba 0 · Pot 0")
    latency = screen.evaluate("window.updatedAt") - saved_at
    print(f"big screen updated {latency:.0f} ms after the phone's Save")  # noqa: T201
    for page in (screen, recorder):
        page.context.close()


def record_on_tablet(tablet: Page, side: int, kind: str, winner: int,
                     discarder: int | None, han: int, fu: int) -> None:
    """Open the sheet from seat ``side``'s edge of the tablet and record a quick hand."""
    tablet.click(f"[data-record-from='{side}']")
    sheet = Sheet(tablet)
    expect(tablet.locator("#record")).to_have_attribute("open", "")
    sheet.tap(f"#outcome-types label:has(> input[value='{kind}'])")
    sheet.choose(f"{kind}.wins.0.winner", winner)
    if discarder is not None:
        sheet.choose(f"{kind}.wins.0.discarder", discarder)
    sheet.choose(f"{kind}.wins.0.mode", "quick")
    sheet.grid(han, fu)
    sheet.save()


def test_a_whole_hand_on_the_centre_tablet_for_four_players_without_phones(
        site: dict[str, Any], browser: Browser) -> None:
    boss = organiser(browser, site["base"], viewport=ViewportSize(width=375, height=812))
    boss.goto(table_url(site, "C"))
    join = boss.locator("#join-url").input_value()
    tablet_context: BrowserContext = device(browser, viewport=LANDSCAPE, has_touch=True)
    tablet = tablet_context.new_page()
    tablet.goto(join)
    tablet.click("#start-centre")
    expect(tablet.locator("#status")).to_have_attribute("data-state", "live")
    expect(tablet.locator(".centre-side")).to_have_count(4)
    expect_awake(tablet, "mjTable")
    # Every tap target is at least 44 px each way, the sides' buttons and the middle's.
    small = tablet.evaluate("""() => [...document.querySelectorAll(
        '#centre-board button, #centre-board a.button, #centre-board summary')]
      .filter(n => n.offsetParent !== null).map(n => [n, n.getBoundingClientRect()])
      .filter(([n, r]) => Math.min(r.width, r.height) < 44)
      .map(([n, r]) => `${n.id || n.className}: ${Math.round(r.width)}x${Math.round(r.height)}`)
    """)
    assert small == [], small
    # Each seat's card is on its own side, facing its player.
    sides = {position: tablet.locator(f".centre-side[data-position='{position}']")
             .get_attribute("data-side") for position in range(4)}
    assert sides == {0: "bottom", 1: "right", 2: "top", 3: "left"}
    expect(tablet.locator(".centre-side[data-position='2'] .player-card strong")
           ).to_contain_text("Kaede")
    # Kaede (seat 2, across the table) declares riichi on her side; Jun, on the right,
    # records his ron off her: the sheet turns to face him.
    tablet.click(".centre-side[data-position='2'] [data-centre-declare='riichi']")
    expect(tablet.locator(".centre-side[data-position='2'] [data-centre-declare]")
           ).to_have_attribute("aria-pressed", "true")
    tablet.click("[data-record-from='1']")
    expect(tablet.locator("#record")).to_have_attribute("data-facing", "right")
    tablet.click("#cancel-record")
    record_on_tablet(tablet, 1, "ron", winner=1, discarder=2, han=3, fu=30)
    # Ron 3 han 30 fu by a non-dealer: 3,900 off Kaede, and her riichi stick to Jun.
    for page in (tablet, boss):
        expect(page.locator(".player-card[data-position='1'] > b")
               ).to_have_text("34,900")
        expect(page.locator(".player-card[data-position='2'] > b")
               ).to_have_text("25,100")
    ARTIFACTS.mkdir(exist_ok=True)
    tablet.screenshot(path=str(ARTIFACTS / "centre-landscape-after-hand.png"))

    # Turned upright: the same four sides; Ichiro (seat 0, at the bottom) records a
    # self-draw from his edge.
    tablet.set_viewport_size(PORTRAIT)
    record_on_tablet(tablet, 0, "tsumo", winner=0, discarder=None, han=2, fu=30)
    expect(tablet.locator("#history > li")).to_have_count(2)
    for page in (tablet, boss):
        expect(page.locator(".player-card[data-position='0'] > b")
               ).to_have_text("32,000")
    tablet.screenshot(path=str(ARTIFACTS / "centre-portrait-after-hand.png"))
    # The hands say the table's tablet recorded them, not a player.
    boss.goto(table_url(site, "C"))
    expect(boss.locator("#history")).to_contain_text("the table's tablet")
    for page in (tablet, boss):
        page.context.close()


def test_a_screen_left_on_across_an_upgrade_reloads_itself(site: dict[str, Any],
                                                          browser: Browser) -> None:
    # The screen page as the release before served it: another release of the scripts
    # named in it, rewritten in the page before its module runs, on its first load only.
    # Its socket names this server's: the screen reloads, and shows this release, live.
    screen = device(browser, viewport=SCREEN, device_scale_factor=1).new_page()
    url = f"{site['base']}/e/{site['evening']}/screen/"
    found = re.search(r'data-build="([0-9a-f]{12})"', screen.request.get(url).text())
    assert found is not None, "the screen page names no release"
    screen.add_init_script("""(() => {
      if (sessionStorage.getItem("mjtest.old-page")) return;
      document.addEventListener("readystatechange", () => {
        const root = document.getElementById("big-screen");
        if (document.readyState !== "interactive" || !root) return;
        root.dataset.build = "0000000000aa";
        sessionStorage.setItem("mjtest.old-page", "1");
      });
    })();""")
    screen.goto(url, wait_until="commit")
    expect(screen.locator("#big-screen")).to_have_attribute("data-build", found.group(1))
    expect(screen.locator("#screen-status")).to_have_attribute("data-state", "live")
    expect(screen.locator("#big-screen")).not_to_have_attribute("data-updates", "0")
    # It reloaded once: the second load is not the old page.
    assert screen.evaluate("sessionStorage.getItem('mjsite.screen.reloaded')") is not None
    screen.context.close()


def test_screenshots_of_the_screen_the_tablet_and_a_phones_clock_in_every_language(
        site: dict[str, Any], browser: Browser) -> None:
    boss = organiser(browser, site["base"])
    set_clock(boss, site, 90, end_rule="finish_hand", warnings="15, 5")
    for button in ("clock-start", "clock-resume"):  # whatever an earlier test left
        if boss.locator(f"#{button}").count():
            clock_button(boss, button)
    boss.goto(table_url(site, "D"))
    join = boss.locator("#join-url").input_value()
    ARTIFACTS.mkdir(exist_ok=True)
    for language in LANGUAGES:
        screen = big_screen(browser, site, locale=language)
        expect(screen.locator("html")).to_have_attribute("lang", language)
        expect(screen.locator("[data-clock]").first).to_have_attribute("data-state", "running")
        screen.screenshot(path=str(ARTIFACTS / f"screen-{language}.png"))
        if language == "en":
            # Sixteen players do not fit: the standings turn their pages by themselves.
            pages = screen.locator("#screen-standings-title [data-page-of]")
            expect(pages).to_have_text("1/2")
            expect(pages).to_have_text("2/2")
            expect(screen.locator(".standing", has_text="Pia")).to_be_visible()
        tablet = device(browser, viewport=LANDSCAPE, locale=language).new_page()
        tablet.goto(join)
        tablet.click("#start-centre")
        expect(tablet.locator("#status")).to_have_attribute("data-state", "live")
        expect(tablet.locator("#centre-clock")).to_be_visible()
        tablet.screenshot(path=str(ARTIFACTS / f"centre-landscape-{language}.png"))
        tablet.set_viewport_size(PORTRAIT)
        tablet.screenshot(path=str(ARTIFACTS / f"centre-portrait-{language}.png"))
        watcher = phone(browser, locale=language)
        watcher.goto(table_url(site, "D"))
        expect(watcher.locator("#table-clock")).to_be_visible()
        watcher.screenshot(path=str(ARTIFACTS / f"clock-phone-{language}.png"))
        for page in (screen, tablet, watcher):
            page.context.close()
    boss.context.close()
