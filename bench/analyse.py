"""Shanten throughput: our tables vs ``mahjong``'s ``Shanten.calculate_shanten``, same run.

    .venv/bin/python bench/analyse.py [--hands 20000] [--seed 1] [--warm 50000]

The corpus is fixed by the seed: half random 13/14-tile hands from a shuffled wall, half
near-ready hands (a built winning hand with one or two tiles swapped). Both sides compute
the same number: the minimum of standard, seven pairs and thirteen orphans.

Our standard shanten reads per-suit cost arrays: suits of up to 11 tiles from the table
shipped in ``scoring/engine/analysis/data/suit_costs.bin``, larger ones computed on first
sight, and the combinations of suits memoised as they are met (see
``scoring/engine/analysis/tables.py``), so three of our runs are printed:

* ``cold``: memos emptied first, the corpus pays for every entry it needs (reading the
  shipped table included);
* ``warm``: after a warm-up on a *different* seeded corpus (``--warm`` hands), i.e. a
  long-running server that has seen other hands, not these;
* ``hot``: the same corpus again, everything it needs already in the tables.

The target ratio is >= 2x; the cold run is the honest floor. Answers are compared hand
by hand and any disagreement is printed. Nothing here asserts a time: this script prints,
people read.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.shanten import Shanten  # noqa: E402

from bench.common import Counts, figure, random_counts, timed, winning_counts  # noqa: E402
from scoring.engine.analysis import tables  # noqa: E402
from scoring.engine.analysis.shanten import riichi_shanten  # noqa: E402


def _near_ready(rng: random.Random, size: int) -> Counts:
    while True:
        c = winning_counts(rng)
        for _ in range(rng.choice((1, 2))):
            out = rng.choice([k for k in range(34) if c[k]])
            c[out] -= 1
            c[rng.randrange(34)] += 1
        if size == 13:
            c[rng.choice([k for k in range(34) if c[k]])] -= 1
        if max(c) <= 4:
            return c


def corpus(seed: int, n: int) -> list[Counts]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        size = 13 if i % 4 < 2 else 14
        out.append(random_counts(rng, size) if i % 2 else _near_ready(rng, size))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warm", type=int, default=50_000)
    args = parser.parse_args()

    hands = corpus(args.seed, args.hands)
    ref_time, ref = timed(Shanten.calculate_shanten, hands)

    tables.clear()
    cold_time, cold = timed(riichi_shanten, hands)

    tables.clear()
    warm_hands = corpus(args.seed + 1_000_003, args.warm)
    start = time.perf_counter()
    for h in warm_hands:
        riichi_shanten(h)
    warm_up = time.perf_counter() - start
    sizes = tables.table_sizes()
    warm_time, warm = timed(riichi_shanten, hands)
    hot_time, hot = timed(riichi_shanten, hands)

    bad = [i for i in range(len(hands)) if not ref[i] == cold[i] == warm[i] == hot[i]]
    n = len(hands)
    print(f"corpus: {n} hands (seed {args.seed}); warm-up: {args.warm} other hands "
          f"in {warm_up:.2f}s -> tables {sizes}")
    print(f"mahjong Shanten.calculate_shanten : {n / ref_time:12,.0f} hands/s")
    for label, t in (("ours, cold tables", cold_time), ("ours, warm tables", warm_time),
                     ("ours, hot tables ", hot_time)):
        print(f"{label}                 : {n / t:12,.0f} hands/s   ratio {ref_time / t:5.2f}x")
        name = label.split(",")[1].strip().replace(" ", "_")
        figure(f"shanten.{name}.speed_vs_mahjong", ref_time / t, "x",
               ">=2" if name == "cold_tables" else "-")
    print(f"disagreements: {len(bad)}")
    for i in bad[:10]:
        print("  ", hands[i], "mahjong", ref[i], "ours", cold[i], warm[i], hot[i])


if __name__ == "__main__":
    main()
