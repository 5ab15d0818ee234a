"""MCR fan scoring throughput: our ``score()`` against pymahjonggb (C++), same corpus, same run.

    .venv/bin/python bench/mcr.py [--hands 20000] [--seed 7] [--repeat 3]

The corpus is the seeded random winning hands of the differential test
(``scoring/engine/rulesets/mcr/tests/randomhands.py``): concealed and melded hands, chows,
pungs and kongs with claim sources, every special shape, flowers and every win flag. Each
side gets its own input format prepared beforehand, so what is timed is one call per hand:
our ``score(request)`` (parsing, every reading, all 81 fans, payments and the JSON result)
and ``MahjongGB.MahjongFanCalculator(**args)``. The best of ``--repeat`` runs is kept for
each and the ratio printed (target: at least one third of the reference's speed). Nothing
is asserted: this script prints, people read.

Our scorer caches what hands share (fans per tile-kind and situation key, suit shapes,
set combinations, exclusion results, meld texts), so it is timed twice: *cold*, with
those caches emptied before each pass (``scorer.clear_caches``; only validated options
are kept), so that each pass meets the corpus as new hands; and *warm*, passes over a
corpus already seen once. The cold ratio is the honest one for new hands.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import MahjongGB  # noqa: E402

from bench.common import figure  # noqa: E402
from scoring.engine.rulesets.mcr import score  # noqa: E402
from scoring.engine.rulesets.mcr.scorer import clear_caches  # noqa: E402
from scoring.engine.rulesets.mcr.tests.randomhands import random_hands  # noqa: E402


def interleaved(ours: Callable[[Any], object], ours_items: Sequence[Any],
                ref: Callable[[Any], object], ref_items: Sequence[Any],
                repeat: int, block: int = 500,
                before_pass: Callable[[], None] | None = None) -> tuple[float, float]:
    """Best-of-``repeat`` seconds for each side over the whole corpus.

    The two sides alternate in blocks of ``block`` hands, so a busy shared machine slows
    both alike instead of whichever happened to run during the busy spell.
    ``before_pass`` runs (untimed) before each pass.
    """
    best_ours = best_ref = float("inf")
    for _ in range(repeat):
        if before_pass is not None:
            before_pass()
        t_ours = t_ref = 0.0
        for lo in range(0, len(ours_items), block):
            start = time.perf_counter()
            for item in ours_items[lo:lo + block]:
                ours(item)
            mid = time.perf_counter()
            for item in ref_items[lo:lo + block]:
                ref(item)
            t_ours += mid - start
            t_ref += time.perf_counter() - mid
        best_ours, best_ref = min(best_ours, t_ours), min(best_ref, t_ref)
    return best_ours, best_ref


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    corpus = random_hands(args.seed, args.hands)
    requests = [h["request"] for h in corpus]
    ref_args = [h["ref"] for h in corpus]
    calc = MahjongGB.MahjongFanCalculator
    # One untimed pass each: table building and first-call costs are not throughput.
    for r in requests[:500]:
        score(r)
    for a in ref_args[:500]:
        calc(**a)

    n = len(corpus)
    print(f"corpus: {n} winning hands, seed {args.seed}, best of {args.repeat}")
    for label, before in (("cold", clear_caches), ("warm", None)):
        ours, ref = interleaved(score, requests, lambda a: calc(**a), ref_args, args.repeat,
                                before_pass=before)
        print(f"{label}: ours score()      {n / ours:>10,.0f} hands/s  "
              f"({ours / n * 1e6:7.1f} us/hand)")
        print(f"{label}: pymahjonggb (C++) {n / ref:>10,.0f} hands/s  "
              f"({ref / n * 1e6:7.1f} us/hand)")
        print(f"{label}: ratio ours / reference {ref / ours:7.3f}  (target >= 0.333)")
        figure(f"mcr.{label}.hands_per_s", n / ours, "hands/s")
        figure(f"mcr.{label}.speed_vs_pymahjonggb", ref / ours, "x", ">=0.333")


if __name__ == "__main__":
    main()
