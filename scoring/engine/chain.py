"""A table's history as a hash chain, and the checks of it (pure Python, no Django).

Each event a table logs (a hand recorded, undone, redone, corrected, riichi declared, the
game ended or reopened, a changed history accepted) is sealed by a SHA-256 hash of its
**canonical content**, which includes the hash of the event before it. Changing, removing
or reordering an event afterwards breaks the chain from there on; a copy of the chain
(a phone's latest hash, an exported file) tells a rewritten history from the real one.

The canonical content, version 1, is this JSON object::

    {"v": 1, "table": "<the table's public id>", "seq": 7, "kind": "record",
     "hand": 6, "payload": {...}, "actor": "Bo", "seat": 1,
     "at": "2026-11-27T19:04:05.123456Z", "prev": "<64 hex digits>" or null}

* ``table``: binds the event to its table (an event copied to another table is caught);
* ``seq``: its place in the log, 1, 2, 3... without gaps;
* ``kind``, ``hand`` (the hand number it touches, or null) and ``payload`` (the outcome
  of a recorded or corrected hand with everything typed in, what an undo took back...):
  what happened;
* ``actor`` (the name the table showed for the writer) and ``seat`` (the seat they wrote
  from, null for the creator or staff without a seat, or an event logged before seats
  were kept): who;
* ``at``: when, in UTC with microseconds;
* ``prev``: the previous event's hash, null for the first.

Left out on purpose: what the server answered (derived), the writer's account and
device (an account can be deleted and the device id is a secret of the phone).

Its bytes are ``json.dumps(content, sort_keys=True, separators=(",", ":"),
ensure_ascii=True, allow_nan=False)``, after a number with no fraction is made an integer
(``2.0`` is written ``2``): keys sorted, no spaces, ASCII only (every other character
escaped as ``\\uXXXX``), so the same content gives the same bytes whatever database
(PostgreSQL's jsonb writes ``1e20`` back as ``100000000000000000000``) or language wrote
it. The event's hash is the lowercase hex SHA-256 of them.

An ``accept`` event records that someone allowed to (the table's creator, an organiser,
staff) accepted a history found changed: its payload holds ``rehash``, the hash chained
over the events before it *as they are now*. :func:`verify` lets the problems before it
pass when ``rehash`` matches, and reports any later change again.

:func:`main` is ``python -m scoring.engine verify-chain``: it checks an exported file
(the site's ledger export, CSV or JSON, or a table's history from the API) on its own.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

VERSION = 1
ACCEPT = "accept"
# The CSV section of the chain in a ledger export starts with this header row.
CSV_COLUMNS = ("table", "seq", "kind", "hand", "actor", "seat", "at", "content", "hash")
HEX = frozenset("0123456789abcdef")


def _plain(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def canonical(content: Mapping[str, Any]) -> bytes:
    """The bytes hashed for ``content`` (see the module's text); ValueError for a number
    JSON does not allow (NaN, infinity)."""
    return json.dumps(_plain(content), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True, allow_nan=False).encode("ascii")


def digest(content: Mapping[str, Any]) -> str:
    """The hash of ``content``: lowercase hex SHA-256 of :func:`canonical`."""
    return hashlib.sha256(canonical(content)).hexdigest()


def content_of(table: str, seq: int, kind: str, hand: int | None, payload: Any, actor: str,
               seat: int | None, at: str, prev: str | None) -> dict[str, Any]:
    """The canonical content of one event, version :data:`VERSION`."""
    return {"v": VERSION, "table": table, "seq": seq, "kind": kind, "hand": hand,
            "payload": payload, "actor": actor, "seat": seat, "at": at, "prev": prev}


@dataclass(frozen=True)
class Link:
    """One event of a chain as a check reads it: its content and the hash stored for it."""

    content: Mapping[str, Any]
    hash: str


@dataclass(frozen=True)
class Problem:
    """The first event that does not hold: ``seq``, and why (``changed``: its content or
    hash differs from what was sealed; ``missing``: there is no event ``seq``;
    ``unchained``: it does not name the hash before it; ``unreadable``: not an event).
    The site adds ``rewritten``: a phone had seen another hash at ``seq``."""

    seq: int
    reason: str
    hand: int | None = None  # the hand number the event touches, if it says
    kind: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "reason": self.reason, "hand": self.hand, "kind": self.kind}


@dataclass
class Verdict:
    """What :func:`verify` found: ``problem`` is the first change not accepted since (None:
    the chain holds); ``accepted`` the changes an ``accept`` event let pass, with its seq;
    ``rehash`` the hash chained over every event as it is now (what an accept records)."""

    events: int = 0
    head: str | None = None
    head_seq: int = 0
    problem: Problem | None = None
    accepted: list[tuple[int, Problem]] = field(default_factory=list)
    rehash: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    def as_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "events": self.events, "head": self.head,
                "head_seq": self.head_seq,
                "changed": self.problem.as_dict() if self.problem else None,
                "accepted": [{"seq": seq, "changed": p.as_dict()} for seq, p in self.accepted]}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def verify(links: Iterable[Link]) -> Verdict:
    """Check a table's chain, events in seq order. Every event must be numbered one past
    the one before (from 1), name its hash as ``prev`` and hash to what was stored for
    it. The first that does not is the problem, unless a later ``accept`` event's
    ``rehash`` matches the events as they are at that point."""
    out = Verdict()
    pending: Problem | None = None
    stored_prev: str | None = None
    rehash: str | None = None
    expected = 1
    for link in links:
        content = link.content
        seq = _int(content.get("seq")) if isinstance(content, Mapping) else None
        if seq is None or not isinstance(link.hash, str):
            pending = pending or Problem(expected, "unreadable")
            break
        hand, kind = _int(content.get("hand")), str(content.get("kind") or "")
        if seq != expected and pending is None:
            pending = Problem(expected, "missing" if seq > expected else "changed")
        expected = seq + 1
        try:
            sealed = digest(content)
            rechained = digest({**content, "prev": rehash})
        except (TypeError, ValueError):
            sealed = rechained = ""
        if pending is None:
            if content.get("prev") != stored_prev:
                pending = Problem(seq, "unchained", hand, kind)
            elif sealed != link.hash:
                pending = Problem(seq, "changed", hand, kind)
        if (kind == ACCEPT and pending is not None and sealed == link.hash
                and content.get("prev") == stored_prev):
            payload = content.get("payload")
            if isinstance(payload, Mapping) and payload.get("rehash") == rehash:
                out.accepted.append((seq, pending))
                pending = None
        stored_prev, rehash = link.hash, rechained
        out.events += 1
        out.head, out.head_seq = link.hash, seq
    out.problem, out.rehash = pending, rehash
    return out


# --- exported files ---------------------------------------------------------------------


class Unreadable(ValueError):
    """The file holds no chain this module can read; the message says what is wrong."""


@dataclass
class TableChain:
    table: str
    name: str
    links: list[Link]


def _links(events: Any, where: str) -> list[Link]:
    if not isinstance(events, list):
        raise Unreadable(f"{where}: 'events' must be a list")
    out = []
    for event in events:
        if not isinstance(event, Mapping) or not isinstance(event.get("content"), Mapping):
            raise Unreadable(f"{where}: each event needs its 'content' and 'hash'")
        out.append(Link(event["content"], str(event.get("hash") or "")))
    return out


def _from_json(data: Any) -> list[TableChain]:
    """The chains of a ledger export in JSON (``chains``), of a table's history from the
    API (``events``), or a list of either."""
    if isinstance(data, list):
        return [chain for item in data for chain in _from_json(item)]
    if not isinstance(data, Mapping):
        raise Unreadable("the JSON is not an object")
    if "chains" in data:
        chains = data["chains"]
        if not isinstance(chains, list):
            raise Unreadable("'chains' must be a list")
        return [chain for item in chains for chain in _from_json(item)]
    if "events" in data:
        table = str(data.get("table") or "")
        return [TableChain(table, str(data.get("name") or ""),
                           _links(data["events"], f"table {table}"))]
    raise Unreadable("no 'chains' or 'events' in this JSON: export the ledger with the "
                     "chain (JSON or CSV) or a table's history")


def _from_csv(text: str) -> list[TableChain]:
    """The chain section of a CSV ledger export: the rows under the header
    :data:`CSV_COLUMNS` (the ledger rows above it are left alone)."""
    rows: Iterator[list[str]] = csv.reader(io.StringIO(text))
    found = False
    by_table: dict[str, TableChain] = {}
    for row in rows:
        if not found:
            found = tuple(cell.strip() for cell in row) == CSV_COLUMNS
            continue
        if not any(cell.strip() for cell in row):
            continue
        cells = dict(zip(CSV_COLUMNS, row, strict=False))
        table = cells.get("table", "")
        try:
            content = json.loads(cells.get("content") or "")
        except ValueError as exc:
            raise Unreadable(f"table {table}, event {cells.get('seq')}: its content is not "
                             f"JSON ({exc})") from None
        if not isinstance(content, Mapping):
            raise Unreadable(f"table {table}, event {cells.get('seq')}: its content is not "
                             "a JSON object")
        chain = by_table.setdefault(table, TableChain(table, "", []))
        chain.links.append(Link(content, cells.get("hash", "").strip()))
    if not found:
        raise Unreadable("no chain in this CSV: its rows need the header "
                         f"{','.join(CSV_COLUMNS)} (export the ledger again from mjsite)")
    return list(by_table.values())


def read_export(text: str) -> list[TableChain]:
    """The chains an exported file holds (JSON or CSV, told by its first character)."""
    text = text.lstrip("\ufeff")
    if text.lstrip()[:1] in ("{", "["):
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise Unreadable(f"the file is not valid JSON ({exc})") from None
        return _from_json(data)
    return _from_csv(text)


def _described(problem: Problem, links: Sequence[Link]) -> str:
    what = {"changed": "was changed after it was recorded (its content no longer matches "
                       "its hash)",
            "missing": "is missing (removed from the history)",
            "unchained": "does not follow the event before it (its 'prev' is not that "
                         "event's hash)",
            "unreadable": "cannot be read"}[problem.reason]
    detail = ""
    for link in links:
        if link.content.get("seq") == problem.seq:
            bits = [str(link.content.get("kind") or "")]
            if problem.hand is not None:
                bits.append(f"hand {problem.hand}")
            if link.content.get("actor"):
                bits.append(f"by {link.content['actor']}")
            if link.content.get("at"):
                bits.append(f"at {link.content['at']}")
            detail = f" ({' '.join(bits)})"
    return f"event {problem.seq}{detail} {what}"


def report(chains: Sequence[TableChain], expect: Mapping[int, str] | None = None
           ) -> tuple[bool, list[str]]:
    """Check every chain; (all hold, one line per table). ``expect``: hashes kept from
    before (seq -> hash), which the file's events must have."""
    lines, ok = [], True
    for chain in chains:
        verdict = verify(chain.links)
        label = f"table {chain.table}" + (f" ({chain.name})" if chain.name else "")
        mismatch = []
        for seq, kept in sorted((expect or {}).items()):
            held = next((link.hash for link in chain.links if link.content.get("seq") == seq),
                        None)
            if held != kept:
                mismatch.append(f"event {seq} has {'no hash' if held is None else held}, "
                                f"not the {kept} you kept")
        for seq, problem in verdict.accepted:
            lines.append(f"{label}: {_described(problem, chain.links)}; accepted at event "
                         f"{seq}")
        if verdict.problem is not None:
            ok = False
            lines.append(f"{label}: CHANGED: {_described(verdict.problem, chain.links)}")
        elif mismatch:
            ok = False
            lines.append(f"{label}: CHANGED: {'; '.join(mismatch)}")
        else:
            lines.append(f"{label}: {verdict.events} events, the chain holds; last hash "
                         f"{verdict.head or '(none)'}")
    if not chains:
        ok = False
        lines.append("the file holds no table's chain")
    return ok, lines


USAGE = """usage: python -m scoring.engine verify-chain [--expect SEQ:HASH ...] < file

Checks a table history exported from mjsite (the ledger export with its chain, CSV or
JSON, or a table's history from the API) on its own: every event must hash to what was
sealed and name the hash of the one before it. Prints one line per table and names the
first changed event of a tampered history. --expect SEQ:HASH also requires that event SEQ
has HASH (the hash a phone or a printout kept).
Exit status: 0 every chain holds, 1 a history was changed, 2 the file cannot be read."""


def main(args: Sequence[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """``python -m scoring.engine verify-chain [--expect SEQ:HASH ...] < file``."""
    expect: dict[int, str] = {}
    items = list(args)
    while items:
        arg = items.pop(0)
        if arg in ("-h", "--help"):
            print(USAGE, file=stdout)
            return 0
        value = items.pop(0) if arg == "--expect" and items else None
        seq, _, kept = (value or "").partition(":")
        if value is None or not seq.isdigit() or len(kept) != 64 or not set(kept) <= HEX:
            print(f"expected --expect SEQ:HASH (a number, a colon, 64 hex digits), got "
                  f"{' '.join(args)}\n\n{USAGE}", file=stderr)
            return 2
        expect[int(seq)] = kept
    try:
        chains = read_export(stdin.read())
    except Unreadable as exc:
        print(f"verify-chain: {exc}", file=stderr)
        return 2
    except (UnicodeDecodeError, RecursionError, csv.Error) as exc:
        print(f"verify-chain: the file cannot be read ({type(exc).__name__})", file=stderr)
        return 2
    ok, lines = report(chains, expect)
    for line in lines:
        print(line, file=stdout)
    return 0 if ok else 1


if __name__ == "__main__":  # pragma: no cover - the CLI goes through scoring.engine
    sys.exit(main(sys.argv[1:], sys.stdin, sys.stdout, sys.stderr))
