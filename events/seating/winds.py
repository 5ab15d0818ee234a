"""Seat winds: who sits East, South, West (and North) at each table of the plan.

Choosing winds is colouring the edges of a bipartite graph, players on one side and the
plan's tables on the other, with one colour per wind so that each table sees each colour
once. By de Werra's theorem such a graph has an *equitable* colouring, each player seeing
each colour ⌊r/4⌋ or ⌈r/4⌉ times over r rounds, and it is reached by balancing two
colours at a time: the edges of colours a and b form trails that pass through each table
once (it holds one a and one b), and colouring each trail alternately leaves every
player within one of a as of b. Repeating this for unbalanced pairs strictly lowers the
sum of squared counts, so it ends, with every player within the bound ⌈rounds/4⌉.

What that cannot see (the winds of the rounds already played, the missing North of a
three-player table) a sweep then settles: table by table, the order of its players that
costs least, a wind beyond a player's bound costing more than anything else.
"""

from __future__ import annotations

import itertools
import math
import time

Tables = list[list[int]]
OVER = 1000


def balance(rounds: list[Tables], slots: int, winds: int,
            north_from: int | None = None) -> list[list[list[int]]]:
    """For each table, the wind of each of its slots, equitable for every slot over these
    rounds. With ``north_from``, the slots from it up are the missing North of
    three-player tables: North is first shared out among the full tables, then East,
    South and West among the rest of every table, each equitably."""
    colour = [[list(range(len(table))) for table in tables] for tables in rounds]
    every = [(table, col) for tables, cols in zip(rounds, colour, strict=True)
             for table, col in zip(tables, cols, strict=True)]
    if north_from is None:
        _equitable(every, slots, winds)
        return colour
    full = [(table, col) for table, col in every if max(table) < north_from]
    _equitable(full, slots, winds)
    rest = []
    for table, col in every:
        # The three seats other than North, as a table of three to colour.
        keep = [i for i, s in enumerate(table)
                if (col[i] != winds - 1 if max(table) < north_from else s < north_from)]
        rest.append(([table[i] for i in keep], list(range(winds - 1)), col, keep))
    _equitable([(t, c) for t, c, _, _ in rest], slots, winds - 1)
    for table, col in every:
        if max(table) >= north_from:
            for i, s in enumerate(table):
                if s >= north_from:
                    col[i] = winds - 1
    for _, sub, col, keep in rest:
        for i, c in zip(keep, sub, strict=True):
            col[i] = c
    return colour


def _equitable(flat: list[tuple[list[int], list[int]]], slots: int, winds: int) -> None:
    """Recolour the tables (each with ``winds`` slots) in place until every slot sees
    each colour within one as often as any other."""
    counts = [[0] * winds for _ in range(slots)]
    for table, col in flat:
        for s, c in zip(table, col, strict=True):
            counts[s][c] += 1
    for _ in range(4 * winds * winds):
        pair = next(((row.index(max(row)), row.index(min(row))) for row in counts
                     if max(row) - min(row) > 1), None)
        if pair is None:
            break
        _balance_pair(flat, slots, *pair, counts)


def _balance_pair(flat: list[tuple[list[int], list[int]]], slots: int, a: int, b: int,
                  counts: list[list[int]]) -> None:
    """Recolour the a and b edges along trails, alternately (see the module's doc)."""
    ends: list[tuple[int, int]] = []  # edge -> (slot vertex, table vertex)
    where: list[tuple[int, int]] = []  # edge -> (table number, index in the table)
    adj: list[list[int]] = [[] for _ in range(slots + len(flat))]
    for t, (table, col) in enumerate(flat):
        for i, c in enumerate(col):
            if c == a or c == b:
                e = len(ends)
                ends.append((table[i], slots + t))
                where.append((t, i))
                adj[table[i]].append(e)
                adj[slots + t].append(e)
    used = [False] * len(ends)
    degree = [len(edges) for edges in adj]

    def walk(v: int) -> None:
        # A trail from v until it is stuck, its edges coloured a, b, a, ...: from a
        # vertex of odd degree it ends at another; from one of even degree (when none
        # is odd) back at v, after an even number of edges (the graph is bipartite).
        c = a
        while degree[v]:
            e = adj[v].pop()
            if used[e]:
                continue
            used[e] = True
            x, y = ends[e]
            degree[x] -= 1
            degree[y] -= 1
            t, i = where[e]
            table, col = flat[t]
            counts[table[i]][col[i]] -= 1
            col[i] = c
            counts[table[i]][c] += 1
            c = b if c == a else a
            v = y if v == x else x

    for v in range(len(adj)):
        if degree[v] % 2:
            walk(v)
    for v in range(len(adj)):
        while degree[v]:
            walk(v)


def settle(rounds: list[Tables], colour: list[list[list[int]]], winds: int,
           before: list[list[int]], players: int, played: list[int],
           fixed_north: bool, deadline: float) -> None:
    """Improve ``colour`` in place, counting ``before`` (each player's winds in the rounds
    already played) and ``played`` (their rounds in all). Slots from ``players`` up are
    empty seats: they cost nothing and, when ``fixed_north``, sit North (the seat a
    three-player table does not have)."""
    counts = [list(row) for row in before]
    for tables, cols in zip(rounds, colour, strict=True):
        for table, col in zip(tables, cols, strict=True):
            for s, c in zip(table, col, strict=True):
                if s < players:
                    counts[s][c] += 1
    bound = [math.ceil(p / winds) for p in played]
    if not fixed_north and all(max(counts[p]) <= bound[p] for p in range(players)):
        return
    perms = {size: list(itertools.permutations(range(size))) for size in (3, 4)}
    # One sweep always (it puts the empty seats North); more while they help and time
    # is left.
    changed = True
    while changed:
        changed = False
        for tables, cols in zip(rounds, colour, strict=True):
            for table, col in zip(tables, cols, strict=True):
                if _settle_table(table, col, counts, bound, players, fixed_north, perms,
                                 winds):
                    changed = True
        if time.perf_counter() >= deadline:
            break


def _settle_table(table: list[int], col: list[int], counts: list[list[int]],
                  bound: list[int], players: int, fixed_north: bool,
                  perms: dict[int, list[tuple[int, ...]]], winds: int) -> bool:
    """Give the table the order of its players that costs least; True if it changed."""
    empty = [i for i, s in enumerate(table) if s >= players]
    if fixed_north and empty:
        for i in empty:
            col[i] = winds - 1
        seated = [i for i, s in enumerate(table) if s < players]
        free = list(range(winds - 1))
    else:
        seated = list(range(len(table)))
        free = list(range(winds))
    if len(seated) not in perms or len(seated) != len(free):
        return False
    for i in seated:
        if table[i] < players:
            counts[table[i]][col[i]] -= 1

    def cost(order: tuple[int, ...]) -> int:
        total = 0
        for i, w in zip(seated, order, strict=True):
            s = table[i]
            if s < players:
                c = counts[s][w] + 1
                total += c * c + (OVER if c > bound[s] else 0)
        return total

    current = tuple(col[i] for i in seated)
    best, best_cost = current, (cost(current) if sorted(current) == free else None)
    for p in perms[len(seated)]:
        order = tuple(free[j] for j in p)
        c = cost(order)
        if best_cost is None or c < best_cost:
            best, best_cost = order, c
    for i, w in zip(seated, best, strict=True):
        col[i] = w
        if table[i] < players:
            counts[table[i]][w] += 1
    return best != current
