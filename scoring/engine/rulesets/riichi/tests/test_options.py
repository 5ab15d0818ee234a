"""Options: defaults, presets, cross-field validation and the options that change payments."""

from __future__ import annotations

import pytest

from scoring.engine.errors import BadInput, BadOption
from scoring.engine.options import build_options, options_schema
from scoring.engine.rulesets.riichi import PRESETS, Options
from scoring.engine.rulesets.riichi.score import scored


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_builds_and_validates(name: str) -> None:
    options = build_options(Options, PRESETS[name]["options"])
    assert sum(options.uma) == 0
    assert PRESETS[name]["title"]


def test_presets_differ_where_the_published_rules_do() -> None:
    ema = build_options(Options, PRESETS["ema"]["options"])
    tenhou = build_options(Options, PRESETS["tenhou"]["options"])
    mleague = build_options(Options, PRESETS["mleague"]["options"])
    assert (ema.red_fives, ema.double_yakuman, ema.kiriage) == (0, False, False)
    assert (tenhou.red_fives, tenhou.return_points, tenhou.uma[0]) == (3, 30000, 20000)
    assert mleague.multi_ron == "head_bump"


def test_uma_must_sum_to_zero() -> None:
    with pytest.raises(BadOption) as info:
        build_options(Options, {"uma": [20000, 10000, -10000, -10000]})
    assert "sum to zero" in info.value.message


def test_uma_needs_four_places() -> None:
    with pytest.raises(BadOption):
        build_options(Options, {"uma": [10000, -10000]})


def test_return_points_below_start_points_is_refused() -> None:
    with pytest.raises(BadOption):
        build_options(Options, {"start_points": 30000, "return_points": 25000})


def test_unknown_choice_is_refused_with_the_allowed_values() -> None:
    with pytest.raises(BadOption) as info:
        build_options(Options, {"kazoe_limit": "double"})
    assert "'sanbaiman'" in info.value.message


def test_schema_lists_every_option_with_a_label() -> None:
    schema = {row["name"]: row for row in options_schema(Options)}
    assert {"kuitan", "red_fives", "pao_scope", "uma", "chombo"} <= set(schema)
    assert all(row["label"] for row in schema.values())


STACKED_PAO = {"hand": "1112z", "win_tile": "2z", "win": "tsumo", "seat_wind": "S",
               "melds": ["pon 555z", "pon 666z", "pon 777z from N"], "pao": "N"}


def test_pao_covers_only_the_pao_yakuman_by_default() -> None:
    out = scored(STACKED_PAO)  # daisangen (pao) + tsuuiisou
    assert out["deltas"] == {"E": -16000, "S": 64000, "W": -8000, "N": -40000}


def test_pao_can_cover_the_whole_hand() -> None:
    out = scored(dict(STACKED_PAO, options={"pao_scope": "whole_hand"}))
    assert out["deltas"] == {"E": 0, "S": 64000, "W": 0, "N": -64000}


def test_pao_only_for_the_listed_yakuman() -> None:
    out = scored(dict(STACKED_PAO, pao=None))
    assert out["deltas"]["N"] == -16000
    with pytest.raises(BadInput):
        scored(dict(STACKED_PAO, options={"pao_yakuman": ["daisuushii"]}))


def test_double_yakuman_hands_can_be_narrowed() -> None:
    request = {"hand": "19m19p19s1234567z", "win_tile": "1z", "win": "ron", "discarder": "W",
               "seat_wind": "S"}
    assert scored(request)["yakuman"] == 2
    narrowed = dict(request, options={"double_yakuman_hands": ["daisuushii"]})
    assert scored(narrowed)["yakuman"] == 1
