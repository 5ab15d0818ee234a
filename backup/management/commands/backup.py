"""``manage.py backup FILE``: the whole site in one gzip file (docs/backup.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from backup import services
from backup.fileformat import STDIO


class Command(BaseCommand):
    help = ("Write every group, evening, table, hand, event, player and account of the site "
            "to FILE (gzip JSON lines; - for standard output). Safe while the site runs.")

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="Where to write the backup; - for standard output.")
        parser.add_argument("--database", default="default",
                            help="Database alias to back up (default: default).")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            report = services.backup(path, using=options["database"])
        except services.Refused as exc:
            raise CommandError(str(exc)) from None
        except OSError as exc:
            raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None
        # With the backup on standard output, the summary goes to standard error.
        out = self.stderr if path == STDIO else self.stdout
        if options["verbosity"] >= 1:
            out.write(f"backed up {report.total:,} rows of {len(report.rows)} tables to "
                      f"{path} in {report.seconds:.1f} s")
