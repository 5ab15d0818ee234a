"""``python -m scoring.engine <command>``: one JSON request per stdin line, one result out.

Results are written in input order, one per line, flushed at once so a caller can stream;
blank lines are skipped. A failing line yields ``{"error": {...}}`` and the batch goes on,
so the exit status is 0 unless the command itself is unknown.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from typing import TextIO

from . import chain
from .commands import HELP, available, encode_result, lookup, run_line
from .errors import EngineError

# Commands that read one whole file from stdin (not a JSON request per line), with
# options of their own: name -> (main(args, stdin, stdout, stderr) -> status, help).
FILE_COMMANDS = {
    "verify-chain": (chain.main, "check a table history exported from mjsite (its hash "
                                 "chain) and name the first changed event"),
}


def usage() -> str:
    lines = [
        "usage: python -m scoring.engine <command> < requests.jsonl",
        "",
        "Reads one JSON object per line and writes one JSON result per line.",
        "",
        "commands:",
    ]
    names = available()
    width = max(len(n) for n in [*names, *FILE_COMMANDS])
    lines.extend(f"  {n.ljust(width)}  {HELP.get(n, '')}" for n in names)
    lines.append("")
    lines.append("reading one whole file (python -m scoring.engine <command> --help):")
    lines.extend(f"  {n.ljust(width)}  {text}" for n, (_, text) in FILE_COMMANDS.items())
    lines.append("")
    lines.append('example: echo \'{"hand": "1112345678999m"}\' | python -m scoring.engine waits')
    return "\n".join(lines)


def serve(name: str, stdin: TextIO, stdout: TextIO) -> None:
    for line in stdin:
        result = run_line(name, line)
        if result is None:
            continue
        stdout.write(encode_result(result) + "\n")
        stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0 if args else 2
    if args[0] in FILE_COMMANDS:
        if isinstance(sys.stdin, io.TextIOWrapper):
            sys.stdin.reconfigure(encoding="utf-8", errors="strict")
        if isinstance(sys.stdout, io.TextIOWrapper):
            sys.stdout.reconfigure(encoding="utf-8")
        return FILE_COMMANDS[args[0]][0](args[1:], sys.stdin, sys.stdout, sys.stderr)
    if len(args) > 1:
        print(f"expected one command, got {' '.join(args)}\n\n{usage()}", file=sys.stderr)
        return 2
    try:
        lookup(args[0])
    except EngineError as exc:
        print(exc.message, file=sys.stderr)
        return 2
    # JSON lines are UTF-8 whatever the locale says (an ISO-8859-1 terminal must not crash
    # on 全不靠); undecodable input bytes spoil their own line only.
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(encoding="utf-8", errors="replace")
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(encoding="utf-8")
    serve(args[0], sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
