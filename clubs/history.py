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

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import QuerySet
from django.db.models.functions import Coalesce

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

    games: int
    firsts: int
    place_sum: int
    points: int


@dataclass(frozen=True)
class Chain:
    """A ruleset's finished games, folded: each player's line and rating."""

    ruleset: str
    lines: dict[int, Line]
    ratings: dict[int, rating.Rating]


def finished_rows(tables: QuerySet[Table]) -> list[tuple[int, str, str, str, int, int, int,
                                                        int]]:
    """The seats of ``tables``' finished ones, oldest first (by when they ended), each as
    ``(table_id, public_id, name, ruleset, player_id, final, start, place)``."""
    return list(SeatResult.objects.filter(table__in=tables.filter(finished=True).values("pk"))
                .order_by(Coalesce("table__finished_at", "table__created_at"), "table_id",
                          "position")
                .values_list("table_id", "table__public_id", "table__name", "table__ruleset",
                             "player_id", "final", "start", "place"))


def ruleset_order(name: str) -> int:
    usable = registry.usable()
    return usable.index(name) if name in usable else len(usable)


def _finished(rows: Sequence[Version]) -> list[Version]:
    return [row for row in rows if row[3]]


def chains(tables: QuerySet[Table], rows: Sequence[Version] | None = None) -> list[Chain]:
    """The finished ones of ``tables`` folded per ruleset (the site's order of rulesets);
    ``rows``: their versions when the caller has read them already."""
    if rows is None:
        rows = seat_results.versions(tables)
    key = ("chains", _FORMAT, seat_results.version_key(_finished(rows)))
    return _KEPT.get(key, lambda: _fold(tables))


def _fold(tables: QuerySet[Table]) -> list[Chain]:
    games: dict[str, list[rating.Game]] = {}
    lines: dict[str, dict[int, list[int]]] = {}
    current: tuple[int, str, str, str] | None = None
    players: list[int] = []
    finals: list[int] = []

    def close() -> None:
        if current is not None:
            table_id, key, label, ruleset = current
            games.setdefault(ruleset, []).append(rating.Game(
                key=key, label=label, players=tuple(players), finals=tuple(finals),
                table_id=table_id))

    for table_id, key, label, ruleset, player_id, final, start, place in finished_rows(tables):
        if current is None or current[0] != table_id:
            close()
            current, players, finals = (table_id, key, label, ruleset), [], []
        players.append(player_id)
        finals.append(final)
        line = lines.setdefault(ruleset, {}).setdefault(player_id, [0, 0, 0, 0])
        line[0] += 1
        line[1] += place == 1
        line[2] += place
        line[3] += final - start
    close()
    names = sorted(games, key=ruleset_order)
    ratings = rating.rate_all({name: games[name] for name in names})
    return [Chain(name, {pid: Line(*line) for pid, line in lines[name].items()}, ratings[name])
            for name in names]


def tallies(tables: QuerySet[Table], rows: Sequence[Version] | None = None) -> Tallies:
    """Each player's statistics per ruleset over ``tables``: the finished ones kept per
    version, those in play added up on each read (:func:`games.seat_results.kept_tallies`)."""
    return seat_results.kept_tallies(
        tables, seat_results.versions(tables) if rows is None else rows)
