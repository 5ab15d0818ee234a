"""The creator stays the creator on the address the table hands out, in a real browser
(issue 22, finding 3). The site listens on 127.0.0.1 and 127.0.0.2 and hands out
127.0.0.2, as `make run` hands out its LAN address to a computer that opened 127.0.0.1:
two cookie jars in one browser."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from .browser import create_table, fits_phone, phone, set_language, snap, take_seat
from .live_server import live_server

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server(links_host="127.0.0.2") as base:
        yield base


def test_the_creator_follows_the_seat_list_to_the_lan_address_and_frees_a_seat_there(
        server: str, browser: Browser) -> None:
    computer, friend = phone(browser), phone(browser)
    join_url = create_table(computer, server)
    assert join_url.startswith(server.replace("127.0.0.1", "127.0.0.2"))
    take_seat(friend, join_url, 1)

    computer.click("#open-seat-list")
    # On the other address, the code already gone from the address bar.
    expect(computer).to_have_url(join_url)
    free = computer.locator("button[data-release='1']")
    expect(free).to_be_visible()
    for code in ("en", "zh-hans", "zh-hant", "ja"):
        set_language(computer, code)
        assert fits_phone(computer)
        snap(computer, f"seat-list-as-creator-{code}")
    set_language(computer, "en")
    computer.locator("button[data-release='1']").click()
    expect(computer.locator("button[data-position='1']")).to_be_visible()
    # Still the creator on the other address's table page: it may record hands.
    computer.click("#watch")
    expect(computer.locator("#table-page")).to_have_class("table-page can-write")

    # The way back the same code cannot be used again: a second browser is a stranger.
    stranger = phone(browser)
    stranger.goto(computer.url.split("/t/")[0] + "/t/" + join_url.split("/t/")[1]
                  + "&handover=used-or-made-up")
    expect(stranger.locator(".alert-info")).to_contain_text("Open the seat list")
    expect(stranger.locator("button[data-release]")).to_have_count(0)
