"""Playwright's ``expect`` on a locator, made to wait for its element before asserting.

Playwright (1.65, as pinned in requirements-dev.txt) answers each poll of a locator
assertion whose element is not on the page yet with an ARIA snapshot of the whole
``<body>``, kept for the message should the assertion fail in the end. A table page has
some 7,500 nodes (the record sheet), so each of those polls cost its renderer about 20
ms and its driver the snapshot's text: the entry matrix's wait for a preview
(``#preview-table``, there once the slow socket answers) took half of a case's renderer
time after Save. Waiting for the element to be attached first (``locator.wait_for``, a
plain selector poll) and then asserting leaves the snapshot to the assertion that really
fails.

Only the assertions that a missing element cannot pass wait first; a negation, a count,
``to_be_hidden``/``to_be_attached`` and an assertion over a list of elements (a list
of expected texts: several elements, where ``wait_for`` is strict) go straight through.
Installed for every browser test by :mod:`games.tests.browser_fixtures`.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Error, Expect, Locator, TimeoutError

# The positive locator assertions that fail while their element is missing.
NEED_THE_ELEMENT = frozenset({
    "to_be_checked", "to_be_disabled", "to_be_editable", "to_be_empty", "to_be_enabled",
    "to_be_focused", "to_be_in_viewport", "to_be_visible", "to_contain_class",
    "to_contain_text", "to_have_accessible_description", "to_have_accessible_error_message",
    "to_have_accessible_name", "to_have_attribute", "to_have_class", "to_have_css",
    "to_have_id", "to_have_js_property", "to_have_role", "to_have_text", "to_have_value",
})


class ElementFirst:
    """A locator's assertions that wait for its element before the ones above."""

    def __init__(self, assertions: Any, locator: Locator, timeout: float | None) -> None:
        self._assertions = assertions
        self._locator = locator
        self._timeout = timeout

    def __getattr__(self, name: str) -> Any:
        assertion = getattr(self._assertions, name)
        if name not in NEED_THE_ELEMENT:
            return assertion

        def first_the_element(*args: Any, **kwargs: Any) -> Any:
            expected = args[0] if args else kwargs.get("expected")
            if not isinstance(expected, (list, tuple)):
                timeout = kwargs.get("timeout", self._timeout)
                try:
                    self._locator.wait_for(state="attached", timeout=timeout)
                except TimeoutError:
                    # Never came: the assertion fails at once, with its own message.
                    kwargs["timeout"] = 1
                except Error:  # several elements, say: the assertion says so
                    pass
            return assertion(*args, **kwargs)

        return first_the_element


_plain_call = Expect.__call__


def _element_first(self: Expect, actual: Any, message: str | None = None) -> Any:
    assertions = _plain_call(self, actual, message)
    if isinstance(actual, Locator):
        return ElementFirst(assertions, actual, getattr(self, "_timeout", None))
    return assertions


def install() -> None:
    """From now on ``expect(locator)`` waits for the element first (idempotent)."""
    Expect.__call__ = _element_first  # type: ignore[method-assign]
