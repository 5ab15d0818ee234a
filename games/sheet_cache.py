"""The record sheet as the table page serves it, built and rendered once per process.

Every phone that opens or reloads a table page gets the whole record sheet: every
outcome type's fields, tile pickers and checklists, about 1,700 elements. Building and
rendering it was about two thirds of the page's server time (some 35 of 55 ms), the same
for every phone of a table that reads one language: it depends only on the table's
rules and options, its players' names and the language. So a sheet with nothing filled
in is kept here by those, the built :class:`~games.record_sheet.Sheet` and its HTML; a
sheet refilled with a posted hand that needs fixing is rendered afresh by the page.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games import record_sheet
from scoring import rendering

# Tables at once in one process, times the languages their phones read.
SIZE = 128


def sheet(ruleset: str, options: Mapping[str, Any] | None,
          names: Sequence[str]) -> record_sheet.Sheet | None:
    """The table's sheet in the active language (None when its ruleset is gone); shared
    between requests, so read only."""
    return _sheet(*_key(ruleset, options, names))


def fields_html(ruleset: str, options: Mapping[str, Any] | None,
                names: Sequence[str]) -> SafeString:
    """The sheet's fields with nothing filled in, in the active language
    (``games/_record_sheet_fields.html``); empty when the ruleset is gone."""
    return _fields_html(*_key(ruleset, options, names))


def _key(ruleset: str, options: Mapping[str, Any] | None,
         names: Sequence[str]) -> tuple[str, str, tuple[str, ...], str]:
    return (ruleset, json.dumps(dict(options or {}), sort_keys=True, default=str),
            tuple(names), get_language() or "")


@functools.lru_cache(maxsize=SIZE)
def _sheet(ruleset: str, options: str, names: tuple[str, ...],
           language: str) -> record_sheet.Sheet | None:
    # ``language`` is the active one (the key): the sheet's labels are translated here.
    spec = rendering.spec_for(ruleset, json.loads(options))
    return record_sheet.build(spec, list(names)) if spec is not None else None


@functools.lru_cache(maxsize=SIZE)
def _fields_html(ruleset: str, options: str, names: tuple[str, ...],
                 language: str) -> SafeString:
    built = _sheet(ruleset, options, names, language)
    if built is None:
        return mark_safe("")
    return mark_safe(render_to_string("games/_record_sheet_fields.html", {
        "sheet": built, "values": {}, "error_field": ""}))
