"""Back up every table of the site to one file, and restore it into an empty database.

Fast because both directions stream: the backup reads each table once in primary-key
order inside one read-only snapshot (on PostgreSQL a REPEATABLE READ transaction, so a
backup of a live site is consistent), and the restore inserts in batches with plain
``INSERT`` statements (no model instances, no signals, no ``auto_now`` rewriting a
timestamp), all in one transaction: on any error nothing is written.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import django
from django.contrib.contenttypes.models import ContentType
from django.core.management.color import no_style
from django.db import DatabaseError, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

from . import catalog, codec
from .fileformat import BadFile, Reader, Writer, open_for_reading, open_for_writing

BATCH = 1000
SHOWN = 8  # differences named in a refusal before "and N more"


class Refused(Exception):
    """A backup or restore that cannot be done here; the message says why and what to do."""


@dataclass
class Report:
    rows: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    header: dict[str, Any] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.rows.values())


def _listed(items: list[str]) -> str:
    more = f" and {len(items) - SHOWN} more" if len(items) > SHOWN else ""
    return ", ".join(items[:SHOWN]) + more


def migration_state(connection: BaseDatabaseWrapper) -> dict[str, list[str]]:
    """The migrations applied to the database, per app (as ``manage.py showmigrations``)."""
    state: dict[str, list[str]] = {}
    for app, name in MigrationRecorder(connection).applied_migrations():
        state.setdefault(app, []).append(name)
    return {app: sorted(names) for app, names in sorted(state.items())}


def _require_migrated(connection: BaseDatabaseWrapper) -> None:
    # The models' columns are this release's; a database behind it has other columns.
    executor = MigrationExecutor(connection)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    if plan:
        pending = [f"{m.app_label}.{m.name}" for m, _backwards in plan]
        raise Refused(f"this database is not migrated to this release of mjsite (pending: "
                      f"{_listed(pending)}): run manage.py migrate first")


# --- backup ---------------------------------------------------------------------------------


def _snapshot(connection: BaseDatabaseWrapper) -> None:
    """Make every read of this transaction see the database as of its first read."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
    # SQLite: a transaction's first read already pins what it sees (write-ahead log).


def backup(path: str, using: str = "default") -> Report:
    """Write every row of every backed-up model (:mod:`backup.catalog`) to ``path``."""
    started = time.perf_counter()
    connection = connections[using]
    entries = catalog.entries()
    with open_for_writing(path) as out, transaction.atomic(using=using):
        _snapshot(connection)
        _require_migrated(connection)
        writer = Writer(out)
        header = {
            "created_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "database": connection.vendor,
            "django": django.get_version(),
            "migrations": migration_state(connection),
            "models": [e.label for e in entries],
        }
        writer.header(header)
        for entry in entries:
            writer.model(entry.label, entry.columns)
            encoders = [codec.encoder(f) for f in entry.fields]
            rows = (entry.model._base_manager.using(using).order_by("pk")
                    .values_list(*[f.attname for f in entry.fields])
                    .iterator(chunk_size=2000))
            if not any(encoders):
                for row in rows:
                    writer.row(entry.label, list(row))
            else:
                for row in rows:
                    writer.row(entry.label, [v if enc is None else enc(v)
                                             for v, enc in zip(row, encoders, strict=True)])
        writer.end()
    return Report(rows=dict(writer.rows), seconds=time.perf_counter() - started,
                  header=header)


# --- restore --------------------------------------------------------------------------------


def _check_schema(header: dict[str, Any], connection: BaseDatabaseWrapper) -> None:
    theirs = {f"{app}.{name}" for app, names in (header.get("migrations") or {}).items()
              for name in names}
    ours = {f"{app}.{name}" for app, names in migration_state(connection).items()
            for name in names}
    if not ours:
        raise Refused("this database has no tables yet: run manage.py migrate on it first, "
                      "then restore")
    if theirs != ours:
        lines = ["this backup was taken at another state of the database schema than this "
                 "database's:"]
        if theirs - ours:
            lines.append(f"  only in the backup: {_listed(sorted(theirs - ours))}")
        if ours - theirs:
            lines.append(f"  only in this database: {_listed(sorted(ours - theirs))}")
        lines.append("Restore it with the release of mjsite that took it, into an empty "
                     "database migrated by that release; then upgrade and run manage.py "
                     "migrate (docs/backup.md).")
        raise Refused("\n".join(lines))
    _require_migrated(connection)


def _seeded_filter(label: str) -> dict[str, Any] | None:
    return catalog.SEEDED_BY_MIGRATE.get(label)


def _check_empty(entries: list[catalog.Entry], using: str) -> None:
    held = []
    for entry in entries:
        rows = entry.model._base_manager.using(using).all()
        seeded = _seeded_filter(entry.label)
        if seeded is not None:
            rows = rows.exclude(**seeded) if seeded else rows.none()
        count = rows.count()
        if count:
            meta = entry.model._meta
            name = meta.verbose_name if count == 1 else meta.verbose_name_plural
            held.append(f"{count} {name} ({entry.label})")
    if held:
        raise Refused(f"this database is not empty: it holds {_listed(held)}. A restore "
                      "goes only into an empty database, so nothing in it is overwritten or "
                      "mixed with the backup: create a new database, run manage.py migrate "
                      "on it, point DATABASE_URL at it and restore again.")


def _clear_seeded(entries: list[catalog.Entry], using: str) -> None:
    # Replaced by the backup's own rows, so ids pointing at them keep their meaning.
    for entry in reversed(entries):
        seeded = _seeded_filter(entry.label)
        if seeded is not None:
            entry.model._base_manager.using(using).filter(**seeded).delete()


def _insert_sql(entry: catalog.Entry, connection: BaseDatabaseWrapper) -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(quote(c) for c in entry.columns)
    marks = ", ".join(["%s"] * len(entry.columns))
    return f"INSERT INTO {quote(entry.model._meta.db_table)} ({columns}) VALUES ({marks})"


def _prepared(rows: Iterator[list[Any]], entry: catalog.Entry,
              connection: BaseDatabaseWrapper) -> Iterator[list[Any]]:
    decoders = [(i, d) for i, f in enumerate(entry.fields)
                if (d := codec.decoder(f, connection)) is not None]
    if not decoders:
        yield from rows
        return
    for row in rows:
        for i, decode in decoders:
            row[i] = decode(row[i])
        yield row


def _load(section: Any, entry: catalog.Entry, connection: BaseDatabaseWrapper) -> None:
    if section.columns != entry.columns:
        raise Refused(f"the backup's columns of {entry.label} are not this release's "
                      f"({', '.join(section.columns)} against {', '.join(entry.columns)}): "
                      "restore it with the release of mjsite that took it")
    sql = _insert_sql(entry, connection)
    batch: list[list[Any]] = []
    done = 0
    with connection.cursor() as cursor:
        try:
            for row in _prepared(section.rows, entry, connection):
                batch.append(row)
                if len(batch) >= BATCH:
                    cursor.executemany(sql, batch)
                    done += len(batch)
                    batch = []
            if batch:
                cursor.executemany(sql, batch)
        except (DatabaseError, ValueError, TypeError) as exc:
            raise Refused(f"the rows of {entry.label} (from row {done + 1}) could not be "
                          f"stored: {exc}") from exc


def restore(path: str, using: str = "default") -> Report:
    """Load the backup at ``path`` into the empty database ``using``, all or nothing."""
    started = time.perf_counter()
    connection = connections[using]
    entries = catalog.entries()
    by_label = {e.label: e for e in entries}
    with open_for_reading(path) as stream:
        reader = Reader(stream)
        with transaction.atomic(using=using):
            _check_schema(reader.header, connection)
            _check_empty(entries, using)
            _clear_seeded(entries, using)
            loaded = []
            for section in reader.sections():
                entry = by_label.get(section.label)
                if entry is None:
                    raise Refused(f"the backup holds {section.label}, which this release of "
                                  "mjsite does not keep: restore it with the release that "
                                  "took it")
                _load(section, entry, connection)
                loaded.append(entry)
            _finish(loaded, connection)
    ContentType.objects.clear_cache()  # ids may have changed under the cache
    return Report(rows=dict(reader.rows), seconds=time.perf_counter() - started,
                  header=reader.header)


def _finish(loaded: list[catalog.Entry], connection: BaseDatabaseWrapper) -> None:
    with connection.cursor() as cursor:
        # Rows came with their ids; the next id a sequence gives must follow them.
        for sql in connection.ops.sequence_reset_sql(no_style(), [e.model for e in loaded]):
            cursor.execute(sql)
    try:
        connection.check_constraints(
            table_names=[e.model._meta.db_table for e in loaded])
    except DatabaseError as exc:
        raise Refused(f"the backup's rows do not fit together: {exc}") from exc


def check(path: str) -> Report:
    """Read the whole file and check it as :func:`restore` would, writing nothing."""
    started = time.perf_counter()
    with open_for_reading(path) as stream:
        reader = Reader(stream)
        for section in reader.sections():
            for _row in section.rows:
                pass
    return Report(rows=dict(reader.rows), seconds=time.perf_counter() - started,
                  header=reader.header)


__all__ = ["BadFile", "Refused", "Report", "backup", "check", "restore"]
