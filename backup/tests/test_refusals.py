"""A restore that cannot be done writes nothing and says why: a database that holds data,
a backup of another schema, a file cut short, changed or not a backup at all, rows that do
not fit together. A backup that cannot be written leaves no file behind."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import stat
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from backup import fileformat
from clubs import services as clubs
from games import services as games
from games.models import Event, Table
from games.permissions import Actor
from games.tests.tables import OUTCOMES, command_id

from . import site
from .helpers import empty_database

OWNER = Actor(device="owner-device")


def small_site() -> None:
    table = games.create_table("Small", "riichi", "", {}, ["A", "B", "C", "D"],
                               creator=OWNER)
    result = games.record_hand(table.pk, OUTCOMES["riichi"]["ron"][0], command_id(), 0, OWNER)
    assert result["ok"], result
    group = clubs.create_group("Club", OWNER, members=["A", "B"])
    clubs.attach_table(table, group, OWNER)


@pytest.fixture
def taken(tmp_path: Path) -> Path:
    """A backup of a small site, and the database emptied as migrate leaves it."""
    small_site()
    path = tmp_path / "small.backup.gz"
    call_command("backup", str(path), verbosity=0)
    empty_database()
    return path


def lines_of(path: Path) -> list[Any]:
    """The file's lines, parsed, without its last (checking) line."""
    with gzip.open(path, "rb") as f:
        return [json.loads(line) for line in f][:-1]


def write_lines(path: Path, lines: list[Any]) -> Path:
    """A backup file of ``lines`` with a correct last line (what a careful forger or a
    release with other models would write)."""
    data = [json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
            for obj in lines]
    rows: dict[str, int] = {}
    label = ""
    for obj in lines[1:]:
        if isinstance(obj, dict):
            label = obj["model"]
            rows[label] = 0
        else:
            rows[label] += 1
    end = {"end": {"rows": rows, "sha256": hashlib.sha256(b"".join(data)).hexdigest()}}
    with gzip.open(path, "wb") as f:
        f.write(b"".join(data) + json.dumps(end).encode() + b"\n")
    return path


def refused(path: Path) -> str:
    """Restore ``path``, which must fail without writing anything; the message."""
    before = site.rows()
    with pytest.raises(CommandError) as failed:
        call_command("restore", str(path), verbosity=0)
    assert site.rows() == before, "a refused restore changed the database"
    assert "Traceback" not in str(failed.value)
    return str(failed.value)


@pytest.mark.django_db
def test_a_restore_into_a_database_that_holds_data_is_refused(tmp_path: Path) -> None:
    small_site()
    path = tmp_path / "b.gz"
    call_command("backup", str(path), verbosity=0)
    message = refused(path)
    assert "not empty" in message and "(games.table)" in message and "migrate" in message


@pytest.mark.django_db(transaction=True)
def test_a_backup_of_another_schema_state_is_refused_naming_the_difference(
        taken: Path) -> None:
    lines = lines_of(taken)
    lines[0]["migrations"]["games"].append("0999_from_the_future")
    message = refused(write_lines(taken, lines))
    assert "only in the backup: games.0999_from_the_future" in message
    assert "release of mjsite that took it" in message and not Table.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_rows_that_do_not_fit_together_are_refused_and_nothing_is_written(
        taken: Path) -> None:
    lines = lines_of(taken)
    columns = next(o["columns"] for o in lines if isinstance(o, dict) and
                   o.get("model") == "games.event")
    start = next(i for i, o in enumerate(lines) if isinstance(o, dict) and
                 o.get("model") == "games.event")
    lines[start + 1][columns.index("table_id")] = 987654  # an event of no table
    message = refused(write_lines(taken, lines))
    assert "do not fit together" in message and "games_event.table_id" in message
    assert not Event.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_file_cut_short_changed_or_foreign_is_refused(taken: Path, tmp_path: Path) -> None:
    whole = taken.read_bytes()
    cut = tmp_path / "cut.gz"
    cut.write_bytes(whole[: len(whole) // 2])
    assert "cut short" in refused(cut)

    lines = lines_of(taken)
    plain = tmp_path / "no-last-line.jsonl"  # plain JSON lines read too (after gunzip)
    plain.write_text("".join(json.dumps(o) + "\n" for o in lines), encoding="utf-8")
    assert "cut short" in refused(plain)

    changed = tmp_path / "changed.jsonl"
    text = gzip.decompress(whole).decode("utf-8")
    changed.write_text(text.replace('"A"', '"Z"', 1), encoding="utf-8")
    assert "checksum" in refused(changed)

    foreign = tmp_path / "dump.json"
    foreign.write_text('[{"model": "games.table", "pk": 1, "fields": {}}]\n')
    assert "not an mjsite backup" in refused(foreign)

    newer = lines_of(taken)
    newer[0]["version"] = fileformat.VERSION + 1
    assert "format is version" in refused(write_lines(tmp_path / "newer.gz", newer))

    assert "cannot read" in refused(tmp_path / "missing.gz")


@pytest.mark.django_db
def test_check_reads_a_whole_file_and_refuses_a_cut_one(tmp_path: Path) -> None:
    small_site()
    path = tmp_path / "b.gz"
    call_command("backup", str(path), verbosity=0)
    call_command("restore", str(path), check=True, verbosity=0)
    cut = tmp_path / "cut.gz"
    cut.write_bytes(path.read_bytes()[:-40])
    with pytest.raises(CommandError, match="cut short|damaged"):
        call_command("restore", str(cut), check=True, verbosity=0)


@pytest.mark.django_db
def test_a_backup_is_private_to_its_owner_and_never_left_half_written(
        tmp_path: Path) -> None:
    small_site()
    path = tmp_path / "b.gz"
    call_command("backup", str(path), verbosity=0)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with pytest.raises(CommandError, match="cannot write"):
        call_command("backup", str(tmp_path / "no-such-dir" / "b.gz"), verbosity=0)
    assert [p.name for p in tmp_path.iterdir()] == ["b.gz"]


@pytest.mark.django_db(transaction=True)
def test_a_backup_goes_through_a_pipe(tmp_path: Path, capsysbinary: Any,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    small_site()
    call_command("backup", "-")
    captured = capsysbinary.readouterr()
    piped = captured.out
    assert piped[:2] == b"\x1f\x8b"  # gzip on standard output, the summary on stderr
    assert b"backed up" in captured.err
    before = site.rows()
    empty_database()

    class Stdin:
        buffer = io.BufferedReader(io.BytesIO(piped))

    monkeypatch.setattr("sys.stdin", Stdin)
    call_command("restore", "-", verbosity=0)
    assert site.rows() == before


@pytest.mark.django_db(transaction=True)
def test_a_database_never_migrated_is_told_to_migrate_first(
        taken: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("backup.services.migration_state", lambda connection: {})
    message = refused(taken)
    assert "no tables yet: run manage.py migrate" in message
