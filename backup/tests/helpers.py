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
    ContentType.objects.all().delete()
    ContentType.objects.clear_cache()
    emit_post_migrate_signal(0, False, "default")
