"""An option's help reads in the reader's words: a Chinese or Japanese page never shows
the machine values of its choices (``always＝总是；chongguan_only＝仅冲关时``), only what
they mean (issue 22, finding 6)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from scoring import registry

MACHINE_VALUE = re.compile(r"^[a-z]+(?:_[a-z]+)+$|^[a-z]{3,}$")


def _cases() -> list[tuple[str, str]]:
    return [(name, language) for name in registry.usable()
            for language in ("zh-hans", "zh-hant", "ja")]


@pytest.mark.parametrize(("name", "language"), _cases())
def test_no_option_help_shows_its_choices_machine_values(name: str, language: str) -> None:
    with translation.override(language):
        schema = registry.get(name).localized_schema()
    for spec in schema:
        values = [str(v) for v in spec.get("choices") or [] if isinstance(v, str)]
        help_text = spec.get("help") or ""
        raw = [v for v in values if MACHINE_VALUE.match(v)
               and re.search(rf"(?<![A-Za-z_]){re.escape(v)}(?![A-Za-z_])", help_text)]
        assert not raw, f"{name}.{spec['name']} ({language}): {help_text}"
