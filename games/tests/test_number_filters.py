"""The player page's long lists of ratings use ``tenths`` and ``rating_items``, cheaper than
``floatformat:1`` in a template loop and equal to it in every language of the site."""

from __future__ import annotations

import random

import pytest
from django.template.defaultfilters import floatformat
from django.utils import translation

from games.templatetags.mjtables import rating_items, tenths

VALUES = [0, 0.05, -0.05, 0.04, -0.04, 0.15, 0.25, -0.25, 1.45, 2.35, -12.55, 12.0, 123.95,
          1e-9, -0.0, 25.0 / 3, 1234567.85, float("inf"), float("nan"), "7.25", None]


@pytest.mark.parametrize("language", ["en", "zh-hans", "zh-hant", "ja"])
def test_tenths_writes_what_floatformat_1_writes(language: str) -> None:
    rng = random.Random(7)
    values = [*VALUES, *(round(rng.uniform(-60, 60), 2) for _ in range(2000)),
              *(rng.uniform(-60, 60) for _ in range(500))]
    with translation.override(language):
        for value in values:
            assert tenths(value) == str(floatformat(value, 1)), value


def test_rating_items_escape_the_labels() -> None:
    games = [{"label": "Friday <b>& co</b>", "rating": 3.25}, {"label": "2", "rating": -0.04}]
    assert rating_items(games) == ("<li>Friday &lt;b&gt;&amp; co&lt;/b&gt;: 3.3</li>"
                                   "<li>2: 0.0</li>")
