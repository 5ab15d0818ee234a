"""The table page as phones open it: server CPU per page, in one process with Django's
test Client on a temporary SQLite database.

    PYTHONPATH=. .venv/bin/python bench/table_page.py [--repeat 20] [--hands 8]

A table of each ruleset's first preset, with ``--hands`` hands recorded, is opened by
four phones (a Client each, reading English, 简体中文, 繁體中文 and 日本語), once to warm
up, then ``--repeat`` rounds of every phone of every table in turn. Printed per ruleset:
the median and p95 of the CPU time of one page (``time.process_time``, which the
machine's other load moves less than the wall clock) and the page's size; then FIGURE
lines (bench/README.md). Nothing asserts a time: the script prints, people read.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LANGUAGES = ["en", "zh-hans", "zh-hant", "ja"]
NAMES = ["Aiko", "Bo", "Chen", "Dana"]


def setup(path: str) -> None:
    from bench.common import django_on_sqlite

    django_on_sqlite(path)
    from scoring.presets import sync_presets

    sync_presets()


def tables(hands: int) -> tuple[dict[str, str], dict[str, int]]:
    """A table per ruleset (its first preset) with up to ``hands`` draws recorded (where
    its rules have a plain draw): its page's URL, and the hands it has."""
    from django.urls import reverse

    from common.errors import TableError
    from games import services
    from scoring import registry

    urls, recorded = {}, {}
    for name in registry.usable():
        preset = next(iter(registry.get(name).presets))
        actor = services.Actor(device="bench")  # the tables' creator, who may record
        try:
            table = services.create_table("Bench", name, preset, {}, NAMES, creator=actor)
        except TableError:  # a game of three
            table = services.create_table("Bench", name, preset, {}, NAMES[:3],
                                          creator=actor)
        recorded[name] = 0
        for number in range(hands):
            done = services.record_hand(table.pk, {"type": "draw"}, f"bench-{number}",
                                        number, actor)
            if not done["ok"]:
                break
            recorded[name] += 1
        urls[name] = reverse("games:table", args=[table.public_id])
    return urls, recorded


def measure(urls: dict[str, str], repeat: int) -> dict[str, dict[str, float]]:
    from django.test import Client

    phones = [Client(headers={"accept-language": code}) for code in LANGUAGES]
    cpu: dict[str, list[float]] = {name: [] for name in urls}
    size: dict[str, int] = {}
    for name, url in urls.items():
        for phone in phones:
            answer = phone.get(url)  # warm: the first read may keep what later ones reuse
            assert answer.status_code == 200, (url, answer.status_code)
            size[name] = len(answer.content)
    for _ in range(repeat):
        for name, url in urls.items():
            for phone in phones:
                start = time.process_time()
                phone.get(url)
                cpu[name].append((time.process_time() - start) * 1000)
    out = {}
    for name, values in cpu.items():
        values.sort()
        out[name] = {"median": statistics.median(values),
                     "p95": values[min(len(values) - 1, round(0.95 * (len(values) - 1)))],
                     "bytes": size[name]}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--hands", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mjsite-bench-page-") as where:
        setup(str(Path(where) / "db.sqlite3"))
        from bench.common import figure

        urls, recorded = tables(args.hands)
        results = measure(urls, args.repeat)
        load = os.getloadavg()[0]
        print(f"table page, 4 phones in 4 languages, {args.repeat} rounds "
              f"(load {load:.1f}): CPU per page")
        for name, row in results.items():
            print(f"  {name:10s} {recorded[name]:3d} hands  median {row['median']:6.1f} ms  "
                  f"p95 {row['p95']:6.1f} ms  {row['bytes'] / 1024:6.0f} KB")
        every = [row["median"] for row in results.values()]
        figure("table_page.cpu_median", statistics.median(every), "ms")
        for name, row in results.items():
            figure(f"table_page.{name}.cpu_median", row["median"], "ms")


if __name__ == "__main__":
    main()
