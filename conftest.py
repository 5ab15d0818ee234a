"""Suite-wide test hygiene, and how the suite spreads over pytest-xdist's workers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation
from hypothesis import HealthCheck, settings

# Hypothesis's time limits are timing assertions, and CI is a busy 2-core machine: a
# property that takes 300 ms under load, or examples slow to generate, is not a failure
# (speed is measured by bench/, never by the suite). The properties' own settings choose
# how many examples they try.
settings.register_profile("mjsite", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("mjsite")

# A fixture of one of these scopes is set up once for the tests that share it (a live
# server, a Chromium); tests that use one stay together. ("class" is left out: pytest-django
# gives every test an autouse class-scoped fixture.)
_SHARED_SCOPES = {"module", "package"}


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    # Django's test client activates a request's language in the test's own thread and
    # leaves it active; each test starts from the site's default instead.
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``--dist loadgroup`` (the Makefile's ``make test``), the tests of a module
    that share a module-scoped fixture (its live server and browser) run on one worker,
    so the fixture starts once; every other test is handed out on its own. A new browser
    test module needs no mark: it is grouped by the fixtures it uses.

    Runs before xdist's own hook, which reads the ``xdist_group`` marks."""
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        if info is None:
            continue
        shared = any(defs[-1].scope in _SHARED_SCOPES
                     for name, defs in info.name2fixturedefs.items()
                     if defs and name in info.names_closure)
        if shared:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
