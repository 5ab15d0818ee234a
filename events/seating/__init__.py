"""Seating for tournaments and league nights: pure Python, no Django (like the engine).

    from events.seating import no_repeat, swiss, random_rounds, fixed, parse_fixed, Layout

* :func:`no_repeat` plans rounds in which no two players meet twice where that can be
  done (combinatorial designs, then a tabu search), winds balanced;
* :func:`swiss` seats one round by standing, avoiding repeats where that costs little;
* :func:`random_rounds` draws rounds at random;
* :func:`fixed` checks the organiser's own seating (:func:`parse_fixed` reads it typed).

Players are any hashable values; the present players of the rounds are given, the
rounds played as ``history``. A :class:`Layout` says the table size (4, or 3 for a
three-player ruleset) and what fills a shortfall: :class:`Substitute` seats or
three-player tables (:class:`Fill`). Each method returns a :class:`Plan` whose
:class:`Quality` puts the repeats and wind balance beside their bounds. Bad input raises
a :class:`SeatingError` with a stable code; nothing hangs and nothing returns empty: a
method that searches returns the best plan found within its time limit (2 s).
"""

from .errors import (
                     BadLayout,
                     BadRounds,
                     CannotFill,
                     DuplicatePlayer,
                     EmptySeating,
                     MissingStanding,
                     PlayerMissing,
                     PlayerTwice,
                     SeatingError,
                     TooFewPlayers,
                     TooManyPlayers,
                     UnknownPlayer,
                     WrongTableSize,
)
from .fixed import fixed, parse_fixed
from .methods import MAX_PLAYERS, MAX_ROUNDS, TIME_LIMIT, no_repeat, random_rounds, swiss
from .model import WINDS, Fill, Layout, Plan, Player, Quality, Round, Substitute, Table

__all__ = [
    "MAX_PLAYERS", "MAX_ROUNDS", "TIME_LIMIT", "WINDS",
    "BadLayout", "BadRounds", "CannotFill", "DuplicatePlayer", "EmptySeating", "Fill",
    "Layout", "MissingStanding", "Plan", "Player", "PlayerMissing", "PlayerTwice",
    "Quality", "Round", "SeatingError", "Substitute", "Table", "TooFewPlayers",
    "TooManyPlayers", "UnknownPlayer", "WrongTableSize",
    "fixed", "no_repeat", "parse_fixed", "random_rounds", "swiss",
]
