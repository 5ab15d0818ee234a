"""The hash chain of each table's event log, on the site's side (issue 29).

The canonical content of an event and the check of a chain are the engine's
(:mod:`scoring.engine.chain`, where the format is documented), so the site and a
player's offline copy check the same way. Here:

* :func:`seal` gives a new event its hash, chained to the table's ``chain_head``, in the
  write's transaction (a hash of a few hundred bytes: the write path pays nothing more);
* :func:`verify_table` reads a table's whole log and checks it; :func:`status` does so at
  most once per version of the table every ``MJ_CHAIN_CHECK_SECONDS`` (cached like the
  snapshots, :mod:`games.services.snapshot`), and records the first change it finds
  (``Table.chain_break``): from then on the table refuses writes (``history_changed``)
  until someone allowed to accepts the history as it is
  (:func:`games.services.history.accept_history`);
* :func:`phone_block` is what a phone gets with each snapshot: the latest hash, the
  recent ones, the hash at the point the phone says it saw (``?chain=SEQ.HASH`` on the
  socket's address) and the sentence to show when the history was changed. A phone that
  may write and saw a different history than the one stored marks it changed too: a
  history rewritten hashes and all is caught by the phones' memory;
* :func:`changed_text` words it in the active language.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from common.errors import BadCommand, HistoryChanged
from games.broadcast import broadcast_seats
from games.models import Event, EventKind, Table
from games.replay import fold
from scoring.engine import chain as engine_chain
from scoring.engine.chain import Link, Problem, Verdict

# How many of the latest hashes a snapshot carries: a phone that kept one of them checks
# it without asking (one further back is checked when it connects, ``?chain=``).
RECENT = 20
# An event's frame names its hash and the one before by their first 16 hex digits (64
# bits): a frame stays under 2 KB, and no rewritten log matches a phone's memory by
# chance or by search at that length. Snapshots carry whole hashes.
EVENT_DIGITS = 16


def event_link(hashed: str, prev: str | None) -> dict[str, str | None]:
    """What an event's frame says of the chain (see :data:`EVENT_DIGITS`)."""
    return {"hash": hashed[:EVENT_DIGITS], "prev": prev[:EVENT_DIGITS] if prev else None}


def stamp(when: dt.datetime) -> str:
    """An event's time as its content holds it: UTC, microseconds, ``Z``."""
    return when.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def content(public_id: str, seq: int, kind: str, hand: int | None, payload: Any, actor: str,
            seat: int | None, at: dt.datetime, prev: str | None) -> dict[str, Any]:
    return engine_chain.content_of(public_id, seq, str(kind), hand, payload, actor, seat,
                                   stamp(at), prev or None)


def seal(table: Table, event: Event, prev: str | None = None) -> None:
    """Give ``event`` (not saved yet, every field set) its hash, chained to ``prev`` (the
    table's latest hash by default), and make it the table's latest hash."""
    prev = table.chain_head if prev is None else prev
    try:
        event.hash = engine_chain.digest(content(
            table.public_id, event.seq, event.kind, event.hand_number, event.payload,
            event.actor_name, event.seat, event.created_at, prev))
    except ValueError:
        raise BadCommand("the command holds a number JSON does not allow (NaN or "
                         "infinity)") from None
    table.chain_head = event.hash


@dataclass
class Row:
    """An event as the check and the log read it (games.replay.LoggedEvent too)."""

    seq: int
    kind: str
    hand_number: int | None
    payload: Any
    actor_name: str
    seat: int | None
    created_at: dt.datetime
    hash: str


FIELDS = ("seq", "kind", "hand_number", "payload", "actor_name", "seat", "created_at", "hash")


def rows_of(table: Table) -> list[Row]:
    """The events of ``table`` up to its ``seq`` as read: a write committed since (a
    later seq) belongs to the next version of the table, which the check reads then."""
    return [Row(*values) for values in Event.objects.filter(table_id=table.pk,
                                                            seq__lte=table.seq)
            .order_by("seq").values_list(*FIELDS)]


def links(public_id: str, rows: Iterable[Row]) -> list[Link]:
    """The chain as the check reads it: each row's content names the hash stored for the
    row before it (a row changed in place, or removed, then fails to hash right)."""
    out, prev = [], None
    for row in rows:
        out.append(Link(content(public_id, row.seq, row.kind, row.hand_number, row.payload,
                                row.actor_name, row.seat, row.created_at, prev), row.hash))
        prev = row.hash
    return out


def rehashed(public_id: str, rows: Iterable[Row]) -> list[str]:
    """The hashes of ``rows`` chained afresh over their content as it is (the migration
    that chained the tables logged before the chain)."""
    out: list[str] = []
    for row in rows:
        out.append(engine_chain.digest(content(
            public_id, row.seq, row.kind, row.hand_number, row.payload, row.actor_name,
            row.seat, row.created_at, out[-1] if out else None)))
    return out


def verify_rows(table: Table, rows: list[Row]) -> Verdict:
    verdict = engine_chain.verify(links(table.public_id, rows))
    if verdict.ok and (verdict.head or "") != table.chain_head:
        # The last events were removed (or the table's latest hash changed): the chain
        # stored ends elsewhere than the table says it does.
        verdict.problem = Problem(verdict.head_seq + 1, "missing")
    return verdict


def verify_table(table: Table) -> Verdict:
    """Read ``table``'s whole log and check its chain."""
    return verify_rows(table, rows_of(table))


def hands_before(rows: list[Row], seq: int) -> int:
    """How many hands the game had before event ``seq`` (those before it are intact)."""
    try:
        return len(fold([r for r in rows if r.seq < seq and r.kind != EventKind.ACCEPT]).active)
    except Exception:  # noqa: BLE001 - a log that no longer folds: count the records
        return sum(1 for r in rows if r.seq < seq and r.kind == EventKind.RECORD)


def changed_of(rows: list[Row], problem: Problem, source: str) -> dict[str, Any]:
    """What ``Table.chain_break`` keeps of a change found: the first event that does not
    hold, the hands before it, who found it (``server`` or ``phone``) and when."""
    return {"seq": problem.seq, "reason": problem.reason, "hand": hands_before(rows, problem.seq),
            "source": source, "found_at": timezone.now().isoformat()}


def mark(table: Table, changed: dict[str, Any]) -> bool:
    """Record a change found, unless one is already recorded; every phone of the table
    then gets a fresh snapshot that says so. Whether this call recorded it."""
    with transaction.atomic():
        done = Table.objects.filter(pk=table.pk, chain_break__isnull=True).update(
            chain_break=changed, updated_at=timezone.now())
        if done:
            pk = table.pk
            transaction.on_commit(lambda: broadcast_seats(pk))
    if done:
        table.chain_break = changed
        forget(table.pk)
    return bool(done)


# --- checked status, cached by version ----------------------------------------------------

_CACHE: OrderedDict[tuple[Any, ...], tuple[float, Verdict, list[tuple[int, str]]]] = \
    OrderedDict()
_CACHE_SIZE = 1024
_LOCK = threading.Lock()


def forget(table_pk: int | None = None) -> None:
    """Drop the cached checks (of one table, or all: a test that edits a row directly)."""
    with _LOCK:
        for key in [k for k in _CACHE if table_pk is None or k[0] == table_pk]:
            del _CACHE[key]


def _checked(table: Table) -> tuple[Verdict, list[tuple[int, str]], list[Row] | None]:
    """The check of this version of ``table`` (by seq, updated_at and latest hash), from
    the cache when it was done lately; with the rows when they were read now."""
    key = (table.pk, table.seq, table.updated_at, table.chain_head)
    now = time.monotonic()
    with _LOCK:
        hit = _CACHE.get(key)
        if hit is not None and hit[0] >= now:
            return hit[1], hit[2], None
    rows = rows_of(table)
    verdict = verify_rows(table, rows)
    # By their first digits, as events name them: a snapshot stays small.
    recent = [(r.seq, r.hash[:EVENT_DIGITS]) for r in rows[-RECENT:]]
    with _LOCK:
        _CACHE[key] = (now + settings.MJ_CHAIN_CHECK_SECONDS, verdict, recent)
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return verdict, recent, rows


def status(table: Table) -> tuple[dict[str, Any] | None, list[tuple[int, str]]]:
    """The change recorded for ``table`` (None: its history holds), after a check of its
    chain (recording what it finds), and its latest hashes (seq, hash)."""
    verdict, recent, rows = _checked(table)
    if verdict.problem is not None and table.chain_break is None:
        if rows is None:
            rows = rows_of(table)
        mark(table, changed_of(rows, verdict.problem, "server"))
    return table.chain_break, recent


def changed_text(changed: Mapping[str, Any] | None) -> str:
    """The sentence every phone shows while the history is changed, in the active
    language ("" when it holds)."""
    if not changed:
        return ""
    hand = changed.get("hand")
    if changed.get("source") == "phone":
        return _("The history of this table was changed outside mjsite: a phone had seen a "
                 "different history up to hand %(hand)s.") % {"hand": hand or 0}
    if isinstance(hand, int) and hand > 0:
        return _("The history of this table was changed outside mjsite after hand "
                 "%(hand)s.") % {"hand": hand}
    return _("The history of this table was changed outside mjsite, from its first hand.")


def refuse_if_changed(table: Table) -> None:
    """Raise ``history_changed`` when a change is recorded (the write path, under the
    table's lock)."""
    changed = table.chain_break
    if changed:
        hand = changed.get("hand")
        raise HistoryChanged(
            "the history of this table was changed outside mjsite; nothing can be recorded "
            "on top of it until its creator, an organiser or staff accepts it on the table "
            "page", params={"hand": hand} if isinstance(hand, int) and hand > 0 else None)


def known_of(scope: Mapping[str, Any]) -> tuple[int, str] | None:
    """The point a phone says it saw, ``chain=SEQ.HASH`` on the socket's address (the
    whole hash, or its first :data:`EVENT_DIGITS` digits from an event)."""
    query = parse_qs(bytes(scope.get("query_string") or b"").decode("latin-1"))
    values = query.get("chain") or []
    if len(values) != 1:
        return None
    seq, _dot, kept = values[0].partition(".")
    if (not seq.isdigit() or len(seq) > 10 or not EVENT_DIGITS <= len(kept) <= 64
            or not set(kept) <= engine_chain.HEX):
        return None
    return int(seq), kept


def phone_block(table: Table, known: tuple[int, str] | None, may_write: bool
                ) -> dict[str, Any]:
    """The ``chain`` of a snapshot message, in the active language: the table's seq and
    latest hash, the latest hashes, ``at`` (the hash stored at the point the phone
    said it saw, for it to compare) and ``changed`` with its ``text``."""
    changed, recent = status(table)
    at = None
    if known is not None:
        seq, kept = known
        stored = (Event.objects.filter(table_id=table.pk, seq=seq)
                  .values_list("hash", flat=True).first())
        at = {"seq": seq, "hash": stored}
        if not (stored or "").startswith(kept) and may_write and changed is None:
            # This phone saw another history than the one stored: the stored one was
            # rewritten, hashes and all (a seat's phone counts; a watcher's only sees it).
            rows = rows_of(table)
            problem = Problem(min(seq, table.seq + 1) or 1, "rewritten")
            changed_now = {**changed_of(rows, problem, "phone"),
                           "hand": hands_before(rows, seq + 1)}
            mark(table, changed_now)
            changed = table.chain_break
    return {"seq": table.seq, "head": table.chain_head or None,
            "recent": [[s, h] for s, h in recent], "at": at, "changed": changed,
            "text": changed_text(changed)}


def tables_checked(tables: QuerySet[Table]) -> Iterable[tuple[Table, Verdict]]:
    """Each of ``tables`` with a fresh check of its chain (the command and the API),
    recording a change found as :func:`status` does."""
    for table in tables.order_by("pk").iterator(chunk_size=200):
        rows = rows_of(table)
        verdict = verify_rows(table, rows)
        if verdict.problem is not None and table.chain_break is None:
            mark(table, changed_of(rows, verdict.problem, "server"))
        yield table, verdict
