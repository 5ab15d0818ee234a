"""Every ruleset package fulfils the package contract of :mod:`scoring.engine.rulesets`,
and so does the toy ruleset of ``toy_rulesets`` (a sixth package written only in itself)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from scoring.engine import commands, rulesets
from scoring.engine.entry import KINDS, EntrySpec, Field
from scoring.engine.game import assert_zero_sum
from scoring.engine.options import build_options
from scoring.engine.result import UNITS, check

TOYS = Path(__file__).with_name("toy_rulesets")


@pytest.fixture
def with_toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy ruleset's directory searched beside the real ones, as if it were there."""
    monkeypatch.setattr(rulesets, "_HERE", [*rulesets._HERE, str(TOYS)])
    monkeypatch.setattr(rulesets, "__path__", [*rulesets.__path__, str(TOYS)])
    yield
    import sys

    sys.modules.pop("scoring.engine.rulesets.toy", None)


def _fields(fields: tuple[Field, ...]) -> Iterator[Field]:
    for f in fields:
        yield f
        yield from _fields(f.fields)


def fulfils(pkg: ModuleType, name: str) -> None:
    assert rulesets.missing(pkg) == []
    assert pkg.NAME == name
    for text in (pkg.TITLE, pkg.TITLE_NATIVE, pkg.SHORT_TITLE, pkg.DESCRIPTION):
        assert isinstance(text, str) and text
    assert isinstance(pkg.ORDER, int)
    assert pkg.PRESETS and all(set(p) == {"title", "options"} for p in pkg.PRESETS.values())
    keys = [i["key"] for i in pkg.ITEMS]
    assert len(keys) == len(set(keys)), "item keys are stable ids: one each"
    assert all(i["unit"] in UNITS and i["name"] and i["native"] for i in pkg.ITEMS)
    for preset in [None, *pkg.PRESETS]:
        options = build_options(pkg.Options, pkg.PRESETS[preset]["options"] if preset else {})
        spec = pkg.entry_spec(options)
        assert isinstance(spec, EntrySpec) and spec.ruleset == name
        # As many players as the game starts with (three for sanma or 三人两房).
        assert spec.players == len(pkg.game.initial_state(options)["scores"]) in (3, 4)
        assert {o.type for o in spec.outcomes} | set(spec.disabled) == set(
            pkg.game.outcome_types)
        json.dumps(spec.as_json())  # the site receives it as JSON
        for o in spec.outcomes:
            for f in _fields(o.fields):
                assert f.kind in KINDS
                assert f.kind != "int" or (f.min is not None and f.max is not None), \
                    f"{name} {o.type}.{f.name}: every number is bounded"
        for f in _fields(spec.request):
            assert f.kind != "int" or (f.min is not None and f.max is not None)
        assert all(isinstance(t, str) and t for t in spec.texts())
    settled = pkg.game.apply(pkg.game.initial_state({}), NOBODY_WINS.get(name, DRAW), {})
    assert_zero_sum(settled)


# A hand nobody wins, as each table records it.
DRAW = {"type": "draw"}
NOBODY_WINS = {
    "riichi": {"type": "draw", "tenpai": []},
    "sichuan": {"type": "hand", "extra": {"events": [], "draw": [
        {"player": p, "ready_fan": None} for p in range(4)]}},
}


@pytest.mark.parametrize("name", rulesets.names())
def test_every_real_package_fulfils_the_contract(name: str) -> None:
    fulfils(rulesets.get(name), name)


def test_the_site_lists_the_rulesets_in_their_order() -> None:
    assert rulesets.available() == ["riichi", "mcr", "sichuan", "wuhu", "jian", "taiwan",
                                    "hongkong"]
    assert sorted(rulesets.names()) == sorted(rulesets.available())


def test_a_sixth_ruleset_is_found_and_fulfils_the_contract(with_toy: None) -> None:
    assert rulesets.available()[-1] == "toy"
    fulfils(rulesets.get("toy"), "toy")


def test_the_toy_ruleset_scores_through_the_engine_command(with_toy: None) -> None:
    result = commands.run("score", {"ruleset": "toy", "hand": "111222333m456p7m",
                                    "win_tile": "7m", "win": "self_draw", "winner": 1})
    check(result)
    assert [(i["key"], i["count"]) for i in result["items"]] == [("triplet", 3),
                                                                  ("self_draw", 1)]
    assert result["headline"]["points"] == 12
    assert (result["winner"], result["discarder"]) == (1, None)
    assert sorted((p["player"], p["amount"]) for p in result["ledger"]) == [
        (0, -4), (1, 12), (2, -4), (3, -4)]


def test_the_toy_ruleset_is_held_to_its_entry_spec(with_toy: None) -> None:
    refused = commands.run("score", {"ruleset": "toy", "fan": 3_000_000_000, "win": "discard"})
    assert refused["error"]["code"] == "out_of_range"
    assert refused["error"]["params"]["field"] == "fan"
    typo = commands.run("score", {"ruleset": "toy", "fann": 3, "win": "discard"})
    assert typo["error"]["code"] == "unknown_field"
