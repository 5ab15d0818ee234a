"""Every model change ships with its migration: a pending one makes `make run` warn on
every start and leaves a fresh database without the change."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_no_model_change_is_missing_its_migration() -> None:
    out = io.StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit_:  # --check exits 1 when a migration would be written
        pytest.fail(f"a migration is missing (exit {exit_.code}):\n{out.getvalue()}")
    assert "No changes detected" in out.getvalue()


def test_a_stakes_ruleset_choices_are_asked_of_the_engine_not_frozen_at_import() -> None:
    from clubs.models import Stake
    from scoring import registry

    field = Stake._meta.get_field("ruleset")
    # What a migration records: the registry's function, so a new ruleset needs none.
    assert field.deconstruct()[3]["choices"] is registry.model_choices
    assert dict(field.choices) == dict(registry.model_choices())
