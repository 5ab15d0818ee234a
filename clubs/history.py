"""What a group's finished tables add up to (leaderboard lines, ratings, the members'
statistics), worked out once per version of those tables and kept (:mod:`common.memo`).

The version is every table's id, seq and updated_at, over the tables the reader may
open (:func:`games.seat_results.versions`, one query): a table that finishes, changes
(a hand recorded, undone or corrected, the game ended or reopened, a seat or its
visibility changed) or goes, and a table attached or taken out, make a new version.
The first reader of a version works it out from the seats' stored results and the
ratings' cached steps (:mod:`clubs.rating`), never the hands; every later reader pays
the one query. Names (players', rulesets', units) are not kept: each page reads and
translates them.

Tables still in play are not history: the statistics add their rows to the kept part on
each read (the tables of one evening at most), so a hand recorded tonight leaves the
group's history as it was.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet, TextField
from django.db.models.functions import Cast, Coalesce
from django.utils.dateparse import parse_datetime

from common.memo import Memo
from games import seat_results
from games.models import SeatResult, Table
from games.seat_results import Tallies, Version
from scoring import registry

from . import rating

# A few dozen groups' histories per process; a version no page asks for ages out.
_KEPT = Memo(64)

# Part of every key: a change to what is kept, or to how it is worked out, must not meet
# an entry an older version of the code made (a process keeps its entries until it ends).
_FORMAT = 1


@dataclass(frozen=True)
class Line:
    """One player's line of a ruleset's leaderboard: games, first places, the sum of
    their places, and of their final points minus their start points."""

    games: int = 0
    firsts: int = 0
    place_sum: int = 0
    points: int = 0

    def plus(self, place: int, points: int) -> Line:
        return Line(self.games + 1, self.firsts + (place == 1), self.place_sum + place,
                    self.points + points)


@dataclass(frozen=True)
class Chain:
    """A ruleset's finished games, folded: each player's line and rating."""

    ruleset: str
    lines: dict[int, Line]
    rated: rating.Rated

    @property
    def ratings(self) -> dict[int, rating.Rating]:
        return self.rated.ratings


@dataclass(frozen=True)
class Folded:
    """The chains of a set of finished tables, and where the last of them stands in the
    order they are rated in (when it ended, then its id): a table that ends after it
    goes on from here."""

    chains: list[Chain]
    last: tuple[datetime, int] | None = None


# (table_id, public_id, name, ruleset, player_id, final, start, place, ended)
Row = tuple[int, str, str, str, int, int, int, int, str]


def finished_rows(tables: QuerySet[Table]) -> list[Row]:
    """The seats of ``tables``' finished ones, oldest first (by when they ended, then the
    table's id), each as ``(table_id, public_id, name, ruleset, player_id, final, start,
    place, ended)``; ``ended`` is when the table ended (its creation when that is not
    known) as the database writes it: :func:`_when` reads the one or two compared."""
    ended = Coalesce("table__finished_at", "table__created_at")
    return list(SeatResult.objects.filter(table__in=tables.filter(finished=True).values("pk"))
                .annotate(ended=Cast(ended, TextField()))
                .order_by(ended, "table_id", "position")
                .values_list("table_id", "table__public_id", "table__name", "table__ruleset",
                             "player_id", "final", "start", "place", "ended"))


def ruleset_order(name: str) -> int:
    usable = registry.usable()
    return usable.index(name) if name in usable else len(usable)


def chains(tables: QuerySet[Table], rows: Sequence[Version] | None = None,
           scope: Hashable = None) -> list[Chain]:
    """The finished ones of ``tables`` folded per ruleset (the site's order of rulesets);
    ``rows``: their versions when the caller has read them already; ``scope``: whose
    figures these are (a group), so that a table ending there adds to the last ones."""
    if rows is None:
        rows = seat_results.versions(tables)
    folded = _KEPT.versioned(
        ("chains", _FORMAT), seat_results.finished_versions(rows),
        lambda: _fold_all(finished_rows(tables)),
        lambda base, added: _fold(finished_rows(Table.objects.filter(pk__in=added)), base),
        scope)
    return folded.chains


def _fold_all(rows: list[Row]) -> Folded:
    folded = _fold(rows)
    assert folded is not None  # nothing before them to end after
    return folded


def _fold(rows: list[Row], base: Folded | None = None) -> Folded | None:
    """Fold ``rows`` (:func:`finished_rows`) after ``base``'s games; None when one of
    them ended before the last of ``base`` (then they must all be folded again)."""
    if base is not None and rows and base.last is not None and (
            (_when(rows[0][8]), rows[0][0]) < base.last):
        return None
    games: dict[str, list[rating.Game]] = {}
    before = {chain.ruleset: chain for chain in base.chains} if base is not None else {}
    lines = {name: dict(chain.lines) for name, chain in before.items()}
    current: Row | None = None
    players: list[int] = []
    finals: list[int] = []

    def close() -> None:
        if current is not None:
            games.setdefault(current[3], []).append(rating.Game(
                key=current[1], label=current[2], players=tuple(players),
                finals=tuple(finals), table_id=current[0]))

    for row in rows:
        if current is None or current[0] != row[0]:
            close()
            current, players, finals = row, [], []
        ruleset, player_id, final, start, place = row[3], row[4], row[5], row[6], row[7]
        players.append(player_id)
        finals.append(final)
        mine = lines.setdefault(ruleset, {})
        mine[player_id] = mine.get(player_id, Line()).plus(place, final - start)
    close()
    names = sorted(lines, key=ruleset_order)
    rated = rating.rate_on(games, after={name: chain.rated for name, chain in before.items()})
    last = ((_when(current[8]), current[0]) if current is not None
            else base.last if base is not None else None)
    return Folded([Chain(name, lines[name], rated[name]) for name in names], last)


def _when(text: str) -> datetime:
    # Parsed only for the one or two rows compared, not for every seat of the history.
    when = parse_datetime(text)
    if when is None:
        raise ValueError(f"not a time: {text!r}")
    return when


def tallies(tables: QuerySet[Table], rows: Sequence[Version] | None = None,
            scope: Hashable = None) -> Tallies:
    """Each player's statistics per ruleset over ``tables``: the finished ones kept per
    version, those in play added up on each read (:func:`games.seat_results.kept_tallies`)."""
    return seat_results.kept_tallies(
        tables, seat_results.versions(tables) if rows is None else rows, scope=scope)
