"""A short seating search for the events' tests: a plan short of its lower bound would take
events.seating's 2 s. (The browser tests' `browser` and `server` come from
games/tests/browser_fixtures.py, a plugin the root conftest.py names.)"""

from collections.abc import Iterator

import pytest

from events import rounds


@pytest.fixture(autouse=True)
def _quick_seating(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(rounds, "SEARCH_SECONDS", 0.05)
    yield
