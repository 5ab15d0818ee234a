"""The analyser (/analyse/) and tile-danger (/danger/) pages with the Django client: the
server-rendered answers agree with the engine's own commands, which the pages' scripts
also call through the API."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.tests.tables import make_table
from scoring import error_text, pages, registry
from scoring.engine import commands

pytestmark = pytest.mark.django_db

READY = "123m456p789s1122z"  # waits on 1z and 2z (double pair)
FOURTEEN = "123m456p789s11223z"


def _get(client: Client, name: str, **params: str) -> str:
    answer = client.get(reverse(f"scoring:{name}"), params)
    assert answer.status_code == 200
    return answer.content.decode()


def _attrs(html: str, css_class: str, attr: str) -> list[str]:
    return re.findall(rf'<[a-z]+ class="{css_class}[^"]*"[^>]*?{attr}="([^"]*)"', html)


def _engine(request: dict[str, Any]) -> dict[str, Any]:
    return commands.run("analyse", request)


def _riichi_request(hand: str, **extra: Any) -> dict[str, Any]:
    preset, options = pages.resolve_options("riichi", "")
    return {"ruleset": "riichi", "hand": hand, "options": options, "seat_wind": "E",
            "round_wind": "E", **extra}


def test_analyser_form_offers_every_usable_ruleset_and_its_presets(client: Client) -> None:
    html = _get(client, "analyse")
    for name in registry.usable():
        assert f'<option value="{name}"' in html
        for preset in registry.get(name).presets:
            assert f'value="{preset}" data-ruleset="{name}"' in html
    assert 'id="analysis-result"' in html and 'data-shanten' not in html


def test_ready_hand_shows_every_wait_with_copies_left_and_both_values(client: Client) -> None:
    html = _get(client, "analyse", ruleset="riichi", hand=READY)
    engine = _engine(_riichi_request(READY))
    assert engine["shanten"] == 0
    shown = re.findall(r'<tr class="wait" data-tile="(\w+)" data-remaining="(\d+)"', html)
    assert shown == [(w["tile"], str(w["remaining"])) for w in engine["waits"]]
    assert 'data-shanten="0"' in html
    for wait in engine["waits"]:
        for side in ("ron", "tsumo"):
            value = wait[side]
            if "error" in value:
                assert value["error"]["code"] in html
            else:
                head = value["headline"]
                assert f"{head['value']} han {head['fu']} fu" in html
                assert f"· {head['points']:,}" in html
                assert sum(p["amount"] for p in value["ledger"]) + value["pot_change"] == 0


def test_visible_tiles_and_dora_indicators_lower_the_copies_left(client: Client) -> None:
    html = _get(client, "analyse", ruleset="riichi", hand=READY, visible="1z",
                dora_indicators="2z")
    shown = dict(re.findall(r'<tr class="wait" data-tile="(\w+)" data-remaining="(\d+)"', html))
    plain = {w["tile"]: w["remaining"] for w in _engine(_riichi_request(READY))["waits"]}
    assert shown == {"1z": str(plain["1z"] - 1), "2z": str(plain["2z"] - 1)}


def test_declaring_riichi_prices_the_waits_with_riichi(client: Client) -> None:
    html = _get(client, "analyse", ruleset="riichi", hand=READY, riichi="1")
    plain = _engine(_riichi_request(READY))["waits"][1]["ron"]
    declared = _engine(_riichi_request(READY, riichi=True))["waits"][1]["ron"]
    head = declared["headline"]
    assert "error" in plain and head["value"] >= 1
    assert f"<b>{head['value']} han {head['fu']} fu</b> · {head['points']:,}" in html
    assert "name=\"riichi\" value=\"1\" id=\"f-riichi\" checked" in html


def test_fourteen_tiles_list_the_discards_best_first(client: Client) -> None:
    html = _get(client, "analyse", ruleset="riichi", hand=FOURTEEN)
    engine = _engine(_riichi_request(FOURTEEN))
    shown = re.findall(r'<li class="discard" data-tile="(\w+)" data-shanten-after="(-?\d+)" '
                       r'data-ukeire="(\d+)"', html)
    assert shown == [(d["tile"], str(d["shanten_after"]), str(d["ukeire_total"]))
                     for d in engine["discards"]]
    keys = [(int(after), -int(total)) for _, after, total in shown]
    assert keys == sorted(keys)


def test_hand_two_from_ready_lists_its_ukeire_with_remaining_counts(client: Client) -> None:
    hand = "1358m2468p13579s"
    html = _get(client, "analyse", ruleset="mcr", hand=hand)
    engine = _engine({"ruleset": "mcr", "hand": hand,
                      "options": pages.resolve_options("mcr", "")[1]})
    assert engine["shanten"] > 0
    assert f'data-shanten="{engine["shanten"]}"' in html
    shown = re.findall(r'<li data-tile="(\w+)"><span class="tile[^>]*>[^<]*</span>'
                       r"\s*<span class=\"count\">×(\d+)</span>", html)
    assert shown == [(u["tile"], str(u["remaining"])) for u in engine["ukeire"]]


def test_melds_are_passed_on_and_drawn(client: Client) -> None:
    html = _get(client, "analyse", ruleset="riichi", hand="123m456p1122z", melds="pon 777z")
    engine = _engine(_riichi_request("123m456p1122z", melds=["pon 777z"]))
    assert f'data-shanten="{engine["shanten"]}"' in html
    assert '<span class="meld" title="pon">' in html


def test_a_hand_the_engine_refuses_shows_its_error_code_and_message(client: Client) -> None:
    html = _get(client, "analyse", ruleset="riichi", hand="123m")
    error = _engine(_riichi_request("123m"))["error"]
    assert f'data-code="{error["code"]}"' in html
    assert error["message"].split(";")[0].replace("'", "&#x27;") in html


def test_table_link_prefills_the_ruleset_preset_and_options_of_the_table(
        client: Client) -> None:
    table = make_table("mcr", "club")
    html = _get(client, "analyse", table=table.public_id)
    assert re.search(r'<option value="mcr" selected>', html)
    assert re.search(r'<option value="club" data-ruleset="mcr" selected>', html)
    assert f'name="table" value="{table.public_id}"' in html
    options = registry.get("mcr").resolve("club", table.options)
    answer = client.get(reverse("scoring:analyse"), {"table": table.public_id})
    assert answer.context["options"] == options


def test_a_private_table_is_not_read_for_a_stranger(client: Client) -> None:
    table = make_table("mcr", "club", visibility="private")
    html = _get(client, "analyse", table=table.public_id)
    assert f'value="{table.public_id}"' not in html
    assert re.search(r'<option value="riichi" selected>', html)


def test_table_page_and_menu_link_to_the_analysis_pages(client: Client) -> None:
    table = make_table("riichi")
    html = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    assert f'href="{reverse("scoring:analyse")}?table={table.public_id}"' in html
    assert f'href="{reverse("scoring:danger")}"' in html
    home = client.get("/").content.decode()
    for name in ("scoring:analyse", "scoring:danger", "mcr:fans"):
        assert f'href="{reverse(name)}"' in home


def test_the_danger_link_shows_only_where_the_ruleset_declares_the_tool(client: Client) -> None:
    table = make_table("mcr", "official")
    html = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    assert 'id="analyse-link"' in html and 'id="danger-link"' not in html


def test_danger_page_draws_all_34_tiles_safest_first(client: Client) -> None:
    params = {"discards": "1m5p9s", "visible": "3z3z4p4p4p4p"}
    html = _get(client, "danger", **params)
    rows = re.findall(r'<li class="danger-row level-\d" data-tile="(\w+)" data-score="(\d+)"',
                      html)
    engine = commands.run("danger", params)["tiles"]
    assert rows == [(r["tile"], str(r["score"])) for r in engine]
    assert len(rows) == 34 and len({tile for tile, _ in rows}) == 34
    scores = [int(score) for _, score in rows]
    assert scores == sorted(scores)
    assert {tile for tile, score in rows if score == "0"} == {"1m", "5p", "9s"}


def test_danger_page_names_the_reason_of_each_reduction(client: Client) -> None:
    html = _get(client, "danger", discards="5p", visible="3z3z4s4s4s4s")
    engine = {r["tile"]: r for r in commands.run(
        "danger", {"discards": "5p", "visible": "3z3z4s4s4s4s"})["tiles"]}
    for tile, row in engine.items():
        item = re.search(rf'data-tile="{tile}" data-score="\d+">(.*?)</li>', html, re.S)
        assert item is not None
        codes = re.findall(r'class="reason" data-code="(\w+)"', item.group(1))
        assert codes == [r["code"] for r in row["reasons"]]
    assert {"genbutsu", "suji", "kabe", "copies_visible"} <= {
        r["code"] for row in engine.values() for r in row["reasons"]}


def test_danger_page_reports_too_many_copies(client: Client) -> None:
    html = _get(client, "danger", discards="1m1m", visible="1m1m1m")
    assert 'data-code="too_many_copies"' in html
    assert "danger-row" not in html


def _json(value: Any) -> str:
    from django.utils.html import json_script

    return json_script(value, "x").split(">", 1)[1].rsplit("<", 1)[0]


ONE_FROM_READY = "123m456p789s1123z"  # one from ready: a second 2z or 3z, or a 1z


@pytest.mark.parametrize("fragment", ["", "1"])
def test_hand_one_from_ready_lists_the_improving_tiles_not_an_object(
        client: Client, fragment: str) -> None:
    # The page's script once wrote "[object HTMLUListElement]" here; the answer is the
    # server's HTML, the same whether the page is loaded or the script asks for it alone.
    html = _get(client, "analyse", ruleset="riichi", hand=ONE_FROM_READY, fragment=fragment)
    engine = _engine(_riichi_request(ONE_FROM_READY))
    assert engine["shanten"] == 1 and engine["ukeire"]
    assert "Tiles that improve the hand" in html
    shown = re.findall(r'<li data-tile="(\w+)"><span class="tile[^>]*>[^<]*</span>'
                       r"\s*<span class=\"count\">×(\d+)</span>", html)
    assert shown == [(u["tile"], str(u["remaining"])) for u in engine["ukeire"]]
    assert "[object" not in html


def test_a_wait_the_engine_refuses_reads_as_a_sentence_not_a_code(client: Client) -> None:
    # Riichi ticked with an open meld: the ruleset refuses to price the waits.
    html = _get(client, "analyse", ruleset="riichi", hand="123m456p1122z", melds="pon 777z",
                riichi="1")
    assert 'data-code="bad_input"' in html and ">bad_input<" not in html
    assert f">{error_text.sentence('bad_input')}<" in html
