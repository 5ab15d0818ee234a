"""``make bench``: every bench script on this checkout and on a baseline commit, back to
back, then one table of every figure beside its target, today's value, the baseline's and
their ratio, with the command and the machine's load while it ran.

    PYTHONPATH=. .venv/bin/python bench/run.py                      # all, baseline 05e34b1
    PYTHONPATH=. .venv/bin/python bench/run.py --baseline main --only club_pages,write_path
    PYTHONPATH=. .venv/bin/python bench/run.py --docs              # and rewrite the figures
                                                                   # in docs/performance.md

Each step of ``PLAN`` is a script of bench/ with its arguments (a script not named there
runs with none). A script that measures a baseline itself (it takes ``--baseline``:
write_path.py, coldstart.py, load.py) runs once with ``--baseline REF`` and tags that
side's figures; any other runs on this checkout and then at once on a temporary worktree
of REF into which this checkout's bench/ is copied: the same instrument on the older
code, measured back to back. Every script prints its figures as ``FIGURE`` lines
(:func:`bench.common.figure`; bench/README.md is the interface), and stays runnable alone.
The 1-minute load average is sampled every 2 s while a script runs. Nothing here asserts:
the figures are read by people, the ratios show a regression.
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
NOT_BENCHES = {"common.py", "run.py"}
DEFAULT_BASELINE = "05e34b1"  # main just before issue 26's work (docs/performance.md)

# The arguments that measure what issue 26 (and the engine's earlier issues) set targets
# for; a script missing here runs with none.
PLAN: list[tuple[str, list[str]]] = [
    ("engine.py", []),
    ("analyse.py", []),
    ("riichi.py", []),
    ("mcr.py", []),
    ("coldstart.py", ["--runs", "7", "--hands", "400"]),
    ("write_path.py", ["--length", "200", "--repeat", "15"]),
    ("club_pages.py", ["--repeat", "15"]),
    ("load.py", ["--tables", "200", "--pace", "human", "--prefill", "2"]),
    ("load.py", ["--tables", "100", "--saturate", "--interval", "8", "--step", "2",
                 "--prefill", "2"]),
    ("load.py", ["--burst"]),  # a tournament round's end: 64 tables within 10 s, 5 times
    ("watchers.py", []),
    ("backup.py", []),
]

FIGURE = re.compile(r"^FIGURE (\S+) (\S+) (\S+) (\S+)(?: (now|baseline))?\s*$")
DOCS = ROOT / "docs" / "performance.md"
BEGIN, END = "<!-- make bench: begin -->", "<!-- make bench: end -->"


@dataclass
class Figure:
    name: str
    unit: str
    target: str
    now: float | None = None
    baseline: float | None = None

    @property
    def ratio(self) -> float | None:
        if self.now is None or not self.baseline:
            return None
        return self.now / self.baseline

    @property
    def meets(self) -> str:
        match = re.fullmatch(r"(<=|>=)(-?[0-9.]+)", self.target)
        if match is None or self.now is None:
            return ""
        bound = float(match[2])
        return "yes" if (self.now <= bound if match[1] == "<=" else self.now >= bound) else "no"


@dataclass
class Step:
    script: str
    args: list[str]
    command: str = ""
    figures: dict[str, Figure] = field(default_factory=dict)
    loads: dict[str, tuple[float, float]] = field(default_factory=dict)  # side -> (min, max)
    failed: dict[str, str] = field(default_factory=dict)  # side -> why


class LoadSampler:
    """The 1-minute load average every ``every`` seconds until stopped."""

    def __init__(self, every: float = 2.0) -> None:
        self.every, self.samples = every, [os.getloadavg()[0]]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.samples.append(os.getloadavg()[0])

    def __enter__(self) -> LoadSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.samples.append(os.getloadavg()[0])

    @property
    def range(self) -> tuple[float, float]:
        return min(self.samples), max(self.samples)


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                          check=True).stdout.strip()


@contextmanager
def baseline_tree(ref: str) -> Iterator[Path]:
    """A detached worktree of ``ref`` with this checkout's bench/ copied in; removed
    afterwards."""
    path = Path(tempfile.mkdtemp(prefix="mjsite-bench-baseline-")) / "tree"
    git("worktree", "add", "--detach", str(path), ref)
    try:
        (path / "bench").mkdir(exist_ok=True)
        for script in BENCH.glob("*.py"):
            shutil.copy2(script, path / "bench" / script.name)
        yield path
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=ROOT,
                       capture_output=True)
        shutil.rmtree(path.parent, ignore_errors=True)


def takes_baseline(script: str) -> bool:
    """Whether the script measures a baseline itself (it declares ``--baseline``)."""
    return '"--baseline"' in (BENCH / script).read_text()


def run_script(step: Step, tree: Path, args: list[str], side: str) -> None:
    """Run one script in ``tree``, echoing its output, and collect its FIGURE lines (a
    line without a side is ``side``'s)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    print(f"\n== {step.script} {' '.join(args)} [{side}: {tree}]", flush=True)
    with LoadSampler() as sampler:
        proc = subprocess.Popen([sys.executable, str(tree / "bench" / step.script), *args],
                                cwd=tree, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, bufsize=1)
        assert proc.stdout is not None
        for line in proc.stdout:
            print(line, end="", flush=True)
            match = FIGURE.match(line)
            if match is None:
                continue
            name, value, unit, target, tagged = match.groups()
            figure = step.figures.setdefault(name, Figure(name, unit, target))
            # A script measuring both sides tags them; a run of the harness's is one side.
            setattr(figure, (tagged or "now") if side == "both" else side, float(value))
        code = proc.wait()
    low, high = sampler.range
    for tagged in ({"now", "baseline"} if side == "both" else {side}):
        step.loads[tagged] = (low, high)
        if code:
            step.failed[tagged] = f"exit {code}"


def readable(number: float) -> str:
    """1,644,212 and 95.46 and 0.06889: whole above a thousand, else 4 significant digits."""
    if abs(number) >= 1000:
        return f"{number:,.0f}"
    return f"{number:.4g}" if number else "0"


def report(steps: list[Step]) -> list[str]:
    """The table of every figure, as Markdown lines."""
    lines = ["| Figure | Target | Today | Baseline | Today ÷ baseline | Meets | Command | "
             "Load (1 min), today / baseline |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]

    def value(number: float | None, unit: str) -> str:
        return "–" if number is None else f"{readable(number)} {unit}"

    for step in steps:
        loads = " / ".join(f"{low:.1f}–{high:.1f}" for side, (low, high) in
                           sorted(step.loads.items(), key=lambda item: item[0] != "now"))
        failed = "; ".join(f"{side}: {why}" for side, why in step.failed.items())
        command = f"`{step.command}`" + (f" ({failed})" if failed else "")
        if not step.figures:
            lines.append(f"| {step.script}: no figures | | | | | | {command} | {loads} |")
        for n, figure in enumerate(step.figures.values()):
            ratio = figure.ratio
            lines.append(
                f"| {figure.name} | {figure.target.replace('<=', '≤ ').replace('>=', '≥ ')} | "
                f"{value(figure.now, figure.unit)} | {value(figure.baseline, figure.unit)} | "
                f"{'–' if ratio is None else f'{ratio:.2f}'} | {figure.meets} | "
                f"{command if n == 0 else '″'} | {loads if n == 0 else ''} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default=os.environ.get("BASELINE") or DEFAULT_BASELINE,
                        help=f"the commit measured beside this checkout ({DEFAULT_BASELINE})")
    parser.add_argument("--only", default="",
                        help="comma-separated scripts (club_pages,write_path...)")
    parser.add_argument("--docs", action="store_true",
                        help="write the table into docs/performance.md")
    args = parser.parse_args(argv)
    only = {name.removesuffix(".py") for name in args.only.split(",") if name}
    planned = {script for script, _ in PLAN}
    steps = [Step(script, list(extra)) for script, extra in PLAN]
    steps += [Step(path.name, []) for path in sorted(BENCH.glob("*.py"))
              if path.name not in NOT_BENCHES and path.name not in planned]
    if only:
        unknown = only - {s.script.removesuffix(".py") for s in steps}
        if unknown:
            parser.error(f"no such bench: {', '.join(sorted(unknown))}")
        steps = [s for s in steps if s.script.removesuffix(".py") in only]
    ref_commit = git("rev-parse", "--short", args.baseline)
    commit = git("rev-parse", "--short", "HEAD")
    dirty = " + uncommitted changes" if git("status", "--porcelain", "--untracked-files=no") \
        else ""
    started = datetime.datetime.now().astimezone()
    print(f"make bench: this checkout {commit}{dirty} against {args.baseline} ({ref_commit}); "
          f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, load "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    with baseline_tree(args.baseline) as tree:
        for step in steps:
            if takes_baseline(step.script):
                extra = [*step.args, "--baseline", ref_commit]
                step.command = shlex.join(["bench/" + step.script, *extra])
                run_script(step, ROOT, extra, "both")
            else:
                step.command = shlex.join(["bench/" + step.script, *step.args])
                run_script(step, ROOT, step.args, "now")
                run_script(step, tree, step.args, "baseline")
    lines = report(steps)
    head = (f"Measured {started:%Y-%m-%d %H:%M %Z} by `make bench` (`bench/run.py`) on "
            f"{commit}{dirty}, baseline {ref_commit} measured in the same run; "
            f"{os.cpu_count()} cores shared with other work, Python "
            f"{sys.version.split()[0]}, SQLite. Commands run from the repository root as "
            f"`PYTHONPATH=. .venv/bin/python <command>`; the baseline's in a worktree of "
            f"{ref_commit} with this bench/ copied in, or by the script's own `--baseline`.")
    print("\n" + head + "\n\n" + "\n".join(lines))
    if args.docs:
        text = DOCS.read_text()
        if BEGIN not in text or END not in text:
            print(f"{DOCS} has no {BEGIN} ... {END} block: not written", file=sys.stderr)
            return 1
        before, rest = text.split(BEGIN, 1)
        after = rest.split(END, 1)[1]
        DOCS.write_text(f"{before}{BEGIN}\n{head}\n\n" + "\n".join(lines) + f"\n{END}{after}")
        print(f"\nwritten into {DOCS.relative_to(ROOT)}")
    return 1 if any(step.failed.get("now") for step in steps) else 0


if __name__ == "__main__":
    sys.exit(main())
