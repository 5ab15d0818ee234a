"""What one write costs at hand 2 and at hand 200, in one process, beside a baseline.

    python bench/write_path.py                      # this checkout vs main
    python bench/write_path.py --baseline 05e34b1   # vs any commit (a temporary worktree)
    python bench/write_path.py --repeat 30 --length 200

For each checkout, in a fresh process with a throwaway SQLite database: a riichi table
(bust off, the dealer keeps the deal, as ``bench/load.py`` plays) is brought to
``--length - 1`` hands; then, ``--repeat`` times, a hand is recorded and undone, each
timed from the service call to the text the phones get (after commit, the channel layer
replaced by a list, the event delivered to phones that all read English, as in a club:
the rendering the write causes is counted wherever it happens). The same at hand 2.
Printed: medians of wall and CPU time per write, the frame a phone gets in English and in
Japanese, the connect message at the last hand, and the ratios hand 200 / hand 2, beside
the targets of issue 26 (ratio <= 1.2, frames <= 2 KB, connect <= 20 KB). Never asserts:
the machine is shared and busy.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUTCOMES = [
    {"type": "ron", "wins": [{"winner": 0, "discarder": 1, "quick": {"han": 2, "fu": 30}}]},
    {"type": "ron", "wins": [{"winner": 0, "discarder": 2, "quick": {"han": 3, "fu": 40}}]},
    {"type": "tsumo", "wins": [{"winner": 0, "quick": {"han": 1, "fu": 30}}]},
    {"type": "draw", "tenpai": [0, 1, 2, 3]},
]
TARGET_RATIO = 1.2
TARGET_FRAME = 2 * 1024
TARGET_CONNECT = 20 * 1024


def child(length: int, repeat: int) -> dict[str, Any]:
    """Measure the checkout this process imports (run with cwd and sys.path on it)."""
    import django
    from django.core.management import call_command
    from django.utils import translation

    django.setup()
    call_command("migrate", verbosity=0)
    from games import broadcast, services
    from games.models import Table
    from games.permissions import Actor

    sent: list[dict[str, Any]] = []

    class Layer:
        async def group_send(self, group: str, message: dict[str, Any]) -> None:
            sent.append(message)

    broadcast.get_channel_layer = lambda: Layer()  # type: ignore[assignment]
    try:
        from games.consumers import rendered_event  # rendered by the phones' consumer
    except ImportError:  # a checkout whose write rendered every language itself
        rendered_event = None

    def deliver(table_pk: int, language: str) -> str:
        message = sent[-1]
        if "texts" in message:
            return str(message["texts"][language])
        assert rendered_event is not None
        return str(rendered_event(table_pk, message["seq"], message["payload"], language))

    def size(text: str) -> int:
        return len(text.encode("utf-8"))

    actor = Actor(device="bench-writer")
    counter = iter(range(10**9))

    def write(fn: Any, table: Table, *args: Any) -> tuple[float, float, int, int]:
        seq = Table.objects.get(pk=table.pk).seq
        wall, cpu = time.perf_counter(), time.process_time()
        result = fn(table.pk, *args, f"bench-{next(counter)}", seq, actor)
        english = deliver(table.pk, "en")
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        assert result.get("ok"), result
        japanese = deliver(table.pk, "ja")  # another language's phones: not timed
        return wall * 1000, cpu * 1000, size(english), size(japanese)

    def at(table: Table, hands: int) -> dict[str, float]:
        while (n := table.hands.count()) < hands - 1:
            write(services.record_hand, table, OUTCOMES[n % len(OUTCOMES)])
        records, undos = [], []
        for i in range(repeat):
            n = table.hands.count()
            records.append(write(services.record_hand, table, OUTCOMES[(n + i) % 4]))
            undos.append(write(services.undo, table))
        med = statistics.median
        return {"record_ms": med(r[0] for r in records),
                "record_cpu_ms": med(r[1] for r in records),
                "record_bytes_en": med(r[2] for r in records),
                "record_bytes_ja": med(r[3] for r in records),
                "undo_ms": med(u[0] for u in undos), "undo_cpu_ms": med(u[1] for u in undos),
                "undo_bytes_en": med(u[2] for u in undos),
                "undo_bytes_ja": med(u[3] for u in undos)}

    def table() -> Table:
        return services.create_table("Bench", "riichi", "", {"bust_ends_game": False},
                                     ["Aiko", "Bo", "陈", "Dana"], creator=actor)

    out = {"early": at(table(), 2), "late": at(late := table(), length)}
    # The phone connecting at the last hand: the whole snapshot, built once (uncached).
    last = Table.objects.get(pk=late.pk)
    with translation.override("ja"):
        wall = time.perf_counter()
        message = services.cached_message(last)
        out["connect_ms"] = (time.perf_counter() - wall) * 1000
    try:
        from games.presenter import compact
        text = compact(message)
    except ImportError:  # as the consumer's send_json sent it
        text = json.dumps({"type": "snapshot", **message})
    out["connect_bytes_ja"] = size(text)
    return out


def run(root: Path, length: int, repeat: int, chain: bool = True) -> dict[str, Any]:
    """One child's figures for the code in ``root`` (with issue 29's hash chain switched
    off, bench/nochain, unless ``chain``)."""
    path = str(root) if chain else f"{ROOT / 'bench' / 'nochain'}{os.pathsep}{root}"
    with tempfile.TemporaryDirectory(prefix="mjsite-write-path-") as tmp:
        env = {**{k: v for k, v in os.environ.items() if not k.startswith("MJ_")},
               "DJANGO_SETTINGS_MODULE": "mjsite.settings", "PYTHONPATH": path,
               "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3", "MJ_LOG_LEVEL": "ERROR",
               # As in production: no query log (DEBUG keeps every query's text).
               "MJ_DEBUG": "false", "MJ_SECRET_KEY": "bench-" + "x" * 50,
               "MJ_ALLOWED_HOSTS": "localhost"}
        done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child",
                               "--length", str(length), "--repeat", str(repeat)],
                              cwd=root, env=env, capture_output=True, text=True,
                              timeout=1800)
    if done.returncode != 0:
        raise RuntimeError(f"the run in {root} failed:\n{done.stderr[-3000:]}")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def baseline_tree(ref: str, stack: list[Path]) -> Path:
    """A detached worktree of ``ref`` in a temporary folder (removed at the end)."""
    path = Path(tempfile.mkdtemp(prefix="mjsite-baseline-")) / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", str(path), ref], cwd=ROOT,
                   check=True, capture_output=True)
    stack.append(path)
    return path


def remove_trees(stack: list[Path]) -> None:
    for path in stack:
        subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=ROOT,
                       capture_output=True)


def report(label: str, base: dict[str, Any], head: dict[str, Any], length: int) -> None:
    def ratio(data: dict[str, Any], key: str) -> float:
        return float(data["late"][key]) / max(1e-9, float(data["early"][key]))

    print(f"\n{'':34}{'baseline':>22}{'this checkout':>22}   target")
    rows = [
        ("record: wall ms at hand 2", "early", "record_ms", ""),
        (f"record: wall ms at hand {length}", "late", "record_ms", ""),
        ("record: CPU ms at hand 2", "early", "record_cpu_ms", ""),
        (f"record: CPU ms at hand {length}", "late", "record_cpu_ms", "<= 10 (CPU/hand)"),
        ("record: frame bytes (en) at 2", "early", "record_bytes_en", "<= 2048"),
        (f"record: frame bytes (en) at {length}", "late", "record_bytes_en", "<= 2048"),
        (f"record: frame bytes (ja) at {length}", "late", "record_bytes_ja", "<= 2048"),
        ("undo: wall ms at hand 2", "early", "undo_ms", ""),
        (f"undo: wall ms at hand {length}", "late", "undo_ms", ""),
        ("undo: CPU ms at hand 2", "early", "undo_cpu_ms", ""),
        (f"undo: CPU ms at hand {length}", "late", "undo_cpu_ms", ""),
        (f"undo: frame bytes (en) at {length}", "late", "undo_bytes_en", "<= 2048"),
    ]
    for name, when, key, target in rows:
        print(f"  {name:<32}{base[when][key]:>22.1f}{head[when][key]:>22.1f}   {target}")
    for name, key in (("record wall", "record_ms"), ("record CPU", "record_cpu_ms"),
                      ("record frame", "record_bytes_en"), ("undo wall", "undo_ms"),
                      ("undo CPU", "undo_cpu_ms"),
                      ("undo frame", "undo_bytes_en")):
        print(f"  {name + f' ratio {length} / 2':<32}{ratio(base, key):>21.2f}x"
              f"{ratio(head, key):>21.2f}x   <= {TARGET_RATIO}x")
    print(f"  {f'connect message bytes (ja) at {length}':<32}"
          f"{base['connect_bytes_ja']:>22,}{head['connect_bytes_ja']:>22,}   <= {TARGET_CONNECT:,}")
    print(f"  {f'connect build ms at {length} (once)':<32}"
          f"{base['connect_ms']:>22.1f}{head['connect_ms']:>22.1f}")
    print(f"  {'record wall at ' + str(length) + ': this / baseline':<32}"
          f"{head['late']['record_ms'] / base['late']['record_ms']:>44.2f}x")
    figures(base, "baseline", length)
    figures(head, "now", length)
    del label


def figures(data: dict[str, Any], side: str, length: int) -> None:
    """The figures as FIGURE lines for bench/run.py (bench/README.md)."""
    # Last on the path: a child measuring another checkout must import that one's code.
    sys.path.append(str(ROOT))
    from bench.common import figure

    def ratio(key: str) -> float:
        return float(data["late"][key]) / max(1e-9, float(data["early"][key]))

    limit = f"<={TARGET_RATIO:g}"
    figure(f"write.record.cpu.hand_{length}", data["late"]["record_cpu_ms"], "ms", "-", side)
    figure(f"write.record.wall.hand_{length}", data["late"]["record_ms"], "ms", "-", side)
    figure(f"write.record.cpu.hand_{length}_over_2", ratio("record_cpu_ms"), "x", limit, side)
    figure(f"write.record.wall.hand_{length}_over_2", ratio("record_ms"), "x", limit, side)
    figure(f"write.undo.wall.hand_{length}_over_2", ratio("undo_ms"), "x", limit, side)
    figure(f"write.record.frame_en.hand_{length}", data["late"]["record_bytes_en"], "bytes",
           f"<={TARGET_FRAME}", side)
    figure(f"write.record.frame_en.hand_{length}_over_2", ratio("record_bytes_en"), "x",
           limit, side)
    figure(f"write.connect_ja.hand_{length}", data["connect_bytes_ja"], "bytes",
           f"<={TARGET_CONNECT}", side)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--length", type=int, default=200, help="the late hand (200)")
    parser.add_argument("--repeat", type=int, default=15,
                        help="records and undos timed at each length (medians)")
    parser.add_argument("--baseline", default="main",
                        help="a commit or branch to measure beside this checkout (main)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        # The checkout measured is the working directory: first on the path, and not this
        # script's folder (a baseline run imported this checkout's modules through it).
        here = Path(__file__).resolve().parent
        sys.path[:] = [os.getcwd(), *(p for p in sys.path
                                      if p and Path(p).resolve() not in (here, ROOT))]
        print(json.dumps(child(args.length, args.repeat)))
        return 0
    if not 3 <= args.length <= 2000 or not 1 <= args.repeat <= 200:
        parser.error("--length must be 3 to 2000 and --repeat 1 to 200")
    load = os.getloadavg()[0]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    print(f"mjsite write path: {os.cpu_count()} cores, load {load:.1f}, Python "
          f"{sys.version.split()[0]}, SQLite; this checkout {commit} vs {args.baseline}; "
          f"{args.repeat} records + undos at hand 2 and at hand {args.length}", flush=True)
    trees: list[Path] = []
    try:
        base_root = baseline_tree(args.baseline, trees)
        base_commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=base_root,
                                     capture_output=True, text=True).stdout.strip()
        print(f"  baseline {args.baseline} is {base_commit}", flush=True)
        began = time.perf_counter()
        base = run(base_root, args.length, args.repeat)
        head = run(ROOT, args.length, args.repeat)
        print(f"  measured in {time.perf_counter() - began:.0f}s, load now "
              f"{os.getloadavg()[0]:.1f}")
    finally:
        remove_trees(trees)
    report("write path", base, head, args.length)
    return 0


if __name__ == "__main__":
    sys.exit(main())
