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
