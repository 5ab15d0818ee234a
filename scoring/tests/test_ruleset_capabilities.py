"""The site asks each ruleset what it needs (scoring/engine/capabilities.py, read through
scoring/registry.py): proven with the engine's toy ruleset, a package no site file names,
whose capabilities all differ from the defaults."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs import money
from scoring import registry
from scoring.engine import commands, rulesets
from scoring.engine.capabilities import POINTS_WON, CapabilityError, Declaration, Standing

TOYS = Path(rulesets.__file__).parent.parent / "tests" / "toy_rulesets"
READY = "111222333m456p7m"  # three triplets and a run: waits on 7m
SEVEN_PAIRS_READY = "1133557799m11p3z"  # six pairs: one from seven pairs, far from sets


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The toy ruleset found beside the real ones, as if dropped into the directory."""
    monkeypatch.setattr(rulesets, "_HERE", [*rulesets._HERE, str(TOYS)])
    monkeypatch.setattr(rulesets, "__path__", [*rulesets.__path__, str(TOYS)])
    yield rulesets.get("toy")
    sys.modules.pop("scoring.engine.rulesets.toy", None)


def _analyse(**request: Any) -> dict[str, Any]:
    answer = APIClient().post("/api/analyse/", {"ruleset": "toy", **request}, format="json")
    assert answer.status_code == 200, answer.content
    result: dict[str, Any] = answer.json()
    return result


@pytest.mark.django_db
def test_the_analyser_page_asks_the_toys_own_field_and_prices_the_waits_with_it(
        toy: ModuleType, client: Client) -> None:
    html = client.get(reverse("scoring:analyse"),
                      {"ruleset": "toy", "hand": READY, "bonus": "2"}).content.decode()
    assert 'name="bonus"' in html and 'data-for="toy"' in html
    engine = commands.run("analyse", {"ruleset": "toy", "hand": READY, "bonus": 2,
                                      "options": registry.get("toy").resolve("toy")})
    assert [w["tile"] for w in engine["waits"]] == ["7m"]
    ron = engine["waits"][0]["ron"]
    assert ron["headline"]["value"] == 3 + 2  # three triplets and the bonus
    assert 'data-tile="7m"' in html and "Bonus fan" in html


@pytest.mark.django_db
def test_the_analyse_api_uses_the_toys_win_shapes_and_win_words(toy: ModuleType) -> None:
    pairs = _analyse(hand=SEVEN_PAIRS_READY)
    assert pairs["shapes"] == ["standard", "seven_pairs"]
    assert pairs["by_shape"]["seven_pairs"] == 0 and pairs["shanten"] == 0
    waits = _analyse(hand=READY)["waits"]
    # The ron and the self-draw are asked in the toy's own words, which score() accepts.
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
    assert wait["ron"]["error"]["code"] == "bad_input"
    assert "'ron'" in wait["ron"]["error"]["message"]


def test_the_stake_unit_is_the_toys_and_the_default_without_it(
        toy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    size, label = money.stake_unit("toy")
    assert (size, str(label)) == (10, "per 10 points")
    assert money.units("toy", [120, 80, 100, 100], [100] * 4) == [2, -2, 0, 0]
    monkeypatch.delattr(toy, "STAKE_UNIT")
    size, label = money.stake_unit("toy")
    assert (size, str(label)) == (1, "per point")


def test_without_analyser_fields_the_form_asks_the_hand_alone(
        toy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    assert [name for name, _ in registry.get("toy").analyser_fields()] == ["bonus"]
    monkeypatch.delattr(toy, "ANALYSER_FIELDS")
    assert registry.get("toy").analyser_fields() == []


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
        registry.get("toy").capability(name)


def test_an_analyser_field_the_entry_spec_lacks_is_refused_with_the_capability_name(
        toy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toy, "ANALYSER_FIELDS", ("bonus", "no_such_field"))
    with pytest.raises(CapabilityError, match="ANALYSER_FIELDS.*no_such_field|no_such_field"
                                              ".*ANALYSER_FIELDS"):
        registry.get("toy").analyser_fields()


def test_a_declaration_its_outcomes_have_no_field_for_is_refused_with_the_capability_name(
        toy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    assert registry.get("toy").declarations() == ()
    assert registry.declarations("toy") == ()
    monkeypatch.setattr(toy, "DECLARATIONS", (CALL,), raising=False)
    with pytest.raises(CapabilityError, match="DECLARATIONS.*'call'"):
        registry.get("toy").declarations()


def test_the_default_of_each_capability_is_what_a_package_without_it_gets(
        toy: ModuleType) -> None:
    from scoring.engine import capabilities

    bare = ModuleType("bare")
    for name, capability in capabilities.CAPABILITIES.items():
        assert capabilities.read(bare, name) == capability.default


@pytest.mark.django_db
def test_adding_a_ruleset_needs_no_migration(toy: ModuleType) -> None:
    assert "toy" in registry.usable()
    # --check exits non-zero when a model change (a frozen list of rulesets) wants one.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


@pytest.mark.django_db
def test_a_rulesets_own_page_is_mounted_and_its_first_address_redirects(
        client: Client) -> None:
    url = reverse("mcr:fans")
    assert url == "/rulesets/mcr/fans/"
    assert client.get(url).status_code == 200
    moved = client.get("/fans/?x=1")
    assert moved.status_code == 301 and moved["Location"] == url + "?x=1"
    menu = client.get(reverse("scoring:analyse")).content.decode()
    assert f'href="{url}"' in menu


def test_a_ruleset_without_standings_ranks_by_points_won_and_one_with_them_by_its_first(
        toy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    assert registry.standings("toy") == (POINTS_WON,)
    assert registry.standing("toy", "no_such_key") == POINTS_WON
    table = Standing(key="table_points", label="Table points", source="A rule book",
                     table_points=(4, 2, 1, 0))
    monkeypatch.setattr(toy, "STANDINGS", (table, POINTS_WON), raising=False)
    assert registry.standing("toy") == table
    assert registry.standing("toy", "points") == POINTS_WON
    assert registry.standings("no_such_ruleset") == (POINTS_WON,)
