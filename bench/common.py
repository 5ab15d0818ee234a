"""Seeded hand corpora and timing shared by the benches, and the line every bench prints
for each figure (:func:`figure`, read by ``bench/run.py``: bench/README.md).

Every corpus is a function of its seed alone, so two runs (or two benches) time the same
hands; the builders draw from ``rng`` in a fixed order, and changing that order changes
every corpus built from it.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

Counts = list[int]
R = TypeVar("R")

WALL = [k for k in range(34) for _ in range(4)]


def django_on_sqlite(path: str) -> None:
    """Set Django up in this process on a new SQLite database at ``path``, migrated, in
    debug as the test suite runs (static files from the source, no collectstatic), with
    the test client's environment (the in-process page benches)."""
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjsite.settings")
    os.environ["MJ_DEBUG"] = "true"
    import django

    django.setup()
    from django.core.management import call_command
    from django.test.utils import setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0)


def figure(name: str, value: float, unit: str, target: str = "-", side: str = "now") -> None:
    """Print one figure for ``bench/run.py``: ``FIGURE <name> <value> <unit> <target>
    <side>``. ``name``: dotted, no spaces (``club.group_page.500.median``); ``target``:
    ``<=150``, ``>=40`` or ``-``; ``side``: ``now`` (the code this run measures) or
    ``baseline`` (a script that measures a baseline commit itself, ``--baseline``)."""
    for field_ in (name, unit, target, side):
        if not field_ or any(c.isspace() for c in field_):
            raise ValueError(f"a figure's fields have no spaces: {field_!r}")
    print(f"FIGURE {name} {value:.6g} {unit} {target} {side}", flush=True)


def winning_counts(rng: random.Random) -> Counts:
    """A 14-tile win of four sets and a pair (runs 60% of the time where one fits)."""
    while True:
        c = [0] * 34
        c[rng.randrange(34)] += 2
        for _ in range(4):
            k = rng.randrange(34)
            if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                for d in range(3):
                    c[k + d] += 1
            else:
                c[k] += 3
        if max(c) <= 4:
            return c


def random_counts(rng: random.Random, size: int) -> Counts:
    """``size`` tiles drawn from a full wall."""
    c = [0] * 34
    for k in rng.sample(WALL, size):
        c[k] += 1
    return c


def timed(fn: Callable[[Counts], R], hands: Sequence[Counts]) -> tuple[float, list[R]]:
    """Seconds for one pass of ``fn`` over ``hands``, and its answers."""
    start = time.perf_counter()
    answers = [fn(h) for h in hands]
    return time.perf_counter() - start, answers


def timed_all(runs: Sequence[tuple[str, Callable[[Counts], object]]], hands: Sequence[Counts],
              repeat: int) -> dict[str, tuple[float, list[object]]]:
    """Best of ``repeat`` passes per function, passes interleaved so that load from other
    processes on a shared machine hits every contender alike."""
    best: dict[str, tuple[float, list[object]]] = {}
    for _ in range(repeat):
        for name, fn in runs:
            took, results = timed(fn, hands)
            if name not in best or took < best[name][0]:
                best[name] = (took, results)
    return best
