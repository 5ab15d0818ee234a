"""The backup file: gzip-compressed JSON lines.

::

    {"format": "mjsite-backup", "version": 1, "created_at": ..., "migrations": {...}, ...}
    {"model": "games.table", "columns": ["id", "public_id", ...]}
    [1, "Xk3...", ...]                      one array per row, in the columns' order
    ...                                     then the next model's line and rows
    {"end": {"rows": {"games.table": 12, ...}, "sha256": "..."}}

The last line counts every model's rows and hashes every line before it, so a file cut
short or edited is refused before anything it holds is committed (gzip's own checksum
catches a damaged file). Rows are arrays, not objects: the column names are written once.
Plain (not compressed) JSON lines read as well, e.g. after ``gunzip``.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

FORMAT = "mjsite-backup"
VERSION = 1
STDIO = "-"


class BadFile(Exception):
    """A file that is not a whole mjsite backup (the message says what is wrong)."""


def _line(obj: Any) -> bytes:
    # allow_nan=False: NaN is not JSON, and another reader would reject the file.
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False).encode("utf-8") + b"\n"


class Writer:
    """Writes the lines of a backup and hashes them for the last line."""

    def __init__(self, out: IO[bytes]) -> None:
        self._out = out
        self._hash = hashlib.sha256()
        self.rows: dict[str, int] = {}

    def _write(self, data: bytes) -> None:
        self._hash.update(data)
        self._out.write(data)

    def header(self, header: dict[str, Any]) -> None:
        self._write(_line({"format": FORMAT, "version": VERSION, **header}))

    def model(self, label: str, columns: list[str]) -> None:
        self._write(_line({"model": label, "columns": columns}))
        self.rows[label] = 0

    def row(self, label: str, values: list[Any]) -> None:
        self._write(_line(values))
        self.rows[label] += 1

    def end(self) -> None:
        self._out.write(_line({"end": {"rows": self.rows, "sha256": self._hash.hexdigest()}}))


@contextmanager
def open_for_writing(path: str) -> Iterator[IO[bytes]]:
    """A gzip stream to ``path`` (``-``: standard output) that appears only once whole.

    The file is written beside its final name and renamed into place at the end, so an
    interrupted backup never leaves a partial file under the name of a good one; it is
    readable by its owner only (it holds password hashes and API tokens).
    """
    if path == STDIO:
        with gzip.GzipFile(fileobj=sys.stdout.buffer, mode="wb", compresslevel=6) as gz:
            buffered = io.BufferedWriter(gz, buffer_size=1 << 20)
            yield buffered
            buffered.flush()
        sys.stdout.buffer.flush()
        return
    final = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{final.name}.", suffix=".partial",
                                dir=final.parent if str(final.parent) else ".")
    try:
        with os.fdopen(fd, "wb") as raw:
            with gzip.GzipFile(filename="", fileobj=raw, mode="wb", compresslevel=6) as gz:
                buffered = io.BufferedWriter(gz, buffer_size=1 << 20)
                yield buffered
                buffered.flush()
            raw.flush()
            os.fsync(raw.fileno())
        os.replace(temp, final)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


@contextmanager
def open_for_reading(path: str) -> Iterator[IO[bytes]]:
    """``path`` (``-``: standard input), gunzipped when it is gzip."""
    raw: IO[bytes]
    if path == STDIO:
        raw = sys.stdin.buffer
    else:
        try:
            raw = open(path, "rb", buffering=1 << 20)  # noqa: SIM115 - closed below
        except OSError as exc:
            raise BadFile(f"cannot read {path}: {exc.strerror}") from None
    try:
        magic = raw.peek(2)[:2] if hasattr(raw, "peek") else b""
        if magic == b"\x1f\x8b":
            with gzip.GzipFile(fileobj=raw, mode="rb") as gz:
                yield io.BufferedReader(gz, buffer_size=1 << 20)
        else:
            yield raw
    finally:
        if path != STDIO:
            raw.close()


class Section:
    """One model's part of the file: its columns and an iterator over its rows."""

    def __init__(self, label: str, columns: list[str], rows: Iterator[list[Any]]) -> None:
        self.label = label
        self.columns = columns
        self.rows = rows


_NOTHING: Any = object()


class Reader:
    """Reads a backup line by line, checking its shape as it goes and its last line at
    the end. :meth:`sections` yields each model's rows lazily, so a restore streams."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream
        self._hash = hashlib.sha256()
        self._lineno = 0
        self._peeked: Any = _NOTHING
        self.rows: dict[str, int] = {}
        self.header = self._read_header()

    def _read(self) -> tuple[bytes, Any] | None:
        try:
            data = self._stream.readline()
        except (OSError, EOFError, gzip.BadGzipFile) as exc:
            raise BadFile(f"the file is damaged or cut short: line {self._lineno + 1} "
                          f"cannot be read ({exc})") from None
        if not data:
            return None
        self._lineno += 1
        try:
            return data, json.loads(data)
        except ValueError:
            raise BadFile(f"line {self._lineno} is not JSON: the file is damaged") from None

    def _peek(self) -> tuple[bytes, Any] | None:
        if self._peeked is _NOTHING:
            self._peeked = self._read()
        item: tuple[bytes, Any] | None = self._peeked
        return item

    def _take(self) -> tuple[bytes, Any] | None:
        item = self._peek()
        self._peeked = _NOTHING
        return item

    def _read_header(self) -> dict[str, Any]:
        first = self._take()
        if first is None:
            raise BadFile("the file is empty")
        data, header = first
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise BadFile("this is not an mjsite backup (made by manage.py backup)")
        if header.get("version") != VERSION:
            raise BadFile(f"this backup's format is version {header.get('version')!r}; this "
                          f"mjsite reads version {VERSION}: restore it with the release "
                          "that made it")
        self._hash.update(data)
        return header

    def sections(self) -> Iterator[Section]:
        """Each model's section in file order, its rows read as the caller takes them;
        ends after checking the last line (a :class:`BadFile` if anything is wrong)."""
        while True:
            item = self._take()
            if item is None:
                raise BadFile(f"the file ends after line {self._lineno} without its last "
                              "line: it was cut short")
            data, obj = item
            if isinstance(obj, dict) and "end" in obj:
                self._check_end(obj["end"])
                return
            if not (isinstance(obj, dict) and isinstance(obj.get("model"), str)
                    and isinstance(obj.get("columns"), list)):
                raise BadFile(f"line {self._lineno} should name a model and its columns")
            self._hash.update(data)
            label = obj["model"]
            if label in self.rows:
                raise BadFile(f"line {self._lineno}: {label} appears twice")
            self.rows[label] = 0
            section = Section(label, obj["columns"], self._rows(label, len(obj["columns"])))
            yield section
            for _row in section.rows:  # whatever the caller left unread
                pass

    def _rows(self, label: str, width: int) -> Iterator[list[Any]]:
        while True:
            item = self._peek()
            if item is None or not isinstance(item[1], list):
                return  # the next model's line, the last line, or a file cut short
            data, row = self._take() or item
            if len(row) != width:
                raise BadFile(f"line {self._lineno}: {len(row)} values for {width} "
                              f"columns of {label}")
            self._hash.update(data)
            self.rows[label] += 1
            yield row

    def _check_end(self, end: Any) -> None:
        if not isinstance(end, dict):
            raise BadFile("the last line is damaged")
        if end.get("sha256") != self._hash.hexdigest():
            raise BadFile("the file's content does not match its checksum: it was changed "
                          "or damaged")
        if end.get("rows") != self.rows:
            raise BadFile("the file's row counts do not match its last line")
        if self._take() is not None:
            raise BadFile(f"line {self._lineno} follows the last line")
