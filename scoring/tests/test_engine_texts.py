"""The engine's entry-form texts, summary phrases, item names and ruleset titles are
msgids the site can translate: listed by ``python -m scoring.gen_engine_texts`` and
translated in every language."""

from __future__ import annotations

import pytest

from scoring.engine_texts import (
    CAPABILITY_TEXTS,
    DECLARATION_MARKS,
    ENTRY_TEXTS,
    ITEM_NAMES,
    NATIVE_NAMES,
    RULESET_TEXTS,
)
from scoring.gen_engine_texts import (
    NATIVE_CONTEXT,
    capability_texts,
    declaration_marks,
    entry_texts,
    item_names,
    native_names,
    ruleset_texts,
)
from scoring.registry import DECLARATION_CONTEXT
from scoring.tests.test_pages_translations import LOCALES, catalog


def test_the_msgid_lists_match_the_rulesets_packages() -> None:
    assert entry_texts() == ENTRY_TEXTS, "run `python -m scoring.gen_engine_texts`"
    assert item_names() == ITEM_NAMES, "run `python -m scoring.gen_engine_texts`"
    assert ruleset_texts() == RULESET_TEXTS, "run `python -m scoring.gen_engine_texts`"
    assert native_names() == NATIVE_NAMES, "run `python -m scoring.gen_engine_texts`"
    assert capability_texts() == CAPABILITY_TEXTS, "run `python -m scoring.gen_engine_texts`"
    assert declaration_marks() == DECLARATION_MARKS, "run `python -m scoring.gen_engine_texts`"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_engine_text_is_translated(locale: str) -> None:
    known = catalog(locale)
    lists = (*ENTRY_TEXTS.values(), *ITEM_NAMES.values(), *RULESET_TEXTS.values(),
             *CAPABILITY_TEXTS.values())
    assert [t for texts in lists for t in texts if not known.get(t)] == []
    marks = [m for marks in DECLARATION_MARKS.values() for m in marks]
    assert [m for m in marks if not known.get(f"{DECLARATION_CONTEXT}\x04{m}")] == []


@pytest.mark.parametrize("locale", LOCALES)
def test_every_chinese_scoring_name_has_its_spelling_in_every_language(locale: str) -> None:
    known = catalog(locale)
    names = [n for names in NATIVE_NAMES.values() for n in names]
    assert names and [n for n in names if not known.get(f"{NATIVE_CONTEXT}\x04{n}")] == []


def test_the_abortive_draw_kinds_are_listed_though_the_default_turns_them_off() -> None:
    assert "Four winds discarded" in ENTRY_TEXTS["riichi"]
    assert "Seat wind East" in ITEM_NAMES["riichi"] and "通天" not in ITEM_NAMES["wuhu"]
