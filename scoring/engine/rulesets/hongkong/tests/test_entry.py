"""Hong Kong's entry spec: every golden request passes it, the table's outcomes are held to
it (unknown keys, numbers out of range, NUL refused with named codes), and flowers are
asked only where the table plays with them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.engine import commands
from scoring.engine.errors import StrictError
from scoring.engine.options import build_options
from scoring.engine.rulesets import hongkong
from scoring.engine.tests import golden

CASES = golden.golden_cases(Path(__file__).parent / "data")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_requests_pass_the_spec_and_score_the_same_through_the_command(
        case: dict[str, Any]) -> None:
    request = {"ruleset": "hongkong", **case["in"]}
    assert commands.run("score", request) == hongkong.score(case["in"])


def refused(outcome: dict[str, Any], **overrides: Any) -> StrictError:
    return golden.refused(hongkong, outcome, **overrides)


def win(**entry: Any) -> dict[str, Any]:
    return {"type": "win", "wins": [{"winner": 3, "discarder": 0, **entry}]}


def test_fan_no_hand_reaches_are_refused_naming_the_winner() -> None:
    error = refused(win(quick={"fan": 3_000_000_000}))
    assert error.code == "out_of_range"
    assert error.params == {"field": "fan", "path": "wins.0.quick.fan",
                            "label": "Fan (flowers included)", "player": 3,
                            "min": 0, "max": 99}
    assert refused(win(quick={"fan": 5, "flowers": 9})).code == "out_of_range"


def test_unknown_keys_and_strangers_are_refused() -> None:
    error = refused(win(quick={"fan": 3, "tai": 1}))
    assert (error.code, error.params["path"]) == ("unknown_field", "wins.0.quick.tai")
    assert refused({"type": "false_win", "penalised": 4}).code == "out_of_range"
    assert refused(win(quick={"fan": 3}, pao=7)).code == "out_of_range"
    assert refused(win(hand={"hand": "123m\x00", "win_tile": "5m"})).code == "bad_text"


def test_flowers_are_asked_only_where_the_table_plays_with_them() -> None:
    off = build_options(hongkong.Options, {"flowers": False})
    assert not hongkong.entry_spec(off).tiles.flowers
    error = refused(win(quick={"fan": 3, "flowers": 1}), flowers=False)
    assert (error.code, error.params["field"]) == ("unknown_field", "flowers")
    request = commands.run("score", {"ruleset": "hongkong", "fan": 3, "flowers": "1f",
                                     "win": "self_draw", "options": {"flowers": False}})
    assert request["error"]["code"] == "unknown_field"


def test_the_phrases_count_wind_rounds_without_a_streak() -> None:
    spec = hongkong.entry_spec(build_options(hongkong.Options, {}))
    assert "round" in spec.phrases and not {"honba", "pot"} & set(spec.phrases)
    assert [o.type for o in spec.outcomes] == list(hongkong.game.outcome_types)
