"""The win tables of :mod:`scoring.engine.agari`, shipped as data.

Building the tables takes tens of thousands of Python-level set combinations (about
190 ms of CPU); reading them back from ``data/win_tables.bin`` takes about a fifth of
that (35 ms), so every process (the site, the CLI, each test worker) reads them.
``scoring/engine/tests/test_win_tables.py`` checks that the file holds exactly what a fresh
build gives, so it cannot go stale; after changing a builder in ``agari.py`` run::

    python -m scoring.engine.win_tables

The format is the engine's own, not ``pickle`` or ``marshal`` (neither is meant for data
that outlives a Python version): zlib over a header and, for the suits then the honours,
the keys of the complete table (the standard table's keys first, each part sorted), one
byte per standard key (0 sets, 1 sets and a pair), the few distinct lane values of the
complete table (a count byte, then little-endian 32-bit values) and one byte per key
indexing them. The keys are shared by both tables of a group, as when built.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from pathlib import Path

Table = dict[bytes, int]
Tables = tuple[Table, Table, Table, Table]  # suit, honour, complete suit, complete honour

DATA_PATH = Path(__file__).with_name("data") / "win_tables.bin"

_MAGIC = b"MJWT"
_VERSION = 1
# magic, version, TABLE_MAX_SETS the data was built for, then (standard keys, all keys)
# for the suits and for the honours.
_HEADER = struct.Struct("<4sHHIIII")


def _ordered(standard: Table, complete: Table) -> list[bytes]:
    extra = set(complete) - set(standard)
    if set(standard) - set(complete):
        raise ValueError("the complete table lacks keys of the standard table")
    return sorted(standard) + sorted(extra)


def encode(tables: Tables, max_sets: int) -> bytes:
    """The file's bytes for ``tables`` (suit, honour, complete suit, complete honour)."""
    suit, honour, complete_suit, complete_honour = tables
    groups = ((suit, complete_suit), (honour, complete_honour))
    ordered = [_ordered(std, comp) for std, comp in groups]
    parts = [_HEADER.pack(_MAGIC, _VERSION, max_sets, len(suit), len(ordered[0]),
                          len(honour), len(ordered[1]))]
    for (std, comp), keys in zip(groups, ordered, strict=True):
        parts.append(b"".join(keys))
        parts.append(bytes(std[k] for k in keys[:len(std)]))
        palette = sorted(set(comp.values()))
        if len(palette) > 255:
            raise ValueError("win tables: more lane values than one byte can index")
        values = array("I", palette)
        if sys.byteorder == "big":
            values.byteswap()
        parts.append(bytes([len(palette)]) + values.tobytes())
        index = {v: i for i, v in enumerate(palette)}
        parts.append(bytes(index[comp[k]] for k in keys))
    return zlib.compress(b"".join(parts), 9)


def decode(blob: bytes, max_sets: int) -> Tables:
    """The tables in ``blob``; ``ValueError`` if it is not a file of this format built for
    ``max_sets`` sets per suit (or ``zlib.error`` if it is damaged)."""
    raw = zlib.decompress(blob)
    if len(raw) < _HEADER.size:
        raise ValueError("win tables: file too short")
    magic, version, sets, n_suit, n_suit_all, n_honour, n_honour_all = _HEADER.unpack_from(raw)
    if magic != _MAGIC or version != _VERSION or sets != max_sets:
        raise ValueError("win tables: not this format or not built for these tables")
    at = _HEADER.size
    out: list[Table] = []
    for size, n_std, n_all in ((9, n_suit, n_suit_all), (7, n_honour, n_honour_all)):
        end = at + size * n_all
        body = raw[at:end]
        # Slices made by map() in C: a Python loop over the keys would cost as much again.
        keys = list(map(body.__getitem__,
                        map(slice, range(0, size * n_all, size),
                            range(size, size * n_all + size, size))))
        std_values = raw[end:end + n_std]
        at = end + n_std
        n_palette = raw[at] if at < len(raw) else 0
        palette = array("I")
        palette.frombytes(raw[at + 1:at + 1 + 4 * n_palette])
        if sys.byteorder == "big":
            palette.byteswap()
        at += 1 + 4 * n_palette
        index = raw[at:at + n_all]
        at += n_all
        if len(keys) != n_all or len(std_values) != n_std or len(index) != n_all:
            raise ValueError("win tables: file truncated")
        if index and max(index) >= len(palette):
            raise ValueError("win tables: a lane value index out of range")
        out.append(dict(zip(keys[:n_std], std_values, strict=True)))
        # A handful of distinct lane values, each one int object shared by every key.
        out.append(dict(zip(keys, map(palette.tolist().__getitem__, index), strict=True)))
    if at != len(raw):
        raise ValueError("win tables: trailing bytes")
    return out[0], out[2], out[1], out[3]


def load(max_sets: int) -> Tables | None:
    """The shipped tables, or ``None`` when the file is missing or not for these tables
    (the caller builds them then)."""
    try:
        return decode(DATA_PATH.read_bytes(), max_sets)
    except (OSError, ValueError, zlib.error):
        return None


def main() -> None:
    from .agari import TABLE_MAX_SETS, build_tables

    DATA_PATH.parent.mkdir(exist_ok=True)
    blob = encode(build_tables(), TABLE_MAX_SETS)
    DATA_PATH.write_bytes(blob)
    print(f"wrote {DATA_PATH} ({len(blob):,} bytes)")


if __name__ == "__main__":
    main()
