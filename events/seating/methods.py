"""The seating methods: no-repeat, Swiss and random (``fixed.py`` has the organiser's own).

Each takes the *present* players of the rounds to seat (any hashable values), the rounds
already played (``history``: rounds of tables, each a :class:`~.model.Table` or a
sequence of seats in wind order; players no longer present are ignored) and the
:class:`~.model.Layout`, and returns a :class:`~.model.Plan` whose quality counts the
history too. Everything is seeded: the same input and ``seed`` give the same plan,
except where the time limit stopped a search (a slower machine may stop earlier).

To re-seat after a change of players (an absence, a dropout, a late entry), call the
method again for the remaining rounds with the rounds played as ``history``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import SupportsFloat, TypeVar

from .designs import best_design, spread_empty
from .errors import BadRounds, DuplicatePlayer, MissingStanding, TooManyPlayers
from .model import FOUR, Fill, Layout, Plan, Player, Round, Substitute, Table
from .quality import TableLike, is_short, measure, seats_of
from .search import MeetingSearch
from .winds import balance, settle

MAX_PLAYERS = 1024
MAX_ROUNDS = 64
TIME_LIMIT = 2.0
# Swiss: a repeated meeting costs as much as moving three players one table from their
# standing's (moves cost the square of the distance), so a swap of two neighbours'
# players (1 + 1) to avoid a repeat is made, one over two tables (4 + 4) is not.
REPEAT_COST = 3
# ... and however many repeats it avoids, no swap seats a player further than this many
# tables from their standing's (swaps chain: without it, a player moved two tables down
# could be moved on from there).
MAX_MOVE = 2

SlotTables = list[list[int]]
P = TypeVar("P", bound=Player)
History = Iterable[Iterable[TableLike]]


class _Context:
    """The players as slots 0..n-1, the empty seats n..n+e-1, and the history counted
    on slots: meetings (the empty seat as one identity, index n), winds, rounds played."""

    def __init__(self, players: Sequence[Player], layout: Layout, history: History,
                 rounds: int, started: float, time_limit: float) -> None:
        self.players = list(players)
        seen: set[Player] = set()
        for p in self.players:
            if p in seen:
                raise DuplicatePlayer(f"{p} is listed twice.", {"player": str(p)})
            seen.add(p)
        n = len(self.players)
        if n > MAX_PLAYERS:
            raise TooManyPlayers(f"{n} players is more than {MAX_PLAYERS}.",
                                 {"count": n, "max": MAX_PLAYERS})
        if not 1 <= rounds <= MAX_ROUNDS:
            raise BadRounds(f"Rounds must be from 1 to {MAX_ROUNDS}, not {rounds}.",
                            {"count": rounds, "min": 1, "max": MAX_ROUNDS})
        self.layout = layout
        self.k = layout.table_size
        self.n = n
        self.empty = layout.empty_seats(n)
        self.slots = n + self.empty
        self.rounds = rounds
        self.started = started
        self.deadline = started + max(0.0, time_limit)
        self.history = [[seats_of(t) for t in tables] for tables in history]
        index = {p: i for i, p in enumerate(self.players)}
        self.meet = [[0] * (n + 1) for _ in range(n + 1)]
        self.winds = [[0] * 4 for _ in range(n)]
        self.played = [rounds] * n
        for tables in self.history:
            for seats in tables:
                here = [(index[s], w) for w, s in enumerate(seats)
                        if not isinstance(s, Substitute) and s in index]
                short = is_short(seats, layout)
                for i, (a, w) in enumerate(here):
                    self.winds[a][w] += 1
                    self.played[a] += 1
                    if short:
                        self.meet[a][n] += 1
                        self.meet[n][a] += 1
                    for b, _ in here[i + 1:]:
                        self.meet[a][b] += 1
                        self.meet[b][a] += 1

    def random_round(self, rng: random.Random) -> SlotTables:
        """A random round, each empty seat at a table of its own."""
        order = list(range(self.n))
        rng.shuffle(order)
        count = self.slots // self.k
        short = set(rng.sample(range(count), self.empty))
        tables = []
        for t in range(count):
            size = self.k - 1 if t in short else self.k
            tables.append(order[:size])
            del order[:size]
        for e, t in enumerate(sorted(short)):
            tables[t].insert(rng.randrange(self.k), self.n + e)
        return tables

    def from_start(self, tables: Iterable[TableLike], rng: random.Random) -> SlotTables:
        """A round of slots from a round given in players: see :func:`no_repeat`."""
        index = {p: i for i, p in enumerate(self.players)}
        count = self.slots // self.k
        out: list[list[int | None]] = []
        for table in tables:
            seats = [index.get(s) if not isinstance(s, Substitute) else None
                     for s in seats_of(table)]
            out.append(seats + [None] * (self.k - len(seats)))
        placed = {s for table in out for s in table if s is not None}
        # Too many tables: the emptiest go and their players are seated again.
        out.sort(key=lambda t: sum(s is None for s in t))
        for table in out[count:]:
            placed -= {s for s in table if s is not None}
        out = out[:count] + [[None] * self.k for _ in range(count - len(out))]
        waiting = [p for p in range(self.n) if p not in placed]
        rng.shuffle(waiting)
        # One empty seat a table: first in the holes, emptiest tables first; past
        # those, a player makes way for it and is seated again.
        order = sorted(range(count), key=lambda t: (-sum(s is None for s in out[t]),
                                                    rng.random()))
        for e, t in zip(range(self.n, self.slots), order, strict=False):
            holes = [i for i, s in enumerate(out[t]) if s is None]
            i = rng.choice(holes) if holes else rng.randrange(self.k)
            evicted = out[t][i]
            if evicted is not None:
                waiting.append(evicted)
            out[t][i] = e
        holes_left = [(t, i) for t, table in enumerate(out) for i, s in enumerate(table)
                      if s is None]
        for (t, i), p in zip(holes_left, waiting, strict=True):
            out[t][i] = p
        return [[s for s in table if s is not None] for table in out]

    def plan(self, rounds: list[SlotTables], method: str,
             colours: list[list[list[int]]] | None = None) -> Plan:
        """Winds for the slot rounds (``colours``: a start, else balanced here), then the
        plan in the caller's players."""
        winds = self.k
        north = self.layout.fill is Fill.THREE_PLAYER
        if colours is None:
            colours = balance(rounds, self.slots, winds, self.n if north else None)
        settle(rounds, colours, winds, self.winds, self.n, self.played, north,
               self.deadline)
        out: list[Round] = []
        for tables, cols in zip(rounds, colours, strict=True):
            made = []
            subs = 0
            for table, col in zip(tables, cols, strict=True):
                seats: list[object] = [None] * winds
                for s, w in zip(table, col, strict=True):
                    if s < self.n:
                        seats[w] = self.players[s]
                    elif not north:
                        subs += 1
                        seats[w] = Substitute(subs)
                made.append(Table(tuple(s for s in seats if s is not None)))
            # Full tables first, each part in the order made.
            made.sort(key=lambda t: -len(t.players))
            out.append(tuple(made))
        seconds = time.perf_counter() - self.started
        quality = measure(out, self.players, self.history, self.layout, method=method,
                          seconds=seconds)
        return Plan(tuple(out), quality)


def no_repeat(players: Sequence[Player], rounds: int, *, history: History = (),
              start: History = (), layout: Layout = FOUR, seed: int = 0,
              time_limit: float = TIME_LIMIT) -> Plan:
    """``rounds`` rounds in which as few pairs as possible meet more than once (over the
    history too), each player's winds balanced within ⌈rounds/4⌉.

    A combinatorial design (``designs.py``) gives the rounds whole where one fits the
    number of seats: then no two players meet twice. Rounds it does not give, and every
    round when there is a history, are improved by a search (``search.py``) until the
    lower bound or ``time_limit`` seconds; the best plan found is returned.

    ``start``: rounds to begin from instead (the rest of the plan made before a player
    dropped out or came late): each present player keeps their table, the seats of those
    no longer present take the newcomers, then substitutes (or become the missing seat
    of three-player tables), so that the new plan changes little and, where the old one
    had no repeat, usually none.
    """
    started = time.perf_counter()
    ctx = _Context(players, layout, history, rounds, started, time_limit)
    rng = random.Random(seed)
    slot_rounds = [ctx.from_start(tables, rng) for tables in list(start)[:rounds]]
    method = "start" if slot_rounds else "search"
    design = best_design(ctx.slots, ctx.k, rounds - len(slot_rounds), ctx.empty)
    if design is not None and design.rounds:
        empty = spread_empty(design, ctx.slots, ctx.empty, seed)
        others = [p for p in range(ctx.slots) if p not in set(empty)]
        order = list(range(ctx.n))
        rng.shuffle(order)
        label = dict(zip(others, order, strict=True))
        label.update({p: ctx.n + e for e, p in enumerate(empty)})
        slot_rounds += [[[label[p] for p in table] for table in tables]
                        for tables in design.rounds]
        method = design.name if method == "search" else f"{method}+{design.name}"
    while len(slot_rounds) < rounds:
        slot_rounds.append(ctx.random_round(rng))
    # The winds take little time (a fraction of a second at 256 x 15); the search the rest.
    reserve = min(0.3, 0.15 * time_limit)
    search = MeetingSearch(slot_rounds, ctx.n, ctx.meet, rng)
    first = search.cost
    best, cost = search.run(ctx.deadline - reserve)
    if cost < first or method == "search":
        method = "search" if method == "search" else f"{method}+search"
    return ctx.plan(best, method)


def random_rounds(players: Sequence[Player], rounds: int, *, history: History = (),
                  layout: Layout = FOUR, seed: int = 0,
                  time_limit: float = TIME_LIMIT) -> Plan:
    """``rounds`` rounds drawn at random (empty seats at different tables), winds
    balanced as in :func:`no_repeat`."""
    started = time.perf_counter()
    ctx = _Context(players, layout, history, rounds, started, time_limit)
    rng = random.Random(seed)
    slot_rounds = [ctx.random_round(rng) for _ in range(rounds)]
    return ctx.plan(slot_rounds, "random")


def swiss(players: Sequence[P], standings: Mapping[P, SupportsFloat], *,
          history: History = (), layout: Layout = FOUR, seed: int = 0,
          time_limit: float = TIME_LIMIT) -> Plan:
    """One round by standing: the top players at the first table, and so on down (ties
    in a seeded random order); the empty seats at the last tables. Then players swap
    between nearby tables where that avoids repeats cheaply (:data:`REPEAT_COST`)."""
    started = time.perf_counter()
    ctx = _Context(players, layout, history, 1, started, time_limit)
    missing = [p for p in players if p not in standings]
    if missing:
        raise MissingStanding(f"{missing[0]} has no standing.", {"player": str(missing[0])})
    score = [-float(standings[p]) for p in players]
    for p, value in zip(players, score, strict=True):
        if not math.isfinite(value):
            raise MissingStanding(f"{p} has no standing (not a number: {value}).",
                                  {"player": str(p)})
    rng = random.Random(seed)
    order = list(range(ctx.n))
    rng.shuffle(order)
    order.sort(key=lambda s: score[s])
    tables_count = ctx.slots // ctx.k
    sizes = [ctx.k] * (tables_count - ctx.empty) + [ctx.k - 1] * ctx.empty
    tables: SlotTables = []
    ideal = [0] * ctx.n
    at = 0
    for t, size in enumerate(sizes):
        tables.append(order[at:at + size])
        for s in tables[-1]:
            ideal[s] = t
        at += size
    _swiss_swaps(tables, ideal, ctx.meet, ctx.deadline - min(0.3, 0.15 * time_limit))
    for e, t in enumerate(range(tables_count - ctx.empty, tables_count)):
        tables[t].append(ctx.n + e)
    # Winds drawn at random, then settled against the rounds played.
    colours = [[rng.sample(range(ctx.k), ctx.k) for _ in tables]]
    return ctx.plan([tables], "swiss", colours=colours)


def _swiss_swaps(tables: SlotTables, ideal: list[int], meet: list[list[int]],
                 deadline: float) -> None:
    """Best-improvement swaps between tables up to two apart, each player kept within
    :data:`MAX_MOVE` tables of its ideal, until none helps."""
    where = {s: t for t, table in enumerate(tables) for s in table}

    def cost_at(s: int, t: int, skip: int) -> int:
        row = meet[s]
        return (REPEAT_COST * sum(row[u] for u in tables[t] if u != skip and u != s)
                + (t - ideal[s]) ** 2)

    improved = True
    while improved and time.perf_counter() < deadline:
        improved = False
        for ta in range(len(tables)):
            for tb in range(ta + 1, min(ta + 3, len(tables))):
                best: tuple[int, int, int] | None = None
                for a in tables[ta]:
                    if abs(tb - ideal[a]) > MAX_MOVE:
                        continue
                    for b in tables[tb]:
                        if abs(ta - ideal[b]) > MAX_MOVE:
                            continue
                        gain = (cost_at(a, ta, b) + cost_at(b, tb, a)
                                - cost_at(a, tb, b) - cost_at(b, ta, a))
                        if gain > 0 and (best is None or gain > best[0]):
                            best = (gain, a, b)
                if best is not None:
                    _, a, b = best
                    tables[ta][tables[ta].index(a)] = b
                    tables[tb][tables[tb].index(b)] = a
                    where[a], where[b] = tb, ta
                    improved = True
