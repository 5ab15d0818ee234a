"""Suite-wide test hygiene, and how the suite spreads over pytest-xdist's workers."""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation
from hypothesis import HealthCheck, settings

# Hypothesis's time limits are timing assertions, and CI is a busy 2-core machine: a
# property that takes 300 ms under load, or examples slow to generate, is not a failure
# (speed is measured by bench/, never by the suite). The properties' own settings choose
# how many examples they try.
# On CI (.ci/run sets CI=true) the examples are derived from each test's name, the same on
# every run: a fresh clone passes or fails the same way each time (issue 22), while each
# developer's `make test` still draws new ones and so keeps finding what a fixed set would
# miss (a chained Swiss swap was found that way; the test now checks every case).
settings.register_profile("mjsite", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow],
                          derandomize=bool(os.environ.get("CI")))
settings.load_profile("mjsite")

# The test-only rulesets (scoring/engine/tests/extra_rulesets/: the toy ruleset) are found
# beside the shipped ones by the suite and the live servers it starts, which inherit the
# variable; a production site never sets it (docs/development.md, "Adding a ruleset").
os.environ.setdefault("MJ_EXTRA_RULESETS", "scoring.engine.tests.extra_rulesets")

# The browser tests' Chromium (one per test process) and default live server, for every
# app's browser tests.
pytest_plugins = ["games.tests.browser_fixtures"]


@pytest.fixture(autouse=True, scope="session")
def _quick_password_hashes() -> Iterator[None]:
    # Django's PBKDF2 takes a third of a second of CPU per password set or checked, by
    # design; the suite checks who may sign in and what is counted, never the hash's cost
    # (the live servers of the browser and integration tests keep the real hashers).
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    # Django's test client activates a request's language in the test's own thread and
    # leaves it active; each test starts from the site's default instead.
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fresh_limits() -> None:
    # The limits count in the cache (common/limits.py) per user or client address, and every
    # test client is 127.0.0.1: each test starts with the counts of a new visitor instead
    # of what the tests before it created.
    from django.core.cache import cache

    try:
        cache.clear()
    except Exception:  # noqa: BLE001 - a test that points the cache at a dead server
        pass
    # The socket limits count per table in the process's memory (games/socket_limits.py),
    # and SQLite gives a new table the id of one a rolled-back test made: a test's table
    # found a window already spent by the test before it (seen in CI).
    from games import socket_limits

    for window in (socket_limits._PREVIEWS, socket_limits._WATCHERS):
        window.forget()


@pytest.fixture(autouse=True)
def _empty_channel_layer() -> None:
    # The in-memory channel layer lives as long as the test process, and SQLite gives a
    # new table the id of one a rolled-back test made: a group membership or a broadcast
    # left by one test reached the sockets of the next test's table of the same id (seen
    # in CI: a watcher got another test's hand). Each test starts with an empty layer.
    from channels.layers import InMemoryChannelLayer, channel_layers

    layer = channel_layers.backends.get("default")  # only a layer already made
    if isinstance(layer, InMemoryChannelLayer):
        layer.channels = {}
        layer.groups = {}


@pytest.fixture
def still_limits_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rate limits count in fixed windows (a minute, an hour: common/ratelimit.py); a
    test that makes a few requests and expects the last refused must not meet a window's
    edge in between, which a busy machine makes likely. Held 20 s into a minute and 20 min
    into an hour."""
    from common import ratelimit

    monkeypatch.setattr(ratelimit, "clock", lambda: 60 * 29_000_000 + 20.0)


# --- spreading the suite over pytest-xdist's workers (make test: -n auto --dist loadfile) --
#
# Each test file goes to one worker as a whole, so a module-scoped fixture (a browser test
# module's live server and Chromium) starts once. The files of a directory whose conftest
# has a session-scoped fixture (the integration tests' migrated PostgreSQL database and
# servers) go to one worker together, so it is set up once. The heaviest files are handed
# out first, so that no long browser module starts last while the other worker idles.
# (xdist's own --dist loadgroup marks do not work with pytest 9: it renames a node id
# that pytest 9 no longer reads.)
#
# A conftest whose session fixture is cheap next to its files' own time (a migrated
# database of the worker's own, say) says `XDIST_SPREAD_FILES = True` at module level: its
# files then go to the workers one by one like any other, each worker setting the fixture
# up once for itself, so minutes of integration tests are not one worker's queue.
#
# A file too long for one worker (minutes of browser cases over a slow socket) splits into
# chunks by saying so at module level: `XDIST_CHUNK_ID_PARTS = N` sends each distinct first
# N dash-separated parts of its tests' parameter ids ("riichi-tenhou" of
# "[riichi-tenhou-ron-discard-typed]") to a worker as a unit; its tests without parameters
# stay together. `XDIST_CHUNK_ID_PARTS = 0` sends each test function (its parameters
# together) to a worker on its own. Each chunk sets up the module's fixtures again (a
# server and a browser each), so the ids must lead with what the tests share.

HEAVY_MARKS = ("browser", "integration", "slow")
_CHUNK_PARTS = re.compile(r"^XDIST_CHUNK_ID_PARTS\s*=\s*(\d+)\s*$", re.MULTILINE)
_SPREAD = re.compile(r"^XDIST_SPREAD_FILES\s*=\s*True\s*$", re.MULTILINE)


def _session_dirs(config: pytest.Config) -> list[str]:
    """Directories (relative, with a trailing slash) whose conftest.py has a
    session-scoped fixture and does not spread its files."""
    root = config.rootpath
    found = []
    for top in config.getini("testpaths"):
        for conftest in sorted((root / top).rglob("conftest.py")):
            text = conftest.read_text(encoding="utf-8")
            if 'scope="session"' in text and not _SPREAD.search(text):
                found.append(f"{conftest.parent.relative_to(root).as_posix()}/")
    return found


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    shared = _session_dirs(config)
    root = config.rootpath

    @functools.cache
    def chunk_parts(path: str) -> int | None:
        # The controller collects nothing: it reads the file's own line.
        try:
            text = Path(root, path).read_text(encoding="utf-8")
        except OSError:
            return None
        found = _CHUNK_PARTS.search(text)
        return int(found.group(1)) if found else None

    class Scheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            scope = next((d for d in shared if path.startswith(d)), path)
            parts = chunk_parts(path) if scope == path else None
            if parts == 0:
                return nodeid.split("[", 1)[0]
            if parts and nodeid.endswith("]"):
                params = nodeid[nodeid.index("[", len(path)) + 1:-1]
                return f"{path}::[{'-'.join(params.split('-')[:parts])}]"
            return scope

    return Scheduling(config, log)


# `-n auto` starts one worker more than the machine has cores (at least 3). A browser test
# spends much of its time waiting on the slow socket it is given (the entry matrix and the
# sequenced writes wait 300-800 ms for every answer), so one worker per core left the
# cores idle half the time. On an idle 2-core machine (2026-11-28, the whole suite):
# 2 workers 12:05 and 750 s of CPU, 3 workers 10:27 and 769 s, 4 workers 11:04 and
# 904 s (four Chromiums and their servers then contend, and each costs more). An earlier,
# slower machine was no faster with 4 than with 2. PYTEST_XDIST_AUTO_NUM_WORKERS (or
# PYTEST_WORKERS for make test) still decides.
EXTRA_AUTO_WORKERS = 1
MIN_AUTO_WORKERS = 3


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return max(MIN_AUTO_WORKERS, (os.cpu_count() or 1) + EXTRA_AUTO_WORKERS)


def _heavy(item: pytest.Item) -> bool:
    if any(item.get_closest_marker(mark) for mark in HEAVY_MARKS):
        return True
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    for name in info.names_closure:
        defs = info.name2fixturedefs.get(name)
        # A plugin's or the root conftest's fixtures have no base id and cost nothing here.
        if defs and defs[-1].baseid and defs[-1].scope in {"module", "package", "session"}:
            return True
    return False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On an xdist worker, the files with a heavy test (a browser, a live server, the
    integration services, marked slow) come first, those using Chromium first of all; the
    order within a file is kept, and every worker computes the same order, as xdist
    requires."""
    if not hasattr(config, "workerinput"):
        return
    # Imported here, once pytest_plugins has loaded it (with its asserts rewritten).
    from games.tests.browser_fixtures import uses_browser

    def file(item: pytest.Item) -> str:
        return item.nodeid.split("::", 1)[0]

    # The browser files before the other heavy ones: a process's Chromium then starts
    # once and stops once (games/tests/browser_fixtures.py).
    browser = {file(item) for item in items if uses_browser(item)}
    heavy = {file(item) for item in items if _heavy(item)}
    items.sort(key=lambda item: (file(item) not in browser, file(item) not in heavy))
