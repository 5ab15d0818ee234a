"""Each seat's results at a table (:class:`games.models.SeatResult`): final points,
place, and what its hands add up to for the statistics (:func:`games.queries.stats.count_hand`).

Written by :func:`refresh` in the transaction of every write of a table (the one hook in
``games.services.commands``), so a finished game, an undone, redone or corrected hand, a
game ended or reopened is in the rows when the write commits, and a table removed takes
its rows with it (cascade). Readers (leaderboards, statistics, ratings, player pages)
then read a row per game, never the hands.

A write that keeps every hand already counted (a hand recorded or redone at the end, a
game ended or reopened, a live declaration) adds only the new hands, so it costs the same
at hand 200 as at hand 2; a write that changes or removes a counted hand (undo, correct)
counts the table's hands again, as its replay does. Either way the rows equal a fresh
count (a property test checks it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import connections, router
from django.db.models import Count, F, Min, Q, QuerySet, Sum, TextField
from django.db.models.functions import Cast

from common.memo import Memo
from common.prepared import Prepared, attnames
from games.models import Hand, LedgerEntry, Seat, SeatResult, Table
from games.queries.stats import Tally, count_hand
from games.services.snapshot import start_scores
from scoring import registry


def places(finals: Sequence[int]) -> list[int]:
    """1 for the best; equal points share the better place."""
    return [1 + sum(1 for other in finals if other > mine) for mine in finals]


def _store(row: Any, tally: Tally) -> None:
    for name in Tally.STORED:
        setattr(row, name, getattr(tally, name))
    row.items = [[key, name, native, count]
                 for (key, name, native), count in tally.items.items()]
    row.declarations = tally.stored_declarations()


def _tally(row: Any) -> Tally:
    return Tally.of_seat(row, False)


def _count(tallies: dict[int, Tally], table: Any, hands: Iterable[Any],
           entries: Iterable[Any]) -> tuple[dict[int, int], dict[int, int]]:
    """Add ``hands`` to each seat's tally; returns each position's points from those
    hands and from the final settlement, out of ``entries`` (the ledger rows of those
    hands and the final ones)."""
    deltas: dict[tuple[int, int], int] = Counter()
    points: dict[int, int] = Counter()
    settlement: dict[int, int] = Counter()
    for entry in entries:
        if entry.hand_number is None:
            settlement[entry.position] += entry.amount
        else:
            deltas[(entry.hand_number, entry.position)] += entry.amount
            points[entry.position] += entry.amount
    declarations = registry.declarations(table.ruleset, table.options)
    for hand in hands:
        for position, tally in tallies.items():
            count_hand(tally, hand, position, deltas.get((hand.number, position), 0),
                       declarations)
    return points, settlement


def computed(table: Any, seats: Iterable[Any], hands: Iterable[Any],
             entries: Iterable[Any]) -> list[dict[str, Any]]:
    """The field values of each seat's row from all the table's hands and ledger rows
    (any objects with the models' attributes: the data migration passes its own)."""
    seats = sorted(seats, key=lambda s: s.position)
    tallies = {s.position: Tally() for s in seats}
    points, settlement = _count(tallies, table, sorted(hands, key=lambda h: h.number),
                                entries)
    starts = start_scores(table)
    finals = [starts[s.position] + points[s.position] + settlement[s.position]
              for s in seats]
    out = []
    for seat, final, place in zip(seats, finals, places(finals), strict=True):
        row = SeatResult(table_id=table.pk, position=seat.position,
                         player_id=seat.player_id, start=starts[seat.position],
                         settlement=settlement[seat.position], final=final, place=place)
        _store(row, tallies[seat.position])
        out.append({f.attname: getattr(row, f.attname) for f in SeatResult._meta.concrete_fields
                    if f.attname != "id"})
    return out


def refresh(table: Table, seats: Sequence[Seat], hands_from: int,
            written: tuple[Sequence[Hand], Sequence[LedgerEntry]] | None = None,
            removed: tuple[Hand, Sequence[LedgerEntry]] | None = None) -> list[int] | None:
    """Bring the table's rows up to date after a write whose hands from ``hands_from``
    on are new (earlier ones untouched); in the write's transaction. ``written``: those
    hands and their ledger rows (with the final settlement's) when the write has them in
    hand, else they are read. ``removed``: the last hand, taken back by an undo, and its
    rows with the final settlement's, all now deleted (``hands_from`` is its number).

    Returns each seat's points before hand ``hands_from`` (its start included), by
    position, which the rows tell unless they were counted afresh (then None): the
    standings of the write's event need no sum over the earlier hands."""
    alias = router.db_for_write(SeatResult)
    rows = sorted((SeatResult.from_db(alias, _RESULT_COLUMNS, list(row))
                   for row in _RESULTS.rows(table.pk)), key=lambda r: r.position)
    positions = sorted(s.position for s in seats)
    if [r.position for r in rows] != positions:
        _replace(table, seats)  # the rows are missing (or the seats changed)
        return None
    if removed is not None and all(r.hands == removed[0].number == hands_from for r in rows):
        # Undo of the last hand: what it added comes off, as the rows before it held.
        _subtract(table, rows, *removed)
        return _by_position(rows, [r.final for r in rows])
    if any(r.hands != hands_from - 1 for r in rows):
        # A counted hand changed or went: count them all.
        _replace(table, seats)
        return None
    if written is None:
        hands: Sequence[Any] = list(
            Hand.objects.filter(table_id=table.pk, number__gte=hands_from)
            .only("number", "outcome", "result").order_by("number"))
        entries: Sequence[Any] = list(LedgerEntry.objects.filter(
            Q(hand_number__gte=hands_from) | Q(hand_number__isnull=True), table_id=table.pk)
            .only("hand_number", "position", "amount"))
    else:
        hands, entries = written
    tallies = {r.position: _tally(r) for r in rows}
    points, settlement = _count(tallies, table, hands, entries)
    for row in rows:
        _store(row, tallies[row.position])
        row.final += points[row.position] + settlement[row.position] - row.settlement
        row.settlement = settlement[row.position]
    _save(rows)
    return _by_position(rows, [r.final - r.settlement - points[r.position] for r in rows])


# Read by every write (common.prepared: compiled once per process).
_RESULT_COLUMNS = attnames(SeatResult)
_RESULTS = Prepared(lambda pk: SeatResult.objects.filter(table_id=pk)
                    .values_list(*_RESULT_COLUMNS), -1)


def _by_position(rows: Sequence[SeatResult], values: list[int]) -> list[int] | None:
    """``values`` (one per row, in the rows' order) as a list indexed by position."""
    return values if [r.position for r in rows] == list(range(len(rows))) else None


def _subtract(table: Table, rows: Sequence[SeatResult], hand: Hand,
              entries: Sequence[LedgerEntry]) -> None:
    """Take ``hand`` (the last, counted) and the final settlement off ``rows``: counting
    is a sum, so this leaves what a count of the hands before it gives, the items in the
    order of their first appearance (an item first seen in ``hand`` goes with it)."""
    tallies = {r.position: Tally() for r in rows}
    points, _settlement = _count(tallies, table, [hand], entries)
    for row in rows:
        less = tallies[row.position]
        for name in Tally.STORED:
            setattr(row, name, getattr(row, name) - getattr(less, name))
        items = Counter({(key, name, native): count for key, name, native, count in row.items})
        items.subtract(less.items)
        row.items = [[key, name, native, count]
                     for (key, name, native), count in items.items() if count > 0]
        kept = Tally()
        kept.add_declarations(row.declarations)
        kept.declared.subtract(less.declared)
        kept.declarable.subtract(less.declarable)
        row.declarations = kept.stored_declarations()
        # The final settlement's rows went with the hand (the game goes on again).
        row.final -= points[row.position] + row.settlement
        row.settlement = 0
    _save(rows)


def _save(rows: Sequence[SeatResult]) -> None:
    """Write ``rows``' places and counts: one statement run per row. ``bulk_update``
    built a CASE per column and row, and compiling it cost more than the rest of a
    write (bench/load.py's profile)."""
    for row, place in zip(rows, places([r.final for r in rows]), strict=True):
        row.place = place
    meta = SeatResult._meta
    fields = [meta.get_field(name) for name in ("final", "settlement", "place", "items",
                                                  "declarations", *Tally.STORED)]
    connection = connections[router.db_for_write(SeatResult)]
    quote = connection.ops.quote_name
    sql = (f"UPDATE {quote(meta.db_table)} SET "
           f"{', '.join(f'{quote(f.column)} = %s' for f in fields)} "
           f"WHERE {quote(meta.pk.column)} = %s")
    with connection.cursor() as cursor:
        cursor.executemany(sql, [[f.get_db_prep_save(getattr(row, f.attname), connection)
                                  for f in fields] + [row.pk] for row in rows])


def _replace(table: Table, seats: Sequence[Seat]) -> None:
    SeatResult.objects.filter(table_id=table.pk).delete()
    SeatResult.objects.bulk_create(SeatResult(**fields) for fields in computed(
        table, seats, Hand.objects.filter(table_id=table.pk).only("number", "outcome", "result"),
        LedgerEntry.objects.filter(table_id=table.pk).only("hand_number", "position",
                                                             "amount")))


def refresh_tables(tables: Iterable[Any], apps: Any = None, batch: int = 200) -> None:
    """Count every seat of ``tables`` afresh, ``batch`` tables per four queries: the
    data migration (``apps``: its historical models) and tables whose rows were made
    another way (copies, imports)."""
    def model(name: str) -> Any:
        return apps.get_model("games", name) if apps is not None else globals()[name]

    seat_m, hand_m, entry_m, result_m = (model(n) for n in (
        "Seat", "Hand", "LedgerEntry", "SeatResult"))
    tables = list(tables)
    for at in range(0, len(tables), batch):
        chunk = tables[at:at + batch]
        ids = [t.pk for t in chunk]
        seats: dict[int, list[Any]] = {}
        hands: dict[int, list[Any]] = {}
        entries: dict[int, list[Any]] = {}
        for seat in seat_m.objects.filter(table_id__in=ids):
            seats.setdefault(seat.table_id, []).append(seat)
        for hand in hand_m.objects.filter(table_id__in=ids).only(
                "table_id", "number", "outcome", "result"):
            hands.setdefault(hand.table_id, []).append(hand)
        for entry in entry_m.objects.filter(table_id__in=ids).only(
                "table_id", "hand_number", "position", "amount"):
            entries.setdefault(entry.table_id, []).append(entry)
        result_m.objects.filter(table_id__in=ids).delete()
        # The fields the model has at this point of the migrations (a later one may add
        # some: it counts the tables again).
        names = {f.attname for f in result_m._meta.concrete_fields}
        result_m.objects.bulk_create(
            result_m(**{k: v for k, v in fields.items() if k in names})
            for t in chunk for fields in computed(
                t, seats.get(t.pk, []), hands.get(t.pk, []), entries.get(t.pk, [])))


# One table's version: id, seq, updated_at (as the database writes it) and finished.
Version = tuple[int, int, str, bool]


def versions(tables: QuerySet[Table]) -> list[Version]:
    """Each of ``tables``' version, in the queryset's order (one query, a few columns).

    Every write of a table moves its seq; seat and visibility changes move its
    updated_at (as for the snapshots' cache, :mod:`games.services.snapshot`); a table
    removed, attached elsewhere or made private for the reader leaves the list. So
    whatever is worked out from the rows of a set of tables is the same while their
    versions are: the key of the figures kept by :mod:`common.memo`.
    """
    return list(tables.values_list("pk", "seq", Cast("updated_at", TextField()), "finished"))


def finished_versions(rows: Iterable[Version]) -> dict[int, tuple[int, str]]:
    """The finished tables of ``rows``: id -> (seq, updated_at)."""
    return {pk: (seq, updated) for pk, seq, updated, finished in rows if finished}


def of_tables(tables: QuerySet[Table]) -> QuerySet[SeatResult]:
    """The rows of ``tables`` (a query, run as a subquery), oldest table first, each with
    its table's ``ruleset``, ``table_finished``, ``created_at``, ``public_id`` and
    ``table_name``."""
    return (SeatResult.objects.filter(table__in=tables.values("pk"))
            .annotate(ruleset=F("table__ruleset"), table_finished=F("table__finished"),
                      created_at=F("table__created_at"), public_id=F("table__public_id"),
                      table_name=F("table__name"))
            .order_by("table__created_at", "table_id", "position"))


def of_player(tables: QuerySet[Table], player_id: int) -> QuerySet[SeatResult]:
    """A player's rows over ``tables``, oldest first."""
    return of_tables(tables).filter(player_id=player_id)


@dataclass
class Tallies:
    """Each player's tallies per ruleset, and every ruleset of the games, first table
    first."""

    players: dict[int, dict[str, Tally]] = field(default_factory=dict)
    rulesets: list[str] = field(default_factory=list)

    def plus(self, other: Tallies) -> Tallies:
        """Both added up, in new objects (either may be kept in a cache and shared)."""
        out = Tallies(rulesets=[*self.rulesets,
                                *(r for r in other.rulesets if r not in self.rulesets)])
        for part in (self, other):
            for player_id, per in part.players.items():
                mine = out.players.setdefault(player_id, {})
                for ruleset, tally in per.items():
                    mine.setdefault(ruleset, Tally()).add(tally)
        return out


def tallies(results: QuerySet[SeatResult]) -> Tallies:
    """Each player's :class:`~games.queries.stats.Tally` per ruleset over ``results``, added
    up by the database: three queries however many games (counts, places, and the
    scoring items and declarations of the rows with wins or declarable hands, oldest
    first: each item's first sight is where it appears first, Tally.first)."""
    base = results.order_by()
    out: dict[int, dict[str, Tally]] = {}
    firsts: dict[str, tuple[Any, int]] = {}
    sums = (base.values("player_id", "table__ruleset")
            .annotate(first=Min("table__created_at"), first_id=Min("table_id"),
                      n_games=Count("pk"), n_finished=Count("pk", filter=Q(table__finished=True)),
                      **{f"sum_{name}": Sum(name) for name in Tally.STORED})
            .order_by("first", "first_id", "table__ruleset"))
    for row in sums:
        ruleset = row["table__ruleset"]
        firsts[ruleset] = min(firsts.get(ruleset, (row["first"], row["first_id"])),
                              (row["first"], row["first_id"]))
        sums_of: dict[str, Any] = {name: row[f"sum_{name}"] or 0 for name in Tally.STORED}
        out.setdefault(row["player_id"], {})[ruleset] = Tally(
            games=row["n_games"], finished=row["n_finished"], **sums_of)
    for player_id, ruleset, place, count in (
            base.filter(table__finished=True).values_list("player_id", "table__ruleset", "place")
            .annotate(n=Count("pk")).order_by("place")):
        out[player_id][ruleset].placements += [place] * count
    for player_id, ruleset, items, declarations, created, table_id, position in (
            base.filter(Q(wins__gt=0) | ~Q(declarations={}))
            .order_by("table__created_at", "table_id", "position")
            .values_list("player_id", "table__ruleset", "items", "declarations",
                         "table__created_at", "table_id", "position")):
        tally = out[player_id][ruleset]
        for index, (key, name, native, count) in enumerate(items):
            tally.items[(key, name, native)] += count
            tally.first.setdefault((key, name, native), (created, table_id, position, index))
        tally.add_declarations(declarations)
    return Tallies(out, sorted(firsts, key=lambda name: firsts[name]))


# The finished part of statistics, per version of the tables (common.memo).
_KEPT = Memo(64)
_FORMAT = 1  # in every key: entries made by an older version of this code never match


def kept_tallies(tables: QuerySet[Table], rows: Sequence[Version],
                 player_id: int | None = None, scope: Hashable = None) -> Tallies:
    """:func:`tallies` over ``tables`` (only ``player_id``'s rows when given), whose
    versions are ``rows``: the finished tables' part worked out once per version of
    them and kept (for ``scope``, a group or a player: a table that finishes is added
    to the last part kept, :meth:`common.memo.Memo.versioned`), the part of those in
    play (an evening's tables at most) added up on each read, and not even asked for
    when there is none."""
    def results(tables: QuerySet[Table]) -> QuerySet[SeatResult]:
        mine = SeatResult.objects.filter(table__in=tables.values("pk"))
        return mine if player_id is None else mine.filter(player_id=player_id)

    def extend(kept: Tallies, added: list[Any]) -> Tallies:
        return kept.plus(tallies(results(Table.objects.filter(pk__in=added))))

    done = finished_versions(rows)
    kept = _KEPT.versioned(("tallies", _FORMAT, player_id), done,
                           lambda: tallies(results(tables.filter(finished=True))),
                           extend, scope)
    if len(done) == len(rows):
        return kept
    return kept.plus(tallies(results(tables.filter(finished=False))))


def player_tallies(tables: QuerySet[Table], player_id: int,
                   rows: Sequence[Version] | None = None) -> dict[str, Tally]:
    """:func:`tallies` of one player over ``tables`` (what their statistics add up);
    ``rows``: the versions of those of ``tables`` they sat at, when read already (then
    the finished part is kept, :func:`kept_tallies`)."""
    if rows is None:
        return tallies(SeatResult.objects.filter(table__in=tables.values("pk"),
                                                 player_id=player_id)).players.get(player_id, {})
    return kept_tallies(tables, rows, player_id, ("player", player_id)).players.get(
        player_id, {})
