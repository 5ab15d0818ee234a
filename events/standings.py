"""An event's standings, by its ruleset's tournament convention.

The convention is a capability of the ruleset (``STANDINGS``, read through
:func:`scoring.registry.standings`; the event's ``standing`` picks one, its first by
default): a player's **score** is the sum, over the seats the seating gave them, of the
seat's end points less its start points (``SeatResult.final - start``: what the table's
own final settlement adds, riichi's uma and oka, is in it), plus the event's penalties;
with **table points** (MCR's 4/2/1/0) each table gives those by place, tied players
sharing the points of the places they cover, and players rank by table points, then
score. Equal players share a place.

A **table of three** at an event of four-player tables (the players the tables leave
over, where the ruleset has three-player rules) earns table points by the event's
``short_table_points`` (:class:`~events.models.ShortTablePoints`, :func:`short_points`).
No published rule says what: the Mahjong Competition Rules (1998) and the EMA's MCR and
riichi rules keep every table at four (substitutes fill the seats), and we found no
organiser's rule for three-player tables or byes. So:

* ``places`` (the default, what game tournaments with uneven tables usually do: the
  missing fourth counts as last): its three places earn the first three places' points,
  4/2/1. The table hands out as much as a table of four (7), but among three players:
  each earns 7/3 a game on average against 7/4 at a table of four.
* ``per_player`` (mjsite's own, the fairer one): the first three places' points scaled
  so the table hands out what a table of four gives each of its players, times three:
  4/2/1 × 3/4 = 3/1.5/0.75 (5.25 = 7 × 3/4), the same 7/4 a player on average. Where
  the first places' points add up to nothing there is nothing to scale: they stay.

Ties at a table of three share the points of the places they cover, as at four.

A seat someone else played for its player (a substitute) counts for that player as the
event's rule says (:class:`~events.models.SubstituteRule`: a fixed result, the seat's
result, or nothing) and never for the substitute; a substitute's seat of a short round
counts for no one. Penalties (:class:`~events.models.Penalty`) are added to the
player's score alone, so every table stays zero-sum.

:func:`standings` reads an event in five queries whatever its number of rounds (entries,
seats, seat results, penalties and nothing per row); :func:`rank` does the counting on
plain rows, so the property tests can recount from the ledgers.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from games import confirmations
from games.models import SeatResult, Table
from scoring import registry
from scoring.engine.capabilities import Standing

from .models import Entry, Penalty, RoundSeat, ShortTablePoints, SubstituteRule, Tournament


@dataclass(frozen=True)
class SeatRow:
    """A seat of a started round: its entry (None: a substitute's seat), whether a
    substitute played it for the entry, its table and position, the round's number."""

    entry: int | None
    substituted: bool
    table: int
    position: int
    round: int


@dataclass(frozen=True)
class Fixed:
    """The rule for a seat a substitute played for its player."""

    rule: str = "fixed"  # SubstituteRule.FIXED
    score: int = 0
    points: Fraction = Fraction(0)


@dataclass
class Row:
    """One player's line of the standings."""

    entry: Any  # the Entry (or any id the caller ranks)
    rank: int = 0
    table_points: Fraction = Fraction(0)
    score: int = 0
    penalties: int = 0
    games: int = 0
    live: bool = False  # counts a table still being played
    by_round: dict[int, int] = field(default_factory=dict)  # score of each round counted
    points_by_round: dict[int, Fraction] = field(default_factory=dict)
    key: tuple[Fraction, int] = (Fraction(0), 0)

    @property
    def sort_value(self) -> float:
        """One number ordering the players as the standings do (for Swiss seating)."""
        return float(self.key[0]) * 1e12 + self.key[1]


def short_points(points: Sequence[int], seats: int,
                 rule: str = "places") -> tuple[Fraction, ...]:
    """The table points by place at a table of ``seats`` players, ``points`` those of a
    full table: the first ``seats`` places' points, scaled by ``rule`` (a value of
    :class:`~events.models.ShortTablePoints`, "places" by default; the module's
    docstring) at a table short of the full one."""
    first = tuple(Fraction(p) for p in points[:seats])
    total = sum(first, Fraction(0))
    if rule != ShortTablePoints.PER_PLAYER or seats >= len(points) or not total:
        return first
    # What a full table gives each of its players, times this table's players.
    factor = Fraction(sum(points), len(points)) * seats / total
    return tuple(p * factor for p in first)


def shares(scores: Mapping[int, int], points: Sequence[int | Fraction]) -> dict[int, Fraction]:
    """Each position's table points at a table whose positions ended with ``scores``: by
    place, tied positions sharing the points of the places they cover."""
    order = sorted(scores.values(), reverse=True)
    out = {}
    for position, score in scores.items():
        first = order.index(score)
        covered = order.count(score)
        given = [points[i] if i < len(points) else 0 for i in range(first, first + covered)]
        out[position] = Fraction(sum(given, Fraction(0)), covered)
    return out


def rank(entries: Iterable[Any], seats: Iterable[SeatRow],
         results: Mapping[tuple[int, int], int], finished: Mapping[int, bool],
         penalties: Mapping[Any, int], points: Sequence[int], fixed: Fixed,
         entry_key: Any = None, short: str = "places") -> list[Row]:
    """The standings from plain rows: ``results`` the score (end less start points) of
    each (table, position) played, ``finished`` whether each table ended, ``penalties``
    each entry's sum, ``points`` the table points by place at a full table (none: rank
    by score), ``short`` what a table of fewer earns (:func:`short_points`).
    ``entry_key`` maps an entry to the id ``seats`` and ``penalties`` use (its ``pk``)."""
    key_of = entry_key or (lambda e: e.pk)
    rows = {key_of(e): Row(entry=e) for e in entries}
    by_table: dict[int, dict[int, int]] = defaultdict(dict)
    for (table, position), score in results.items():
        by_table[table][position] = score
    table_points = ({t: shares(s, short_points(points, len(s), short))
                     for t, s in by_table.items()} if points else {})
    for seat in seats:
        row = rows.get(seat.entry) if seat.entry is not None else None
        if row is None or (seat.table, seat.position) not in results:
            continue
        if seat.substituted and fixed.rule == SubstituteRule.NOTHING:
            continue
        if seat.substituted and fixed.rule == SubstituteRule.FIXED:
            score, earned = fixed.score, fixed.points if points else None
        else:
            score = results[(seat.table, seat.position)]
            earned = table_points[seat.table][seat.position] if points else None
            row.live = row.live or not finished.get(seat.table, False)
        row.score += score
        row.games += 1
        row.by_round[seat.round] = row.by_round.get(seat.round, 0) + score
        if earned is not None:  # Fractions only where table points count (they cost)
            row.table_points += earned
            row.points_by_round[seat.round] = row.points_by_round.get(seat.round, 0) + earned
    for entry_id, total in penalties.items():
        if entry_id in rows:
            rows[entry_id].penalties += total
            rows[entry_id].score += total
    for row in rows.values():
        row.key = (row.table_points if points else Fraction(0), row.score)
    ordered = sorted(rows.values(), key=lambda r: r.key, reverse=True)
    for i, row in enumerate(ordered):
        row.rank = ordered[i - 1].rank if i and ordered[i - 1].key == row.key else i + 1
    return ordered


@dataclass
class Standings:
    convention: Standing
    points: tuple[int, ...]  # the table points by place (none: by score)
    rows: list[Row]
    # The hands counted at the event's tables, all rounds: which version of the event
    # the standings are (a live page, or bench/event_round_end.py, compares them).
    hands: int = 0

    def score_text(self, value: int) -> str:
        return score_text(value, self.convention)


def score_text(value: int, convention: Standing) -> str:
    """A score as the convention shows it: 45300 at unit 1000, one decimal: "+45.3"."""
    shown = Decimal(value) / Decimal(convention.unit)
    text = f"{shown:+.{convention.decimals}f}"
    return text.replace("-", "−")  # a minus sign, not a hyphen


def points_text(value: Fraction) -> str:
    """Table points: "4", "2.5", "2.33" (three tied players share 7)."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0")


def convention_of(event: Tournament) -> tuple[Standing, tuple[int, ...]]:
    """The event's convention and its table points (from the event's rules' option when
    the convention names one)."""
    convention = registry.standing(event.ruleset, event.standing)
    points = convention.table_points
    option = convention.table_points_option
    if option:
        value = (event.options or {}).get(option)
        if isinstance(value, list) and value and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            points = tuple(value)
    return convention, tuple(points[:event.seats]) if points else ()


def seat_rows(event: Tournament) -> list[SeatRow]:
    """The seats of the event's started rounds (one query)."""
    return [SeatRow(entry, substitute is not None, table, position, number)
            for entry, substitute, table, position, number in
            RoundSeat.objects.filter(round_table__round__tournament=event,
                                     round_table__table__isnull=False)
            .values_list("entry_id", "substitute_id", "round_table__table_id", "position",
                         "round_table__round__number")]


def unconfirmed_by_entry(event: Tournament) -> dict[int, int]:
    """Confirmation by the table (issue 29): how many hands not yet confirmed (or
    disputed) each entry has at the tables of the event's started rounds; {} when the
    event's tables do not ask (a few queries, whatever the number of rounds)."""
    if not event.confirm_hands:
        return {}
    seats = seat_rows(event)
    counts = confirmations.unconfirmed(Table.objects.filter(pk__in={s.table for s in seats}))
    out: dict[int, int] = defaultdict(int)
    for seat in seats:
        if seat.entry is not None and counts.get(seat.table):
            out[seat.entry] += counts[seat.table]
    return dict(out)


@dataclass
class Counted:
    """What an event's standings are counted from, as read: each table's seats' scores
    (end less start points), whether it ended and its hands, each entry's penalties.
    A live page's process keeps one and re-reads only the tables that changed
    (:meth:`refresh`): events.consumers."""

    convention: Standing
    points: tuple[int, ...]
    entries: list[Entry]
    seats: list[SeatRow]
    penalties: dict[int, int]
    fixed: Fixed
    short: str = "places"  # ShortTablePoints: what a table of three earns (short_points)
    results: dict[tuple[int, int], int] = field(default_factory=dict)
    finished: dict[int, bool] = field(default_factory=dict)
    hands: dict[int, int] = field(default_factory=dict)

    def read(self, rows: Iterable[tuple[int, int, int, int, bool, int]]) -> None:
        for table, position, final, start, done, played in rows:
            self.results[(table, position)] = final - start
            self.finished[table] = done
            self.hands[table] = max(self.hands.get(table, 0), played)

    def refresh(self, table_id: int) -> None:
        """Read one table's seats again (one query), after a write at it."""
        self.hands.pop(table_id, None)
        self.read(SeatResult.objects.filter(table_id=table_id).values_list(*_RESULT))

    def ranked(self) -> Standings:
        rows = rank(self.entries, self.seats, self.results, self.finished, self.penalties,
                    self.points, self.fixed, short=self.short)
        return Standings(self.convention, self.points, rows, sum(self.hands.values()))


_RESULT = ("table_id", "position", "final", "start", "table__finished", "hands")


def counted(event: Tournament) -> Counted:
    """Everything the event's standings are counted from, in four queries whatever the
    number of rounds: entries, seats, the seats' results, penalties."""
    convention, points = convention_of(event)
    entries = list(Entry.objects.filter(tournament=event).select_related("player")
                   .order_by("number"))
    penalties: dict[int, int] = defaultdict(int)
    for entry_id, amount in Penalty.objects.filter(tournament=event).values_list(
            "entry_id", "points"):
        penalties[entry_id] += amount
    fixed = Fixed(event.substitute_rule, event.substitute_score,
                  Fraction(event.substitute_points))
    out = Counted(convention, points, entries, seat_rows(event), dict(penalties), fixed,
                  event.short_table_points)
    out.read(SeatResult.objects.filter(table__round_table__round__tournament=event)
             .values_list(*_RESULT))
    return out


def standings(event: Tournament) -> Standings:
    """The event's standings, best first (four queries)."""
    return counted(event).ranked()
