"""A toy game through the site, with no file outside this package naming it: offered on
the new-table page, recorded through the record sheet's form, ready declared on the table
socket, read back in the history, the results, the settle-up (in the toy's stake unit)
and the players' statistics. The browser plays its record sheet in the entry matrix
(games/tests/test_browser_entry_matrix.py, generated from its entry spec); the analyser
is in test_capabilities.py."""

from __future__ import annotations

import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubs import results
from clubs import services as clubs
from clubs.tests.helpers import OWNER, OWNER_TOKEN
from games import presenter
from games import services as games
from games.devices import COOKIE_NAME
from games.models import Table
from games.tests.tables import command_id
from games.tests.test_consumer import read_until, seated_client
from scoring import registry

from .. import NAME, TITLE

pytestmark = pytest.mark.django_db

NAMES = ["Aiko", "Bo", "Chen", "Dana"]
# Bo wins on Chen's discard (2 fan); Dana draws three triplets and a pair (4 fan from
# everyone); nobody wins the third hand, which ends the game of three.
BO_ON_CHEN = {"type": "win", "wins": [{"winner": 1, "discarder": 2, "quick": {"fan": 2}}]}
DANA_DRAWS = {"type": "win", "wins": [{"winner": 3, "discarder": None, "hand": {
    "hand": "111222333m456p7p", "win_tile": "7p"}}]}
DRAW = {"type": "draw"}


def owner() -> Client:
    client = Client()
    client.cookies[COOKIE_NAME] = OWNER_TOKEN
    return client


def played(outcomes: list[dict[str, Any]], hands: int = 3) -> Table:
    table = games.create_table("Toy night", NAME, "toy", {"hands": hands}, NAMES,
                               creator=OWNER)
    for outcome in outcomes:
        table.refresh_from_db()
        answer = games.record_hand(table.pk, outcome, command_id(), table.seq, OWNER)
        assert answer.get("ok"), answer
    table.refresh_from_db()
    return table


def test_the_new_table_page_offers_the_toy_and_its_preset() -> None:
    html = Client().get(reverse("games:new")).content.decode()
    label = f"{TITLE} — {registry.get(NAME).presets['toy']['title']}"
    assert label in html


def _hidden(page: str, name: str) -> str:
    found = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', page)
    assert found, f"no hidden {name} on the page"
    return found.group(1)


def test_a_hand_saved_from_the_sheets_form_is_the_toys_and_reads_right() -> None:
    table, client = played([]), owner()
    page = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    answer = client.post(reverse("games:record", args=[table.public_id]), {
        "command_id": _hidden(page, "command_id"), "base_seq": _hidden(page, "base_seq"),
        "type": "win", "win.wins.0.winner": "1", "win.wins.0.discarder": "2",
        "win.wins.0.mode": "quick", "win.wins.0.quick.fan": "2"})
    assert answer.status_code == 302, answer.content.decode()[-2000:]
    assert table.hands.get().outcome == BO_ON_CHEN
    page = client.get(answer["Location"]).content.decode()
    # The contract says who won and from whom: a discard win reads as one.
    assert "Bo wins on Chen&#x27;s discard" in page


def test_a_finished_toy_game_shows_its_results_and_settles_per_ten_points() -> None:
    table = played([BO_ON_CHEN, DANA_DRAWS, DRAW])
    assert table.finished  # the toy's game of three hands ended itself
    page = Client().get(reverse("games:results", args=[table.public_id])).content.decode()
    assert all(name in page for name in NAMES)
    clubs.set_table_stake(table, "2", OWNER, "CNY")
    settle = results.table_settle(table, OWNER)
    # Scores [-4, -2, -6, 12] (2 from Chen to Bo, 4 from each to Dana), paid 2 yuan per
    # 10 points (STAKE_UNIT), in fen.
    nets = {n.player.display_name: n.net for n in settle.nets}
    assert nets == {"Aiko": -80, "Bo": -40, "Chen": -120, "Dana": 240}, (
        "STAKE_UNIT: not settled per 10 points")
    html = owner().get(reverse("clubs:table-settle", args=[table.public_id])).content.decode()
    assert "per 10 points" in html, "STAKE_UNIT: the settle-up page does not name the unit"


def test_the_players_statistics_count_the_toys_wins_deal_ins_and_items() -> None:
    table = played([BO_ON_CHEN, DANA_DRAWS, DRAW])
    ids = {s.position: s.player_id for s in table.seats.all()}
    bo = owner().get(f"/api/players/{ids[1]}/stats/").json()
    chen = owner().get(f"/api/players/{ids[2]}/stats/").json()
    dana = owner().get(f"/api/players/{ids[3]}/stats/").json()
    toy_of = {who: next(r for r in stats["by_ruleset"] if r["ruleset"] == NAME)
              for who, stats in (("bo", bo), ("chen", chen), ("dana", dana))}
    assert toy_of["bo"]["win_rate"] == pytest.approx(1 / 3, abs=1e-3)
    assert toy_of["bo"]["self_draw_rate"] == 0
    assert toy_of["chen"]["deal_in_rate"] == pytest.approx(1 / 3, abs=1e-3)
    assert toy_of["dana"]["self_draw_rate"] == pytest.approx(1 / 3, abs=1e-3)
    assert [i["key"] for i in toy_of["dana"]["top_scoring"]] == ["triplet", "self_draw"]
    assert toy_of["dana"]["average_hand_value"] == 12


@pytest.mark.django_db(transaction=True)
async def test_ready_is_declared_on_the_socket_marked_and_paid_with_the_hand() -> None:
    table = await database_sync_to_async(played)([])
    bo, _ = await seated_client(table, 1)
    await bo.send_json_to({"type": "declare", "command_id": "r1", "base_seq": 0,
                           "player": 1, "on": True, "declaration": "ready"})
    ack = await read_until(bo, "ack")
    assert ack["command_id"] == "r1", f"DECLARATIONS: the socket refused ready: {ack}"
    await database_sync_to_async(table.refresh_from_db)()
    snap = await database_sync_to_async(games.snapshot)(table)
    assert snap["declared"] == {"ready": [1]}
    with translation.override("en"):
        assert [r["marks"] for r in presenter.standings_rows(snap)] == [[], ["Ready"], [], []]
    # The sheet starts with the declarer ticked: the hand it saves lists them.
    await bo.send_json_to({"type": "record_hand", "command_id": "r2", "base_seq": snap["seq"],
                           "outcome": {**BO_ON_CHEN, "ready": [1]}})
    assert (await read_until(bo, "ack"))["command_id"] == "r2"
    await bo.disconnect()
    hand = await database_sync_to_async(lambda: table.hands.get())()
    assert [i["key"] for i in hand.result[0]["items"]] == ["entered", "ready"]
    assert hand.result[0]["headline"]["points"] == 3  # 2 fan and 1 for the declaration
    stats = await database_sync_to_async(
        lambda: owner().get(f"/api/players/{table.seats.get(position=1).player_id}/stats/")
        .json())()
    toy = next(r for r in stats["by_ruleset"] if r["ruleset"] == NAME)
    assert toy["ready_rate"] == 1, "DECLARATIONS: the statistics do not count ready"

