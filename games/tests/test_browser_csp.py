"""Under the site's Content-Security-Policy a real browser runs every page without a single
violation, and finds nothing to complain of in its Permissions-Policy: the table live over
its websocket, the pickers, the analyser, the admin and the API docs (issue 13: no inline
script)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, ConsoleMessage, expect

from .browser import create_table, phone

pytestmark = pytest.mark.browser


def test_pages_run_under_the_csp_without_a_violation(server: str, browser: Browser) -> None:
    page = phone(browser)
    violations: list[str] = []

    def watch(message: ConsoleMessage) -> None:
        # Chromium logs each blocked script or style, and each feature of the
        # Permissions-Policy header it does not know.
        if any(word in message.text for word in ("Content Security Policy",
                                                 "Content-Security-Policy",
                                                 "Permissions-Policy")):
            violations.append(f"{page.url}: {message.text}")

    page.on("console", watch)
    join_url = create_table(page, server)  # the table page went live over its socket
    page.click("[data-open-type='ron']")
    expect(page.locator("#record .tile-picker").first).to_be_visible()
    page.goto(join_url)
    expect(page.locator("[data-position]").first).to_be_visible()
    for path, ready in (("/", "main"), ("/tables/", "main"), ("/analyse/", "form"),
                        ("/danger/", "form"), ("/rulesets/mcr/fans/", "svg"),
                        ("/admin/login/", "form"),
                        ("/api/docs/", ".swagger-ui .info")):
        page.goto(server + path)
        expect(page.locator(ready).first).to_be_visible()
    assert not violations, violations
    page.context.close()
