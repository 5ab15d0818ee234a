"""Fixtures of the browser tests: one live daphne server and one headless Chromium per
test module (started only by the modules that ask for them)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from .live_server import CHROMIUM, CHROMIUM_ARGS, live_server


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server() as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
