"""Combinatorial designs that seat players so that no two meet twice.

Two families, both *resolvable* (their blocks fall into rounds, each round a partition of
the points into tables), each with its own limit on the rounds it gives:

* **Affine geometry** AG(d, q), for q = the table size (3 or 4, both prime powers) and
  q^d players (16, 64, 256 at four-player tables; 9, 27, 81, 243 at three): points are
  the vectors of GF(q)^d, tables are the lines, a round is the lines of one direction
  (a parallel class). Any two points lie on exactly one line, so over all
  (q^d - 1)/(q - 1) rounds every pair meets exactly once: 16 players x 5 rounds is
  AG(2, 4), the affine plane of order 4.
* **Transversal designs** TD(k, m) for k x m players: k groups of m, point (i, x) with x
  in an abelian group G of order m; a round is a *row* s = (0, s_1, ..., s_{k-1}) of G^k
  and its tables are {(i, t + s_i)} for each t in G. Players of groups i and j meet in
  the round of s only if their difference is s_j - s_i, so rows whose differences
  s_j - s_i are distinct for every pair of columns seat no pair twice (a partial
  difference matrix). When m is a prime power, GF(m) gives m such rows (s_i = c_i r for
  distinct c_i); for the other m the rows over Z_m were found by a search
  (``make_rows.py``) and are stored in ``difference_rows.json`` (checked by the tests).

Players of one group of a transversal design never meet, which is where the empty seats
go: at most one a table, each player meeting them at most once per empty seat.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

ROWS_FILE = Path(__file__).with_name("difference_rows.json")

PointTables = list[list[list[int]]]  # rounds -> tables -> points


@dataclass(frozen=True)
class Field:
    """GF(q) on the integers 0..q-1 (a polynomial's coefficients as base-p digits):
    0 and 1 are the field's zero and one."""

    q: int
    add: tuple[tuple[int, ...], ...]
    mul: tuple[tuple[int, ...], ...]


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, e) with q = p**e for a prime p, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    e = 0
    while q % p == 0:
        q //= p
        e += 1
    return (p, e) if q == 1 else None


@cache
def field(q: int) -> Field | None:
    """GF(q), or None when q is not a prime power."""
    pe = prime_power(q)
    if pe is None:
        return None
    p, e = pe

    def add(x: int, y: int) -> int:
        out, place = 0, 1
        for _ in range(e):
            out += (x % p + y % p) % p * place
            x, y, place = x // p, y // p, place * p
        return out

    def times_x(v: int, poly: list[int]) -> int:
        # v * x modulo the monic polynomial x^e + poly[e-1] x^(e-1) + ... + poly[0].
        digits = [(v // p**i) % p for i in range(e)]
        top = digits[-1]
        shifted = [0, *digits[:-1]]
        return sum(((shifted[i] - top * poly[i]) % p) * p**i for i in range(e))

    if e == 1:
        mul = [[x * y % p for y in range(q)] for x in range(q)]
    else:
        # A primitive polynomial: x's powers run through all q - 1 non-zero elements (a
        # reducible one leaves no element of that order). Found by trying, q is small.
        for code in range(p**e):
            poly = [(code // p**i) % p for i in range(e)]
            if poly[0] == 0:
                continue
            powers = [1]
            while len(powers) < q:
                nxt = times_x(powers[-1], poly)
                if nxt == 1:
                    break
                powers.append(nxt)
            if len(powers) == q - 1:
                break
        log = {v: i for i, v in enumerate(powers)}
        mul = [[0 if x == 0 or y == 0 else powers[(log[x] + log[y]) % (q - 1)]
                for y in range(q)] for x in range(q)]
    return Field(q, tuple(tuple(add(x, y) for y in range(q)) for x in range(q)),
                 tuple(tuple(row) for row in mul))


@dataclass(frozen=True)
class Design:
    """Rounds of tables of points 0..points-1 (as many as the design gives, up to what
    was asked), the points meant for empty seats, and the design's name."""

    rounds: PointTables
    empty: list[int]
    name: str


def affine(q: int, d: int, rounds: int, empty: int) -> Design | None:
    """AG(d, q): up to ``rounds`` parallel classes; ``empty`` points on one line whose
    direction is left out (when there are two or more), so that they never meet."""
    f = field(q)
    if f is None or empty >= q:
        return None
    size = q**d

    def coords(v: int) -> list[int]:
        return [(v // q**i) % q for i in range(d)]

    def index(c: list[int]) -> int:
        return sum(x * q**i for i, x in enumerate(c))

    # A direction is a non-zero vector whose first non-zero coordinate is 1.
    directions = [coords(v) for v in range(1, size)
                  if next(x for x in coords(v) if x) == 1]
    skip = directions[0] if empty >= 2 else None
    empties = [index([f.mul[lam][x] for x in directions[0]]) for lam in range(empty)]
    out: PointTables = []
    points = [coords(v) for v in range(size)]
    for u in directions:
        if len(out) == rounds:
            break
        if u is skip:
            continue
        seen = [False] * size
        tables = []
        for v in range(size):
            if seen[v]:
                continue
            line = [index([f.add[a][f.mul[lam][b]]
                           for a, b in zip(points[v], u, strict=True)])
                    for lam in range(q)]
            for w in line:
                seen[w] = True
            tables.append(line)
        out.append(tables)
    return Design(out, empties, f"AG({d},{q})")


@lru_cache(maxsize=1)
def stored_rows() -> dict[int, dict[int, list[list[int]]]]:
    """The searched difference rows over Z_m: {table size: {m: rows}}."""
    data = json.loads(ROWS_FILE.read_text())
    return {int(k): {int(m): rows for m, rows in by_m.items()} for k, by_m in data.items()}


def transversal(k: int, m: int, rounds: int, empty: int) -> Design | None:
    """TD(k, m) from a field's rows or the stored rows over Z_m, up to ``rounds``; the
    empty seats are points of the first group."""
    if m < k or empty >= m:
        return None
    f = field(m)
    if f is not None:
        rows = [[f.mul[c][r] for c in range(k)] for r in range(min(m, rounds))]
        add: tuple[tuple[int, ...], ...] | None = f.add
        name = f"TD({k},GF({m}))"
    else:
        found = stored_rows().get(k, {}).get(m)
        if not found:
            return None
        rows = [[0, *row] for row in found[:rounds]]
        add = None
        name = f"TD({k},Z{m})"
    out: PointTables = []
    for s in rows:
        if add is None:
            out.append([[i * m + (t + s[i]) % m for i in range(k)] for t in range(m)])
        else:
            out.append([[i * m + add[t][s[i]] for i in range(k)] for t in range(m)])
    return Design(out, list(range(empty)), name)


def spread_empty(design: Design, points: int, empty: int, seed: int,
                 tries: int = 400) -> list[int]:
    """Points for the empty seats that never share a table in the design's rounds and
    leave the fewest players at short tables often: the sum over players of c(c-1)/2,
    c their rounds beside an empty seat. From the design's own choice (always apart),
    ``tries`` moves of one empty seat to a random point, each kept if no worse."""
    if empty == 0:
        return []
    table_of = [[0] * points for _ in design.rounds]
    for r, tables in enumerate(design.rounds):
        for t, table in enumerate(tables):
            for p in table:
                table_of[r][p] = t

    def cost(chosen: list[int]) -> int | None:
        beside = [0] * points
        for r, tables in enumerate(design.rounds):
            at = {table_of[r][p] for p in chosen}
            if len(at) < len(chosen):
                return None
            for t in at:
                for p in tables[t]:
                    beside[p] += 1
        return sum(c * (c - 1) // 2 for p, c in enumerate(beside) if p not in chosen)

    rng = random.Random(seed)
    best = list(design.empty)
    best_cost = cost(best)
    for _ in range(tries):
        if best_cost == 0:
            break
        chosen = list(best)
        chosen[rng.randrange(empty)] = rng.randrange(points)
        if len(set(chosen)) < empty:
            continue
        c = cost(chosen)
        if c is not None and (best_cost is None or c <= best_cost):
            best, best_cost = chosen, c
    return best


def best_design(points: int, k: int, rounds: int, empty: int) -> Design | None:
    """The design on ``points`` points with tables of ``k`` that gives the most of the
    ``rounds`` asked for (an affine geometry first: its players of one group meet too).

    A transversal design's groups never meet, so where it gives too few rounds and its
    groups fill tables, a design on one group seats every group at once for more.
    """
    found: list[Design] = []
    d, size = 1, k
    while size < points:
        d, size = d + 1, size * k
    if size == points and d >= 2:
        design = affine(k, d, rounds, empty)
        if design is not None:
            found.append(design)
    if points % k == 0:
        m = points // k
        design = transversal(k, m, rounds, empty)
        if design is not None and len(design.rounds) < rounds and m % k == 0:
            inner = best_design(m, k, rounds - len(design.rounds), 0)
            if inner is not None:
                design = Design(
                    design.rounds + [[[i * m + p for p in table] for i in range(k)
                                      for table in tables] for tables in inner.rounds],
                    design.empty, f"{design.name}+{inner.name}")
        if design is not None:
            found.append(design)
    return max(found, key=lambda x: len(x.rounds), default=None)
