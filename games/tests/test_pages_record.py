"""Recording a hand without scripts: the table page's plain quick-mode form, posted with
the Django client (CSRF, idempotent command id, stale base seq, every ruleset)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Hand, LedgerEntry, Table
from scoring import registry
from scoring.models import RulesetConfig
from scoring.presets import sync_presets

from .tables import NAMES

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def presets() -> None:
    sync_presets()


def new_table(client: Client, ruleset: str = "riichi") -> Table:
    # The first preset of each ruleset is for four players (NAMES has four).
    config = RulesetConfig.objects.filter(ruleset=ruleset, is_builtin=True).order_by("pk").first()
    assert config is not None
    answer = client.post(reverse("games:new"), {
        "name": "No scripts", "config": config.pk, "visibility": "link",
        **{f"player_{i}": name for i, name in enumerate(NAMES)}})
    assert answer.status_code == 302
    return Table.objects.get(name="No scripts", ruleset=ruleset)


def hidden(page: str, name: str) -> str:
    found = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', page)
    assert found, f"no hidden {name} in the quick form"
    return found.group(1)


def post(client: Client, table: Table, fields: dict[str, Any]) -> Any:
    page = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    data = {"command_id": hidden(page, "command_id"), "base_seq": hidden(page, "base_seq"),
            **fields}
    return client.post(reverse("games:record", args=[table.public_id]), data)


def engine_scores(table: Table, *outcomes: dict[str, Any]) -> list[int]:
    ruleset = registry.get(table.ruleset)
    options = ruleset.options_from_snapshot(table.options)
    state = ruleset.rules.initial_state(options)
    for outcome in outcomes:
        state = ruleset.rules.apply(state, outcome, options)["state"]
    return list(state["scores"])


def standings(table: Table) -> list[int]:
    snap = services.snapshot(table)
    return [row["score"] for row in sorted(snap["standings"], key=lambda r: r["position"])]


# Sheet fields (games.record_sheet: paths under the outcome type) and the outcome the
# engine should be given, per ruleset; fields of another outcome type are not read.
CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("riichi", {"type": "ron", "ron.wins.0.winner": "1", "ron.wins.0.discarder": "2",
                "ron.wins.0.mode": "quick", "ron.wins.0.quick.han": "3",
                "ron.wins.0.quick.fu": "40", "ron.riichi": ["1", "3"],
                "tsumo.wins.0.winner": "3"},
     {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 3, "fu": 40}}],
      "riichi": [1, 3]}),
    ("riichi", {"type": "tsumo", "tsumo.wins.0.winner": "0", "tsumo.wins.0.mode": "quick",
                "tsumo.wins.0.quick.points": "12000"},
     {"type": "tsumo", "wins": [{"winner": 0, "quick": {"points": 12000}}]}),
    ("riichi", {"type": "ron", "ron.wins.0.winner": "1", "ron.wins.0.discarder": "2",
                "ron.wins.0.mode": "tiles", "ron.wins.0.hand.hand": "234m567p345s88s67m",
                "ron.wins.0.hand.win_tile": "8m", "ron.wins.0.hand.dora_indicators": "1z",
                "ron.wins.0.quick.han": "5", "ron.riichi": "1"},
     {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "hand": {
         "hand": "234m567p345s88s67m", "win_tile": "8m", "dora_indicators": ["1z"]}}],
      "riichi": [1]}),
    ("riichi", {"type": "draw", "draw.tenpai": ["0", "2"]}, {"type": "draw", "tenpai": [0, 2]}),
    ("mcr", {"type": "win", "win.wins.0.winner": "2", "win.wins.0.discarder": "",
             "win.wins.0.mode": "quick", "win.wins.0.quick.fan": "12"},
     {"type": "win", "wins": [{"winner": 2, "quick": {"fan": 12}}]}),
    ("sichuan", {"type": "hand", "hand.extra.missing_suits.0": "s",
                 "hand.extra.missing_suits.1": "m", "hand.extra.missing_suits.2": "p",
                 "hand.extra.events.0.kind": "kong", "hand.extra.events.0.player": "1",
                 "hand.extra.events.0.kong": "direct", "hand.extra.events.0.feeder": "3",
                 "hand.extra.events.0.mode": "tiles",
                 "hand.extra.events.1.kind": "win", "hand.extra.events.1.winner": "2",
                 "hand.extra.events.1.discarder": "0", "hand.extra.events.1.mode": "quick",
                 "hand.extra.events.1.quick.fan": "2",
                 "hand.extra.draw.1.ready_fan": "1", "hand.extra.draw.3.flower_pig": "on"},
     {"type": "hand", "extra": {
         "events": [{"kind": "kong", "player": 1, "kong": "direct", "feeder": 3},
                    {"kind": "win", "winner": 2, "discarder": 0, "quick": {"fan": 2}}],
         "missing_suits": ["s", "m", "p", None],
         "draw": [{"player": 0}, {"player": 1, "ready_fan": 1}, {"player": 2},
                  {"player": 3, "flower_pig": True}]}}),
    ("wuhu", {"type": "win", "win.wins.0.winner": "0", "win.wins.0.discarder": "3",
              "win.wins.0.mode": "quick", "win.wins.0.quick.zhi": "9",
              "win.wins.0.quick.ya": "8", "win.wins.0.quick.concealed_kongs": "1"},
     {"type": "win", "wins": [{"winner": 0, "discarder": 3, "quick": {
         "zhi": 9, "ya": 8, "concealed_kongs": 1}}]}),
    ("jian", {"type": "win", "win.wins.0.winner": "3", "win.wins.0.discarder": "",
              "win.wins.0.mode": "quick", "win.wins.0.quick.shape": "small_seven",
              "win.wins.0.quick.deguo": "on"},
     {"type": "win", "wins": [{"winner": 3, "quick": {"shape": "small_seven",
                                                      "deguo": True}}]}),
    ("jian", {"type": "win", "win.wins.0.winner": "1", "win.wins.0.discarder": "2",
              "win.wins.0.quick.shape": "plain", "win.extra.jing.zheng": "5m",
              "win.extra.jing.fu": "6m", "win.extra.jing_counts.0": "2",
              "win.extra.jing_counts.1": "5", "win.extra.jing_counts.2": "",
              "win.extra.jing_counts.3": "1"},
     {"type": "win", "wins": [{"winner": 1, "discarder": 2, "quick": {"shape": "plain"}}],
      "extra": {"jing": {"zheng": "5m", "fu": "6m"}, "jing_counts": [2, 5, 0, 1]}}),
]


@pytest.mark.parametrize(("ruleset", "fields", "outcome"), CASES,
                         ids=[f"{c[0]}-{c[2]['type']}-{i}" for i, c in enumerate(CASES)])
def test_the_sheet_posted_without_scripts_records_the_outcome_it_describes(
        ruleset: str, fields: dict[str, Any], outcome: dict[str, Any]) -> None:
    client = Client()
    table = new_table(client, ruleset)
    answer = post(client, table, fields)
    assert answer.status_code == 302, answer.content.decode()[-3000:]
    assert answer["Location"] == reverse("games:table", args=[table.public_id])
    assert Hand.objects.get(table=table).outcome == outcome
    assert standings(table) == engine_scores(table, outcome)
    # Zero-sum: what the players paid and got, plus what went into the pot, is nothing.
    paid = sum(LedgerEntry.objects.filter(table=table).values_list("amount", flat=True))
    assert paid + services.snapshot(table)["state"].get("pot", 0) == 0
    page = client.get(answer["Location"]).content.decode()
    assert "Hand 1 saved." in page


def test_the_page_offers_the_form_with_a_new_command_id_each_time() -> None:
    client = Client()
    table = new_table(client)
    first = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    second = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    assert f'action="{reverse("games:record", args=[table.public_id])}"' in first
    assert 'name="csrfmiddlewaretoken"' in first
    assert hidden(first, "command_id") != hidden(second, "command_id")
    assert hidden(first, "base_seq") == str(table.seq)


def test_a_resent_form_records_the_hand_once() -> None:
    client = Client()
    table = new_table(client)
    page = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    data = {"command_id": hidden(page, "command_id"), "base_seq": hidden(page, "base_seq"),
            "type": "ron", "ron.wins.0.winner": "1", "ron.wins.0.discarder": "2",
            "ron.wins.0.mode": "quick", "ron.wins.0.quick.han": "2", "ron.wins.0.quick.fu": "40"}
    url = reverse("games:record", args=[table.public_id])
    assert client.post(url, data).status_code == 302
    again = client.post(url, data, follow=True)
    assert Hand.objects.filter(table=table).count() == 1
    assert "This hand was already saved." in again.content.decode()


def test_a_form_filled_in_before_another_change_is_refused_as_stale() -> None:
    client = Client()
    table = new_table(client)
    page = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    old = {"command_id": hidden(page, "command_id"), "base_seq": hidden(page, "base_seq"),
           "type": "ron", "ron.wins.0.winner": "1", "ron.wins.0.discarder": "2",
           "ron.wins.0.mode": "quick", "ron.wins.0.quick.han": "2", "ron.wins.0.quick.fu": "40"}
    assert post(client, table, {"type": "draw"}).status_code == 302
    answer = client.post(reverse("games:record", args=[table.public_id]), old)
    assert answer.status_code == 409
    html = answer.content.decode()
    assert "Someone else changed the table first" in html
    assert Hand.objects.filter(table=table).count() == 1
    table.refresh_from_db()
    # The typed values are kept, on top of the current table, ready to be sent again.
    assert hidden(html, "base_seq") == str(table.seq)
    assert hidden(html, "command_id") != old["command_id"]
    assert re.search(r'name="ron.wins.0.winner" value="1" checked', html)
    assert re.search(r'name="ron.wins.0.quick.han"[^>]*value="2"', html)


def test_an_incomplete_hand_is_refused_and_keeps_what_was_typed() -> None:
    client = Client()
    table = new_table(client)
    answer = post(client, table, {"type": "ron", "ron.wins.0.discarder": "2",
                                  "ron.wins.0.mode": "quick", "ron.wins.0.quick.han": "2"})
    assert answer.status_code == 400
    html = answer.content.decode()
    assert 'id="sheet-error"' in html
    # The sheet comes back open, as it was filled in.
    assert re.search(r'<details class="record card" id="record" open>', html)
    assert re.search(r'name="ron.wins.0.discarder" value="2" checked', html)
    assert not Hand.objects.filter(table=table).exists()


def test_the_engines_refusal_is_shown_with_its_message() -> None:
    client = Client()
    table = new_table(client)
    answer = post(client, table, {"type": "ron", "ron.wins.0.winner": "1",
                                  "ron.wins.0.discarder": "1", "ron.wins.0.mode": "quick",
                                  "ron.wins.0.quick.han": "2", "ron.wins.0.quick.fu": "40"})
    assert answer.status_code == 400
    assert 'class="alert alert-error"' in answer.content.decode()
    assert not Hand.objects.filter(table=table).exists()


def test_a_refusal_is_said_in_the_pages_language_and_outlines_the_field() -> None:
    client = Client(headers={"accept-language": "ja"})
    table = new_table(client)
    answer = post(client, table, {"type": "ron", "ron.wins.0.winner": "1",
                                  "ron.wins.0.discarder": "2", "ron.wins.0.mode": "quick",
                                  "ron.wins.0.quick.han": "-1", "ron.wins.0.quick.fu": "40"})
    assert answer.status_code == 400
    page = answer.content.decode()
    error = re.search(r'<div class="alert alert-error" role="alert" id="sheet-error">([^<]*)<',
                      page)
    assert error and error.group(1).startswith(NAMES[1]) and "翻" in error.group(1)
    assert "wins" not in error.group(1) and "out_of_range" not in page
    assert re.search(r'data-control="ron\.wins\.0\.quick\.han"[^>]* data-error', page)
    assert page.count(" data-error") == 1


def test_a_win_on_ones_own_discard_is_refused_by_name_on_the_page() -> None:
    client = Client()
    table = new_table(client)
    answer = post(client, table, {"type": "ron", "ron.wins.0.winner": "1",
                                  "ron.wins.0.discarder": "1", "ron.wins.0.mode": "quick",
                                  "ron.wins.0.quick.han": "2", "ron.wins.0.quick.fu": "40"})
    page = answer.content.decode()
    assert f"{NAMES[1]} cannot win on their own discard" in page
    assert re.search(r'data-control="ron\.wins\.0\.discarder"[^>]* data-error', page)


def test_the_form_needs_the_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)
    table = new_table_with_csrf(client)
    page = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    data = {"command_id": hidden(page, "command_id"), "base_seq": hidden(page, "base_seq"),
            "type": "draw", "tenpai": []}
    url = reverse("games:record", args=[table.public_id])
    assert client.post(url, data).status_code == 403
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token
    assert client.post(url, {**data, "csrfmiddlewaretoken": token.group(1)}).status_code == 302
    assert Hand.objects.filter(table=table).count() == 1


def new_table_with_csrf(client: Client) -> Table:
    page = client.get(reverse("games:new")).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token
    config = RulesetConfig.objects.filter(ruleset="riichi", is_builtin=True).first()
    assert config is not None
    client.post(reverse("games:new"), {
        "csrfmiddlewaretoken": token.group(1), "name": "No scripts", "config": config.pk,
        "visibility": "link", **{f"player_{i}": name for i, name in enumerate(NAMES)}})
    return Table.objects.get(name="No scripts")


def test_spectators_get_no_form_and_may_not_post_one() -> None:
    owner = Client()
    table = new_table(owner)
    page = owner.get(reverse("games:table", args=[table.public_id])).content.decode()
    watcher = Client()
    watched = watcher.get(reverse("games:table", args=[table.public_id])).content.decode()
    assert 'id="quick-record-form"' not in watched
    answer = watcher.post(reverse("games:record", args=[table.public_id]), {
        "command_id": hidden(page, "command_id"), "base_seq": hidden(page, "base_seq"),
        "type": "draw"})
    assert answer.status_code == 403
    assert not Hand.objects.filter(table=table).exists()


def test_without_scripts_a_writer_sees_the_form_not_buttons_that_need_scripts() -> None:
    client = Client()
    table = new_table(client)
    html = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    # The sheet is a plain form: it posts to the page's record URL, Save submits it.
    assert re.search(r'<form id="record-form"[^>]*method="post"', html)
    assert 'type="submit" form="record-form"' in html
