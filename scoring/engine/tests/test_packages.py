"""Every ruleset package fulfils the package contract of :mod:`scoring.engine.rulesets`,
the test-only ones of ``MJ_EXTRA_RULESETS`` too (``extra_rulesets/``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from scoring.engine import rulesets
from scoring.engine.entry import KINDS, EntrySpec, Field
from scoring.engine.errors import UnknownRuleset
from scoring.engine.game import assert_zero_sum
from scoring.engine.options import build_options
from scoring.engine.result import UNITS


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
def test_every_package_fulfils_the_contract(name: str) -> None:
    fulfils(rulesets.get(name), name)


def test_the_site_lists_the_rulesets_it_ships_in_their_order() -> None:
    assert rulesets.shipped() == sorted(["riichi", "mcr", "sichuan", "wuhu", "jian", "taiwan",
                                         "hongkong"])
    assert [n for n in rulesets.available() if n in rulesets.shipped()] == [
        "riichi", "mcr", "sichuan", "wuhu", "jian", "taiwan", "hongkong"]
    assert sorted(rulesets.names()) == sorted(rulesets.available())


def test_a_test_only_package_is_found_through_the_variable_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    extra = set(rulesets.names()) - set(rulesets.shipped())
    assert extra, f"the suite plays a test-only ruleset ({rulesets.EXTRA_ENV})"
    monkeypatch.delenv(rulesets.EXTRA_ENV)
    assert rulesets.names() == rulesets.shipped()
    for name in extra:
        with pytest.raises(UnknownRuleset):
            rulesets.get(name)


def test_an_extra_package_named_like_a_shipped_one_is_refused(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    home = tmp_path / "twin_rulesets"
    (home / "riichi").mkdir(parents=True)
    (home / "__init__.py").write_text("")
    (home / "riichi" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv(rulesets.EXTRA_ENV, "twin_rulesets")
    with pytest.raises(UnknownRuleset, match="two rulesets are called 'riichi'"):
        rulesets.names()
    monkeypatch.setenv(rulesets.EXTRA_ENV, "twin_rulesets.riichi.nothing")
    with pytest.raises(UnknownRuleset, match="MJ_EXTRA_RULESETS"):
        rulesets.names()
