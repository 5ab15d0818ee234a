"""Backup and restore of a small site: ``manage.py backup``/``restore`` against Django's
``dumpdata``/``loaddata``, each a round trip into a freshly migrated database.

    python bench/backup.py                       # SQLite, 40 more tables of up to 12 hands
    python bench/backup.py --tables 200 --hands 16
    python bench/backup.py --database postgres://postgres@127.0.0.1:5432/test

The site is backup.tests.site's (rows in every model: a group, evenings, stakes, a table
of every ruleset, undo/redo/corrections, penalties, accounts) plus ``--tables`` riichi
tables of ``--hands`` hands each, in the group's evenings. Each step runs as a host runs
it, a ``manage.py`` process of its own, so the times include Django's start-up (printed
apart). Throwaway databases only: temporary SQLite files, or fresh PostgreSQL databases
made beside the URL given and dropped afterwards.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.tests.integration.harness import (  # noqa: E402
    PYTHON,
    fresh_postgres_database,
    site_env,
)


def build(tables: int, hands: int) -> dict[str, Any]:
    """(In the child process.) The test site, then the extra tables."""
    from backup.tests import site
    from clubs import services as clubs
    from clubs.models import Evening, Group
    from games import services as games
    from games.permissions import Actor
    from games.tests.tables import OUTCOMES
    from scoring import registry

    site.build()
    group = Group.objects.get()
    evenings = list(Evening.objects.all())
    owner = Actor(device="bench-owner")
    rulesets = [r for r in registry.usable() if r in OUTCOMES]
    recorded = 0
    for n in range(tables):
        ruleset = rulesets[n % len(rulesets)]
        samples = [o for kinds in OUTCOMES[ruleset].values() for o in kinds]
        table = games.create_table(f"Bench {n}", ruleset, "", {},
                                   ["Aiko", "Bo", "陈", "Dana"], creator=owner)
        seq = 0
        for h in range(hands):
            result = games.record_hand(table.pk, samples[(n + h) % len(samples)],
                                       f"bench-{n}-{h}", seq, owner)
            if not result.get("ok"):
                break
            seq, recorded = int(result["seq"]), recorded + 1
            if result["snapshot"]["table"]["finished"]:
                break
        clubs.attach_table(table, group, site_owner(), evenings[n % len(evenings)])
    return {"tables": tables, "hands": recorded}


def site_owner() -> Any:
    from django.contrib.auth import get_user_model

    from games.permissions import Actor

    return Actor(user=get_user_model().objects.get(username="ann"))


def _inside(output: str) -> str:
    """The seconds a backup or restore command reports for its own work."""
    found = re.search(r" in ([0-9.]+) s$", output.strip())
    return f"{float(found.group(1)):.1f} s" if found else "?"


def _run(env: dict[str, str], *args: str) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run([PYTHON, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=3600)
    took = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return took, done.stdout


def _databases(stack: ExitStack, url: str | None, tmp: Path) -> list[str]:
    if url:
        return [stack.enter_context(fresh_postgres_database(url)) for _ in range(3)]
    return [f"sqlite:///{tmp / name}.sqlite3" for name in ("site", "restored", "loaded")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--database", help="a postgres:// URL whose user may create "
                                           "databases (default: SQLite files)")
    parser.add_argument("--build", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.build:  # the child that fills the site's database
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjsite.settings")
        import django

        django.setup()
        print(json.dumps(build(args.tables, args.hands)))
        return

    with ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="mjsite-bk-")))
        source, restored, loaded = (site_env(u) for u in _databases(stack, args.database,
                                                                    tmp))
        for env in (source, restored, loaded):
            _run(env, "manage.py", "migrate", "--noinput", "-v", "0")
        _, out = _run(source, "bench/backup.py", "--build", "--tables", str(args.tables),
                      "--hands", str(args.hands))
        made = json.loads(out)
        startup, _ = _run(source, "manage.py", "check", "-v", "0")

        backup_s, backup_out = _run(source, "manage.py", "backup",
                                    str(tmp / "site.backup.gz"))
        restore_s, restore_out = _run(restored, "manage.py", "restore",
                                      str(tmp / "site.backup.gz"))
        dump_s, _ = _run(source, "manage.py", "dumpdata", "--natural-foreign",
                         "--natural-primary", "-e", "contenttypes", "-e", "auth.permission",
                         "-e", "sessions", "-o", str(tmp / "site.json"))
        load_s, _ = _run(loaded, "manage.py", "loaddata", str(tmp / "site.json"))

        size = (tmp / "site.backup.gz").stat().st_size
        json_size = (tmp / "site.json").stat().st_size
        vendor = "PostgreSQL" if args.database else "SQLite"
        print(f"{vendor}: {made['tables']} extra tables, {made['hands']} hands recorded; "
              f"Django start-up {startup:.1f} s per command (included below)")
        print(f"  backup + restore:     {backup_s:6.1f} s + {restore_s:6.1f} s = "
              f"{backup_s + restore_s:6.1f} s   file {size / 1024:,.0f} KiB (gzip); the "
              f"commands' own work {_inside(backup_out)} + {_inside(restore_out)}")
        print(f"  dumpdata + loaddata:  {dump_s:6.1f} s + {load_s:6.1f} s = "
              f"{dump_s + load_s:6.1f} s   file {json_size / 1024:,.0f} KiB (JSON)")
        ours, theirs = backup_s + restore_s - 2 * startup, dump_s + load_s - 2 * startup
        print(f"  without start-up: {max(ours, 0.0):.1f} s against {max(theirs, 0.0):.1f} s; "
              f"ratio {(dump_s + load_s) / (backup_s + restore_s):.1f}x with it, "
              f"{theirs / ours if ours > 0 else float('nan'):.1f}x without")
        from bench.common import figure

        figure("backup.backup_and_restore", backup_s + restore_s, "s")
        figure("backup.speed_vs_dumpdata_loaddata", (dump_s + load_s) / (backup_s + restore_s),
               "x")
        figure("backup.file", size / 1024, "KiB")


if __name__ == "__main__":
    main()
