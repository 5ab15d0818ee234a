"""``manage.py restore FILE``: a backup into an empty database, all or nothing
(docs/backup.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from backup import services


class Command(BaseCommand):
    help = ("Restore a backup made by manage.py backup into this empty, migrated database "
            "(- reads standard input). On any error nothing is written. --check only reads "
            "the file and checks it is whole.")

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="The backup to restore; - for standard input.")
        parser.add_argument("--database", default="default",
                            help="Database alias to restore into (default: default).")
        parser.add_argument("--check", action="store_true",
                            help="Read and check the whole file; write nothing.")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            if options["check"]:
                report = services.check(path)
            else:
                report = services.restore(path, using=options["database"])
        except services.BadFile as exc:
            raise CommandError(f"{path}: {exc}; nothing was restored") from None
        except services.Refused as exc:
            raise CommandError(f"{exc}\nNothing was restored.") from None
        if options["verbosity"] >= 1:
            taken = report.header.get("created_at", "?")
            verb = "is whole:" if options["check"] else "restored"
            self.stdout.write(f"{path} {verb} {report.total:,} rows of {len(report.rows)} "
                              f"tables, backed up at {taken}, in {report.seconds:.1f} s")
