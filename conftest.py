"""Suite-wide test hygiene."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    # Django's test client activates a request's language in the test's own thread and
    # leaves it active; each test starts from the site's default instead.
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fresh_limits() -> None:
    # The limits count in the cache (games/limits.py) per user or client address, and every
    # test client is 127.0.0.1: each test starts with the counts of a new visitor instead
    # of what the tests before it created.
    from django.core.cache import cache

    try:
        cache.clear()
    except Exception:  # noqa: BLE001 - a test that points the cache at a dead server
        pass
