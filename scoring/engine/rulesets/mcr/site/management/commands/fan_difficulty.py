"""``manage.py fan_difficulty``: recompute the MCR fan difficulty table of seed 000.

Counts both indices of every fan exactly (``difficulty.compute_table``) with a text progress
bar on stderr, and writes the JSON that the /fans/ page reads (by default the shipped
``scoring/engine/rulesets/mcr/data/fan_difficulty.json``; ``--output`` to write elsewhere).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from scoring.engine.rulesets.mcr import difficulty

BAR_WIDTH = 30


class ProgressBar:
    """``[#########.....] 27/81 大三元  12s`` redrawn in place on a terminal, one line per
    step otherwise (a log file would fill with carriage returns)."""

    def __init__(self, write: Callable[[str], None], inline: bool, width: int = BAR_WIDTH
                 ) -> None:
        self.write = write
        self.inline = inline
        self.width = width
        self.started = time.monotonic()

    def line(self, done: int, total: int, name: str) -> str:
        filled = self.width * done // total if total else self.width
        elapsed = time.monotonic() - self.started
        bar = "#" * filled + "." * (self.width - filled)
        return f"[{bar}] {done}/{total} {name}  {elapsed:.0f}s"

    def __call__(self, done: int, total: int, name: str) -> None:
        text = self.line(done, total, name)
        if self.inline:
            self.write(f"\r\x1b[K{text}{chr(10) if done >= total else ''}")
        else:
            self.write(text + "\n")


class Command(BaseCommand):
    help = ("Compute the 组牌 and 和牌 difficulty indices of the 81 MCR fans by exact "
            "counting and write them as JSON (the data of the /fans/ page).")

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--output", type=Path, default=difficulty.DATA_PATH,
            help=f"File to write (default: {difficulty.DATA_PATH}).")

    def handle(self, *args: Any, **options: Any) -> None:
        output: Path = options["output"]

        def write(text: str) -> None:
            self.stderr.write(text, ending="")
            self.stderr.flush()

        rows = difficulty.compute_table(ProgressBar(write, self.stderr.isatty()))
        output.parent.mkdir(parents=True, exist_ok=True)
        # The same layout as difficulty.write_table, so regenerating leaves no spurious diff.
        output.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n",
                          encoding="utf-8")
        counted = sum(1 for row in rows if row["hupai_index"] is not None)
        self.stdout.write(f"wrote {output}: {len(rows)} fans, {counted} with both indices")
