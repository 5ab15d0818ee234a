"""The site asks each ruleset what it needs (scoring/engine/capabilities.py, read through
scoring/registry.py) and keeps no table of them: every capability has a default, and a
ruleset's own pages are mounted from its package. The toy ruleset (a test-only package,
``MJ_EXTRA_RULESETS``) proves each capability the site asks, in its own tests."""

from __future__ import annotations

from types import ModuleType

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scoring import registry
from scoring.engine import rulesets


def test_the_default_of_each_capability_is_what_a_package_without_it_gets() -> None:
    from scoring.engine import capabilities

    bare = ModuleType("bare")
    for name, capability in capabilities.CAPABILITIES.items():
        assert capabilities.read(bare, name) == capability.default


@pytest.mark.django_db
def test_adding_a_ruleset_needs_no_migration() -> None:
    extra = set(rulesets.names()) - set(rulesets.shipped())
    assert extra and extra <= set(registry.usable())  # the test-only ones are offered too
    # --check exits non-zero when a model change (a frozen list of rulesets) wants one.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


@pytest.mark.django_db
def test_a_rulesets_own_page_is_mounted_and_its_first_address_redirects(
        client: Client) -> None:
    url = reverse("mcr:fans")
    assert url == "/rulesets/mcr/fans/"
    assert client.get(url).status_code == 200
    moved = client.get("/fans/?x=1")
    assert moved.status_code == 301 and moved["Location"] == url + "?x=1"
    menu = client.get(reverse("scoring:analyse")).content.decode()
    assert f'href="{url}"' in menu
