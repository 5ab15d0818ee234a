"""Ratings of a group's players per ruleset, with OpenSkill (Plackett-Luce model).

Why OpenSkill: it rates free-for-all games of any number of players from their finishing
order (ties allowed), as a mahjong table is, with a Bayesian skill estimate (mu) and its
uncertainty (sigma) like TrueSkill, but it is MIT-licensed, unencumbered by TrueSkill's
patent, actively maintained, and its Python package has no dependencies. Plackett-Luce
is the model its authors recommend for free-for-all games.

A rating is worked out afresh from the group's finished games every time it is shown,
oldest game first, so a corrected hand, an undone game or a table added or removed later
changes every rating after it at once: nothing is stored that could go stale. The number
shown is the conservative ordinal ``mu - 3·sigma`` (0 for a newcomer, rising with games
played well), which ranks a player with few games below an equally good regular.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce


@dataclass(frozen=True)
class Game:
    """One finished game: its key (a table's public id), label, and the players by seat
    with their final points."""

    key: str
    label: str
    players: Sequence[int]
    finals: Sequence[int]


@dataclass
class Rating:
    player: int
    mu: float
    sigma: float
    games: int = 0
    # (game key, game label, ordinal after it), oldest first.
    history: list[tuple[str, str, float]] = field(default_factory=list)

    @property
    def ordinal(self) -> float:
        return round(self.mu - 3 * self.sigma, 2)


def ranks(finals: Sequence[int]) -> list[int]:
    """1 for the best; equal points share a rank."""
    return [1 + sum(1 for other in finals if other > mine) for mine in finals]


def rate(games: Iterable[Game]) -> dict[int, Rating]:
    """Every player's rating after ``games`` (oldest first)."""
    model: Any = PlackettLuce()
    ratings: dict[int, Rating] = {}
    for game in games:
        current = []
        for player in game.players:
            if player not in ratings:
                start = model.rating()
                ratings[player] = Rating(player, start.mu, start.sigma)
            r = ratings[player]
            current.append([model.create_rating([r.mu, r.sigma])])
        updated = model.rate(current, ranks=ranks(game.finals))
        for player, (new,) in zip(game.players, updated, strict=True):
            r = ratings[player]
            r.mu, r.sigma = new.mu, new.sigma
            r.games += 1
            r.history.append((game.key, game.label, r.ordinal))
    return ratings
