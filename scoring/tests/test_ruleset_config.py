"""RulesetConfig: options validated by the engine, one built-in row per shipped preset."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from scoring import registry
from scoring.models import RulesetConfig
from scoring.presets import sync_presets

pytestmark = pytest.mark.django_db


def shipped() -> set[tuple[str, str]]:
    return {(name, key) for name in registry.usable()
            for key in (registry.get(name).presets or {"": {}})}


def test_migrate_created_one_builtin_row_per_shipped_preset():
    rows = set(RulesetConfig.objects.filter(is_builtin=True).values_list("ruleset", "preset"))
    assert rows == shipped()
    assert ("riichi", "tenhou") in rows


def test_sync_is_idempotent_and_restores_a_deleted_preset():
    RulesetConfig.objects.filter(ruleset="riichi", preset="ema").delete()
    first = sync_presets()
    assert first.created == 1
    again = sync_presets()
    assert again.created == 0 and again.updated == 0 and again.unchanged == len(shipped())
    assert RulesetConfig.objects.filter(is_builtin=True).count() == len(shipped())


def test_sync_presets_command_reports_what_it_did(capsys):
    RulesetConfig.objects.filter(ruleset="riichi", preset="wrc").update(name="renamed")
    call_command("sync_presets")
    out = capsys.readouterr().out
    assert "0 created, 1 updated" in out
    row = RulesetConfig.objects.get(ruleset="riichi", preset="wrc", is_builtin=True)
    assert row.name.startswith("Japanese riichi — ")


def test_sync_leaves_admin_made_configs_alone():
    mine = RulesetConfig.objects.create(name="Club rules", ruleset="riichi", preset="tenhou",
                                        options={"kiriage": True})
    sync_presets()
    mine.refresh_from_db()
    assert mine.options == {"kiriage": True} and mine.name == "Club rules"


def test_valid_overrides_pass_clean_and_resolve_on_top_of_the_preset():
    config = RulesetConfig(name="Club", ruleset="riichi", preset="tenhou",
                           options={"kiriage": True})
    config.full_clean()
    resolved = config.resolved_options()
    assert resolved["kiriage"] is True and resolved["red_fives"] == 3


@pytest.mark.parametrize(("options", "fragment"), [
    ({"red_fives": 9}, "red_fives"),
    ({"no_such_option": 1}, "unknown option 'no_such_option'"),
    ({"kuitan": "yes"}, "must be true or false"),
    ({"start_points": 30000, "return_points": 25000}, "return_points"),
])
def test_bad_options_are_refused_with_the_engine_message(options, fragment):
    config = RulesetConfig(name="Bad", ruleset="riichi", options=options)
    with pytest.raises(ValidationError) as info:
        config.full_clean()
    assert fragment in " ".join(info.value.message_dict["options"])


def test_unknown_preset_is_refused():
    config = RulesetConfig(name="Bad", ruleset="riichi", preset="nope")
    with pytest.raises(ValidationError) as info:
        config.full_clean()
    assert "unknown preset 'nope'" in info.value.message_dict["preset"][0]


def test_options_must_be_an_object():
    config = RulesetConfig(name="Bad", ruleset="riichi", options=[1, 2])
    with pytest.raises(ValidationError) as info:
        config.full_clean()
    assert "options" in info.value.message_dict


def test_usable_rulesets_fulfil_the_whole_contract():
    for name in registry.usable():
        ruleset = registry.get(name)
        assert ruleset.rules.outcome_types and ruleset.presets is not None
        state = ruleset.rules.initial_state(ruleset.build())
        assert len(state["scores"]) == 4
