"""What a seating is made of: the layout of the tables, seats, rounds and the plan.

A player is any hashable value the caller chooses (a registration's id, a name); a seat
that no registered player fills is a :class:`Substitute` (the organiser puts a substitute
there, whose results do not count for anyone's standing). A table lists its seats in wind
order: East, South, West and, at a four-player table, North.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterator
from dataclasses import dataclass

from .errors import BadLayout, CannotFill, TooFewPlayers

Player = Hashable

WINDS = ("E", "S", "W", "N")


class Fill(enum.Enum):
    """What fills the seats when the players do not fill the tables exactly.

    ``SUBSTITUTES``: every table keeps all its seats and the empty ones (at most one a
    table) are :class:`Substitute` seats: EMA and WRC riichi, MCR. ``THREE_PLAYER``: as
    many tables as needed play with three (East, South, West), the rest with four: only
    where the ruleset has a three-player form (sanma, 三人两房).
    """

    SUBSTITUTES = "substitutes"
    THREE_PLAYER = "three_player"


@dataclass(frozen=True, order=True)
class Substitute:
    """A seat for a substitute; numbered from 1 within a round."""

    number: int

    def __str__(self) -> str:
        return f"substitute {self.number}"


Seat = Hashable  # a player, or a Substitute


@dataclass(frozen=True)
class Layout:
    """How a round's tables are laid out: ``table_size`` seats (4, or 3 for a
    three-player ruleset) and what fills a shortfall (:class:`Fill`)."""

    table_size: int = 4
    fill: Fill = Fill.SUBSTITUTES

    def __post_init__(self) -> None:
        if self.table_size not in (3, 4):
            raise BadLayout(f"Tables seat 3 or 4 players, not {self.table_size}.",
                            {"size": self.table_size, "sizes": [3, 4]})
        if self.fill is Fill.THREE_PLAYER and self.table_size != 4:
            raise BadLayout("Three-player tables fill a four-player event, not a "
                            "three-player one: use substitutes.",
                            {"size": self.table_size})

    def empty_seats(self, players: int) -> int:
        """Seats no player fills: substitutes, or the missing North of three-player
        tables (one each). Refuses a count no layout of this kind can seat."""
        k = self.table_size
        least = 3 if self.fill is Fill.THREE_PLAYER else k
        if players < least:
            raise TooFewPlayers(f"{players} players cannot fill a table of {least}.",
                                {"count": players, "min": least})
        empty = -players % k
        if empty > (players + empty) // k:
            what = ("three-player tables" if self.fill is Fill.THREE_PLAYER
                    else "one substitute a table")
            raise CannotFill(f"{players} players cannot be seated at tables of {k} with "
                             f"{what}.", {"count": players})
        return empty

    def table_sizes(self, players: int) -> list[int]:
        """The number of players at each table of a round, biggest first."""
        empty = self.empty_seats(players)
        tables = (players + empty) // self.table_size
        if self.fill is Fill.THREE_PLAYER:
            return [4] * (tables - empty) + [3] * empty
        return [self.table_size] * tables


FOUR = Layout()  # four-player tables, substitutes for a shortfall: the usual layout


@dataclass(frozen=True)
class Table:
    """One table of a round: its seats in wind order (East first)."""

    seats: tuple[Seat, ...]

    @property
    def players(self) -> tuple[Player, ...]:
        return tuple(s for s in self.seats if not isinstance(s, Substitute))

    def wind_of(self, player: Player) -> str:
        return WINDS[self.seats.index(player)]


Round = tuple[Table, ...]


@dataclass(frozen=True)
class Quality:
    """How good a plan is, counted over the history and the plan together, each figure
    beside the bound no plan can beat.

    ``repeats``: meetings beyond the first, summed over pairs of present players (0 when
    no two players meet twice); ``repeats_bound`` a lower bound for it; ``repeated_pairs``
    the pairs that meet more than once; ``most_meetings`` the most times one pair meets.
    ``wind_most``: the most times one player sits one wind; ``wind_over``: the sittings
    beyond each player's own bound, summed (0 when every player keeps within it), the
    bound being ⌈rounds played / winds⌉ (or ⌈rounds at three-player tables / 3⌉ if more,
    those tables having no North); ``wind_bound`` the largest player's bound.
    ``short_most``: the most times one player sits at a table with a substitute or with
    three. ``optimal``: the repeats are at their bound, so no plan has fewer;
    ``method`` what made the plan (a design's name, such as ``AG(2,4)`` when a
    combinatorial design gave it whole, ``+search`` when the search had rounds to
    improve, ``swiss``, ``random`` or ``fixed``); ``seconds`` the time it took.
    """

    repeats: int
    repeats_bound: int
    repeated_pairs: int
    most_meetings: int
    wind_most: int
    wind_over: int
    wind_bound: int
    short_most: int
    optimal: bool
    method: str
    seconds: float


@dataclass(frozen=True)
class Plan:
    """The generated rounds (each a tuple of tables) and their :class:`Quality`."""

    rounds: tuple[Round, ...]
    quality: Quality

    def __iter__(self) -> Iterator[Round]:
        return iter(self.rounds)

    def __len__(self) -> int:
        return len(self.rounds)

    def seat_of(self, player: Player, round_index: int) -> tuple[int, str] | None:
        """(table index from 0, wind) of ``player`` in the round, or None if not seated."""
        for t, table in enumerate(self.rounds[round_index]):
            if player in table.seats:
                return t, table.wind_of(player)
        return None
