"""Win detection and waits throughput against the ``mahjong`` package, same corpus, same run.

    python bench/engine.py [--hands 100000] [--waits 20000] [--seed 2] [--repeat 3]

The corpus is fixed by the seed: a third random 14-tile hands drawn from a shuffled wall,
a third winning hands built from sets and a pair, a third of those with one tile swapped
(near wins, the hard case for a detector). Waits use the same hands minus one tile.

``mahjong``'s ``Agari.is_agari`` also accepts seven pairs and thirteen orphans, so besides
our plain ``is_win`` the bench times ``is_complete``, which adds those two shapes: the
like-for-like ratio (target >= 3x). No timing is asserted anywhere: this
script prints, people read.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.agari import Agari  # noqa: E402

from bench.common import Counts, figure, random_counts, timed_all, winning_counts  # noqa: E402
from scoring.engine.agari import is_complete, is_win, is_win_linear, tables  # noqa: E402
from scoring.engine.waits import waits  # noqa: E402


def _random(rng: random.Random) -> Counts:
    return random_counts(rng, 14)


def _near(rng: random.Random) -> Counts:
    while True:
        c = winning_counts(rng)
        out = rng.choice([k for k in range(34) if c[k]])
        into = rng.randrange(34)
        c[out] -= 1
        c[into] += 1
        if c[into] <= 4:
            return c


def corpus(n: int, seed: int) -> list[Counts]:
    rng = random.Random(seed)
    makers = (_random, winning_counts, _near)
    return [makers[i % 3](rng) for i in range(n)]


def drop_one(hands: Sequence[Counts], seed: int) -> list[Counts]:
    rng = random.Random(seed + 1)
    out = []
    for c in hands:
        d = list(c)
        d[rng.choice([k for k in range(34) if d[k]])] -= 1
        out.append(d)
    return out


def peer_waits(agari: Agari) -> Callable[[Counts], list[int]]:
    def scan(c: Counts) -> list[int]:
        out = []
        for k in range(34):
            if c[k] < 4:
                c[k] += 1
                if agari.is_agari(c):
                    out.append(k)
                c[k] -= 1
        return out

    return scan


def ours_waits_like_peer(c: Counts) -> list[int]:
    return waits(c, shapes=("seven_pairs", "thirteen_orphans"))


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--waits", type=int, default=20_000, help="hands for the waits bench")
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3, help="passes per contender; best counts")
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    tables()
    print(f"table build: {time.perf_counter() - t0:.3f}s (once per process)")
    hands = corpus(args.hands, args.seed)
    agari = Agari()

    def peer(c: Counts) -> bool:
        return bool(agari.is_agari(c))

    runs = [
        ("mahjong Agari.is_agari", peer),
        ("ours is_win (standard)", is_win),
        ("ours is_win_linear (standard)", is_win_linear),
        ("ours is_complete (+7 pairs, 13 orphans)", is_complete),
    ]
    print(f"\nwin detection, {len(hands)} 14-tile hands (1/3 random, 1/3 wins, 1/3 near wins)")
    results = timed_all(runs, hands, args.repeat)
    base_t, base_r = results["mahjong Agari.is_agari"]
    for name, (t, _) in results.items():
        print(f"  {name:40s} {len(hands) / t:>12,.0f} hands/s   x{base_t / t:5.2f}")
    _, like = results["ours is_complete (+7 pairs, 13 orphans)"]
    disagree = sum(a != b for a, b in zip(like, base_r, strict=True))
    print(f"  wins: {sum(map(bool, base_r))}; disagreements with mahjong: {disagree}")
    ratio = base_t / results["ours is_complete (+7 pairs, 13 orphans)"][0]
    print(f"  like-for-like ratio vs mahjong: {ratio:.2f}x (target >= 3x)")
    figure("engine.is_complete.hands_per_s",
           len(hands) / results["ours is_complete (+7 pairs, 13 orphans)"][0], "hands/s")
    figure("engine.is_complete.speed_vs_mahjong", ratio, "x", ">=3")
    figure("engine.win_disagreements", disagree, "hands", "<=0")

    waiting = drop_one(hands[: args.waits], args.seed)
    print(f"\nwaits, {len(waiting)} 13-tile hands")
    wait_runs = [
        ("mahjong: 34 x is_agari", peer_waits(agari)),
        ("ours waits (standard)", waits),
        ("ours waits + 7 pairs + 13 orphans", ours_waits_like_peer),
    ]
    w = timed_all(wait_runs, [list(c) for c in waiting], args.repeat)
    peer_t, peer_r = w["mahjong: 34 x is_agari"]
    for name, (t, _) in w.items():
        print(f"  {name:40s} {len(waiting) / t:>12,.0f} hands/s   x{peer_t / t:5.2f}")
    # The peer scan skips a kind held four times (c[k] < 4), as ours does.
    disagree = sum(a != b for a, b in zip(w["ours waits + 7 pairs + 13 orphans"][1], peer_r,
                                          strict=True))
    print(f"  disagreements with mahjong: {disagree}")
    figure("engine.waits_like_mahjong.speed_vs_mahjong",
           peer_t / w["ours waits + 7 pairs + 13 orphans"][0], "x")
    figure("engine.wait_disagreements", disagree, "hands", "<=0")


if __name__ == "__main__":
    main()
