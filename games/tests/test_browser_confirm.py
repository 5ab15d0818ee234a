"""Confirmation by the table on four phones (issue 29), in four languages: the table is
made with "Players confirm each hand", one phone records a hand, the other three tap ✓
and all four say who confirmed it; the recorder's phone is offered no ✓. A second hand is
disputed with a note and every phone shows it. Screenshots of the hand list (an
unconfirmed hand with the ✓ and Dispute buttons, a confirmed and a disputed hand) at 375
px in each language."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .browser import NAMES, fits_phone, phone, snap, take_seat

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RON: dict[str, Any] = {"type": "ron", "wins": [{"winner": 0, "discarder": 2,
                                                "quick": {"han": 1, "fu": 30}}]}
LANGUAGES = ["en", "zh-hans", "zh-hant", "ja"]


def create_asking_table(page: Page, base: str) -> str:
    """A riichi table whose players confirm each hand, made on its page; the join link."""
    page.goto(f"{base}/tables/new/")
    page.fill("#id_name", "Confirmed game")
    config = page.locator("#id_config option", has_text="EMA").first.get_attribute("value")
    page.select_option("#id_config", config)
    for i, name in enumerate(NAMES):
        page.fill(f"#id_player_{i}", name)
    page.check("#id_confirm_hands")
    page.click("button[type=submit]")
    expect(page.locator("#status")).to_have_attribute("data-state", "live")
    return page.locator("#join-url").input_value()


def record_hand(page: Page, server: str, table: str) -> None:
    """Record a hand through the API with ``page``'s cookies (its browser's seat)."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    seq = page.request.get(f"{server}/t/{table}/snapshot.json").json()["seq"]
    answer = page.request.post(
        f"{server}/api/tables/{table}/hands/", headers={
            "X-CSRFToken": token, "Referer": f"{server}/", "Content-Type": "application/json"},
        data=json.dumps({"outcome": RON, "command_id": f"hand-{seq}", "base_seq": seq}),
        fail_on_status_code=False)
    assert answer.status == 201, answer.text()


def small_buttons(page: Page) -> list[str]:
    return list(page.evaluate("""() => [...document.querySelectorAll(
        '#history .confirm button')].filter(n => n.offsetParent !== null)
        .filter(n => n.getBoundingClientRect().height < 44
                     || n.getBoundingClientRect().width < 44)
        .map(n => n.outerHTML.slice(0, 100))"""))


def test_three_phones_confirm_a_hand_and_a_dispute_reaches_every_phone(
        server: str, browser: Browser) -> None:
    phones = [phone(browser, language) for language in LANGUAGES]
    for page, language in zip(phones, LANGUAGES, strict=True):  # the option, on its page
        page.goto(f"{server}/tables/new/")
        expect(page.locator("#id_confirm_hands")).not_to_be_checked()
        assert fits_phone(page)
        snap(page, f"confirm-new-table-{language}", "label[for=id_confirm_hands]")
    join_url = create_asking_table(phones[0], server)
    table = phones[0].url.split("/t/")[1].split("/")[0]
    for position, page in enumerate(phones):
        take_seat(page, join_url, position)

    record_hand(phones[0], server, table)  # Aiko's phone records, from seat 0
    for page in phones:
        expect(page.locator("#history .confirm-unconfirmed[data-hand='1']")).to_have_count(1)
    expect(phones[0].locator("[data-confirm='1']")).to_be_hidden()  # the recorder's own
    for page in phones[1:]:
        expect(page.locator("[data-confirm='1']")).to_be_visible()
        expect(page.locator("[data-dispute-open='1']")).to_be_visible()
        assert small_buttons(page) == [] and fits_phone(page)
    for page, language in zip(phones, LANGUAGES, strict=True):
        snap(page, f"confirm-unconfirmed-{language}", "#history")

    for page in phones[1:]:
        page.click("[data-confirm='1']")
        # Its seat has answered: the buttons go from this phone (others may still wait).
        expect(page.locator("[data-confirm='1']")).to_be_hidden()
    for page in phones:
        expect(page.locator("#history .confirm-confirmed[data-hand='1']")).to_have_count(1)
    expect(phones[0].locator(".confirm[data-hand='1'] .confirm-line")).to_contain_text(
        "Confirmed by Bo, Chen, Dana")

    # Hand 2: Chen disputes it with a note; every phone shows it, Chen's buttons go.
    record_hand(phones[0], server, table)
    chen = phones[2]
    chen.click("[data-dispute-open='2']")
    chen.fill(".dispute-form[data-dispute='2'] textarea", "Dana discarded, not me")
    chen.click(".dispute-form[data-dispute='2'] button[type=submit]")
    for page in phones:
        expect(page.locator(".confirm-disputed[data-hand='2'] .confirm-dispute")).to_contain_text(
            "Dana discarded, not me")
    expect(chen.locator("[data-confirm='2']")).to_be_hidden()
    expect(phones[1].locator("[data-confirm='2']")).to_be_visible()
    for page, language in zip(phones, LANGUAGES, strict=True):
        assert fits_phone(page)
        snap(page, f"confirm-disputed-{language}", "#history")

    # A big screen shows the same (1920×1080).
    phones[3].set_viewport_size({"width": 1920, "height": 1080})
    snap(phones[3], "confirm-disputed-ja-1920", "#history")

    # The log says who confirmed and disputed, from which seat.
    phones[1].goto(f"{server}/t/{table}/log/")
    expect(phones[1].locator("body")).to_contain_text("Dana discarded, not me")
