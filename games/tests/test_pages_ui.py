"""The data the table page's scripts get: a label for every outcome type of every
installed ruleset, input specs for each, strings in the reader's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from games import ui
from scoring import registry


@pytest.mark.parametrize("name", registry.usable())
def test_every_outcome_type_has_a_translated_label(name: str) -> None:
    for kind in registry.get(name).rules.outcome_types:
        assert f"type_{kind}" in ui.STRINGS, f"{name}: no label for outcome type {kind!r}"


@pytest.mark.parametrize("name", registry.usable())
def test_every_ruleset_has_quick_fields_for_typing_a_hand_in(name: str) -> None:
    spec = ui.ruleset_ui(name)
    assert spec["name"] == name
    assert spec["quick"], f"{name} has no quick-mode fields"
    for field in spec["quick"]:
        assert field["name"] and field["label"]


def test_riichi_offers_every_abortive_draw_kind_the_engine_knows() -> None:
    from scoring.engine.rulesets.riichi.game import ABORTIVE_KINDS

    assert [a["name"] for a in ui.ruleset_ui("riichi")["abortive"]] == list(ABORTIVE_KINDS)


def test_strings_follow_the_active_language() -> None:
    with translation.override("ja"):
        japanese = ui.strings()
    with translation.override("zh-hans"):
        chinese = ui.strings()
    assert japanese["save_hand"] == "局を保存"
    assert chinese["save_hand"] == "保存这一局"
    with translation.override("en"):
        assert ui.strings()["save_hand"] == "Save hand"


def test_jian_offers_every_hand_shape_the_engine_scores() -> None:
    from scoring.engine.rulesets.jian.fans import SHAPES

    assert sorted(s["name"] for s in ui.ruleset_ui("jian")["shapes"]) == sorted(SHAPES)


def test_tables_show_their_presets_title() -> None:
    from types import SimpleNamespace

    from games.templatetags.mjtables import preset_title

    title = registry.get("riichi").presets["ema"]["title"]
    assert preset_title(SimpleNamespace(ruleset="riichi", preset="ema")) == title
    assert preset_title(SimpleNamespace(ruleset="riichi", preset="gone")) == "gone"
