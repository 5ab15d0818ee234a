"""The browser tests' Chromium and default live server, as a pytest plugin (named in the
root conftest.py, so every app's browser tests share it).

Chromium starts once per test process (each pytest-xdist worker) and stays up while the
process runs browser tests: a launch costs about a second of CPU and the suite's browser
modules and chunks are dozens, so one launch per module was a minute of a busy 2-core
machine. Each module still gets a clean browser: the contexts (phones) it opened are
closed when it ends, so no page of one module keeps a socket open into the next.

Playwright's sync API marks its event loop as running in the thread that started it, and
then `asyncio.run` and pytest-asyncio refuse to run there. So Chromium is stopped before
the first test that does not use it, and started again if a browser test comes after
(the root conftest.py runs each process's browser files first, so that is rare)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from . import expect_waits
from .live_server import CHROMIUM, CHROMIUM_ARGS, live_server

# expect(locator) waits for its element before asserting (games/tests/expect_waits.py).
expect_waits.install()


class _Chromium:
    """The process's Playwright and Chromium, started on demand."""

    playwright: Playwright | None = None
    browser: Browser | None = None

    @classmethod
    def get(cls) -> Browser:
        if cls.browser is None:
            cls.playwright = sync_playwright().start()
            cls.browser = cls.playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        return cls.browser

    @classmethod
    def stop(cls) -> None:
        if cls.browser is not None:
            cls.browser.close()
            cls.browser = None
        if cls.playwright is not None:
            cls.playwright.stop()
            cls.playwright = None


def _file(item: pytest.Item) -> str:
    return item.nodeid.split("::", 1)[0]


# The files with a test that uses Chromium: their other tests do not stop it, since a
# module-scoped fixture (a phone kept between cases) holds pages of it.
_BROWSER_FILES: set[str] = set()


def uses_browser(item: pytest.Item) -> bool:
    return "browser" in getattr(item, "fixturenames", ())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    _BROWSER_FILES.update(_file(item) for item in items if uses_browser(item))


def pytest_runtest_setup(item: pytest.Item) -> None:
    if _file(item) not in _BROWSER_FILES:
        _Chromium.stop()


def pytest_sessionfinish() -> None:
    _Chromium.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """The process's Chromium; the phones (contexts) the module opened close after it."""
    launched = _Chromium.get()
    before = set(launched.contexts)
    yield launched
    if _Chromium.browser is launched:
        for context in launched.contexts:
            if context not in before:
                context.close()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A fresh site (its own migrated SQLite database) for the module."""
    with live_server() as base:
        yield base
