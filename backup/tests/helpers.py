"""Set-up shared by the backup tests: an empty database as ``migrate`` leaves it."""

from __future__ import annotations

from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.core.management.sql import emit_post_migrate_signal

from scoring.models import RulesetConfig


def empty_database() -> None:
    """Every row gone but those ``migrate`` writes, which come back under new ids (as in
    another database migrated in another order): a restore must bring the backup's ids."""
    call_command("flush", interactive=False, verbosity=0)
    RulesetConfig.objects.all().delete()
    # SQLite numbers new rows from the largest id left, so content types deleted and made
    # again in post_migrate's order would get the ids an earlier flush (another test's)
    # gave them: a row above every old id makes the new ids new in any order of tests.
    highest = max(ContentType.objects.values_list("pk", flat=True), default=0)
    ContentType.objects.all().delete()
    ContentType.objects.clear_cache()
    above = ContentType.objects.create(pk=highest + 1, app_label="backup", model="above")
    emit_post_migrate_signal(0, False, "default")
    above.delete()
    ContentType.objects.clear_cache()
