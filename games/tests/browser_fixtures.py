"""The browser tests' Chromium and default live server, as a pytest plugin (named in the
root conftest.py, so every app's browser tests share it).

Chromium starts once per test process (each pytest-xdist worker) and stays up until the
process ends: a launch costs about a second of CPU and the suite's browser modules and
chunks are dozens, so one launch per module was a minute of a busy 2-core machine. Each
module still gets a clean browser: the contexts (phones) it opened are closed when it
ends, so no page of one module keeps a socket open into the next."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from .live_server import CHROMIUM, CHROMIUM_ARGS, live_server


@pytest.fixture(scope="session")
def _playwright() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def _chromium(_playwright: Playwright) -> Iterator[Browser]:
    launched = _playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                           args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture(scope="module")
def browser(_chromium: Browser) -> Iterator[Browser]:
    """The process's Chromium; the phones (contexts) the module opened close after it."""
    before = set(_chromium.contexts)
    yield _chromium
    for context in _chromium.contexts:
        if context not in before:
            context.close()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """A fresh site (its own migrated SQLite database) for the module."""
    with live_server() as base:
        yield base
