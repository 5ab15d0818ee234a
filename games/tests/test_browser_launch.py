"""The browser tests' Chromium is launched as Playwright means it to be, minus the
address bar's popup that no test opens (live_server.py says why)."""

from __future__ import annotations

import psutil
import pytest
from playwright.sync_api import Browser, expect

from .browser import device
from .live_server import CHROMIUM


def _browser_processes() -> list[list[str]]:
    """Command lines of this process's Chromium browser processes (not their renderers)."""
    found = []
    for child in psutil.Process().children(recursive=True):
        try:
            line = child.cmdline()
        except psutil.Error:
            continue
        if line and line[0].endswith(("chromium", CHROMIUM)) and not any(
                arg.startswith("--type=") for arg in line):
            found.append(line)
    return found


def _features(line: list[str], switch: str) -> list[list[str]]:
    return [arg.split("=", 1)[1].split(",") for arg in line if arg.startswith(f"{switch}=")]


def test_chromium_keeps_every_feature_playwright_turns_off(browser: Browser) -> None:
    # Chromium obeys the last --disable-features only: ours must hold Playwright's too.
    lines = _browser_processes()
    assert lines, "no Chromium browser process found under this test process"
    for line in lines:
        lists = _features(line, "--disable-features")
        assert len(lists) >= 1
        last = set(lists[-1])
        for earlier in lists[:-1]:
            assert set(earlier) <= last, f"lost: {sorted(set(earlier) - last)}"
        assert {"WebUIOmniboxPopup", "WebUIOmniboxAimPopup"} <= last


def test_a_phone_opens_no_renderer_for_chromium_s_own_ui(browser: Browser) -> None:
    context = device(browser)
    page = context.new_page()
    page.set_content("<p>a phone</p>")
    session = browser.new_browser_cdp_session()
    targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
    session.detach()
    context.close()
    assert [t["url"] for t in targets if t["type"] == "browser_ui"] == []
    assert any(t["type"] == "page" for t in targets)


def test_a_phone_keeps_the_static_files_between_pages(browser: Browser, server: str) -> None:
    # The tests' servers serve static files as production phones keep them
    # (MJ_STATIC_AUTOREFRESH=false): a second page takes the first's from the browser's
    # cache, without asking the server (a transfer size of 0; a 304 has its headers').
    context = device(browser)
    page = context.new_page()
    loaded = """() => performance.getEntriesByType("resource")
        .filter((r) => r.name.includes("/static/"))
        .map((r) => [new URL(r.name).pathname, r.transferSize])"""
    page.goto(f"{server}/tables/new/")
    first = {path for path, _size in page.evaluate(loaded)}
    page.goto(f"{server}/tables/")
    again = [(path, size) for path, size in page.evaluate(loaded) if path in first]
    context.close()
    assert first, "the first page loaded no static file"
    assert again, "the second page uses none of the first's static files"
    assert all(size == 0 for _path, size in again), f"asked the server again: {again}"


def test_expect_waits_for_an_element_that_comes_later_and_checks_lists_as_before(
        browser: Browser) -> None:
    # games/tests/expect_waits.py: expect(locator) waits for its element first.
    context = device(browser)
    page = context.new_page()
    page.set_content("<ul><li>Aiko</li><li>Bo</li></ul>")
    page.evaluate("""() => setTimeout(() => {
        const p = document.createElement('p'); p.id = 'late'; p.textContent = 'Hand recorded';
        document.body.append(p); }, 300)""")
    expect(page.locator("#late")).to_have_text("Hand recorded")
    expect(page.locator("li")).to_have_text(["Aiko", "Bo"])
    expect(page.locator("li")).to_have_count(2)
    with pytest.raises(AssertionError):
        expect(page.locator("#never")).to_be_visible(timeout=300)
    context.close()
