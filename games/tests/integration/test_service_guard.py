"""The integration suite's guard: skip on a developer's machine without the services, but
fail in CI, where a missing PostgreSQL or Redis is a broken set-up, not a reason to pass."""

from __future__ import annotations

import pytest

from .conftest import _service_urls


@pytest.fixture
def no_services(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.delenv("DATABASE_URL_INTEGRATION", raising=False)
    monkeypatch.delenv("REDIS_URL_INTEGRATION", raising=False)
    return monkeypatch


def test_missing_services_skip_with_the_variables_named_outside_ci(no_services):
    no_services.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="DATABASE_URL_INTEGRATION and "
                                                    "REDIS_URL_INTEGRATION not set"):
        _service_urls()


def test_missing_services_fail_in_ci(no_services):
    no_services.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="REDIS_URL_INTEGRATION not set"):
        _service_urls()


def test_a_non_postgres_database_url_fails(no_services):
    no_services.setenv("DATABASE_URL_INTEGRATION", "sqlite:///tmp/x.db")
    no_services.setenv("REDIS_URL_INTEGRATION", "redis://127.0.0.1:6379/0")
    with pytest.raises(pytest.fail.Exception, match="must be a postgres:// URL"):
        _service_urls()
