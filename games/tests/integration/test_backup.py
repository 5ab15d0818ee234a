"""Backup and restore on PostgreSQL, as a host runs them (docs/backup.md): a site with
rows in every model is backed up with ``manage.py backup``, restored with ``manage.py
restore`` into another database just migrated, and every row, page and API answer is the
same; the restored site takes new hands (its id sequences follow the restored rows), and
the same file restores into SQLite. The round trip on SQLite alone is
backup/tests/test_round_trip.py."""

from __future__ import annotations

import datetime as dt
import json
import os
import shlex
import stat
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from .conftest import Site, _service_urls
from .harness import PYTHON, ROOT, collect_static, fresh_postgres_database, manage, site_env

pytestmark = pytest.mark.integration


def _site(env: dict[str, str], op: str, ids: dict[str, Any] | None = None) -> Any:
    done = subprocess.run([PYTHON, "-m", "backup.tests.site", op], cwd=ROOT, env=env,
                          input=json.dumps(ids or {}), capture_output=True, text=True,
                          timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"backup.tests.site {op} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def _restore(env: dict[str, str], path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PYTHON, "manage.py", "restore", str(path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)


def test_a_site_backed_up_and_restored_on_postgresql_is_the_same_site(
        tmp_path: Path) -> None:
    admin_url, _redis = _service_urls()
    # Both just migrated (copies of one migrated database), and the static files
    # collected for the source's pages.
    with fresh_postgres_database(admin_url, migrated=True) as source_url, \
            fresh_postgres_database(admin_url, migrated=True) as target_url:
        source, target = site_env(source_url), site_env(target_url)
        collect_static(source)
        ids = _site(source, "build")
        rows = _site(source, "rows")
        assert [label for label, table in rows.items() if not table] == []
        path = tmp_path / "site.backup.gz"
        manage(source, "backup", str(path))
        shown = _site(source, "pages", ids)

        refused = _restore(source, path)  # the source holds data
        assert refused.returncode != 0 and "not empty" in refused.stderr
        assert "Traceback" not in refused.stderr

        restored = _restore(target, path)
        assert restored.returncode == 0, restored.stderr
        assert "restored" in restored.stdout
        assert _site(target, "rows") == rows
        again = _site(target, "pages", ids)
        assert [k for k in shown if again.get(k) != shown[k]] == []
        # Every hash chain verifies on PostgreSQL (events sealed in Python, read back from
        # jsonb) before and after (issue 29).
        assert '"changed":0' in again["api /api/history/verify/?all=true"]
        assert _site(target, "record", ids)["ok"] is True

        # The same file moves the site to SQLite (and back: the format is the same).
        sqlite = site_env(f"sqlite:///{tmp_path / 'moved.sqlite3'}")
        manage(sqlite, "migrate", "--noinput", "-v", "0")
        moved = _restore(sqlite, path)
        assert moved.returncode == 0, moved.stderr
        assert _site(sqlite, "rows") == rows
        manage(sqlite, "verify_history", "--all", "-v", "0")  # exits 1 on a changed one


def test_a_backup_taken_while_hands_are_recorded_is_one_moment_of_the_site(
        tmp_path: Path) -> None:
    admin_url, _redis = _service_urls()
    with fresh_postgres_database(admin_url, migrated=True) as source_url, \
            fresh_postgres_database(admin_url, migrated=True) as target_url:
        source, target = site_env(source_url), site_env(target_url)
        stop = tmp_path / "stop"
        writer = subprocess.Popen([PYTHON, "-m", "backup.tests.site", "churn", str(stop)],
                                  cwd=ROOT, env=source, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert writer.stdout is not None
            assert writer.stdout.readline().strip() == "started"
            path = tmp_path / "busy.backup.gz"
            manage(source, "backup", str(path))
        finally:
            stop.touch()
            out, err = writer.communicate(timeout=300)
        assert writer.returncode == 0, err
        assert json.loads(out)["writes"] >= 2
        restored = _restore(target, path)
        assert restored.returncode == 0, restored.stderr
        assert _site(target, "consistent") == []


def _unit_command(key: str, backups: Path) -> list[str]:
    """A line of deploy/mjsite-backup.service as systemd runs it, in this checkout."""
    unit = (ROOT / "deploy" / "mjsite-backup.service").read_text(encoding="utf-8")
    (line,) = [ln for ln in unit.splitlines() if ln.startswith(key + "=")]
    words = shlex.split(line.removeprefix(key + "=").replace("$$", "$").replace("%%", "%"))
    return [w.replace("/var/backups/mjsite", str(backups)) for w in words]


def test_the_sample_backup_unit_writes_a_whole_private_backup_and_prunes_old_ones(
        site: Site, tmp_path: Path) -> None:
    unit = (ROOT / "deploy" / "mjsite-backup.service").read_text(encoding="utf-8")
    assert "WorkingDirectory=/srv/mjsite" in unit and "ReadWritePaths=/var/backups/mjsite" in unit
    timer = (ROOT / "deploy" / "mjsite-backup.timer").read_text(encoding="utf-8")
    assert "OnCalendar=" in timer and "Persistent=true" in timer
    site.tables(1)
    old = tmp_path / "mjsite-2000-01-01.backup.gz"
    old.write_bytes(b"")
    os.utime(old, (time.time() - 40 * 86400,) * 2)

    subprocess.run(_unit_command("ExecStart", tmp_path), cwd=ROOT, env=site.env(),
                   check=True, capture_output=True, timeout=600)
    subprocess.run(_unit_command("ExecStartPost", tmp_path), cwd=ROOT, check=True,
                   timeout=60)
    today = tmp_path / f"mjsite-{dt.date.today().isoformat()}.backup.gz"
    assert sorted(p.name for p in tmp_path.iterdir()) == [today.name]
    assert stat.S_IMODE(today.stat().st_mode) == 0o600
    manage(site.env(), "restore", "--check", str(today))
