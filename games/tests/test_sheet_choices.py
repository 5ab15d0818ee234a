"""What the record sheet offers: only what the outcome allows (issue 22, finding 6)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games import record_sheet
from scoring import registry

NAMES = ["A", "B", "C", "D"]


def _controls(controls: list[record_sheet.Control]) -> list[record_sheet.Control]:
    out = []
    for c in controls:
        out.append(c)
        out += _controls(c.children)
    return out


def _sheet(name: str, preset: str = "") -> record_sheet.Sheet:
    ruleset = registry.get(name)
    with translation.override("en"):
        return record_sheet.build(ruleset.package.entry_spec(ruleset.build(preset)), NAMES)


def test_a_ron_sheet_never_offers_self_draw_as_the_discarder() -> None:
    ron = _sheet("riichi", "ema").part("ron")
    assert ron is not None
    discarders = [c for c in _controls(ron.controls) if c.name.endswith(".discarder")]
    assert discarders
    for control in discarders:
        assert [value for value, _label in control.choices] == ["0", "1", "2", "3"]
        assert "Self-draw" not in [label for _value, label in control.choices]


@pytest.mark.parametrize("name", [n for n in registry.usable()])
def test_a_win_that_may_be_self_drawn_still_offers_self_draw(name: str) -> None:
    sheet = _sheet(name)
    offered = {label for part in sheet.parts for c in _controls(part.controls)
               if c.name.endswith(".discarder") for _v, label in c.choices}
    if "Self-draw" not in offered:  # riichi: tsumo is its own outcome, asking no discarder
        assert sheet.part("tsumo") is not None
