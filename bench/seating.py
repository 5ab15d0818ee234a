"""No-repeat seating at tournament sizes: time, repeats and wind balance per plan.

    .venv/bin/python bench/seating.py                    # 64..256 players step 4, 15 rounds
    .venv/bin/python bench/seating.py --seeds 10 --rounds 12 --low 16 --high 256
    .venv/bin/python bench/seating.py --odd              # also counts that need substitutes

For each player count, ``events.seating.no_repeat`` plans ``--rounds`` rounds once per
seed (``--seeds``, each its own relabelling of the players) with the default 2-second
limit, and the script prints the time per plan (median, p95 and worst over the seeds)
beside the target (≤ 2 s), and the worst seed's repeats beside their lower bound and the
most times one player sits one wind beside ⌈rounds/4⌉. The tight case, 16 players x 5
rounds where every pair meets exactly once, comes first. It runs in this one process,
pinned to one core where the system allows. Nothing is asserted: this script prints,
people read.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events.seating import Fill, Layout, Plan, no_repeat  # noqa: E402

TARGET_SECONDS = 2.0


def pin_to_one_core() -> str:
    try:
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        return f"core {core}"
    except (AttributeError, OSError):
        return "cores as the system gives them"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1)]


def run(players: int, rounds: int, seeds: int, layout: Layout) -> tuple[list[float], Plan]:
    times: list[float] = []
    worst: Plan | None = None
    for seed in range(seeds):
        plan = no_repeat(list(range(players)), rounds, layout=layout, seed=seed)
        times.append(plan.quality.seconds)
        q = plan.quality
        if worst is None or (q.repeats, q.wind_over) > (worst.quality.repeats,
                                                        worst.quality.wind_over):
            worst = plan
    assert worst is not None
    return times, worst


def line(players: int, rounds: int, times: list[float], plan: Plan) -> str:
    q = plan.quality
    return (f"{players:>7} {rounds:>6} {statistics.median(times):>8.3f} "
            f"{percentile(times, 95):>8.3f} {max(times):>8.3f} {TARGET_SECONDS:>6.1f}  "
            f"{q.repeats:>7} {q.repeats_bound:>5}  {q.wind_most:>5} {q.wind_bound:>5} "
            f"{q.wind_over:>5}  {q.short_most:>5}  {q.method}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--low", type=int, default=64)
    parser.add_argument("--high", type=int, default=256)
    parser.add_argument("--odd", action="store_true",
                        help="also player counts that are not a multiple of 4 "
                             "(substitutes, then three-player tables)")
    args = parser.parse_args()
    print(f"no_repeat seating, {args.seeds} seeds a size, {pin_to_one_core()}")
    print(f"{'players':>7} {'rounds':>6} {'median':>8} {'p95':>8} {'worst':>8} "
          f"{'target':>6}  {'repeats':>7} {'bound':>5}  {'wind':>5} {'bound':>5} "
          f"{'over':>5}  {'short':>5}  method")
    layout = Layout()
    times, plan = run(16, 5, args.seeds, layout)
    print(line(16, 5, times, plan), " (every pair exactly once: "
          f"{plan.quality.most_meetings == 1 and plan.quality.repeats == 0})")
    all_times: list[float] = list(times)
    worst_repeats = 0
    sizes = range(args.low, args.high + 1, 1 if args.odd else 4)
    for players in sizes:
        fills = [layout] if players % 4 == 0 else [layout, Layout(fill=Fill.THREE_PLAYER)]
        for fill in fills:
            times, plan = run(players, args.rounds, args.seeds, fill)
            all_times += times
            worst_repeats = max(worst_repeats,
                                plan.quality.repeats - plan.quality.repeats_bound)
            suffix = "" if fill.fill is Fill.SUBSTITUTES or players % 4 == 0 else " (3p)"
            print(line(players, args.rounds, times, plan) + suffix, flush=True)
    print(f"\nall {len(all_times)} plans: median {statistics.median(all_times):.3f} s, "
          f"p99 {percentile(all_times, 99):.3f} s, worst {max(all_times):.3f} s "
          f"(target ≤ {TARGET_SECONDS:.0f} s); most repeats above the bound: {worst_repeats}")
    from bench.common import figure  # for bench/run.py's table

    figure("seating.no_repeat.worst_seconds", max(all_times), "s", f"<={TARGET_SECONDS:g}")
    figure("seating.no_repeat.median_seconds", statistics.median(all_times), "s")
    figure("seating.no_repeat.repeats_above_bound", worst_repeats, "pairs")


if __name__ == "__main__":
    main()
