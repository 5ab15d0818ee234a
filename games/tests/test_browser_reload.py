"""A table page older than the site: loaded before an upgrade, it reconnects to a server
that serves other scripts (common/build.py), says so, sends nothing more and asks to be
reloaded; the reload sends the hands it kept, each recorded once. Photographed at
375 px in every language.

A page of the old release is this server's page with another release named in its
protocol block (rewritten in the phone, once): what a phone that loaded the page before
the upgrade holds.
"""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import Browser, Locator, Page, WebSocketRoute, expect

from games.ui import STRINGS

from .browser import create_table, dialogs, phone, set_language, snap, take_seat
from .live_server import RECONNECT_TIMEOUT_MS
from .sheet import Sheet
from .test_browser_gamenight import recorded_hands

pytestmark = [pytest.mark.browser, pytest.mark.slow]

OLD_BUILD = "0000000000aa"
# The page's protocol block names OLD_BUILD, rewritten after the page is parsed and before
# its modules run (a document is "interactive" between the two), on the first load of a
# table page in this tab only. (Not rewritten on its way from the server: Chromium then
# takes the page for one of the public internet, and refuses its socket to 127.0.0.1.)
OLD_PAGE = """(() => {
  if (sessionStorage.getItem("mjtest.old-page")) return;
  document.addEventListener("readystatechange", () => {
    const block = document.getElementById("table-protocol");
    if (document.readyState !== "interactive" || !block) return;
    const protocol = JSON.parse(block.textContent);
    protocol.build = OLD_BUILD;
    block.textContent = JSON.stringify(protocol);
    sessionStorage.setItem("mjtest.old-page", "1");
  });
})();""".replace("OLD_BUILD", f'"{OLD_BUILD}"')


def serve_an_old_page_once(page: Page) -> None:
    """The next load of the table page names OLD_BUILD as its scripts' release."""
    page.add_init_script(OLD_PAGE)


def notice(page: Page) -> Locator:
    return page.locator("#alerts [data-key=outdated]")


def said(code: str, key: str) -> str:
    with translation.override(code):
        return str(STRINGS[key])


def save_tsumo(page: Page, winner: int, han: int) -> None:
    sheet = Sheet(page)
    sheet.open("tsumo")
    sheet.choose("tsumo.wins.0.winner", winner)
    sheet.choose("tsumo.wins.0.mode", "quick")
    sheet.grid(han, 30)
    page.click("#save-hand")


def test_an_old_page_holds_its_writes_and_the_reload_records_each_hand_once(
        server: str, browser: Browser) -> None:
    aiko = phone(browser)
    take_seat(aiko, create_table(aiko, server), 0)
    blocked = {"on": True}

    def websocket(route: WebSocketRoute) -> None:
        if blocked["on"]:
            route.close(code=1001)  # the Wi-Fi is gone while the site is upgraded
        else:
            route.connect_to_server()

    aiko.context.route_web_socket("**/ws/tables/**", websocket)
    serve_an_old_page_once(aiko)
    aiko.reload(wait_until="commit")
    expect(aiko.locator("#status")).to_have_attribute("data-state", "offline")
    # A hand saved offline on the old page waits in the outbox.
    save_tsumo(aiko, 1, 3)
    expect(aiko.locator("#outbox-waiting")).to_have_text("1 hand waiting to send")
    # Back online, the server names another release: the page reads and sends nothing.
    blocked["on"] = False
    expect(aiko.locator("#status")).to_have_attribute("data-state", "outdated",
                                                      timeout=RECONNECT_TIMEOUT_MS)
    expect(aiko.locator("#status")).to_have_text(said("en", "outdated"))
    expect(notice(aiko)).to_contain_text(said("en", "outdated_reload"))
    assert recorded_hands(server, aiko) == 0
    # Dismissed, the notice comes back at a tap of Undo, which says "nothing to undo" no
    # more and sends nothing.
    notice(aiko).locator(".notice-close").click()
    expect(notice(aiko)).to_have_count(0)
    aiko.click("#undo")
    expect(notice(aiko)).to_have_count(1)
    expect(aiko.locator("#alerts")).not_to_contain_text(said("en", "nothing_to_undo"))
    # A hand saved now waits with the first, the sheet saying until when.
    sheet = Sheet(aiko)
    sheet.open("tsumo")
    sheet.choose("tsumo.wins.0.winner", 2)
    sheet.choose("tsumo.wins.0.mode", "quick")
    sheet.grid(2, 30)
    expect(aiko.locator("#preview-outdated")).to_have_text(said("en", "outdated_save"))
    aiko.click("#save-hand")
    expect(aiko.locator("#outbox-waiting")).to_have_text("2 hands waiting to send")
    snap(aiko, "reload-notice-held-en", "#scoreboard")
    assert recorded_hands(server, aiko) == 0
    # Reload, from the notice: no "leave this page?" question, the page is live, both
    # hands are sent and recorded, once each.
    notice(aiko).locator(".notice-action").click()
    expect(aiko.locator("#status")).to_have_attribute("data-state", "live",
                                                      timeout=RECONNECT_TIMEOUT_MS)
    expect(aiko.locator("#outbox")).to_be_hidden()
    expect(aiko.locator("#history > li[data-number]")).to_have_count(2)
    assert recorded_hands(server, aiko) == 2
    assert notice(aiko).count() == 0
    assert [kind for kind, _ in dialogs(aiko)] == []
    aiko.context.close()


@pytest.mark.parametrize("code", ["en", "zh-hans", "zh-hant", "ja"])
def test_the_reload_notice_in_every_language(server: str, browser: Browser, code: str) -> None:
    bo = phone(browser)
    create_table(bo, server)
    if code != "en":
        set_language(bo, code)
    serve_an_old_page_once(bo)
    bo.reload(wait_until="commit")
    expect(bo.locator("#status")).to_have_text(said(code, "outdated"))
    expect(notice(bo).locator(".notice-text")).to_have_text(said(code, "outdated_reload"))
    expect(notice(bo).locator(".notice-action")).to_have_text(said(code, "reload"))
    snap(bo, f"reload-notice-{code}")
    bo.context.close()
