"""Helpers shared by the browser tests (Playwright on Debian's Chromium, 375 px phones):
the phone contexts, creating and joining a table, tapping tiles, screenshots."""

from __future__ import annotations

from typing import Any
from urllib.parse import urljoin

from playwright.sync_api import Browser, BrowserContext, Dialog, Page, expect

from .live_server import ARTIFACTS

NAMES = ["Aiko", "Bo", "Chen", "Dana"]
PHONE = {"width": 375, "height": 812}
# A phone at the home game reaches the site over plain HTTP on the Wi-Fi, where browsers
# run no service worker; at http://127.0.0.1 they do, and each phone's worker then caches
# every static file of every page it loads (templates/service-worker.js), a sixth of a
# browser test's CPU. So the tests' devices go without one, as phones on the Wi-Fi do,
# and the tests of the worker itself ask for it (phone(..., service_worker=True)).
#
# They also ask for reduced motion (prefers-reduced-motion, which static/js/motion.js
# honours): the page jumps to where it takes the reader instead of scrolling there, so
# a tap right after Save never lands while the page is still moving under it (a smooth
# scroll on a busy machine can outlast Playwright's check that the button stands still).


def device(browser: Browser, service_worker: bool = False, **options: Any) -> BrowserContext:
    """A new device (its own cookies and storage) with the browser tests' defaults above;
    ``options`` are Playwright's context options (viewport, locale, has_touch…)."""
    return browser.new_context(reduced_motion="reduce",
                               service_workers="allow" if service_worker else "block",
                               **options)


# Every dialog each phone was shown, as (type, message), by id(page); and the phones
# that answer "leave" when a page asks whether to leave it.
_DIALOGS: dict[int, list[tuple[str, str]]] = {}
_LEAVING: set[int] = set()


def phone(browser: Browser, locale: str = "en", service_worker: bool = False) -> Page:
    """A new phone (its own cookies and storage) that accepts every confirm() and stays
    on the page when asked whether to leave it; :func:`dialogs` lists what it was asked.
    Its pages run the site's service worker only if ``service_worker`` (:func:`device`)."""
    context = device(browser, service_worker,
                     viewport={"width": PHONE["width"], "height": PHONE["height"]},
                     device_scale_factor=1, is_mobile=True, has_touch=True, locale=locale)
    page = context.new_page()
    seen = _DIALOGS.setdefault(id(page), [])

    def answer(dialog: Dialog) -> None:
        seen.append((dialog.type, dialog.message))
        if dialog.type == "beforeunload" and id(page) not in _LEAVING:
            dialog.dismiss()
        else:
            dialog.accept()

    page.on("dialog", answer)
    return page


def dialogs(page: Page) -> list[tuple[str, str]]:
    return _DIALOGS.get(id(page), [])


def leave_when_asked(page: Page) -> None:
    """From now on ``page`` confirms leaving when a page asks (beforeunload)."""
    _LEAVING.add(id(page))


def create_table(page: Page, base: str, config_label: str = "EMA") -> str:
    """Create a riichi table with NAMES from ``page``; returns the join link."""
    page.goto(f"{base}/tables/new/")
    page.fill("#id_name", "Browser game")
    config = page.locator("#id_config option", has_text=config_label).first.get_attribute(
        "value")
    page.select_option("#id_config", config)
    for i, name in enumerate(NAMES):
        page.fill(f"#id_player_{i}", name)
    page.click("button[type=submit]")
    expect(page.locator("#status")).to_have_attribute("data-state", "live")
    return page.locator("#join-url").input_value()


def take_seat(page: Page, join_url: str, position: int) -> None:
    page.goto(join_url)
    page.click(f"button[data-position='{position}']")
    expect(page.locator("#status")).to_have_attribute("data-state", "live")


# Resolves once the page has not scrolled for five frames in a row: a smooth scroll the
# page started (opening the record sheet scrolls to it) has come to rest.
_SCROLL_AT_REST = """() => new Promise(done => {
  let last = null, same = 0;
  const frame = () => {
    if (scrollY === last) { if (++same >= 5) { done(); return; } }
    else { last = scrollY; same = 0; }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})"""


def wait_scroll_at_rest(page: Page) -> None:
    """Wait until ``page`` stops scrolling, before a tap aimed at where something is."""
    page.evaluate(_SCROLL_AT_REST)


def set_language(page: Page, code: str) -> None:
    """Switch ``page``'s browser to ``code`` with the footer's language form."""
    page.select_option("#language-select", code)
    page.click(".language-form button[type=submit]")
    expect(page.locator("html")).to_have_attribute("lang", code)


def tap_tiles(page: Page, tiles: str, picker: str = ".win-entry") -> None:
    digits = ""
    for ch in tiles:
        if ch.isdigit():
            digits += ch
            continue
        for d in digits:
            page.locator(f"{picker} .palette [data-tile='{d}{ch}']").first.click()
        digits = ""


def snap(page: Page, name: str, selector: str | None = None) -> None:
    """A phone-sized screenshot (375×812) with ``selector`` scrolled to the top."""
    ARTIFACTS.mkdir(exist_ok=True)
    if selector:
        page.locator(selector).evaluate("node => node.scrollIntoView({block: 'start'})")
    else:
        page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def fits_phone(page: Page) -> bool:
    """Nothing sticks out sideways on a 375px screen."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def expect_scores(pages: list[Page], scores: list[int]) -> None:
    for page in pages:
        for position, score in enumerate(scores):
            expect(page.locator(f".player-card[data-position='{position}'] > b")
                   ).to_have_text(f"{score:,}")


def stored_outcome(page: Page, number: int = 1) -> Any:
    """The outcome the server holds for hand ``number`` of the table open on ``page``
    (its snapshot.json): the phones keep only each hand's rendered entry and sheet fields."""
    table = page.url.split("/t/")[1].split("/")[0]
    hands = page.request.get(urljoin(page.url, f"/t/{table}/snapshot.json")).json()["hands"]
    return next(hand["outcome"] for hand in hands if hand["number"] == number)
