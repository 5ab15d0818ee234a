"""Production configuration: `check --deploy` is clean, and missing or bad values stop start-up.

Each case runs manage.py in a subprocess so the settings module is read afresh from the
environment given.
"""

import os
import subprocess
import sys

import pytest

from mjsite.settings import BASE_DIR

pytestmark = pytest.mark.slow

PRODUCTION = {
    "MJ_DEBUG": "false",
    "MJ_SECRET_KEY": "kq3v9-Zt8fXy2R7mLw0pH4sNc6BdJ1aGuE5oTiY9eKxVrQz0bMnC8lWjF3hPsD2g",
    "MJ_ALLOWED_HOSTS": "mahjong.example.org",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("MJ_") and key not in {"DATABASE_URL", "REDIS_URL"}
    }
    clean.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run(
        [sys.executable, str(BASE_DIR / "manage.py"), *args],
        cwd=BASE_DIR,
        env={**clean, "PYTHONWARNINGS": "default", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_in_production():
    result = manage("check", "--deploy", "--fail-level", "DEBUG", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "System check identified no issues (0 silenced)."
    assert result.stderr == ""


def test_production_requires_a_secret_key():
    env = {**PRODUCTION}
    del env["MJ_SECRET_KEY"]
    result = manage("check", **env)
    assert result.returncode != 0
    assert (
        "The environment variable MJ_SECRET_KEY is required (MJ_DEBUG is false)." in result.stderr
    )


def test_production_requires_allowed_hosts():
    env = {**PRODUCTION}
    del env["MJ_ALLOWED_HOSTS"]
    result = manage("check", **env)
    assert result.returncode != 0
    assert "MJ_ALLOWED_HOSTS is required" in result.stderr


def test_bad_boolean_stops_start_up_with_the_variable_named():
    result = manage("check", MJ_DEBUG="maybe")
    assert result.returncode != 0
    assert "MJ_DEBUG='maybe' is not a boolean" in result.stderr


def test_development_needs_no_environment():
    result = manage("check")
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout
