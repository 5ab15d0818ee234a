"""The browser tests' live server and Chromium (games/tests/conftest.py), and a short
seating search: a plan short of its lower bound would take events.seating's 2 s."""

from collections.abc import Iterator

import pytest

from events import rounds
from games.tests.conftest import browser, server

__all__ = ["browser", "server"]


@pytest.fixture(autouse=True)
def _quick_seating(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(rounds, "SEARCH_SECONDS", 0.05)
    yield
