"""Fixtures for the PostgreSQL/Redis integration tests.

They need ``DATABASE_URL_INTEGRATION`` (a PostgreSQL URL whose user may create databases)
and ``REDIS_URL_INTEGRATION``; ``.ci/run`` exports both. Without them the tests skip on a
developer's machine but fail in CI (``CI=true``), so a broken service set-up cannot pass
unnoticed. Each run migrates a database of its own (dropped afterwards) and uses a Redis
key prefix of its own, so parallel runs on one machine do not meet.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from .harness import (
    DbTool,
    RedisServer,
    Server,
    collect_static,
    fresh_postgres_database,
    site_env,
)

# Each file to any worker (the root conftest.py): a worker that runs one prepares a site of
# its own (a database, a Redis prefix, static files), a few seconds against minutes of
# tests that would otherwise queue on one worker.
XDIST_SPREAD_FILES = True


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def _service_urls() -> tuple[str, str]:
    db = os.environ.get("DATABASE_URL_INTEGRATION", "").strip()
    redis = os.environ.get("REDIS_URL_INTEGRATION", "").strip()
    missing = [name for name, value in (("DATABASE_URL_INTEGRATION", db),
                                        ("REDIS_URL_INTEGRATION", redis)) if not value]
    if missing:
        reason = (f"{' and '.join(missing)} not set: the integration tests need a real "
                  "PostgreSQL and Redis (.ci/run starts both and exports these)")
        if _in_ci():
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    if not db.startswith(("postgres://", "postgresql://")):
        pytest.fail(f"DATABASE_URL_INTEGRATION={db!r} must be a postgres:// URL", pytrace=False)
    return db, redis


@dataclass
class Site:
    """The migrated database and Redis settings every server of this run shares."""

    database_url: str
    redis_url: str
    prefix: str
    log_dir: str
    # One db_tool process for the run's requests (a Django start-up each would cost a
    # second of CPU), stopped before the database is dropped.
    db: DbTool = field(init=False)

    def __post_init__(self) -> None:
        self.db = DbTool(self.env())

    def env(self, redis_url: str | None = None) -> dict[str, str]:
        env = site_env(self.database_url, self.redis_url if redis_url is None else redis_url,
                       self.prefix)
        # The sign-in limit counts per hour instead of per minute: the tests count which
        # guesses it stops, and on a busy CI machine seven guesses (each a password hash)
        # can take longer than a minute, after which the limit rightly lets more through.
        env["MJ_LOGIN_RATE"] = "5/hour"
        return env

    def server(self, redis_url: str | None = None) -> Server:
        return Server(self.env(redis_url), log_dir=self.log_dir)

    def tables(self, count: int = 1, **kw: Any) -> list[dict[str, Any]]:
        return self.db({"op": "tables", "count": count, **kw})

    def devices(self, count: int) -> list[str]:
        return self.db({"op": "devices", "count": count})

    def inspect(self, public_id: str) -> dict[str, Any]:
        return self.db({"op": "inspect", "public_id": public_id})


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    admin_url, redis_url = _service_urls()
    try:
        import psycopg

        psycopg.connect(admin_url, connect_timeout=5).close()
    except Exception as exc:  # noqa: BLE001 - any failure means the service is unusable
        pytest.fail(f"PostgreSQL at DATABASE_URL_INTEGRATION is not reachable: {exc}",
                    pytrace=False)
    # What a release does before its servers start (harness.prepare), the migration as
    # a copy of the process's migrated template (the backup tests copy it too).
    with fresh_postgres_database(admin_url, migrated=True) as url, \
            tempfile.TemporaryDirectory(prefix="mjsite-it-") as logs:
        site = Site(url, redis_url, f"mjsite-it-{secrets.token_hex(4)}", logs)
        collect_static(site.env())
        try:
            yield site
        finally:
            site.db.close()


@pytest.fixture(scope="session")
def two_servers(site: Site) -> Iterator[tuple[Server, Server]]:
    """Two daphne processes on two ports, sharing the database and Redis."""
    first, second = site.server(), site.server()
    try:
        first.start()
        second.start()
        yield first, second
    finally:
        first.stop()
        second.stop()


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A Redis of the test's own, to stop and start under the servers."""
    redis = RedisServer()
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()
