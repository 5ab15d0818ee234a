"""The browser tests' live server and Chromium (games/tests/conftest.py)."""

from games.tests.conftest import browser, server

__all__ = ["browser", "server"]
