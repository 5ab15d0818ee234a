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


def test_summaries_name_the_players_instead_of_p0_to_p3() -> None:
    from games.templatetags.mjtables import with_names

    names = ["Aiko", "Bo", "Chen", "Dana"]
    assert (with_names("P1 wins on P0's discard; P3 pays, EP2 stays", names)
            == "Bo wins on Aiko's discard; Dana pays, EP2 stays")


def test_tables_show_their_presets_title() -> None:
    from types import SimpleNamespace

    from games.templatetags.mjtables import preset_title

    # In English whatever language an earlier test's request left active in this thread.
    with translation.override("en"):
        title = registry.get("riichi").presets["ema"]["title"]
        assert preset_title(SimpleNamespace(ruleset="riichi", preset="ema")) == title
        assert preset_title(SimpleNamespace(ruleset="riichi", preset="gone")) == "gone"


NAMES4 = ["Aiko", "Bo", "Chen", "Dana"]


def test_hand_summaries_are_written_in_the_readers_language() -> None:
    ron = {"type": "ron", "summary": "East 1: S ron from W, 2 han 40 fu, 2600",
           "outcome": {"type": "ron"},
           "results": [{"ruleset": "riichi", "winner": 1, "discarder": 2, "han": 2, "fu": 40,
                        "points": 2600}]}
    with translation.override("ja"):
        assert ui.hand_summary(ron, NAMES4) == "BoがChenからロン和了、2翻40符、2600点"
    with translation.override("zh-hans"):
        assert ui.hand_summary(ron, NAMES4) == "Bo 和 Chen 点的炮，2番40符，2600分"


def test_draw_summaries_name_the_ready_players_or_say_nobody_was() -> None:
    draw = {"type": "draw", "outcome": {"type": "draw", "tenpai": [0, 3]}, "results": []}
    nobody = {"type": "draw", "outcome": {"type": "draw", "tenpai": []}, "results": []}
    with translation.override("zh-hant"):
        assert ui.hand_summary(draw, NAMES4).endswith("聽牌：Aiko Dana")
        assert ui.hand_summary(nobody, NAMES4).endswith("無人聽牌")



def test_draw_summary_names_players_judged_ready_from_shown_hands() -> None:
    shown = {"type": "draw", "outcome": {"type": "draw", "tenpai": [0]},
             "results": [{"tenpai": [0, 2]}]}
    with translation.override("zh-hant"):
        assert ui.hand_summary(shown, NAMES4).endswith("聽牌：Aiko Chen")

def test_sichuan_summary_lists_kongs_then_each_win_in_order() -> None:
    hand = {"type": "hand", "outcome": {"type": "hand", "extra": {"events": [
        {"kind": "kong", "player": 1, "kong": "concealed"},
        {"kind": "win", "winner": 2, "discarder": None, "quick": {"fan": 2}}],
        "draw": [{"player": 0}]}},
        "results": [{"winner": 2, "discarder": None, "fan": 2, "per_payer": 5}]}
    with translation.override("zh-hans"):
        draw = translation.gettext("Exhaustive draw")
        assert ui.hand_summary(hand, NAMES4) == f"Bo：暗杠；Chen 自摸，2番；{draw}"


def test_english_readers_keep_the_engines_summary_with_names() -> None:
    from games.templatetags.mjtables import summary_of

    hand = {"summary": "P1 wins on P0's discard: 1 fan", "results": [
        {"winner": 1, "discarder": 0, "fan": 1}], "outcome": {"type": "hand"}}
    with translation.override("en"):
        assert summary_of(hand, NAMES4) == "Bo wins on Aiko's discard: 1 fan"
    with translation.override("ja"):
        assert summary_of(hand, NAMES4) == "BoがAikoからロン和了、1番"
