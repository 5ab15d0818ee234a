"""An event's round clock and big screen in Chromium (issue 28): the clock started,
paused, resumed and extended for one table from the round's page, seen alike on two
phones at that table (one with its clock an hour and a quarter wrong) and on the big
screen at 1920×1080; the screen following a hand recorded on a phone and a call for a
referee; and the screenshots of the screen and a phone's clock in the four languages.

The event is link-only: the screen is opened with the read-only key its organiser's
round page hands out. Sixteen players, round 1 played (a hand at two tables) and round
2 started, so the standings show who moved since the last round."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from clubs.tests.test_browser_screens import (
    WRONG_CLOCK,
    assert_same_time_left,
    clock_button,
    expect_awake,
    expect_clock_state,
    left,
)
from games.tests.browser import device, phone
from games.tests.live_server import ARTIFACTS, live_server
from games.tests.sheet import Sheet
from games.tests.tables import new_device

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TOKEN, _DEVICE = new_device()  # the organiser's browser: the event's and tables' creator
SCREEN = ViewportSize(width=1920, height=1080)
LANGUAGES = ["en", "zh-hans", "zh-hant", "ja"]
SHOTS = Path("/work/shots/evscreen")

SETUP = """
import json
from events import rounds, services
from events.models import RoundTable
from games import services as games
from games.devices import device_id
from games.permissions import Actor
from scoring.models import RulesetConfig
by = Actor(device=device_id({token!r}))
config = RulesetConfig.objects.get(ruleset="riichi", is_builtin=True, preset="ema")
event = services.create_event("Spring riichi open", by, config, rounds=4, visibility="link")
names = ["Aiko", "Bo", "Chen", "Dana", "Eri", "Fumi", "Goro", "Hana", "山田太郎", "王小明",
         "Kaede", "Lin", "Mei", "Nao", "Oki", "Pia"]
for name in names:
    services.add_player(event, name, by)
def play(number):
    rounds.seat_round(event, by)
    started = rounds.start_round(event, number, by)
    return [rt.table for rt in RoundTable.objects.filter(round=started).order_by("number")]
for n, table in enumerate(play(1)[:2]):
    table.refresh_from_db()
    outcome = {{"type": "ron", "wins": [{{"winner": 1 + n, "discarder": 0,
                                        "quick": {{"han": 4, "fu": 30}}}}]}}
    assert games.record_hand(table, outcome, f"setup-{{n}}", table.seq, by)["ok"]
tables = [t.public_id for t in play(2)]
open({out!r}, "w").write(json.dumps({{"event": event.public_id, "tables": tables}}))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    out = tmp_path_factory.mktemp("event-screen") / "site.json"
    with live_server(setup=SETUP.format(token=TOKEN, out=str(out))) as base:
        yield {"base": base, **json.loads(Path(out).read_text())}


def organiser(browser: Browser, base: str, locale: str = "en") -> Page:
    context = device(browser, viewport=ViewportSize(width=1024, height=900), locale=locale)
    context.add_cookies([{"name": "mj_device", "value": TOKEN, "url": base}])
    return context.new_page()


def round_page(page: Page, site: dict[str, Any]) -> None:
    page.goto(f"{site['base']}/ev/{site['event']}/round/2/")


def set_clock(page: Page, site: dict[str, Any], minutes: int, end_rule: str = "one_more",
              warnings: str = "25, 5") -> None:
    round_page(page, site)
    settings = page.locator(".clock-settings")
    if settings.get_attribute("open") is None:
        settings.locator("summary").click()
    page.fill("#clock-form [name=minutes]", str(minutes))
    page.check(f"#clock-form [name=end_rule][value={end_rule}]")
    page.fill("#clock-form [name=warnings]", warnings)
    page.click("#clock-save")
    expect(page.locator("#clock [data-clock]")).to_be_visible()


def big_screen(browser: Browser, url: str, locale: str = "en") -> Page:
    context = device(browser, viewport=SCREEN, device_scale_factor=1, locale=locale)
    page = context.new_page()
    page.goto(url)
    expect(page.locator("#screen-status")).to_have_attribute("data-state", "live")
    return page


def screen_url(boss: Page, site: dict[str, Any]) -> str:
    round_page(boss, site)
    url = boss.locator("#screen-url").input_value()
    assert "?key=" in url  # a link-only event's screen needs its key
    return url


def table_url(site: dict[str, Any], number: int) -> str:
    return f"{site['base']}/t/{site['tables'][number - 1]}/"


def test_the_event_clock_is_the_same_on_two_phones_and_the_screen_whatever_their_clocks(
        site: dict[str, Any], browser: Browser) -> None:
    boss = organiser(browser, site["base"])
    set_clock(boss, site, 40)
    clock_button(boss, "clock-reset")  # whatever another test left: a fresh round
    screen = big_screen(browser, screen_url(boss, site))
    right, wrong = phone(browser), phone(browser)
    wrong.context.add_init_script(WRONG_CLOCK)
    for page in (right, wrong):
        page.goto(table_url(site, 1))
        expect(page.locator("#status")).to_have_attribute("data-state", "live")
    assert wrong.evaluate("Date.now()") - right.evaluate("Date.now()") > 70 * 60 * 1000
    phones = [right, wrong]
    expect_awake(screen, "mjScreen")  # the TV does not sleep mid-round
    expect_clock_state([*phones, screen], "ready")
    assert_same_time_left(phones, screen)

    round_page(boss, site)
    clock_button(boss, "clock-start")
    expect_clock_state([*phones, screen], "running")
    assert_same_time_left(phones, screen)
    assert 39 * 60 < left(wrong, "mjTable") <= 40 * 60

    clock_button(boss, "clock-pause")
    expect_clock_state([*phones, screen], "paused")
    assert_same_time_left(phones, screen)

    clock_button(boss, "clock-resume")
    expect_clock_state([*phones, screen], "running")
    assert_same_time_left(phones, screen)

    # Table 1 is given five minutes (a referee's decision): its phones show them, the
    # screen names them beside the table and keeps the round's time.
    boss.select_option("#extra-form [name=table]", "1")
    boss.fill("#extra-form [name=minutes]", "5")
    boss.click("#clock-extend")
    for page in phones:
        expect(page.locator("[data-clock-extra]")).to_be_visible()
    expect(screen.locator(f"[data-table='{site['tables'][0]}'] .table-extra")
           ).to_have_text("+5 min")
    expect(screen.locator(".table-extra")).to_have_count(1)
    assert_same_time_left(phones, screen, extra=300)
    # A correction takes 41 minutes away from table 1: under 5 minutes left, its phones
    # warn (the round warns at 25 and 5 minutes left); table 2's phones do not.
    other = phone(browser)
    other.goto(table_url(site, 2))
    expect(other.locator("#table-clock [data-clock]")).to_have_attribute("data-state",
                                                                        "running")
    boss.select_option("#extra-form [name=table]", "1")
    boss.fill("#extra-form [name=minutes]", "-41")
    boss.click("#clock-extend")
    for page in phones:
        expect(page.locator("#table-clock [data-clock]")).to_have_attribute("data-warning", "")
        expect(page.locator("#notice")).to_contain_text("5 minutes left")
    assert_same_time_left(phones, screen, extra=300 - 41 * 60)
    assert other.locator("#table-clock [data-clock]").get_attribute("data-warning") is None
    other.context.close()
    ARTIFACTS.mkdir(exist_ok=True)
    wrong.screenshot(path=str(ARTIFACTS / "event-clock-phone-wrong-clock.png"))
    for page in (boss, screen, right, wrong):
        page.context.close()


def test_the_screen_follows_a_hand_recorded_on_a_phone_and_a_call_for_a_referee(
        site: dict[str, Any], browser: Browser) -> None:
    boss = organiser(browser, site["base"])
    screen = big_screen(browser, screen_url(boss, site))
    boss.context.close()
    screen.evaluate("""() => {
      const root = document.getElementById('big-screen');
      new MutationObserver(() => { window.updatedAt = Date.now(); })
        .observe(root, {attributes: true, attributeFilter: ['data-updates']});
    }""")
    # Round 2 has no hand yet: nobody moved since round 1.
    expect(screen.locator(".standing .move.up, .standing .move.down")).to_have_count(0)
    recorder = phone(browser)
    recorder.context.add_cookies([{"name": "mj_device", "value": TOKEN,
                                   "url": site["base"]}])
    recorder.goto(table_url(site, 2))
    expect(recorder.locator("#status")).to_have_attribute("data-state", "live")
    row = screen.locator(f"[data-table='{site['tables'][1]}']")
    expect(row.locator(".table-state")).to_have_text("East 1 · Honba 0 · Pot 0")
    sheet = Sheet(recorder)
    sheet.open("tsumo")
    sheet.choose("tsumo.wins.0.winner", 1)
    sheet.choose("tsumo.wins.0.mode", "quick")
    sheet.grid(3, 30)
    expect(recorder.locator("#save-hand")).to_be_enabled()
    saved_at = time.time() * 1000
    sheet.save()
    expect(row.locator(".table-state")).to_have_text("East 2 · Honba 0 · Pot 0")
    # Oki's self-draw (1,000/2,000) cost Kaede, the dealer, 2,000: from the twelve
    # players sharing 3rd at 0 she falls to 14th (behind the eight still at 0 and the
    # two who paid 1,000), since the last round.
    expect(screen.locator(".standing", has_text="Kaede").locator(".move")).to_have_text("▼11")
    latency = screen.evaluate("window.updatedAt") - saved_at
    print(f"event screen updated {latency:.0f} ms after the phone's Save")  # noqa: T201
    expect(row.locator(".table-call")).to_have_count(0)
    recorder.click("#call-referee")
    expect(recorder.locator("#call-referee-status")).to_have_attribute("data-state", "called")
    expect(row.locator(".table-call")).to_have_text("Waiting for a referee")
    expect(screen.locator(".table-call")).to_have_count(1)
    ARTIFACTS.mkdir(exist_ok=True)
    screen.screenshot(path=str(ARTIFACTS / "event-screen-waiting.png"))
    for page in (screen, recorder):
        page.context.close()


# Words of the English page that would mean a Chinese or Japanese page was left half
# translated.
ENGLISH = ["Standings", "Tables", "Round", "Table ", "Waiting", "Finished", "Not started",
           "Time left", "extra", "Live", "Connecting"]


def test_screenshots_of_the_screen_and_a_phones_clock_in_every_language(
        site: dict[str, Any], browser: Browser) -> None:
    boss = organiser(browser, site["base"])
    set_clock(boss, site, 90, end_rule="finish_hand", warnings="15, 5")
    for button in ("clock-start", "clock-resume"):  # whatever an earlier test left
        if boss.locator(f"#{button}").count():
            clock_button(boss, button)
    url = screen_url(boss, site)
    boss.context.close()
    SHOTS.mkdir(parents=True, exist_ok=True)
    for language in LANGUAGES:
        screen = big_screen(browser, url, locale=language)
        expect(screen.locator("html")).to_have_attribute("lang", language)
        expect(screen.locator("[data-clock]").first).to_have_attribute("data-state", "running")
        # Read from five metres: every text shown is at least 32 px high.
        small = screen.evaluate("""() => [...document.querySelectorAll('#big-screen *')]
          .filter(n => n.offsetParent !== null && [...n.childNodes].some(
            c => c.nodeType === 3 && c.textContent.trim()))
          .filter(n => parseFloat(getComputedStyle(n).fontSize) < 32)
          .map(n => n.className + ': ' + n.textContent.slice(0, 30))""")
        assert small == [], small
        text = screen.locator("#big-screen").inner_text()
        assert "screen_" not in text and "clock_" not in text, text  # no raw keys
        if language != "en":
            english = [word for word in ENGLISH if word in text]
            assert english == [], (language, english)
        overflow = screen.evaluate("document.documentElement.scrollWidth > innerWidth")
        assert not overflow
        screen.screenshot(path=str(SHOTS / f"event-screen-{language}.png"))
        watcher = phone(browser, locale=language)
        watcher.goto(table_url(site, 3))
        expect(watcher.locator("#table-clock")).to_be_visible()
        assert watcher.evaluate("document.documentElement.scrollWidth <= innerWidth")
        watcher.screenshot(path=str(SHOTS / f"event-clock-phone-{language}.png"))
        referee = phone(browser, locale=language)
        referee.context.add_cookies([{"name": "mj_device", "value": TOKEN,
                                      "url": site["base"]}])
        round_page(referee, site)
        referee.locator("#clock").scroll_into_view_if_needed()
        assert referee.evaluate("document.documentElement.scrollWidth <= innerWidth")
        referee.locator("#clock").screenshot(
            path=str(SHOTS / f"event-round-clock-{language}.png"))
        for page in (screen, watcher, referee):
            page.context.close()
