"""The site asks the toy what it needs (scoring/engine/capabilities.py, read through
scoring/registry.py): each capability it declares differs from the default, and taking one
away fails a test here whose message names it."""

from __future__ import annotations

from dataclasses import replace
from types import ModuleType
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs import money
from scoring import registry
from scoring.engine import capabilities, commands, rulesets
from scoring.engine.capabilities import POINTS_WON, CapabilityError, Declaration, Standing

from .. import NAME

READY = "111222333m456p7m"  # three triplets and a run: waits on 7m
SEVEN_PAIRS_READY = "1133557799m11p3z"  # six pairs: one from seven pairs, far from sets
# What the toy declares, and the capabilities it leaves at their default (with why): a
# capability added to capabilities.py is one or the other here.
DECLARED = ("WIN_SHAPES", "WIN_WORDS", "ANALYSER_FIELDS", "STAKE_UNIT", "DECLARATIONS")
LEFT_OUT = {
    "NEEDS_MISSING_SUIT": "a Sichuan rule; the toy plays all three suits",
    "DANGER_TOOL": "the danger estimate reads riichi declarations",
    "NATIVE_LANGUAGE": "its native names are Chinese, the default",
    "NATIVE_PARTS": "its item names are whole words",
    "STANDINGS": "no published tournament convention: its events rank by points won",
}


@pytest.fixture
def toy() -> ModuleType:
    return rulesets.get(NAME)


@pytest.mark.parametrize("name", DECLARED)
def test_the_toy_declares_the_capability_unlike_its_default(toy: ModuleType, name: str
                                                            ) -> None:
    default = capabilities.CAPABILITIES[name].default
    assert capabilities.read(toy, name) != default, (
        f"the toy ruleset must declare {name} (scoring/engine/capabilities.py), unlike its "
        f"default {default!r}, so that its tests see the site ask for it")


def test_every_capability_is_declared_by_the_toy_or_left_out_with_a_reason() -> None:
    assert sorted(DECLARED + tuple(LEFT_OUT)) == sorted(capabilities.CAPABILITIES)


def _analyse(**request: Any) -> dict[str, Any]:
    answer = APIClient().post("/api/analyse/", {"ruleset": NAME, **request}, format="json")
    assert answer.status_code == 200, answer.content
    result: dict[str, Any] = answer.json()
    return result


@pytest.mark.django_db
def test_the_analyser_page_asks_the_toys_own_field_and_prices_the_waits_with_it(
        client: Client) -> None:
    html = client.get(reverse("scoring:analyse"),
                      {"ruleset": NAME, "hand": READY, "bonus": "2"}).content.decode()
    assert 'name="bonus"' in html and f'data-for="{NAME}"' in html, (
        "ANALYSER_FIELDS: the analyser form does not ask the toy's bonus")
    engine = commands.run("analyse", {"ruleset": NAME, "hand": READY, "bonus": 2,
                                      "options": registry.get(NAME).resolve("toy")})
    assert [w["tile"] for w in engine["waits"]] == ["7m"]
    assert engine["waits"][0]["ron"]["headline"]["value"] == 3 + 2  # triplets and bonus
    assert 'data-tile="7m"' in html and "Bonus fan" in html


@pytest.mark.django_db
def test_the_analyse_api_uses_the_toys_win_shapes_and_win_words() -> None:
    pairs = _analyse(hand=SEVEN_PAIRS_READY)
    assert pairs["shapes"] == ["standard", "seven_pairs"], (
        "WIN_SHAPES: the analyser does not count the toy's seven pairs")
    assert pairs["by_shape"]["seven_pairs"] == 0 and pairs["shanten"] == 0
    assert pairs["waits"][0]["ron"]["headline"]["value"] == 2  # seven pairs, priced
    waits = _analyse(hand=READY)["waits"]
    # The ron and the self-draw are asked in the toy's own words, which score() accepts.
    assert "error" not in waits[0]["ron"], (
        f"WIN_WORDS: the analyser asks the toy in words it refuses: {waits[0]['ron']}")
    assert waits[0]["ron"]["headline"]["value"] == 3
    assert waits[0]["tsumo"]["headline"]["value"] == 4


@pytest.mark.django_db
def test_without_win_shapes_the_toy_wins_with_sets_and_a_pair_only(
        toy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(toy, "WIN_SHAPES")
    answer = _analyse(hand=SEVEN_PAIRS_READY)
    assert answer["shapes"] == ["standard"] and answer["shanten"] > 0


@pytest.mark.django_db
def test_without_win_words_the_analyser_asks_ron_and_tsumo_which_the_toy_refuses(
        toy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(toy, "WIN_WORDS")
    wait = _analyse(hand=READY)["waits"][0]
    assert "'ron'" in wait["ron"]["error"]["message"]


def test_the_stake_unit_is_the_toys_and_the_default_without_it(
        toy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    size, label = money.stake_unit(NAME)
    assert (size, str(label)) == (10, "per 10 points"), (
        "STAKE_UNIT: settling up does not pay per the toy's stake unit")
    assert money.units(NAME, [120, 80, 100, 100], [100] * 4) == [2, -2, 0, 0]
    monkeypatch.delattr(toy, "STAKE_UNIT")
    size, label = money.stake_unit(NAME)
    assert (size, str(label)) == (1, "per point")


def test_without_analyser_fields_the_form_asks_the_hand_alone(
        toy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    assert [name for name, _ in registry.get(NAME).analyser_fields()] == ["bonus"]
    monkeypatch.delattr(toy, "ANALYSER_FIELDS")
    assert registry.get(NAME).analyser_fields() == []


CALL = Declaration(key="call", label="Call", label_off="Take back the call", mark="Called",
                   done="Called.", undone="Call taken back.", said="%(name)s called",
                   unsaid="%(name)s took back their call", statistic="call_rate",
                   statistic_label="Call rate")


@pytest.mark.parametrize(("name", "value"), [
    ("STAKE_UNIT", (0, "per nothing")), ("WIN_SHAPES", ("standard", "five_pairs")),
    ("WIN_WORDS", ("ron", "ron")), ("DANGER_TOOL", "yes"), ("DECLARATIONS", CALL),
    ("DECLARATIONS", (CALL, CALL)), ("DECLARATIONS", (replace(CALL, key="on"),)),
    ("DECLARATIONS", (replace(CALL, said="someone called"),)),
    ("DECLARATIONS", (replace(CALL, statistic="calls"),)),
    ("DECLARATIONS", (replace(CALL, who="anyone"),)), ("STANDINGS", ()),
    ("STANDINGS", (POINTS_WON, POINTS_WON)), ("STANDINGS", (replace(POINTS_WON, unit=0),)),
    ("STANDINGS", (replace(POINTS_WON, table_points=(4, "2")),)),  # type: ignore[arg-type]
    ("STANDINGS", (replace(POINTS_WON, source=""),))])
def test_a_capability_declared_wrong_is_refused_with_its_name(
        toy: ModuleType, monkeypatch: pytest.MonkeyPatch, name: str, value: Any) -> None:
    monkeypatch.setattr(toy, name, value, raising=False)
    with pytest.raises(CapabilityError, match=name):
        registry.get(NAME).capability(name)


def test_an_analyser_field_the_entry_spec_lacks_is_refused_with_the_capability_name(
        toy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toy, "ANALYSER_FIELDS", ("bonus", "no_such_field"))
    with pytest.raises(CapabilityError, match="ANALYSER_FIELDS.*no_such_field|no_such_field"
                                              ".*ANALYSER_FIELDS"):
        registry.get(NAME).analyser_fields()


def test_the_toys_declaration_is_offered_and_one_its_outcomes_have_no_field_for_refused(
        toy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    assert [d.key for d in registry.get(NAME).declarations()] == ["ready"], (
        "DECLARATIONS: the toy's tables offer no live declaration")
    assert [d.key for d in registry.declarations(NAME)] == ["ready"]
    monkeypatch.setattr(toy, "DECLARATIONS", (CALL,))
    with pytest.raises(CapabilityError, match="DECLARATIONS.*'call'"):
        registry.get(NAME).declarations()


def test_a_ruleset_without_standings_ranks_by_points_won_and_one_with_them_by_its_first(
        toy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    assert registry.standings(NAME) == (POINTS_WON,)
    assert registry.standing(NAME, "no_such_key") == POINTS_WON
    table = Standing(key="table_points", label="Table points", source="A rule book",
                     table_points=(4, 2, 1, 0))
    monkeypatch.setattr(toy, "STANDINGS", (table, POINTS_WON), raising=False)
    assert registry.standing(NAME) == table
    assert registry.standing(NAME, "points") == POINTS_WON
    assert registry.standings("no_such_ruleset") == (POINTS_WON,)
