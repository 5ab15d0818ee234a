"""Taiwan's entry spec: every golden request passes it, the table's outcomes are held to it
(unknown keys, numbers out of range, NUL refused with named codes), and flowers are asked
only where the table plays with them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.engine import commands
from scoring.engine.errors import StrictError
from scoring.engine.options import build_options
from scoring.engine.rulesets import taiwan
from scoring.engine.tests import golden

CASES = golden.golden_cases(Path(__file__).parent / "data")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_requests_pass_the_spec_and_score_the_same_through_the_command(
        case: dict[str, Any]) -> None:
    assert commands.run("score", {"ruleset": "taiwan", **case["in"]}) == taiwan.score(case["in"])


def refused(outcome: dict[str, Any], **overrides: Any) -> StrictError:
    return golden.refused(taiwan, outcome, **overrides)


def win(**entry: Any) -> dict[str, Any]:
    return {"type": "win", "wins": [{"winner": 1, "discarder": 2, **entry}]}


def test_tai_no_hand_reaches_are_refused_naming_the_winner() -> None:
    error = refused(win(quick={"tai": 10_000}))
    assert error.code == "out_of_range"
    assert error.params == {"field": "tai", "path": "wins.0.quick.tai",
                            "label": "Tai (without the dealer's)", "player": 1,
                            "min": 0, "max": 300}


def test_unknown_keys_are_refused_wherever_they_are() -> None:
    error = refused(win(quick={"tai": 2, "fan": 1}))
    assert (error.code, error.params["path"]) == ("unknown_field", "wins.0.quick.fan")
    assert refused({"type": "draw", "notes": "x"}).params["field"] == "notes"


def test_a_hand_declares_at_most_five_sets_and_no_nul() -> None:
    melds = ["pon 111z"] * 6
    assert refused(win(hand={"hand": "1m", "win_tile": "1m", "melds": melds})).code == \
        "too_long"
    assert refused(win(hand={"hand": "123m\x00", "win_tile": "5m"})).code == "bad_text"


def test_flowers_are_asked_only_where_the_table_plays_with_them() -> None:
    on = taiwan.entry_spec(build_options(taiwan.Options, {}))
    off = taiwan.entry_spec(build_options(taiwan.Options, {"flowers": False}))
    assert on.tiles.flowers and not off.tiles.flowers
    assert "flowers" in {f.name for f in on.request} - {f.name for f in off.request}
    error = refused(win(hand={"hand": "1m", "win_tile": "1m", "flowers": "1f"}),
                    flowers=False)
    assert (error.code, error.params["field"]) == ("unknown_field", "flowers")


def test_the_phrases_count_rounds_and_the_dealers_streak() -> None:
    spec = taiwan.entry_spec(build_options(taiwan.Options, {}))
    assert {"round", "honba"} <= set(spec.phrases) and "pot" not in spec.phrases
    assert spec.phrases["honba"] % {"honba": 2} == "Dealer streak 2"
