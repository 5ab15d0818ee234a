"""A watcher phone whose snapshot request is refused catches up by itself (issue 24,
finding 6): with more watchers asking in the same second than the table's budget
(MJ_WS_WATCHERS_RATE, here 1 a second), the server refuses with ``retry_after`` and
static/js/sync.js asks again after that wait (with jitter, longer after each refusal)
instead of showing an alert and staying behind until the next event or reconnect."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .browser import create_table, phone, take_seat
from .live_server import live_server
from .test_browser_sequenced_writes import RON_1, engine_scores, fill_quick_ron, shows

pytestmark = [pytest.mark.browser, pytest.mark.slow]


# Runs in the watcher's page before sync.js. It stands in for the crowd and the lost
# event: the first hand_recorded arrives as a "resync" (what a process of an older
# release sends), and before each of the phone's first two snapshot requests another
# watcher's message (a bad frame, which counts against the same budget) is sent, so the
# request lands in a second whose budget is spent: refused twice, then answered. The
# crowd's own answers are not the phone's and are kept from it.
CROWD = """(() => {
  const Real = window.WebSocket;
  const seen = {crowd: 2, asked: 0, refused: [], resynced: false};
  window.__watcher = seen;
  const parse = (data) => { try { return JSON.parse(data); } catch { return null; } };
  class Crowded extends Real {
    send(data) {
      const message = parse(data);
      if (message && message.type === "get_snapshot") {
        seen.asked += 1;
        if (seen.crowd > 0) { seen.crowd -= 1; super.send("another watcher"); }
      }
      super.send(data);
    }
    addEventListener(type, listener, options) {
      if (type !== "message") return super.addEventListener(type, listener, options);
      return super.addEventListener(type, (event) => {
        const message = parse(event.data);
        if (message && message.type === "error" && !message.request_id) return;
        if (message && message.type === "error") seen.refused.push(message);
        if (message && message.type === "hand_recorded" && !seen.resynced) {
          seen.resynced = true;
          listener(new MessageEvent("message", {data: JSON.stringify({type: "resync"})}));
          return;
        }
        listener(event);
      }, options);
    }
  }
  window.WebSocket = Crowded;
})();"""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server(socket_delay_ms="100-400",
                     env={"MJ_WS_WATCHERS_RATE": "1/second"}) as base:
        yield base


def watcher_of(browser: Browser, table_url: str) -> Page:
    page = phone(browser)
    page.add_init_script(CROWD)
    page.goto(table_url)
    expect(page.locator("#status")).to_have_attribute("data-state", "live")
    return page


def test_a_watcher_refused_its_snapshot_asks_again_and_catches_up_without_an_alert(
        server: str, browser: Browser) -> None:
    aiko = phone(browser)
    take_seat(aiko, create_table(aiko, server), 0)
    watcher = watcher_of(browser, aiko.url)
    fill_quick_ron(aiko, 3, 1, 2)
    aiko.click("#save-hand")
    # The watcher was told to resync, was refused twice, and caught up by itself.
    shows([aiko, watcher], engine_scores(RON_1), 1)
    expect(watcher.locator("#status")).to_have_attribute("data-state", "live")
    seen = watcher.evaluate("window.__watcher")
    assert seen["resynced"] and seen["asked"] == 3, seen
    assert [r["code"] for r in seen["refused"]] == ["rate_limited", "rate_limited"], seen
    assert all(r["retry_after"] >= 1 for r in seen["refused"]), seen
    # Nobody asked for that snapshot: no alert was shown or read out for its refusals.
    expect(watcher.locator("#alerts .notice")).to_have_count(0)
    # Back in step: the next hand arrives as an event.
    fill_quick_ron(aiko, 2, 0, 1)
    aiko.click("#save-hand")
    expect(watcher.locator("#history > li[data-number]")).to_have_count(2)
    assert watcher.evaluate("window.__watcher.asked") == 3
