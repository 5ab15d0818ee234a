"""MCR options: defaults, presets and the cross-field checks."""

from __future__ import annotations

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.options import build_options, options_schema
from scoring.engine.rulesets.mcr import PRESETS, Options


def test_defaults_are_the_official_rules() -> None:
    opts = Options()
    assert (opts.min_fan, opts.base, opts.flowers_count, opts.quanchong) == (8, 8, True, False)
    assert (opts.heavenly_hand, opts.earthly_hand, opts.human_hand) == (False, False, False)
    assert opts.false_win_penalty == 10 and opts.placement_points == (4, 2, 1, 0)


def test_every_preset_builds_valid_options() -> None:
    for name, preset in PRESETS.items():
        assert preset["title"], name
        build_options(Options, preset["options"])


def test_schema_lists_every_option_with_a_label() -> None:
    schema = {row["name"]: row for row in options_schema(Options)}
    assert schema["placement_points"]["type"] == "list"
    assert schema["min_fan"]["default"] == 8
    assert all(row["label"] for row in schema.values())


@pytest.mark.parametrize("points", [[1, 2, 3, 4], [4, 2, 1], [4, 2, 1, 0, 0]])
def test_placement_points_must_be_four_non_increasing_numbers(points: list[int]) -> None:
    with pytest.raises(EngineError) as err:
        build_options(Options, {"placement_points": points})
    assert err.value.code == "bad_option" and "placement_points" in err.value.message


def test_unknown_option_is_refused() -> None:
    with pytest.raises(EngineError) as err:
        build_options(Options, {"min_fans": 6})
    assert err.value.code == "bad_option"
