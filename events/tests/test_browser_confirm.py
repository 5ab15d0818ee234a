"""Confirmation by the table at an event (issue 29), on phones against a live server: the
organiser makes an event whose players confirm each hand; a player at its table disputes
a hand with a note and the referee's phone (the event's page, open on the organiser's
other tab) shows the call with the hand and the note at once."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from games.tests.browser import fits_phone, phone, snap

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 3, "quick": {"han": 2, "fu": 30}}]}


def new_event(page: Page, server: str, players: list[str]) -> str:
    page.goto(f"{server}/events/new/")
    page.fill("#id_name", "Confirmed cup")
    config = page.locator("#id_config option", has_text="EMA").first.get_attribute("value")
    page.select_option("#id_config", config)
    page.fill("#id_rounds", "2")
    page.check("#id_confirm_hands")
    page.check("#id_confirm_before_close")
    page.click("#event-form button[type=submit]")
    expect(page.locator("#players")).to_be_visible()
    for name in players:
        page.fill("#add-player-form #id_name", name)
        page.click("#add-player-form button[type=submit]")
        expect(page.locator("#entries tbody tr", has_text=name)).to_have_count(1)
    return page.url.split("#")[0]


def record_as_creator(page: Page, server: str, table: str) -> None:
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    seq = page.request.get(f"{server}/t/{table}/snapshot.json").json()["seq"]
    answer = page.request.post(
        f"{server}/api/tables/{table}/hands/", headers={
            "X-CSRFToken": token, "Referer": f"{server}/", "Content-Type": "application/json"},
        data=json.dumps({"outcome": RON, "command_id": f"hand-{seq}", "base_seq": seq}),
        fail_on_status_code=False)
    assert answer.status == 201, answer.text()


def test_a_dispute_at_an_event_s_table_reaches_the_referee_s_phone(
        server: str, browser: Browser) -> None:
    organiser = phone(browser)
    url = new_event(organiser, server, ["Player 1", "Player 2", "Player 3"])
    player = phone(browser)
    player.goto(organiser.locator("#join-url").get_attribute("href") or "")
    player.fill("#id_name", "Mei")
    player.click("#join-form button[type=submit]")
    expect(player.locator("#my-entry")).to_contain_text("4")

    organiser.goto(url)
    organiser.click("#seat-round")
    expect(organiser.locator("#tables article")).to_have_count(1)
    organiser.click("#start-round")
    expect(organiser.locator("[data-open-table]")).to_have_count(1)
    desk = organiser.context.new_page()  # the referee's phone: the event's page
    desk.set_viewport_size({"width": 375, "height": 812})
    desk.goto(url)
    expect(desk.locator("#live-status")).to_have_attribute("data-state", "live")
    expect(desk.locator("#no-calls")).to_be_visible()

    player.goto(url)
    player.click("#go-to-table")
    expect(player.locator("#status")).to_have_attribute("data-state", "live")
    table = player.url.split("/t/")[1].split("/")[0]
    record_as_creator(organiser, server, table)  # the organiser records, from no seat
    expect(player.locator(".confirm-unconfirmed[data-hand='1']")).to_have_count(1)
    player.click("[data-dispute-open='1']")
    player.fill(".dispute-form[data-dispute='1'] textarea", "The winner was not in tenpai")
    player.click(".dispute-form[data-dispute='1'] button[type=submit]")
    expect(player.locator(".confirm-disputed[data-hand='1']")).to_contain_text(
        "The winner was not in tenpai")

    call = desk.locator("#calls-body .call")
    expect(call).to_have_count(1)
    expect(call).to_contain_text("Round 1, table 1")
    expect(call).to_contain_text("Hand 1 disputed: The winner was not in tenpai")
    expect(call).to_contain_text("Mei")
    assert fits_phone(desk)
    snap(desk, "confirm-event-dispute-call", "#calls")

    # The standings say whose hands are not confirmed, in every language.
    for language in ("en", "zh-hans", "zh-hant", "ja"):
        reader = phone(browser, language)
        reader.goto(f"{url}standings/")
        expect(reader.locator("#standings-table .unconfirmed-mark")).to_have_count(4)
        assert fits_phone(reader)
        snap(reader, f"confirm-event-standings-{language}", "#standings-table")
        reader.context.close()

    # The round cannot close while the hand is disputed: the next seating is refused
    # with the table named.
    organiser.goto(url)
    organiser.click("#seat-round")
    expect(organiser.locator(".alert-error, .errorlist, [role=alert]").first).to_contain_text(
        "hands are not confirmed at table 1")
