"""Ratings of a group's players per ruleset, with OpenSkill (Plackett-Luce model).

Why OpenSkill: it rates free-for-all games of any number of players from their finishing
order (ties allowed), as a mahjong table is, with a Bayesian skill estimate (mu) and its
uncertainty (sigma) like TrueSkill, but it is MIT-licensed, unencumbered by TrueSkill's
patent, actively maintained, and its Python package has no dependencies. Plackett-Luce
is the model its authors recommend for free-for-all games.

A rating is worked out from the group's finished games, oldest game first, so a
corrected hand, an undone game or a table added or removed later changes every rating
after it at once. Each game's step (its players' ratings after it) is cached in
:class:`clubs.models.RatingStep` under a hash of the whole sequence up to and including
it (players and final points of every game before): a step can never go stale, since
any change to an earlier game (or to the games a reader may see) changes the key of
every step from that game on, and only those are worked out again, once. The number
shown is the conservative ordinal ``mu - 3·sigma`` (0 for a newcomer, rising with games
played well), which ranks a player with few games below an equally good regular.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import DatabaseError, transaction
from openskill.models import PlackettLuce

from games.seat_results import places

from .models import RatingStep

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Game:
    """One finished game: its key (a table's public id), label, and the players by seat
    with their final points."""

    key: str
    label: str
    players: Sequence[int]
    finals: Sequence[int]
    table_id: int | None = None  # the table whose removal drops its cached steps


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
    return places(finals)


# The model and its settings: changing either must change every step's key.
MODEL = "openskill PlackettLuce() defaults"


def step_keys(games: Sequence[Game], previous: str = MODEL) -> list[str]:
    """Each game's key in the cache: a hash of every game up to it, in order (``previous``:
    the key of the game before the first, when the sequence goes on from one)."""
    keys = []
    for game in games:
        text = json.dumps([previous, game.key, list(game.players), list(game.finals)])
        previous = hashlib.sha256(text.encode()).hexdigest()
        keys.append(previous)
    return keys


@dataclass
class Rated:
    """A sequence of games rated: every player's rating after it, and the key of its last
    step (where a longer sequence goes on from)."""

    ratings: dict[int, Rating] = field(default_factory=dict)
    last_key: str = MODEL


def rate(games: Iterable[Game], cached: bool = True) -> dict[int, Rating]:
    """Every player's rating after ``games`` (oldest first); ``cached``: steps already
    worked out are read from the cache and new ones stored (two queries at most)."""
    return rate_all({"": list(games)}, cached)[""]


def rate_all(chains: dict[str, list[Game]], cached: bool = True) -> dict[str, dict[int, Rating]]:
    """:func:`rate` of several sequences (a group's rulesets) with one cache lookup."""
    return {name: rated.ratings for name, rated in rate_on(chains, cached).items()}


def rate_on(chains: dict[str, list[Game]], cached: bool = True,
            after: dict[str, Rated] | None = None) -> dict[str, Rated]:
    """:func:`rate_all`, each sequence going on from ``after``'s rating of the games
    before it (copied, never changed: it may be kept and shared) when given: the same
    as rating all the games from the first, at the cost of the new ones."""
    after = after or {}
    keys = {name: step_keys(games, after[name].last_key if name in after else MODEL)
            for name, games in chains.items()}
    stored: dict[str, list[list[float]]] = {}
    if cached:
        wanted = [k for ks in keys.values() for k in ks]
        if wanted:
            stored = dict(RatingStep.objects.filter(key__in=wanted)
                          .values_list("key", "after"))
    model: Any = PlackettLuce()
    out: dict[str, Rated] = {}
    new: dict[str, RatingStep] = {}
    for name in {**after, **chains}:
        games = chains.get(name, [])
        start = after.get(name, Rated())
        ratings = {p: Rating(p, r.mu, r.sigma, r.games, list(r.history))
                   for p, r in start.ratings.items()}
        for game, key in zip(games, keys.get(name, []), strict=True):
            for player in game.players:
                if player not in ratings:
                    first = model.rating()
                    ratings[player] = Rating(player, first.mu, first.sigma)
            step = stored.get(key)
            if step is None:
                current = [[model.create_rating([ratings[p].mu, ratings[p].sigma])]
                           for p in game.players]
                updated = model.rate(current, ranks=ranks(game.finals))
                step = [[new_rating.mu, new_rating.sigma] for (new_rating,) in updated]
                if cached and game.table_id is not None:
                    new[key] = RatingStep(key=key, table_id=game.table_id, after=step)
            for player, (mu, sigma) in zip(game.players, step, strict=True):
                r = ratings[player]
                r.mu, r.sigma = mu, sigma
                r.games += 1
                r.history.append((game.key, game.label, r.ordinal))
        out[name] = Rated(ratings, keys[name][-1] if keys.get(name) else start.last_key)
    if new:
        try:
            with transaction.atomic():
                # Another reader may have stored the same steps meanwhile: equal by key.
                RatingStep.objects.bulk_create(new.values(), ignore_conflicts=True)
        except DatabaseError as exc:
            # A page read must not fail on its cache (SQLite busy with a write): the
            # ratings shown are right, the next read stores the steps.
            logger.info("rating steps not cached: %s", exc)
    return out
