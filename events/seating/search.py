"""Simulated annealing that moves players between the tables of a round until no two
meet twice.

The state is every generated round as tables of *slots*: 0..n-1 are the players, n and up
the empty seats (substitutes, or a three-player table's missing North). Each pair's
meetings are counted over the history and the plan; a pair of players that meets c times
costs PAIR x c(c-1)/2, so that the search spreads unavoidable repeats rather than piling
them on one pair. All empty seats count as one identity: a player's meetings with it are
the rounds they play at a short table, spread the same way at weight 1 (fairness among
short tables gives way to any repeat), and two empty seats at one table cost more than
anything else (a table of two).

A step swaps a player who has met a tablemate before (a *conflict*) with a random player
of another table of the same round, and keeps the swap if it lowers the cost, or by the
Metropolis rule as the temperature falls over the time allowed. It stops when the
repeats reach their lower bound and no player sits at short tables more often than the
rounds force, or at the deadline, and returns the best plan seen: it cannot hang and it
always has a plan.
"""

from __future__ import annotations

import math
import random
import time

Tables = list[list[int]]

PAIR = 16  # a repeated pair of players, against one more short table for one player
APART = 10**9  # two empty seats at one table
HOT, COLD = 1, 0.3  # the temperature's start and end
CHECK = 64  # steps between looks at the clock


def spread_cost(items: int, bins: int) -> int:
    """The least sum of c(c-1)/2 over ``bins`` counts adding up to ``items``."""
    if bins <= 0:
        return 0
    q, r = divmod(items, bins)
    return r * (q + 1) * q // 2 + (bins - r) * q * (q - 1) // 2


class MeetingSearch:
    """Search over ``rounds`` (changed in place; :meth:`run` returns the best)."""

    def __init__(self, rounds: list[Tables], players: int, history: list[list[int]],
                 rng: random.Random) -> None:
        """``history``: an (players + 1)-square matrix of meetings before the plan, the
        last row and column the rounds each player sat at a short table."""
        n = self.n = players
        self.rng = rng
        slots = sum(len(t) for t in rounds[0]) if rounds else players
        self.ident = [s if s < n else n for s in range(slots)]
        # Weighted counts: a pair of players counts PAIR a meeting, the rest 1.
        self.history = [[c * (PAIR if a < n and b < n else 1) for b, c in enumerate(row)]
                        for a, row in enumerate(history)]
        self.history[n][n] = APART
        self._load(rounds)
        # The meetings of player pairs and with empty seats are set by the layout; the
        # least they can cost is each spread evenly over the pairs or the players.
        pairs = empty = 0
        for table in rounds[0] if rounds else []:
            real = sum(1 for s in table if s < n)
            pairs += real * (real - 1) // 2
            empty += real * (len(table) - real)
        self.pair_bound = PAIR * spread_cost(pairs * len(rounds), math.comb(n, 2))
        self.short_bound = -(-empty * len(rounds) // n)  # each player's share, rounded up

    def _load(self, rounds: list[Tables]) -> None:
        self.rounds = rounds
        n = self.n
        self.meet = meet = [list(row) for row in self.history]
        self.cost = 0
        for tables in rounds:
            for table in tables:
                ids = [self.ident[s] for s in table]
                for i, a in enumerate(ids):
                    for b in ids[i + 1:]:
                        self.cost += meet[a][b]
                        step = PAIR if a < n and b < n else 1
                        meet[a][b] += step
                        if a != b:
                            meet[b][a] += step
        self.where = []
        for tables in rounds:
            where = [0] * len(self.ident)
            for t, table in enumerate(tables):
                for s in table:
                    where[s] = t
            self.where.append(where)

    def done(self) -> bool:
        """Repeats at their bound and no player at short tables more than their share."""
        n, meet, history = self.n, self.meet, self.history
        short = [meet[p][n] - history[p][n] for p in range(n)]
        short_cost = sum(c * (c - 1) // 2 for c in short)
        return (self.cost - short_cost <= self.pair_bound
                and max(short, default=0) <= self.short_bound)

    def _conflicts(self) -> list[tuple[int, int]]:
        """(round, slot) of every slot sitting with someone (or something) met before."""
        meet, ident, n = self.meet, self.ident, self.n
        out = []
        for r, tables in enumerate(self.rounds):
            for table in tables:
                ids = [ident[s] for s in table]
                for i, s in enumerate(table):
                    a = ids[i]
                    row = meet[a]
                    for j, b in enumerate(ids):
                        if j != i and row[b] > (PAIR if a < n and b < n else 1):
                            out.append((r, s))
                            break
        return out

    def _delta(self, r: int, a: int, b: int) -> int:
        """The change in cost if slots ``a`` and ``b`` of round ``r`` swapped tables."""
        tables, where, ident, meet, n = (self.rounds[r], self.where[r], self.ident,
                                         self.meet, self.n)
        ia, ib = ident[a], ident[b]
        if ia == ib:
            return 0
        row_a, row_b = meet[ia], meet[ib]
        delta = 0
        for s in tables[where[a]]:
            if s != a:
                u = ident[s]
                # a leaves u (its meeting, already counted, comes off), b joins u.
                delta += row_b[u] - row_a[u] + (PAIR if ia < n and u < n else 1)
        for s in tables[where[b]]:
            if s != b:
                v = ident[s]
                delta += row_a[v] - row_b[v] + (PAIR if ib < n and v < n else 1)
        return delta

    def _swap(self, r: int, a: int, b: int, delta: int) -> None:
        tables, where, ident, meet, n = (self.rounds[r], self.where[r], self.ident,
                                         self.meet, self.n)
        ta, tb = where[a], where[b]
        for table, out, inn in ((tables[ta], ident[a], ident[b]),
                                (tables[tb], ident[b], ident[a])):
            for s in table:
                if s == a or s == b:
                    continue
                u = ident[s]
                step = PAIR if out < n and u < n else 1
                meet[out][u] -= step
                if out != u:
                    meet[u][out] -= step
                step = PAIR if inn < n and u < n else 1
                meet[inn][u] += step
                if inn != u:
                    meet[u][inn] += step
        tables[ta][tables[ta].index(a)] = b
        tables[tb][tables[tb].index(b)] = a
        where[a], where[b] = tb, ta
        self.cost += delta

    def run(self, deadline: float) -> tuple[list[Tables], int]:
        """The best rounds found by ``deadline`` (a ``time.perf_counter()``) and their
        cost; stops early once :meth:`done`."""
        rng = self.rng
        best_cost = self.cost
        best = [[list(t) for t in tables] for tables in self.rounds]
        if not self.rounds or len(self.rounds[0]) < 2 or self.done():
            return best, best_cost
        start = time.perf_counter()
        # The last fifth of the time goes to a descent from the best plan found.
        polish_at = start + 0.8 * (deadline - start)
        span = max(polish_at - start, 1e-6)
        temp = HOT
        conflicts = self._conflicts()
        step = 0
        slots = len(self.ident)
        refresh = 4 * slots
        while True:
            step += 1
            if step % CHECK == 0:
                now = time.perf_counter()
                if now >= polish_at:
                    break
                # Geometric cooling over the time allowed.
                temp = HOT * (COLD / HOT) ** ((now - start) / span)
                if step % refresh == 0:
                    conflicts = self._conflicts()
            if not conflicts:
                conflicts = self._conflicts()
                if not conflicts:
                    break
            i = rng.randrange(len(conflicts))
            r, a = conflicts[i]
            where = self.where[r]
            b = rng.randrange(slots)
            if where[b] == where[a]:
                continue
            delta = self._delta(r, a, b)
            if delta >= APART // 2:
                continue
            if delta <= 0 or rng.random() < math.exp(-delta / temp):
                self._swap(r, a, b, delta)
                conflicts.append((r, b))
                if self.cost < best_cost:
                    best_cost = self.cost
                    best = [[list(t) for t in tables] for tables in self.rounds]
                    if self.done():
                        return best, best_cost
        self._load(best)
        self._descend(deadline)
        return [[list(t) for t in tables] for tables in self.rounds], self.cost

    def _descend(self, deadline: float) -> None:
        """Swaps that lower the cost, the first found each time, until there are none
        (or the deadline)."""
        slots = len(self.ident)
        improved = True
        while improved and not self.done():
            improved = False
            for r, a in self._conflicts():
                where = self.where[r]
                for b in range(slots):
                    if where[b] != where[a]:
                        delta = self._delta(r, a, b)
                        if delta < 0:
                            self._swap(r, a, b, delta)
                            improved = True
                            break
                if time.perf_counter() >= deadline:
                    return
