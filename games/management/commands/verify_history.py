"""``manage.py verify_history``: check the hash chain of tables' histories (issue 29,
games.chain): one table, an evening's tables, or every table of the site."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from common.errors import TableError
from games import chain, extensions
from games.models import Table


class Command(BaseCommand):
    help = ("Check that the history of each table (its event log) is the one mjsite "
            "recorded: every event must hash to what was sealed, chained to the one before. "
            "Names the first changed event of a table changed outside mjsite and records "
            "it (the table then refuses new hands until it is accepted on its page). "
            "Exit status 1 when a history was changed.")

    def add_arguments(self, parser: Any) -> None:
        which = parser.add_mutually_exclusive_group(required=True)
        which.add_argument("--table", action="append", metavar="ID",
                           help="A table's public id (the end of its link); repeatable.")
        which.add_argument("--evening", metavar="ID", help="Every table of this evening.")
        which.add_argument("--all", action="store_true", help="Every table of the site.")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["all"]:
            tables = Table.objects.all()
        elif options["evening"]:
            try:
                tables = extensions.evening_tables(options["evening"], None)
            except TableError as exc:
                raise CommandError(exc.message) from None
        else:
            ids = options["table"]
            tables = Table.objects.filter(public_id__in=ids)
            missing = set(ids) - set(tables.values_list("public_id", flat=True))
            if missing:
                raise CommandError(f"there is no table {', '.join(sorted(missing))}")
        checked = changed = 0
        for table, verdict in chain.tables_checked(tables):
            checked += 1
            label = f"{table.public_id} ({table.name})"
            if verdict.problem is not None:
                changed += 1
                problem = verdict.problem
                self.stdout.write(f"{label}: CHANGED at event {problem.seq} ({problem.reason}"
                                  f"{f', {problem.kind}' if problem.kind else ''}"
                                  f"{f' of hand {problem.hand}' if problem.hand else ''})")
            elif options["verbosity"] >= 1:
                accepted = (f", {len(verdict.accepted)} change(s) accepted"
                            if verdict.accepted else "")
                self.stdout.write(f"{label}: {verdict.events} events, the history holds"
                                  f"{accepted}; last hash {verdict.head or '(none)'}")
        self.stdout.write(f"{checked} table(s) checked, {changed} changed")
        if changed:
            sys.exit(1)
