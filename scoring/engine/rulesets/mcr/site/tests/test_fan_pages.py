"""The MCR fan list (/fans/): every fan with points, definition, example tiles, both
difficulty indices from the shipped table, and the scatter plot against how often the fans
were scored at MCR tables of this site."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Hand
from games.tests.tables import make_table, record
from scoring.engine.rulesets.mcr.fans import FANS
from scoring.engine.rulesets.mcr.site import fans as pages
from scoring.pages import expand

pytestmark = pytest.mark.django_db


def _page(client: Client) -> str:
    answer = client.get(reverse("mcr:fans"))
    assert answer.status_code == 200
    return answer.content.decode()


def _fan_item(html: str, fan_id: str) -> str:
    match = re.search(rf'<li class="card fan" id="fan-{fan_id}".*?</li>\s*(?=<li class="card'
                      r' fan"|</ol>)', html, re.S)
    assert match is not None, fan_id
    return match.group(0)


def _win(example: dict[str, Any], winner: int = 1, discarder: int | None = 2
         ) -> dict[str, Any]:
    hand = dict(example)
    return {"type": "win", "wins": [{"winner": winner,
                                     "discarder": None if hand["win"] == "tsumo" else discarder,
                                     "hand": hand}]}


def test_every_fan_is_listed_with_points_definition_example_tiles_and_indices(
        client: Client) -> None:
    html = _page(client)
    difficulty = pages.load_difficulty()
    assert html.count('<li class="card fan"') == len(FANS) == 81
    for fan in FANS:
        item = _fan_item(html, fan.id)
        assert fan.name_zh in item and fan.name_en in item
        assert f"{fan.points} fan" in item
        assert fan.definition.replace("'", "&#x27;") in item
        example = re.search(r'<p class="example">(.*?)</p>', item, re.S)
        assert example is not None
        drawn = re.findall(r'data-tile="(\w+)"', example.group(1))
        expected = expand(fan.example["hand"])
        for meld in fan.example.get("melds", []):
            expected += expand(meld.split(" ")[1])
        assert drawn == expected + [fan.example["win_tile"]]
        row = difficulty[fan.id]
        for kind in ("zupai", "hupai"):
            cell = re.search(rf'<dd class="{kind}">([^<]*)</dd>', item)
            assert cell is not None
            value = row[f"{kind}_index"]
            assert cell.group(1) == ("—" if value is None else f"{value:.2f}")


def test_without_mcr_hands_the_plot_says_so_and_still_places_every_index(
        client: Client) -> None:
    html = _page(client)
    assert 'id="no-data"' in html
    counted = sum(1 for row in pages.load_difficulty().values()
                  for k in ("zupai_index", "hupai_index") if row[k] is not None)
    circles = re.findall(r'<circle class="point \w+" cx="([^"]+)" cy="([^"]+)"', html)
    assert len(circles) == counted
    ys = {float(cy) for _, cy in circles}
    assert len(ys) == 1 and all(float(cx) >= 0 for cx, _ in circles)


def test_recorded_mcr_wins_are_counted_per_fan_and_drawn_in_the_plot(client: Client) -> None:
    table = make_table("mcr", "official")
    by_id = {fan.id: fan for fan in FANS}
    for outcome in (_win(by_id["big_three_dragons"].example),
                    _win(by_id["all_pungs"].example, winner=2, discarder=3)):
        answer = record(table, outcome)
        assert answer["ok"] is True, answer.get("error")
    make_table("riichi")  # other rulesets' hands are not counted
    results = list(Hand.objects.filter(table=table).values_list("result", flat=True))
    wins, seen = pages.fan_counts(results)
    assert wins == 2
    html = _page(client)
    assert 'id="no-data"' not in html
    for fan in FANS:
        cell = re.search(r'<dd class="seen">([^<]*)</dd>', _fan_item(html, fan.id))
        assert cell is not None
        count = seen.get(fan.id, 0)
        assert cell.group(1) == f"{count} ({100 * count / wins:.1f}%)"
    assert seen["big_three_dragons"] == 1
    plot = pages.scatter(pages.fan_rows(wins, seen))
    top = [p for p in plot.points if p["title"].startswith("大三元")]
    assert top and all(p["y"] < plot.bottom for p in top)


def _win_result(*keys: str) -> dict[str, Any]:
    """A win of the result contract: its winner, headline and items (keyed by fan id)."""
    return {"winner": 0, "discarder": 1, "headline": {"value": 8, "unit": "fan", "points": 8},
            "items": [{"key": k, "name": k, "native": "", "value": 1, "unit": "fan",
                       "count": 2 if k == "pung_of_terminals_or_honors" else 1} for k in keys],
            "ledger": [], "pot_change": 0, "players": 4}


def test_fan_counts_count_each_fan_once_per_win_and_skip_draws() -> None:
    results = [
        [_win_result("pung_of_terminals_or_honors", "all_chows")],
        [],  # a draw
        [{"winner": None, "discarder": None, "headline": None, "items": [], "ledger": [],
          "pot_change": 0, "players": 4}],  # a draw that settles
        [_win_result("all_chows")],
        [{**_win_result("entered"), "winner": 2}],  # a fan typed in names no fans
    ]
    wins, seen = pages.fan_counts(results)
    assert wins == 2
    assert seen == {"pung_of_terminals_or_honors": 1, "all_chows": 2}


def test_scatter_keeps_every_point_inside_the_plot_area() -> None:
    rows = pages.fan_rows(4, {"all_chows": 4, "big_three_dragons": 1})
    plot = pages.scatter(rows)
    assert plot.points
    for point in plot.points:
        assert plot.left <= point["x"] <= plot.right
        assert plot.top <= point["y"] <= plot.bottom
    assert min(p["y"] for p in plot.points) == plot.top  # the most frequent fan at the top


@pytest.mark.parametrize(("language", "name", "not_name", "definition"), [
    ("zh-hant", "綠一色", "绿一色", "只由綠色的牌組成"),
    ("zh-hans", "绿一色", "綠一色", None),
    ("ja", "绿一色", "綠一色", None),
])
def test_a_fan_is_named_in_the_pages_script_and_defined_in_its_language(
        language: str, name: str, not_name: str, definition: str | None) -> None:
    from django.utils import translation

    html = _page(Client(headers={"accept-language": language}))
    item = _fan_item(html, "all_green")
    assert name in item and not_name not in item
    assert "All Green" not in item and "Only green tiles" not in item
    if definition:
        assert definition in item
    with translation.override(language):
        translated = translation.gettext("Only green tiles: 2, 3, 4, 6, 8 of bamboo and the "
                                         "green dragon.")
    assert translated.replace("'", "&#x27;") in item
