"""What a person sees when a limit or a fault answers (issue 24, findings 5 and 7), on
Chromium at 375 px in every language: the page that says how long to wait after too many
new tables, and the table's status when the server closes the socket with 4503 (its
database did not answer): "can't reach the server, retrying", then live again once it
answers, without a reload."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, WebSocketRoute, expect

from .browser import create_table, fits_phone, phone, set_language, snap
from .live_server import live_server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LANGUAGES = ["en", "zh-hans", "zh-hant", "ja"]
UNREACHABLE = {"en": "Can't reach the server, retrying…",
               "zh-hans": "无法连接服务器，正在重试…",
               "zh-hant": "無法連線到伺服器，正在重試…",
               "ja": "サーバーに接続できません。再試行しています…"}
TOO_MANY = {"en": "Too many changes from this browser", "zh-hans": "此浏览器的更改太多",
            "zh-hant": "此瀏覽器的變更太多", "ja": "このブラウザからの変更が多すぎます"}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    # One new table an hour from an address: the second one shows the limit's page.
    saved = os.environ.get("MJ_CREATE_RATE")
    os.environ["MJ_CREATE_RATE"] = "1/hour"
    try:
        with live_server() as base:
            yield base
    finally:
        if saved is None:
            os.environ.pop("MJ_CREATE_RATE", None)
        else:
            os.environ["MJ_CREATE_RATE"] = saved


def test_a_socket_closed_with_4503_says_the_server_cannot_be_reached_and_retries(
        server: str, browser: Browser) -> None:
    page = phone(browser)
    create_table(page, server)
    attempts: list[str] = []
    reachable = {"yes": False}

    def database_down(ws: WebSocketRoute) -> None:
        attempts.append(ws.url)
        if reachable["yes"]:
            ws.connect_to_server()
        else:  # what the consumer sends when the database does not answer
            ws.close(code=4503, reason="")

    page.route_web_socket("**/ws/tables/**", database_down)
    for code in LANGUAGES:
        if code != "en":
            set_language(page, code)
        else:
            page.reload()
        status = page.locator("#status")
        expect(status).to_have_attribute("data-state", "unreachable")
        expect(status).to_have_text(UNREACHABLE[code])
        assert fits_phone(page)
        snap(page, f"limits-unreachable-{code}")
    # It keeps trying by itself (backoff), and is live again once the server answers.
    seen = len(attempts)
    expect(page.locator("#status")).to_have_attribute("data-state", "unreachable")
    reachable["yes"] = True
    expect(page.locator("#status")).to_have_attribute("data-state", "live", timeout=60_000)
    assert len(attempts) > seen


def test_too_many_new_tables_shows_how_long_to_wait(server: str, browser: Browser) -> None:
    page = phone(browser)

    def new_table() -> None:
        page.goto(f"{server}/tables/new/")
        page.fill("#id_name", "One too many")
        for i, name in enumerate(["Aiko", "Bo", "Chen", "Dana"]):
            page.fill(f"#id_player_{i}", name)
        page.click("button[type=submit]")
        # A new table's page, or the form again with the refusal on it (what was typed
        # is kept: games.views, common.limits.refused_form).
        expect(page.locator("#status, form .alert-error[role=alert]").first).to_be_visible()

    new_table()  # the hour's one table (unless the test before made it)
    for code in LANGUAGES:
        if code != "en":
            set_language(page, code)
        new_table()
        expect(page.locator("form .alert-error[role=alert]").first).to_contain_text(
            TOO_MANY[code])
        expect(page.locator("#id_player_3")).to_have_value("Dana")
        assert fits_phone(page)
        snap(page, f"limits-too-many-{code}")
