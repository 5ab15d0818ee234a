"""A translated error says what the English message says (issue 22, finding 6): a hand of
11 tiles where 13 are needed reads "11" and "13" in every language, not only "the tile
count doesn't fit"."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring import registry
from scoring.engine.errors import EngineError
from scoring.error_text import explained, sentence

NAMES = ["Aiko", "Bo", "Chen", "Dana"]
LANGUAGES = ["en", "zh-hans", "zh-hant", "ja"]


def _refusal(ruleset: str, outcome: dict) -> EngineError:
    rules = registry.get(ruleset)
    opts = rules.options_from_snapshot({})
    with pytest.raises(EngineError) as caught:
        rules.rules.apply(rules.rules.initial_state(opts), outcome, opts)
    return caught.value


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("ruleset", "outcome", "count", "needed"), [
    ("riichi", {"type": "ron", "wins": [{"winner": 0, "discarder": 2, "hand": {
        "hand": "123m456p789s11z", "win_tile": "1z"}}]}, "11", "13"),
    ("mcr", {"type": "win", "wins": [{"winner": 0, "discarder": 2, "hand": {
        "hand": "123m456p789s11z", "win_tile": "1z"}}]}, "11", "13"),
    ("sichuan", {"type": "hand", "extra": {"events": [
        {"kind": "win", "winner": 1, "discarder": 0, "hand": {
            "hand": "123m456m789p11p", "win_tile": "1p"}}]}}, "11", "13"),
])
def test_a_wrong_tile_count_says_how_many_and_how_many_are_needed(
        language, ruleset, outcome, count, needed) -> None:
    error = _refusal(ruleset, outcome)
    assert error.code == "wrong_tile_count"
    assert error.params["count"] == int(count)
    assert error.params["needed"] in ([int(needed)], [int(needed), int(needed) + 1])
    with translation.override(language):
        text = sentence(error.code, error.params, NAMES, ruleset)
    assert count in text and needed in text, text
    assert "%(" not in text


@pytest.mark.parametrize(("language", "text"), [
    ("en", "13 or 14"), ("zh-hans", "13或14"), ("ja", "13か14")])
def test_several_tile_counts_that_would_do_are_said_as_a_choice(language, text) -> None:
    with translation.override(language):
        said = explained({"code": "wrong_tile_count", "message": "",
                          "params": {"count": 12, "needed": [13, 14]}})["text"]
    assert text in said and "12" in said


def test_a_tile_count_without_numbers_still_reads_as_a_sentence() -> None:
    with translation.override("en"):
        assert sentence("wrong_tile_count", {"needed": "thirteen"}) == \
            "The hand does not have the right number of tiles for a win."


@pytest.mark.parametrize("language", LANGUAGES)
def test_five_copies_of_a_tile_name_the_tile_and_the_count(language) -> None:
    error = _refusal("riichi", {"type": "ron", "wins": [{"winner": 0, "discarder": 2, "hand": {
        "hand": "1111m456p789s111z", "win_tile": "1m"}}]})
    assert error.code == "too_many_copies"
    with translation.override(language):
        text = sentence(error.code, error.params, NAMES, "riichi")
    assert "1m" in text and "5" in text, text


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_character_that_is_no_tile_is_quoted(language) -> None:
    error = _refusal("riichi", {"type": "ron", "wins": [{"winner": 0, "discarder": 2, "hand": {
        "hand": "123m456p789s1122x", "win_tile": "1z"}}]})
    assert error.code == "bad_tile"
    with translation.override(language):
        text = sentence(error.code, error.params, NAMES, "riichi")
    assert "x" in text.replace("123m 456p 77z", ""), text


def test_what_was_typed_is_quoted_only_when_short_and_printable() -> None:
    with translation.override("en"):
        long = sentence("bad_tile", {"text": "x" * 50})
        control = sentence("bad_tile", {"text": "\x07"})
    assert "x" * 50 not in long and "\x07" not in control
