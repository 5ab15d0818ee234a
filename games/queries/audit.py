"""A table's log as people and programs read it (issue 29): who recorded, undid, redid,
corrected, declared, ended, reopened, accepted, confirmed or disputed what, when, from
which seat, each event
with its place in the hash chain (:mod:`games.chain`). The log page, the API's history
and the chain carried by the ledger exports all read it here.

Who may read it: :func:`games.permissions.can_audit` (its players, creator, organisers,
its event's referees and staff).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.translation import gettext as _

from common.errors import TableError
from games import chain, presenter
from games.chain import Row
from games.models import Event, EventKind, Hand, Seat, Table
from games.replay import declaration_of
from scoring import registry
from scoring.engine.chain import CSV_COLUMNS, Verdict


def _declared(table: Table, payload: dict[str, Any], names: Sequence[str]) -> str:
    """A ``declare`` event in words: the ruleset's own sentence for the declaration
    (:func:`scoring.registry.declaration_texts`), or its key if the ruleset no longer
    offers it."""
    try:
        key, player, on = declaration_of(payload)
    except TableError:  # a payload changed outside the site: say what it holds
        return json.dumps(payload, sort_keys=True)[:200]
    whole = isinstance(player, int) and not isinstance(player, bool)
    name = names[player] if whole and 0 <= player < len(names) else "?"
    offered = registry.declaration(table.ruleset, table.options, key)
    if offered is None:
        said = (_("%(name)s declared %(key)s") if on else
                _("%(name)s took back %(key)s")) % {"name": name, "key": key}
    else:
        said = registry.declaration_texts(offered)["said" if on else "unsaid"] % {"name": name}
    return said


def _what(table: Table, row: Row, names: Sequence[str]) -> str:
    """What the event did, in the active language."""
    hand = row.hand_number
    payload = row.payload if isinstance(row.payload, dict) else {}
    if row.kind == EventKind.RECORD:
        return _("Hand %(hand)s recorded") % {"hand": hand}
    if row.kind == EventKind.CORRECT:
        return _("Hand %(hand)s corrected") % {"hand": hand}
    if row.kind == EventKind.UNDO:
        if payload.get("reverts") == "correct":
            return _("Correction of hand %(hand)s undone") % {"hand": hand}
        return _("Hand %(hand)s undone") % {"hand": hand} if hand else _("Last hand undone")
    if row.kind == EventKind.REDO:
        if payload.get("redoes") == "correct":
            return _("Correction of hand %(hand)s redone") % {"hand": hand}
        return _("Hand %(hand)s redone") % {"hand": hand} if hand else _("Hand redone")
    if row.kind == EventKind.END:
        return _("Game ended")
    if row.kind == EventKind.REOPEN:
        return _("Game reopened")
    if row.kind == EventKind.DECLARE:
        return _("%(what)s in hand %(hand)s") % {"what": _declared(table, payload, names),
                                                  "hand": hand}
    if row.kind == EventKind.ACCEPT:
        return _("Changed history accepted as it is")
    if row.kind == EventKind.CONFIRM:  # confirmation by the table (games.confirmations)
        return _("Hand %(hand)s confirmed") % {"hand": hand}
    if row.kind == EventKind.DISPUTE:
        return _("Hand %(hand)s disputed: %(note)s") % {"hand": hand,
                                                         "note": str(payload.get("note", ""))}
    return str(row.kind)


def _detail(table: Table, row: Row, current: dict[int, Hand], names: Sequence[str],
            changed: bool) -> str:
    """The hand an event gave an outcome, in words: with its scoring while it is the
    hand's outcome, else what the event holds (an outcome corrected or undone since, or
    one changed outside the site, which the hand's row does not say)."""
    if row.kind not in (EventKind.RECORD, EventKind.CORRECT):
        return ""
    payload = row.payload if isinstance(row.payload, dict) else {}
    hand = current.get(row.seq)
    if hand is not None and not changed:
        return presenter.hand_text(table.ruleset, table.options, hand.outcome, hand.result,
                                   names)
    return presenter.hand_text(table.ruleset, table.options, payload.get("outcome"), [],
                               names)


def trail(table: Table, rows: list[Row] | None = None,
          verdict: Verdict | None = None) -> dict[str, Any]:
    """The table's log, oldest first, and its check: ``events`` (seq, kind, hand, what,
    detail, actor, seat and the seat's player, at, hash, changed / accepted: whether a
    check found this event changed, or a change there was accepted, and the canonical
    content its hash covers), ``check`` (the verdict) and the ``changed`` the table
    keeps with its ``text``."""
    rows = chain.rows_of(table) if rows is None else rows
    verdict = chain.verify_rows(table, rows) if verdict is None else verdict
    seats = list(Seat.objects.filter(table_id=table.pk).select_related("player")
                 .order_by("position"))
    names = [s.player.display_name for s in seats]
    by_seat = {s.position: s.player.display_name for s in seats}
    current = {h.current_event.seq: h for h in Hand.objects.filter(table_id=table.pk)
               .select_related("current_event")}
    problem = verdict.problem.seq if verdict.problem else None
    accepted = {p.seq: seq for seq, p in verdict.accepted}
    events = [{
        "seq": row.seq, "kind": row.kind, "hand": row.hand_number,
        "what": _what(table, row, names),
        "detail": _detail(table, row, current, names, row.seq == problem),
        "actor": presenter.recorder(row.actor_name), "seat": row.seat,
        "seat_player": by_seat.get(row.seat)
        if row.seat is not None else None,
        "at": row.created_at, "hash": row.hash,
        "changed": row.seq == problem, "accepted_at": accepted.get(row.seq),
        "content": dict(link.content),
    } for row, link in zip(rows, chain.links(table.public_id, rows), strict=True)]
    changed = table.chain_break
    return {"events": events, "check": verdict.as_dict(), "changed": changed,
            "text": chain.changed_text(changed)}


def chains(tables: Iterable[Table]) -> list[dict[str, Any]]:
    """Each table's chain as an export carries it: its events with their canonical
    content and hash (what ``python -m scoring.engine verify-chain`` reads); one query
    for all of them."""
    tables = list(tables)
    by_table: dict[int, list[Row]] = {t.pk: [] for t in tables}
    for table_id, *values in (Event.objects.filter(table_id__in=list(by_table))
                              .order_by("table_id", "seq")
                              .values_list("table_id", *chain.FIELDS)):
        by_table[table_id].append(Row(*values))
    out = []
    for table in tables:
        rows = by_table[table.pk]
        events = []
        for link, row in zip(chain.links(table.public_id, rows), rows, strict=True):
            events.append({"seq": row.seq, "kind": row.kind, "hand": row.hand_number,
                           "actor": row.actor_name, "seat": row.seat,
                           "at": link.content["at"], "content": dict(link.content),
                           "hash": row.hash})
        out.append({"table": table.public_id, "name": table.name,
                    "head": table.chain_head or None, "events": events})
    return out


def chain_rows(exported: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """:func:`chains` as the CSV section under the ledger (columns
    :data:`scoring.engine.chain.CSV_COLUMNS`); ``content`` is its JSON text."""
    return [{"table": c["table"], "seq": e["seq"], "kind": e["kind"], "hand": e["hand"],
             "actor": e["actor"], "seat": e["seat"], "at": e["at"],
             "content": json.dumps(e["content"], sort_keys=True, ensure_ascii=False,
                                   separators=(",", ":")),
             "hash": e["hash"]}
            for c in exported for e in c["events"]]


__all__ = ["CSV_COLUMNS", "chain_rows", "chains", "trail"]
