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


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    # Django's test client activates a request's language in the test's own thread and
    # leaves it active; each test starts from the site's default instead.
    translation.activate("en")
    yield
    translation.deactivate()


def _worker_group(item: pytest.Item) -> str | None:
    """The tests that should run on one pytest-xdist worker with ``item``: those sharing a
    session fixture of a directory's conftest (the integration tests' migrated PostgreSQL
    database and servers) or a module fixture (a browser test module's live server and
    Chromium), which would otherwise be set up again on every worker."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    group = None
    for name in info.names_closure:
        defs = info.name2fixturedefs.get(name)
        if not defs:
            continue
        fixture = defs[-1]
        # A plugin's or the root conftest's fixtures have no base id: set up per worker.
        if fixture.scope == "session" and fixture.baseid:
            return f"{fixture.baseid}/"
        if fixture.scope in {"package", "module"}:
            group = item.nodeid.split("::", 1)[0]
    return group


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``--dist loadgroup`` (``make test``) each group of :func:`_worker_group` goes
    to one worker as a whole; every other test is handed out on its own. A new browser test
    module needs no mark: it is grouped by the fixtures it uses. Runs before xdist's own
    hook, which reads the ``xdist_group`` marks."""
    for item in items:
        group = _worker_group(item)
        if group:
            item.add_marker(pytest.mark.xdist_group(group))
