"""expect(locator) waits for its element before an assertion a missing element cannot pass
(games/tests/expect_waits.py): Playwright would otherwise snapshot the whole page's ARIA
tree at every poll while the element is not there yet."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Error, TimeoutError

from .expect_waits import NEED_THE_ELEMENT, ElementFirst


class Recorder:
    """A stand-in for a locator and its assertions, noting the calls in order."""

    def __init__(self, wait_raises: Exception | None = None) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.wait_raises = wait_raises

    def wait_for(self, state: str, timeout: float | None) -> None:
        self.calls.append(("wait_for", (state, timeout)))
        if self.wait_raises:
            raise self.wait_raises

    def __getattr__(self, name: str) -> Any:
        def assertion(*args: Any, **kwargs: Any) -> None:
            self.calls.append((name, (args, kwargs)))
        return assertion


def element_first(recorder: Recorder, timeout: float | None = 30_000) -> Any:
    return ElementFirst(recorder, recorder, timeout)  # type: ignore[arg-type]


def test_an_assertion_on_one_element_waits_for_it_first_with_its_own_timeout() -> None:
    seen = Recorder()
    element_first(seen).to_have_text("Hand recorded", timeout=5_000)
    assert seen.calls == [("wait_for", ("attached", 5_000)),
                          ("to_have_text", (("Hand recorded",), {"timeout": 5_000}))]
    seen = Recorder()
    element_first(seen, timeout=30_000).to_be_visible()
    assert seen.calls[0] == ("wait_for", ("attached", 30_000))


@pytest.mark.parametrize("name", ["to_have_count", "to_be_hidden", "to_be_attached",
                                  "not_to_be_visible", "not_to_have_text"])
def test_what_a_missing_element_may_pass_goes_straight_through(name: str) -> None:
    seen = Recorder()
    getattr(element_first(seen), name)()
    assert [call for call, _ in seen.calls] == [name]


def test_an_assertion_over_a_list_of_elements_goes_straight_through() -> None:
    seen = Recorder()
    element_first(seen).to_have_text(["Aiko", "Bo"])
    element_first(seen).to_contain_text(expected=["Aiko"])
    assert [call for call, _ in seen.calls] == ["to_have_text", "to_contain_text"]


def test_an_element_that_never_came_fails_at_once_with_the_assertion_s_message() -> None:
    seen = Recorder(wait_raises=TimeoutError("Timeout 5000ms exceeded"))
    element_first(seen).to_be_visible(timeout=5_000)
    assert seen.calls[-1] == ("to_be_visible", ((), {"timeout": 1}))


def test_several_elements_are_left_to_the_assertion_to_say() -> None:
    seen = Recorder(wait_raises=Error("strict mode violation"))
    element_first(seen).to_have_text("Bo", timeout=5_000)
    assert seen.calls[-1] == ("to_have_text", (("Bo",), {"timeout": 5_000}))


def test_the_list_names_positive_assertions_only() -> None:
    assert all(name.startswith("to_") for name in NEED_THE_ELEMENT)
    assert not {"to_have_count", "to_be_hidden", "to_be_attached"} & NEED_THE_ELEMENT
