"""Events played on 375 px phones against a live server (one phone per table where the
test is about the event): a 16-player riichi event through registration, seating, a swap
before the start, a substitute, the start, a player's one tap to their table, a hand, the
standings updating live with a tie, a call for a referee, a penalty, a swap after the
hand and the CSV; every new page in the four languages; then a 12-player MCR event's
table points."""

from __future__ import annotations

import csv
import io
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from clubs.tests.test_browser_clubs import small_targets
from games.tests.browser import fits_phone, leave_when_asked, phone, set_language, snap
from games.tests.test_browser_rulesets import open_record, quick, save, win

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LANGUAGES = ("en", "zh-hans", "zh-hant", "ja")


def _new_event(page: Page, server: str, name: str, rules: str, players: list[str]) -> str:
    page.goto(f"{server}/events/new/")
    page.fill("#id_name", name)
    config = page.locator("#id_config option", has_text=rules).first.get_attribute("value")
    page.select_option("#id_config", config)
    page.fill("#id_rounds", "3")
    page.click("#event-form button[type=submit]")
    expect(page.locator("#players")).to_be_visible()
    for name_ in players:
        page.fill("#add-player-form #id_name", name_)
        page.click("#add-player-form button[type=submit]")
        expect(page.locator("#entries tbody tr", has_text=name_)).to_have_count(1)
    return page.url.split("#")[0]


def _seat(page: Page, table: int, position: int) -> str:
    return page.locator(f"article[data-table='{table}'] li[data-position='{position}']"
                        ).get_attribute("data-seat") or ""


def _swap(page: Page, first: str, second: str) -> None:
    page.select_option("#swap-form #id_first", first)
    page.select_option("#swap-form #id_second", second)
    page.click("#swap-form button[type=submit]")
    expect(page.locator(".alert-success")).to_be_visible()


def _small_in_banner(page: Page) -> list[str]:
    return list(page.evaluate("""() => [...document.querySelectorAll(
        '#event-banner a, #event-banner button')]
        .filter(n => n.getBoundingClientRect().height < 44)
        .map(n => n.outerHTML.slice(0, 100))"""))


def _csv(page: Page, url: str) -> list[dict[str, str]]:
    body = page.request.get(url).body().decode("utf-8")
    assert body.startswith("\ufeff")
    return list(csv.DictReader(io.StringIO(body.lstrip("\ufeff"))))


def test_a_sixteen_player_riichi_event_is_run_from_phones(server: str,
                                                          browser: Browser) -> None:
    organiser = phone(browser)
    url = _new_event(organiser, server, "Spring riichi open", "EMA",
                     [f"Player {i:02d}" for i in range(1, 16)])
    event_id = url.rstrip("/").split("/")[-1]
    player = phone(browser)
    player.goto(organiser.locator("#join-url").get_attribute("href") or "")
    player.fill("#id_name", "山田")
    player.click("#join-form button[type=submit]")
    expect(player.locator("#my-entry")).to_contain_text("16")

    # Seating, a swap before the start and a substitute for an absent player.
    organiser.goto(url)
    organiser.click("#seat-round")
    expect(organiser.locator("#tables article")).to_have_count(4)
    moving = organiser.locator("article[data-table='2'] li[data-position='0']").inner_text()
    _swap(organiser, _seat(organiser, 1, 0), _seat(organiser, 2, 0))
    expect(organiser.locator("article[data-table='1'] li[data-position='0']")).to_contain_text(
        moving.split("\n")[-1].strip())
    mine = organiser.locator("li[data-seat]", has_text="山田")
    mine_table = int(mine.locator("xpath=ancestor::article").get_attribute("data-table") or 0)
    other = 1 if mine_table != 1 else 2
    organiser.select_option("#substitute-form #id_seat", _seat(organiser, other, 3))
    organiser.fill("#substitute-form #id_name", "Walk-in")
    organiser.click("#substitute-form button[type=submit]")
    expect(organiser.locator(".substitute", has_text="Walk-in")).to_have_count(1)
    round_url = organiser.url

    # The player's phone waits on the event page; the round starts; its seat appears live.
    player.goto(url)
    expect(player.locator("#my-seat")).to_contain_text("Round 1")
    expect(player.locator("#live-status")).to_have_attribute("data-state", "live")
    organiser.click("#start-round")
    expect(organiser.locator("[data-open-table]")).to_have_count(4)
    expect(player.locator("#go-to-table")).to_be_visible()
    watcher = organiser.context.new_page()
    watcher.set_viewport_size({"width": 375, "height": 812})
    watcher.goto(f"{url}standings/")
    expect(watcher.locator("#live-status")).to_have_attribute("data-state", "live")
    desk = organiser.context.new_page()  # the organiser's event page, for the calls
    desk.set_viewport_size({"width": 375, "height": 812})
    desk.goto(url)
    expect(desk.locator("#live-status")).to_have_attribute("data-state", "live")

    # One tap to the table; a hand there; the standings follow with a tie.
    player.click("#go-to-table")
    expect(player.locator("#status")).to_have_attribute("data-state", "live")
    expect(player.locator("#event-banner")).to_contain_text("Spring riichi open")
    position = int(player.locator(".player-card", has_text="山田").get_attribute(
        "data-position") or 0)
    open_record(player, "ron")
    win(player, "ron.wins.0", position, (position + 1) % 4)
    quick(player, "ron.wins.0", {"han": 3, "fu": 30})
    save(player)
    expect(watcher.locator("tr[data-entry='16']")).to_have_attribute("data-rank", "1")
    expect(watcher.locator("tr[data-rank='2']")).to_have_count(14)  # equal at 0: shared

    # A call for a referee reaches the organiser's page at once.
    player.click("#call-referee")
    expect(player.locator("#call-referee-status")).to_have_attribute("data-state", "called")
    expect(desk.locator("#calls-body .call")).to_have_count(1)
    snap(desk, "event-round-call", "#calls")
    desk.locator("#calls-body .call button").click()
    expect(desk.locator("#no-calls")).to_be_visible()

    # A penalty counts in the standings, live.
    before = watcher.locator("tr[data-entry='16'] [data-score]").inner_text()
    desk.select_option("#penalty-form #id_entry", label="16. 山田")
    desk.fill("#penalty-form #id_points", "-1000")
    desk.fill("#penalty-form #id_reason", "Slow play")
    desk.click("#penalty-form button[type=submit]")
    expect(desk.locator("#penalty-list li")).to_have_count(1)
    expect(watcher.locator("tr[data-entry='16'] [data-score]")).not_to_have_text(before)
    expect(watcher.locator("tr[data-entry='16']")).to_contain_text("penalties")

    # A swap after the hand: the winning seat and its hand go to the other player.
    organiser.goto(round_url)
    winner_seat = organiser.locator("li[data-seat]", has_text="山田").get_attribute(
        "data-seat") or ""
    taker = organiser.locator(f"article[data-table='{other}'] li[data-position='1']")
    taker_number = taker.locator(".muted").first.inner_text().strip()
    _swap(organiser, winner_seat, taker.get_attribute("data-seat") or "")
    expect(watcher.locator(f"tr[data-entry='{taker_number}']")).to_have_attribute(
        "data-rank", "1")
    snap(watcher, "event-standings-live")

    # The CSV of the standings, and of every table's ledger.
    rows = _csv(organiser, f"{server}/api/events/{event_id}/standings/?format=csv&bom=1")
    assert len(rows) == 16 and rows[0]["number"] == taker_number
    assert next(r for r in rows if r["number"] == "16")["penalties"] == "-1000"
    ledger = _csv(organiser, f"{server}/api/events/{event_id}/ledger/?format=csv&bom=1")
    assert len(ledger) == 4 and sum(int(r["delta"]) for r in ledger) == 0  # one hand

    # Every new page fits the phone in the four languages.
    table_url = player.url
    for language in LANGUAGES:
        set_language(organiser, language)
        for address, name in ((url, "detail-rounds"), (round_url, "round"),
                              (f"{url}standings/", "standings"),
                              (f"{url}results/", "results"), (table_url, "table")):
            organiser.goto(address)
            assert fits_phone(organiser), (language, name)
            # The table page is games' own (its targets are its tests'): the banner here.
            assert (_small_in_banner(organiser) if name == "table"
                    else small_targets(organiser)) == [], (language, name)
            snap(organiser, f"event-{name}-{language}")
    for page in (organiser, player):
        page.context.close()


def test_a_twelve_player_mcr_event_ranks_by_table_points(server: str,
                                                          browser: Browser) -> None:
    organiser = phone(browser)
    url = _new_event(organiser, server, "MCR league night", "MCR",
                     [f"選手 {i:02d}" for i in range(1, 13)])
    organiser.click("#seat-round")
    expect(organiser.locator("#tables article")).to_have_count(3)
    organiser.click("#start-round")
    organiser.locator("article[data-table='1'] [data-open-table]").click()
    expect(organiser.locator("#status")).to_have_attribute("data-state", "live")
    open_record(organiser, "win")
    win(organiser, "win.wins.0", 0, 1)
    quick(organiser, "win.wins.0", {"fan": 8})
    save(organiser)
    # The table has it (not only this phone's outbox) before the phone leaves the page.
    expect(organiser.locator(".player-card[data-position='0'] > b")).to_have_text("32")
    leave_when_asked(organiser)
    organiser.goto(f"{url}standings/")
    first = organiser.locator("#standings-table tbody tr").first
    expect(first.locator("[data-points]")).to_have_text("4")
    expect(first.locator("[data-score]")).to_have_text("+32")
    # Three players of each other table tie for 1st: they share 7/4 of the points.
    expect(organiser.locator("[data-points]", has_text=re.compile(r"^1\.75$"))).to_have_count(8)
    event_id = url.rstrip("/").split("/")[-1]
    rows = _csv(organiser, f"{server}/api/events/{event_id}/standings/?format=csv&bom=1")
    assert len(rows) == 12 and rows[0]["table_points"] == "4"
    snap(organiser, "event-mcr-standings")
    organiser.context.close()
