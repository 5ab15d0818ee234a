"""The first MCR and riichi score request of a fresh process, against a warm one.

    .venv/bin/python bench/coldstart.py [--runs 7] [--hands 400] [--baseline REV]

Each run is a new Python process that starts as the site does (imports the engine's JSON
commands and, where the engine has it, calls ``scoring.engine.warm_up()``, which the
site's ``ScoringConfig.ready`` calls at server start), then times through
``scoring.engine.commands.run("score", ...)``, the path of ``POST /api/score/`` and of
``python -m scoring.engine score``:

* *first*: the process's first score request (a different seeded hand in each run);
* *warm*: after an untimed pass over other hands, each of ``--hands`` further hands the
  process has not seen, one at a time: median and p95.

Each call is timed on the thread's CPU clock (``time.thread_time``), which a busy shared
machine's preemptions do not inflate, and on the wall clock (shown in brackets).

The peers run beside ours in the same processes and on the same hands: pymahjonggb (C++)
for MCR, the ``mahjong`` package for riichi. ``--baseline`` (default ``main``; ``none`` to
skip) runs the same processes on that commit's engine (``git archive`` into a temporary
directory), so the figures before and after a change come from the same run on the same
load. Bytecode is cached for both trees in a temporary ``pycache_prefix`` (each tree is
imported once, untimed, before the runs), as on a server that has run before.

The target (issue 26): a first call costs at most 5 ms more than a warm one. Nothing is
asserted: this script prints, people read.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))  # bench.common; the probes import each tree's own code
TARGET_MS = 5.0

from bench.common import figure  # noqa: E402

# Run in each fresh process, with the tree under test first on sys.path.
PROBE = r'''
import json, sys, time
ruleset, index, hands = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
t0 = time.perf_counter()
import scoring.engine
from scoring.engine import commands
warm_up = getattr(scoring.engine, "warm_up", None)
if warm_up is not None:
    warm_up()
startup = time.perf_counter() - t0
if ruleset == "mcr":
    import MahjongGB
    from scoring.engine.rulesets.mcr.tests.randomhands import random_hands
    corpus = random_hands(7, 1000 + hands)
    requests = [dict(h["request"], ruleset="mcr") for h in corpus]
    calc = MahjongGB.MahjongFanCalculator
    peers = [(lambda a=h["ref"]: calc(**a)) for h in corpus]
else:
    from scoring.engine.options import build_options
    from scoring.engine.rulesets.riichi import Options
    from scoring.engine.rulesets.riichi.tests.mahjong_ref import melds_of, reference, rules_for
    from scoring.engine.rulesets.riichi.tests.randomhands import corpus as riichi_corpus
    wins = riichi_corpus(seed=42, n=1000 + hands)
    rules = rules_for(build_options(Options))
    requests = [dict(w.request, ruleset="riichi") for w in wins]
    peers = [(lambda w=w, m=melds_of(w): reference(w, rules, m)) for w in wins]


def timed(fn, *args):
    cpu, wall = time.thread_time(), time.perf_counter()
    try:
        fn(*args)
    except Exception:
        pass  # the peer refuses some hands ours scores (or the other way): same work
    return time.thread_time() - cpu, time.perf_counter() - wall


first = timed(commands.run, "score", requests[index])
peer_first = timed(peers[index])
for i in range(100, 1000):  # untimed: a running server has seen other hands
    commands.run("score", requests[i])
    timed(peers[i])
ours, theirs = [], []
for i in range(1000, 1000 + hands):
    ours.append(timed(commands.run, "score", requests[i]))
    theirs.append(timed(peers[i]))
print(json.dumps({"startup": startup, "first": first, "peer_first": peer_first,
                  "warm": ours, "peer_warm": theirs}))
'''


def export(rev: str, into: Path) -> Path:
    """The engine (and its tests' corpora) of commit ``rev``, as files under ``into``."""
    archive = subprocess.run(["git", "archive", rev, "scoring"], cwd=REPO, check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def probe(tree: Path, ruleset: str, index: int, hands: int, cache: Path) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    proc = subprocess.run(
        [sys.executable, "-X", f"pycache_prefix={cache}", "-c", PROBE, ruleset, str(index),
         str(hands)], cwd=tree, env=env, capture_output=True, text=True, check=True,
        timeout=600)
    result: dict[str, Any] = json.loads(proc.stdout.splitlines()[-1])
    return result


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def summary(runs: list[dict[str, Any]], clock: int) -> dict[str, float]:
    """Milliseconds on one clock (0: the thread's CPU time, 1: wall time) over the runs."""
    warm = [t[clock] for r in runs for t in r["warm"]]
    peer_warm = [t[clock] for r in runs for t in r["peer_warm"]]
    ms = 1000.0
    return {
        "startup": statistics.median(r["startup"] for r in runs) * ms,
        "first": statistics.median(r["first"][clock] for r in runs) * ms,
        "first_max": max(r["first"][clock] for r in runs) * ms,
        "warm": statistics.median(warm) * ms,
        "p95": pct(warm, 0.95) * ms,
        "peer_first": statistics.median(r["peer_first"][clock] for r in runs) * ms,
        "peer_warm": statistics.median(peer_warm) * ms,
    }


def show(label: str, peer: str, runs: list[dict[str, Any]]) -> None:
    s, w = summary(runs, 0), summary(runs, 1)
    beyond = s["first"] - s["warm"]
    verdict = "meets" if beyond <= TARGET_MS else "misses"
    print(f"  {label}: start-up {s['startup']:.1f} ms wall (imports, and warm_up() where "
          "the tree has it)")
    print(f"    first call   {s['first']:8.2f} ms CPU (worst {s['first_max']:.2f}; wall median "
          f"{w['first']:.2f})")
    print(f"    warm call    {s['warm']:8.3f} ms CPU median, p95 {s['p95']:.3f} (wall median "
          f"{w['warm']:.3f}, p95 {w['p95']:.3f})")
    print(f"    first / warm {s['first'] / s['warm']:8.1f}x; first - warm {beyond:.2f} ms "
          f"(target <= {TARGET_MS:.0f} ms: {verdict})")
    print(f"    {peer}: first {s['peer_first']:.3f} ms, warm median {s['peer_warm']:.3f} ms "
          f"CPU; warm ours / peer {s['warm'] / s['peer_warm']:.2f}x the time (speed ratio "
          f"{s['peer_warm'] / s['warm']:.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh processes per ruleset")
    parser.add_argument("--hands", type=int, default=400, help="warm hands timed per process")
    parser.add_argument("--baseline", default="main",
                        help="commit to measure in the same run ('none' to skip)")
    parser.add_argument("--rulesets", default="mcr,riichi")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="coldstart-") as tmp:
        trees = [("this tree", REPO)]
        if args.baseline != "none":
            found = subprocess.run(["git", "rev-parse", "--short", args.baseline], cwd=REPO,
                                   capture_output=True, text=True)
            if found.returncode:
                print(f"no baseline: git does not know {args.baseline!r}")
            else:
                base = Path(tmp) / "baseline"
                base.mkdir()
                trees.append((f"{args.baseline} ({found.stdout.strip()})",
                              export(args.baseline, base)))
        cache = Path(tmp) / "pycache"
        rulesets = args.rulesets.split(",")
        for _, tree in trees:  # fill the bytecode cache, untimed
            for ruleset in rulesets:
                probe(tree, ruleset, 0, 10, cache)
        load = os.getloadavg()
        print(f"{args.runs} fresh processes per ruleset and tree, {args.hands} warm hands each; "
              f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} "
              "cores")
        for ruleset in rulesets:
            peer = "pymahjonggb (C++)" if ruleset == "mcr" else "mahjong package"
            print(f"{ruleset}:")
            results: dict[str, list[dict[str, Any]]] = {label: [] for label, _ in trees}
            for run in range(args.runs):  # trees alternate: load hits both alike
                for label, tree in trees:
                    results[label].append(probe(tree, ruleset, run, args.hands, cache))
            for label, tree in trees:
                show(label, peer, results[label])
                cpu = summary(results[label], 0)
                side = "now" if tree == REPO else "baseline"
                figure(f"coldstart.{ruleset}.first_minus_warm", cpu["first"] - cpu["warm"], "ms",
                       f"<={TARGET_MS:g}", side)
                figure(f"coldstart.{ruleset}.first_call", cpu["first"], "ms", "-", side)
                figure(f"coldstart.{ruleset}.warm_call", cpu["warm"], "ms", "-", side)


if __name__ == "__main__":
    main()
