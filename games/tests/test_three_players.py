"""Three-player tables end to end on the server: sanma and 三人两房 are created from the
form and the API with three names, hands are recorded (plain quick form and API), undone,
the game ends, and the snapshot, ledger export, statistics and settle-up count three."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs import results
from clubs import services as clubs
from common.errors import TableError
from games import seat_results, services
from games.models import Seat, Table
from games.permissions import Actor
from games.queries.stats import player_stats
from scoring.models import RulesetConfig
from scoring.presets import sync_presets

from .tables import CREATOR, command_id, user

pytestmark = pytest.mark.django_db

THREE = ["Aiko", "Bo", "陳"]
SANMA_TSUMO = {"type": "tsumo", "wins": [{"winner": 1, "quick": {"han": 5, "fu": 30}}]}
SICHUAN_HAND = {"type": "hand", "extra": {"events": [
    {"kind": "win", "winner": 1, "discarder": None, "quick": {"fan": 1}},
    {"kind": "win", "winner": 2, "discarder": 0, "quick": {"fan": 2}}]}}


@pytest.fixture(autouse=True)
def presets() -> None:
    sync_presets()


def config(ruleset: str, preset: str) -> RulesetConfig:
    return RulesetConfig.objects.get(ruleset=ruleset, preset=preset, is_builtin=True)


def record(table: Table, outcome: dict, by: Actor = CREATOR) -> services.CommandResult:
    table.refresh_from_db()
    answer = services.record_hand(table.pk, outcome, command_id(), table.seq, by)
    assert answer.get("ok"), answer
    return answer


def test_the_new_table_form_makes_three_seats_for_sanma_and_refuses_a_north() -> None:
    client = Client()
    data = {"name": "三麻", "config": config("riichi", "sanma").pk, "visibility": "link",
            **{f"player_{i}": n for i, n in enumerate(THREE)}}
    refused = client.post(reverse("games:new"), {**data, "player_3": "Dana"})
    assert refused.status_code == 200 and Table.objects.count() == 0
    assert "three players" in refused.content.decode()
    answer = client.post(reverse("games:new"), data)
    assert answer.status_code == 302
    table = Table.objects.get()
    assert [s.position for s in Seat.objects.filter(table=table)] == [0, 1, 2]
    assert table.state["scores"] == [35000, 35000, 35000]
    page = client.get(answer["Location"])
    assert page.status_code == 200
    join = client.get(reverse("games:join", args=[table.public_id])).content.decode()
    assert "陳" in join and "Dana" not in join
    with pytest.raises(TableError) as refused_seat:
        services.claim_seat(table, 3, device="phone", join_key=table.join_key)
    assert refused_seat.value.code == "bad_command" and "no seat 3" in refused_seat.value.message


def test_a_sanma_game_is_recorded_undone_ended_and_exported_with_three_rows() -> None:
    table = services.create_table("Sanma", "riichi", "sanma", {}, THREE, creator=CREATOR)
    snap = record(table, SANMA_TSUMO)["snapshot"]
    assert [s["score"] for s in snap["standings"]] == [31000, 41000, 33000]
    assert snap["players"] == 3 and len(snap["hands"][0]["deltas"]) == 3
    # Bo (South) won: the deal passes to him, and nobody sits North.
    assert [s["wind"] for s in snap["seats"]] == ["W", "E", "S"]
    table.refresh_from_db()
    assert services.undo(table.pk, command_id(), table.seq, CREATOR)["ok"]
    record(table, SANMA_TSUMO)
    record(table, {"type": "ron", "wins": [{"winner": 0, "discarder": 2,
                                            "quick": {"han": 3, "fu": 30}}]})
    table.refresh_from_db()
    assert services.end_game(table.pk, command_id(), table.seq, CREATOR)["ok"]
    table.refresh_from_db()
    snap = services.snapshot(table)
    assert len(snap["final_table"]) == 3 and snap["table"]["finished"]
    assert sum(s["score"] for s in snap["standings"]) == 3 * 35000
    owner = user("owner")
    Table.objects.filter(pk=table.pk).update(created_by=owner)
    client = APIClient()
    client.force_authenticate(owner)
    text = client.get(f"/api/tables/{table.public_id}/ledger/?format=csv").content.decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 3 * 2 + 3  # three players, two hands, the final settlement
    assert {r["player"] for r in rows} == set(THREE)


def test_a_three_handed_sichuan_game_ends_when_two_have_won() -> None:
    table = services.create_table("两房", "sichuan", "three_two_suits", {}, THREE,
                                  creator=CREATOR)
    snap = record(table, SICHUAN_HAND)["snapshot"]
    assert sum(s["score"] for s in snap["standings"]) == 0 and len(snap["standings"]) == 3


def test_the_api_creates_a_three_player_table_from_three_names() -> None:
    owner = user("owner")
    client = APIClient()
    client.force_authenticate(owner)
    answer = client.post("/api/tables/", {"name": "Sanma", "ruleset": "riichi",
                                          "preset": "sanma", "players": THREE}, format="json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert len(body["seats"]) == 3 and len(body["standings"]) == 3
    four = client.post("/api/tables/", {"name": "x", "ruleset": "riichi", "preset": "sanma",
                                        "players": [*THREE, "Dana"]}, format="json")
    assert four.status_code == 400 and four.json()["error"]["code"] == "bad_command"
    listed = client.get("/api/tables/").json()["results"][0]
    assert len(listed["standings"]) == 3


@pytest.mark.parametrize(("ruleset", "preset", "fields", "scores"), [
    ("riichi", "sanma", {"type": "tsumo", "tsumo.wins.0.winner": "1",
                         "tsumo.wins.0.quick.han": "5", "tsumo.wins.0.quick.fu": "30"},
     [31000, 41000, 33000]),
    # 三人两房: two wins end the hand (no draw asked), no 定缺 fields.
    ("sichuan", "three_two_suits", {
        "type": "hand", "hand.extra.events.0.kind": "win", "hand.extra.events.0.winner": "1",
        "hand.extra.events.0.discarder": "", "hand.extra.events.0.quick.fan": "1",
        "hand.extra.events.1.kind": "win", "hand.extra.events.1.winner": "2",
        "hand.extra.events.1.discarder": "0", "hand.extra.events.1.quick.fan": "2"},
     [-3 - 4, 6, -3 + 4]),
])
def test_the_sheet_records_a_three_player_hand_without_scripts(
        ruleset: str, preset: str, fields: dict, scores: list[int]) -> None:
    client = Client()
    client.post(reverse("games:new"), {
        "name": "No scripts", "config": config(ruleset, preset).pk, "visibility": "link",
        **{f"player_{i}": n for i, n in enumerate(THREE)}})
    table = Table.objects.get()
    page = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    # Three names to choose from, and no 定缺 for 三人两房.
    assert 'data-control="hand.extra.missing_suits"' not in page
    assert not re.search(r'name="[^"]*\.winner" value="3"', page)
    assert re.search(r'name="[^"]*\.winner" value="2"', page)

    def hidden(name: str) -> str:
        found = re.search(rf'name="{name}" value="([^"]*)"', page)
        assert found is not None
        return found.group(1)

    answer = client.post(reverse("games:record", args=[table.public_id]), {
        "command_id": hidden("command_id"), "base_seq": hidden("base_seq"), **fields})
    assert answer.status_code == 302, answer.content.decode()[-3000:]
    table.refresh_from_db()
    assert table.state["scores"] == scores


def test_three_player_statistics_and_settle_up() -> None:
    table = services.create_table("Sanma", "riichi", "sanma", {}, THREE, creator=CREATOR)
    record(table, SANMA_TSUMO)
    table.refresh_from_db()
    services.end_game(table.pk, command_id(), table.seq, CREATOR)
    table.refresh_from_db()
    bo = Seat.objects.get(table=table, position=1).player_id
    stats = player_stats(seat_results.player_tallies(Table.objects.filter(pk=table.pk), bo))[
        "by_ruleset"][0]
    assert (stats["wins"], stats["self_draws"], stats["placements"]) == (1, 1, [1])
    clubs.set_table_stake(table, "1", CREATOR, "CNY")
    settle = results.table_settle(table, Actor())
    assert len(settle.nets) == 3 and sum(n.net for n in settle.nets) == 0
    assert len(settle.transfers) <= 2
    group = clubs.create_group("Club", Actor(device=CREATOR.device))
    clubs.attach_table(table, group, CREATOR)
    board = results.boards(Table.objects.filter(pk=table.pk))[0]
    assert len(board.rows) == 3
