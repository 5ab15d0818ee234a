"""Every error code has a sentence in every language, naming the player and the field."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from common.errors import TableError
from scoring import registry
from scoring.engine.errors import EngineError
from scoring.error_text import ABOUT_PLAYER, REASONS, SENTENCES, format_names, sentence

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["en", "zh-hans", "zh-hant", "ja"]
NAMES = ["Aiko", "Bo", "Chen", "Dana"]
# Where the site names a code: a class's code, a code= argument, an error answer.
RAISED = re.compile(r"""(?:\bcode\s*=\s*|_error\(\s*|error_response\(\s*|["']code["']:\s*)"""
                    r"""["']([a-z_]+)["']""")


def subclasses(cls: type[Any]) -> set[type[Any]]:
    found: set[type[Any]] = set(cls.__subclasses__())
    for sub in list(found):
        found |= subclasses(sub)
    return found


def codes_in_source() -> set[str]:
    codes: set[str] = set()
    for folder in ("games", "scoring", "clubs", "mjsite"):
        for path in (ROOT / folder).rglob("*.py"):
            if "tests" in path.parts or "migrations" in path.parts:
                continue
            codes |= set(RAISED.findall(path.read_text(encoding="utf-8")))
    return codes


def every_code() -> set[str]:
    classes: set[type[Any]] = {EngineError, TableError}
    classes |= subclasses(EngineError) | subclasses(TableError)
    return {str(cls.code) for cls in classes} | codes_in_source()


def test_every_code_raised_anywhere_has_a_sentence():
    codes = every_code()
    # The search finds codes of each kind: classes, code= arguments, answers of the socket.
    assert {"bad_tile", "out_of_range", "game_ended", "table_full", "rate_limited",
            "batch_too_large", "internal_error"} <= codes
    assert sorted(codes - SENTENCES.keys()) == []


@pytest.mark.parametrize("entry", sorted(SENTENCES.items()) + sorted(REASONS.items()),
                         ids=lambda item: item[0])
def test_each_entry_ends_with_a_sentence_that_needs_no_params(entry):
    assert format_names(entry[1][-1]) == set()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_renders_translated_without_leftover_format_names(language):
    msgids = [m for variants in [*SENTENCES.values(), *REASONS.values()] for m in variants]
    values = {"player": "Aiko", "label": "Han", "option": "Minimum fan", "type": "Ron",
              "kind": "Nine terminals", "min": "1", "max": "100", "fan": "3", "hand": "4",
              "retry_after": "5", "sentence": "x", "count": "11", "needed": "13",
              "tile": "1m", "text": "x", "round": "2", "table": "7",
              "tables": "3, 7"}
    untranslated = []
    with translation.override(language):
        for msgid in [*msgids, ABOUT_PLAYER]:
            text = translation.gettext(msgid)
            if language != "en" and text == msgid:
                untranslated.append(msgid)
            # The translation uses exactly the msgid's named arguments, so none is left over.
            assert format_names(text) == format_names(msgid), (language, msgid, text)
            rendered = text % {k: values[k] for k in format_names(msgid)}
            assert "%(" not in rendered and rendered.strip()
    assert untranslated == []


def refusal(ruleset: str, outcome: dict[str, Any], options: dict[str, Any] | None = None
            ) -> EngineError:
    rules = registry.get(ruleset)
    opts = rules.options_from_snapshot(options or {})
    with pytest.raises(EngineError) as caught:
        rules.rules.apply(rules.rules.initial_state(opts), outcome, opts)
    return caught.value


def said(error: EngineError, language: str, ruleset: str,
         options: dict[str, Any] | None = None) -> str:
    with translation.override(language):
        return sentence(error.code, error.params, NAMES, ruleset, options)


def test_a_win_on_ones_own_discard_names_the_player_not_a_seat_number():
    error = refusal("riichi", {"type": "ron", "wins": [
        {"winner": 1, "discarder": 1, "quick": {"han": 2, "fu": 40}}]})
    assert error.params["path"] == "wins.0.discarder"
    english, japanese = said(error, "en", "riichi"), said(error, "ja", "riichi")
    assert english.startswith("Bo cannot win on their own discard") and "1" not in english
    assert "Bo" in japanese and "捨て牌" in japanese


def test_own_discard_is_said_alike_in_every_ruleset():
    for ruleset, quick in (("mcr", {"fan": 9}), ("taiwan", {"tai": 3}),
                           ("hongkong", {"fan": 3}), ("wuhu", {"zhi": 8})):
        error = refusal(ruleset, {"type": "win", "wins": [
            {"winner": 2, "discarder": 2, "quick": quick}]})
        assert error.params["path"] == "wins.0.discarder", ruleset
        assert said(error, "en", ruleset).startswith("Chen cannot win on their own discard")


def test_a_negative_quick_han_names_the_player_and_the_han_field():
    error = refusal("riichi", {"type": "ron", "wins": [
        {"winner": 1, "discarder": 2, "quick": {"han": -1, "fu": 40}}]})
    assert error.params["path"] == "wins.0.quick.han"
    assert said(error, "en", "riichi") == "Bo: Han must be between 1 and 100."
    japanese = said(error, "ja", "riichi")
    assert japanese.startswith("Bo") and "翻" in japanese and "100" in japanese


def test_below_the_minimum_fan_names_the_option_by_its_label():
    error = refusal("mcr", {"type": "win", "wins": [
        {"winner": 3, "discarder": 0, "quick": {"fan": 3}}]})
    english = said(error, "en", "mcr")
    assert "Dana" in english and "3 fan" in english and "min_fan" not in english
    assert "Minimum fan" in english
    chinese = said(error, "zh-hans", "mcr")
    assert "Dana" in chinese and "min_fan" not in chinese and "8" in chinese


def test_an_abortive_draw_turned_off_names_the_option_not_its_name():
    error = refusal("riichi", {"type": "abortive", "extra": {"kind": "kyuushu_kyuuhai"}},
                    {"abortive_draws": False})
    for language in LANGUAGES:
        text = said(error, language, "riichi", {"abortive_draws": False})
        assert "abortive_draws" not in text and "abortive" not in text.split()[0]
    assert "Abortive draw" in said(error, "en", "riichi", {"abortive_draws": False})


def test_kyuushu_refused_by_the_rules_names_the_kind_by_its_label():
    # Reached when the outcome type is allowed but the option is off (a stored event).
    error = EngineError("kyuushu_kyuuhai does not apply (option abortive_draws)", "bad_outcome",
                        {"reason": "off", "option": "abortive_draws", "kind": "kyuushu_kyuuhai",
                         "field": "kind", "path": "extra.kind"})
    text = said(error, "en", "riichi")
    assert "kyuushu_kyuuhai" not in text and "abortive_draws" not in text
    assert text.endswith("is off in this table's rules.")


def test_a_winners_bad_tiles_point_at_the_tiles_field():
    error = refusal("riichi", {"type": "ron", "wins": [
        {"winner": 0, "discarder": 2, "hand": {"hand": "123m456p789s1122x", "win_tile": "1z"}}]})
    assert error.code == "bad_tile" and error.params["path"] == "wins.0.hand.hand"
    assert said(error, "en", "riichi").startswith("Aiko: Concealed tiles")


def test_a_code_without_params_still_reads_as_a_sentence():
    with translation.override("ja"):
        text = sentence("out_of_range")
    assert text and "%(" not in text and "out_of_range" not in text


def test_an_unknown_code_gets_the_generic_sentence():
    assert sentence("something_new") == sentence("engine_error")


def test_an_option_is_named_by_its_label_never_by_its_engine_name():
    assert sentence("bad_option", {"option": "min_fan"}, ruleset="mcr") == (
        "The rule “Minimum fan” cannot have that setting.")
    # Without its ruleset the label is unknown: the sentence does without it.
    assert sentence("bad_option", {"option": "min_fan"}) == (
        "One of the rules' settings is not possible.")


def test_a_sentence_about_a_player_not_at_the_table_leaves_the_seat_number_out():
    text = sentence("out_of_range", {"player": 7, "label": "Han", "min": 1, "max": 100},
                    NAMES)
    assert text == "Han must be between 1 and 100." and "7" not in text


def test_a_win_without_its_winner_asks_to_choose_one_where_the_sheet_asks_it():
    for ruleset, outcome in (
            ("riichi", {"type": "ron", "wins": [{"discarder": 2}]}),
            ("mcr", {"type": "win", "wins": [{"discarder": 2, "quick": {"fan": 9}}]}),
            ("taiwan", {"type": "win", "wins": [{"discarder": 2, "quick": {"tai": 3}}]})):
        error = refusal(ruleset, outcome)
        assert error.params["path"] == "wins.0.winner", ruleset
        assert said(error, "en", ruleset) == "Winner: choose a player."
        assert said(error, "ja", ruleset).endswith("プレイヤーを選んでください。")


def test_a_win_with_neither_tiles_nor_quick_names_the_winner():
    error = refusal("jian", {"type": "win", "wins": [{"winner": 2, "discarder": 1}]})
    assert said(error, "en", "jian") == (
        "Enter Chen's win either as tiles or quick, one of the two.")


def test_a_sichuan_winner_entered_twice_is_named():
    win = {"kind": "win", "winner": 1, "discarder": 2, "quick": {"fan": 1}}
    error = refusal("sichuan", {"type": "hand", "extra": {"events": [
        win, {**win, "discarder": 3}]}})
    assert said(error, "en", "sichuan") == (
        "Bo has already won this hand and takes no further part.")
    assert said(error, "zh-hans", "sichuan").startswith("Bo这一局已经和牌")


def test_a_hong_kong_hand_below_the_minimum_names_the_winner_and_the_fan():
    error = refusal("hongkong", {"type": "win", "wins": [
        {"winner": 0, "discarder": 1, "quick": {"fan": 1}}]})
    assert error.code == "below_minimum_fan" and error.params["path"] == "wins.0.quick"
    assert said(error, "en", "hongkong").startswith(
        "Aiko's hand has 1 fan without flowers; this table needs at least 3")
