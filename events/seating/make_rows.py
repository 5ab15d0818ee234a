"""Search difference rows over Z_m for the transversal designs (``designs.py``) and store
them in ``difference_rows.json``: a development tool, run by hand, never by the site.

    .venv/bin/python -m events.seating.make_rows [--cap 24] [--seconds 60]

For each table size k (3, 4) and each m that is not a prime power (those have a field's
m rows), up to m = 256 / k: simulated annealing over rows (0, s_1, ..., s_{k-1}) of Z_m
whose differences s_j - s_i must be distinct down each pair of columns, one row added at
a time to the last set found, up to ``--cap`` rows or ``--seconds`` per m. Seeded: the
same arguments write the same file. The tests check every stored set.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time

from .designs import ROWS_FILE, prime_power


def conflicts(rows: list[list[int]], k: int, m: int) -> int:
    total = 0
    for i in range(k):
        for j in range(i + 1, k):
            seen = [0] * m
            for r in rows:
                seen[(r[j] - r[i]) % m] += 1
            total += sum(c * (c - 1) // 2 for c in seen)
    return total


def anneal(start: list[list[int]], k: int, m: int, rng: random.Random,
           steps: int) -> list[list[int]] | None:
    """Rows without a conflict, found from ``start`` (its first row, zeros, stays)."""
    rows = [list(r) for r in start]
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    counts = {p: [0] * m for p in pairs}
    for start_row in rows:
        for i, j in pairs:
            counts[(i, j)][(start_row[j] - start_row[i]) % m] += 1
    cost = conflicts(rows, k, m)
    temp = 0.6
    for _ in range(steps):
        if cost == 0:
            return rows
        r, c, value = rng.randrange(1, len(rows)), rng.randrange(1, k), rng.randrange(m)
        row = rows[r]
        old = row[c]
        if value == old:
            continue
        moved = []
        for i, j in pairs:
            if c in (i, j):
                before = (row[j] - row[i]) % m
                row[c] = value
                after = (row[j] - row[i]) % m
                row[c] = old
                moved.append(((i, j), before, after))
        delta = 0
        for p, before, after in moved:
            counts[p][before] -= 1
            delta += counts[p][after] - counts[p][before]
            counts[p][after] += 1
        if delta <= 0 or rng.random() < math.exp(-delta / temp):
            row[c] = value
            cost += delta
        else:
            for p, before, after in moved:
                counts[p][after] -= 1
                counts[p][before] += 1
        temp = max(0.08, temp * 0.99995)
    return rows if cost == 0 else None


def search(k: int, m: int, cap: int, seconds: float, seed: int) -> list[list[int]]:
    rng = random.Random(seed * 1000 + m * 10 + k)
    best = [[0] * k]
    start = time.monotonic()
    while len(best) < min(m, cap) and time.monotonic() - start < seconds:
        for _ in range(4):
            grown = [*best, [0, *(rng.randrange(m) for _ in range(k - 1))]]
            found = anneal(grown, k, m, rng, 60_000)
            if found is not None:
                best = found
                break
        else:
            break
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    out: dict[str, dict[str, list[list[int]]]] = {}
    for k in (4, 3):
        out[str(k)] = {}
        for m in range(k, 256 // k + 1):
            if prime_power(m) is not None:
                continue
            rows = search(k, m, args.cap, args.seconds, args.seed)
            assert conflicts(rows, k, m) == 0
            out[str(k)][str(m)] = [r[1:] for r in rows]
            print(f"k={k} m={m}: {len(rows)} rows", flush=True)
    ROWS_FILE.write_text(json.dumps(out, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
