"""Ledgers as JSON and CSV, a player's ledger and statistics, and the date-range export."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from django.core.cache import cache

from games import presenter, services
from games.models import Event, Hand, Table
from games.permissions import Actor
from games.queries.ledger import COLUMNS
from games.tests.api_helpers import NAMES, QUICK_RON, TILES_RON, World, finish, record
from games.tests.tables import sample_outcomes

pytestmark = pytest.mark.django_db

# The win's items as the one renderer words them (scoring.rendering), dora included.
TILES_YAKU = "立直 Riichi 1 han; 翻牌 發 Dragon triplet Green 1 han; ドラ Dora 1 han"


@pytest.fixture(autouse=True)
def _fresh_throttle() -> None:
    cache.clear()


@pytest.fixture
def world() -> World:
    return World()


@pytest.fixture
def game(world: World) -> Table:
    """Two riichi hands (a quick 2 han 40 fu ron, then a scored hand with yaku) and the
    final settlement (uma and oka)."""
    table = world.table("public")
    owner = Actor(user=world.owner)
    record(table, QUICK_RON, owner)
    record(table, TILES_RON, owner)
    finish(table, owner)
    table.refresh_from_db()
    return table


def expected_grid(table: Table) -> list[list[str]]:
    """The ledger rebuilt from the table snapshot and the recorded events, as CSV cells."""
    snap = services.snapshot(table)
    hands = {h.number: h for h in Hand.objects.filter(table=table)
             .select_related("event", "current_event")}
    running = [s["start"] for s in snap["standings"]]
    players = {s["position"]: s["player"] for s in snap["seats"]}
    roles = {1: {1: "winner", 2: "dealt_in"}, 2: {3: "winner", 1: "dealt_in"}}
    scoring = {1: {1: "2 han 40 fu"}, 2: {3: TILES_YAKU}}
    names = [s["player"]["name"] for s in snap["seats"]]
    grid = [list(COLUMNS)]
    for item in snap["hands"]:
        number = item["number"]
        for p in range(4):
            running[p] += item["deltas"][p]
            detail = "; ".join(f"{r['reason']} {r['amount']:+d}" for r in item["rows"]
                               if r["position"] == p)
            grid.append([table.public_id, "金曜日の対局", "riichi",
                         hands[number].event.created_at.isoformat(), str(number),
                         f"E{number}", "0", "ron", str(p), str(players[p]["id"]),
                         NAMES[p], roles[number].get(p, ""), scoring[number].get(p, ""),
                         presenter.hand_text("riichi", table.options, item["outcome"],
                                             item["results"], names),
                         detail, str(item["deltas"][p]),
                         str(running[p]), str(hands[number].current_event.seq),
                         hands[number].current_event.hash])
    for p in range(4):
        rows = [r for r in snap["final"] if r["position"] == p]
        delta = sum(r["amount"] for r in rows)
        running[p] += delta
        grid.append([table.public_id, "金曜日の対局", "riichi", table.finished_at.isoformat(),
                     "", "", "", "final", str(p), str(players[p]["id"]), NAMES[p], "", "",
                     "Final settlement",
                     "; ".join(f"{r['reason']} {r['amount']:+d}" for r in rows), str(delta),
                     str(running[p]), str(table.seq), table.chain_head])
    assert running == [s["score"] for s in snap["standings"]]
    return grid


def test_table_ledger_csv_matches_the_recorded_game_cell_by_cell(world, game):
    response = world.client("anonymous").get(f"/api/tables/{game.public_id}/ledger/?format=csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert f'filename="ledger-{game.public_id}.csv"' in response["Content-Disposition"]
    text = response.content.decode("utf-8")
    assert not text.startswith("\ufeff")
    got = list(csv.reader(io.StringIO(text)))
    want = expected_grid(game)
    assert len(got) == len(want) == 1 + 2 * 4 + 4
    for r, (got_row, want_row) in enumerate(zip(got, want, strict=True)):
        for c, column in enumerate(COLUMNS):
            assert got_row[c] == want_row[c], (r, column)


def test_ledger_csv_by_accept_header_with_excel_bom(world, game):
    response = world.client("anonymous").get(f"/api/tables/{game.public_id}/ledger/?bom=1",
                                             HTTP_ACCEPT="text/csv")
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == list(COLUMNS)
    assert [row[10] for row in rows[1:5]] == NAMES


def test_ledger_json_rows_are_the_csv_rows(world, game):
    client = world.client("anonymous")
    body = client.get(f"/api/tables/{game.public_id}/ledger/").json()
    grid = expected_grid(game)
    assert body["count"] == len(grid) - 1
    for row, cells in zip(body["results"], grid[1:], strict=True):
        assert list(row) == list(COLUMNS)
        assert ["" if v is None else str(v) for v in row.values()] == cells


def test_ledger_rows_of_each_hand_balance_with_the_pot(world, game):
    rows = world.client("anonymous").get(
        f"/api/tables/{game.public_id}/ledger/?page_size=500").json()["results"]
    pots = {h.number: h.pot_change for h in Hand.objects.filter(table=game)}
    for number, pot in pots.items():
        assert sum(r["delta"] for r in rows if r["hand"] == number) + pot == 0


def test_ledger_json_is_paginated(world, game):
    body = world.client("anonymous").get(
        f"/api/tables/{game.public_id}/ledger/?page_size=5&page=3").json()
    assert body["count"] == 12 and len(body["results"]) == 2 and body["next"] is None


def test_an_unknown_format_is_404(world, game):
    response = world.client("anonymous").get(f"/api/tables/{game.public_id}/ledger/?format=xls")
    assert response.status_code == 404


def test_errors_to_a_csv_request_are_json(world):
    response = world.client("anonymous").get("/api/tables/nope/ledger/?format=csv")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_player_ledger_spans_tables_and_filters_by_date(world, game):
    other = world.table("public")
    record(other, TILES_RON, Actor(user=world.owner))
    player = game.seats.get(position=3).player_id
    client = world.client("anonymous")
    rows = client.get(f"/api/players/{player}/ledger/?page_size=500").json()["results"]
    assert {r["table"] for r in rows} == {game.public_id, other.public_id}
    assert {r["player_id"] for r in rows} == {player}
    assert len(rows) == 3 + 1  # game: two hands and the final row; other: one hand
    day = game.created_at.date()
    assert client.get(f"/api/players/{player}/ledger/?date_from={day}").json()["count"] == 4
    later = day + dt.timedelta(days=1)
    assert client.get(f"/api/players/{player}/ledger/?date_from={later}").json()["count"] == 0


def test_player_ledger_leaves_out_tables_the_caller_cannot_list(world, game):
    hidden = world.table("link")
    record(hidden, TILES_RON, Actor(user=world.owner))
    player = game.seats.get(position=3).player_id
    tables = {r["table"] for r in world.client("spectator").get(
        f"/api/players/{player}/ledger/").json()["results"]}
    assert tables == {game.public_id}
    tables = {r["table"] for r in world.client("owner").get(
        f"/api/players/{player}/ledger/").json()["results"]}
    assert tables == {game.public_id, hidden.public_id}


def test_player_ledger_of_an_unknown_player_is_404(world):
    response = world.client("anonymous").get("/api/players/999999/ledger/")
    assert response.status_code == 404


def test_export_covers_a_date_range_as_csv(world, game):
    day = game.created_at.date()
    client = world.client("anonymous")
    response = client.get(f"/api/export/?date_from={day}&date_to={day}&format=csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8"))))
    assert rows == expected_grid(game)
    before = day - dt.timedelta(days=1)
    empty = client.get(f"/api/export/?date_to={before}&format=csv").content.decode()
    assert empty.strip() == ",".join(COLUMNS)


def test_export_filters_by_ruleset_and_player(world, game):
    mcr = world.table("public", ruleset="mcr", names=["Eve", "Fay", "Gus", "Hal"])
    record(mcr, {"type": "win", "wins": [{"winner": 1, "discarder": 2, "quick": {"fan": 8}}]},
           Actor(user=world.owner))
    client = world.client("anonymous")
    assert {r["ruleset"] for r in client.get("/api/export/?ruleset=mcr").json()["results"]} \
        == {"mcr"}
    eve = mcr.seats.get(position=0).player_id
    assert {r["table"] for r in client.get(f"/api/export/?player={eve}").json()["results"]} \
        == {mcr.public_id}


def test_export_makes_a_bounded_number_of_queries(world, django_assert_max_num_queries):
    client = world.client("owner")
    record(world.table("public"), QUICK_RON, Actor(user=world.owner))
    # The ledger, then (the owner may read the logs) each table's hash chain: two more.
    with django_assert_max_num_queries(9):
        small = client.get("/api/export/?format=csv&chain=1").content.decode().split(
            "\r\n\r\n")
    for _ in range(6):
        record(world.table("private"), QUICK_RON, Actor(user=world.owner))
    with django_assert_max_num_queries(9):
        large = client.get("/api/export/?format=csv&chain=1").content.decode().split(
            "\r\n\r\n")
    assert [len(part.splitlines()) for part in small] == [1 + 4, 1 + 1]
    assert [len(part.splitlines()) for part in large] == [1 + 7 * 4, 1 + 7]


def test_player_stats_count_games_wins_deal_ins_and_yaku(world, game):
    client = world.client("anonymous")
    seats = {s.position: s.player_id for s in game.seats.all()}
    snap = services.snapshot(game)
    ranks = {s["position"]: s["rank"] for s in snap["standings"]}
    winner = client.get(f"/api/players/{seats[3]}/stats/").json()
    assert winner["player"]["name"] == "Bo"
    overall = winner["overall"]
    assert (overall["games"], overall["finished_games"], overall["hands"]) == (1, 1, 2)
    assert (overall["wins"], overall["deal_ins"]) == (1, 0)
    assert overall["win_rate"] == 0.5 and overall["deal_in_rate"] == 0.0
    assert overall["average_placement"] == ranks[3]
    hand_two = snap["hands"][1]
    assert overall["average_win_value"] == hand_two["deltas"][3]
    assert overall["top_scoring"] == [
        {"key": "riichi", "name": "Riichi", "native": "立直", "count": 1},
        {"key": "dragon_green", "name": "Dragon triplet Green", "native": "翻牌 發", "count": 1},
        {"key": "dora", "name": "Dora", "native": "ドラ", "count": 1}]
    assert overall["average_hand_value"] == hand_two["results"][0]["headline"]["points"]
    assert (overall["self_draws"], overall["riichi_rate"]) == (0, 0.5)
    loser = client.get(f"/api/players/{seats[1]}/stats/").json()["overall"]
    assert (loser["wins"], loser["deal_ins"]) == (1, 1)
    assert loser["average_win_value"] == snap["hands"][0]["deltas"][1]
    assert winner["by_ruleset"][0]["ruleset"] == "riichi"


def test_player_stats_split_by_ruleset_and_leave_mixed_values_out(world, game):
    mcr = world.table("public", ruleset="mcr", names=["Bo", "Fay", "Gus", "Hal"])
    record(mcr, {"type": "win", "wins": [{"winner": 0, "discarder": 2, "quick": {"fan": 8}}]},
           Actor(user=world.owner))
    bo = game.seats.get(position=3).player_id
    assert mcr.seats.get(position=0).player_id == bo
    body = world.client("anonymous").get(f"/api/players/{bo}/stats/").json()
    assert body["overall"]["games"] == 2 and body["overall"]["wins"] == 2
    assert body["overall"]["average_win_value"] is None
    by = {b["ruleset"]: b for b in body["by_ruleset"]}
    assert set(by) == {"mcr", "riichi"}
    win = Hand.objects.get(table=mcr).result[0]
    assert by["mcr"]["average_win_value"] == sum(p["amount"] for p in win["ledger"]
                                                 if p["player"] == 0)
    assert by["mcr"]["finished_games"] == 0 and by["mcr"]["average_placement"] is None


def test_player_stats_filter_by_date(world, game):
    bo = game.seats.get(position=3).player_id
    later = game.created_at.date() + dt.timedelta(days=1)
    body = world.client("anonymous").get(f"/api/players/{bo}/stats/?date_from={later}").json()
    assert body["overall"]["games"] == 0 and body["overall"]["win_rate"] is None


def test_hand_dates_come_from_the_recording_event(world, game):
    rows = world.client("anonymous").get(f"/api/tables/{game.public_id}/ledger/").json()
    first = Event.objects.get(table=game, seq=1)
    assert rows["results"][0]["date"] == first.created_at.isoformat()


def test_players_list_names_the_players_of_listed_tables(world, game):
    world.table("private", names=["秘密", "Bo", "Chen", "Dana"])
    client = world.client("anonymous")
    body = client.get("/api/players/?page_size=100").json()
    names = {p["name"]: p["games"] for p in body["results"]}
    assert names == {name: 1 for name in NAMES}
    owner_view = {p["name"]: p["games"]
                  for p in world.client("owner").get("/api/players/").json()["results"]}
    assert owner_view["秘密"] == 1 and owner_view["Bo"] == 2
    found = client.get("/api/players/?name=山田").json()["results"]
    assert [p["name"] for p in found] == ["山田太郎"]


def test_players_list_makes_a_bounded_number_of_queries(world, django_assert_max_num_queries):
    client = world.client("owner")
    world.table("public")
    with django_assert_max_num_queries(4):
        small = client.get("/api/players/").json()
    for i in range(5):
        world.table("private", names=[f"P{i}a", f"P{i}b", f"P{i}c", f"P{i}d"])
    with django_assert_max_num_queries(4):
        large = client.get("/api/players/").json()
    assert (small["count"], large["count"]) == (4, 24)


def test_player_ledger_and_stats_make_a_bounded_number_of_queries(
        world, django_assert_max_num_queries):
    client = world.client("owner")
    first = world.table("public")
    record(first, TILES_RON, Actor(user=world.owner))
    bo = first.seats.get(position=3).player_id
    with django_assert_max_num_queries(7):
        client.get(f"/api/players/{bo}/ledger/")
    with django_assert_max_num_queries(7):
        client.get(f"/api/players/{bo}/stats/")
    for _ in range(5):
        record(world.table("private"), TILES_RON, Actor(user=world.owner))
    with django_assert_max_num_queries(7):
        rows = client.get(f"/api/players/{bo}/ledger/").json()
    with django_assert_max_num_queries(7):
        stats = client.get(f"/api/players/{bo}/stats/").json()
    assert rows["count"] == 6 and stats["overall"]["wins"] == 6


def test_csv_cells_that_look_like_formulas_stay_text(world):
    table = world.table("public", names=["=HYPERLINK(\"http://x\")", "@SUM(A1)", "+1", "Bo"])
    record(table, QUICK_RON, Actor(user=world.owner))
    text = world.client("anonymous").get(
        f"/api/tables/{table.public_id}/ledger/?format=csv").content.decode()
    rows = list(csv.reader(io.StringIO(text)))[1:]
    assert [r[10] for r in rows] == ["'=HYPERLINK(\"http://x\")", "'@SUM(A1)", "'+1", "Bo"]
    table.refresh_from_db()
    deltas = services.snapshot(table)["hands"][0]["deltas"]
    assert [r[15] for r in rows] == [str(d) for d in deltas]  # negative numbers untouched
    assert min(deltas) < 0


@pytest.mark.parametrize(("ruleset", "kind", "index", "outcome"), sample_outcomes(),
                         ids=lambda v: v if isinstance(v, str | int) else "")
def test_ledger_of_every_rulesets_sample_hands_balances_and_ends_on_the_standings(
        world, ruleset, kind, index, outcome):
    table = world.table("public", ruleset=ruleset)
    record(table, outcome, Actor(user=world.owner))
    every = world.client("anonymous").get(
        f"/api/tables/{table.public_id}/ledger/").json()["results"]
    rows = [r for r in every if r["hand"] == 1]
    hand = Hand.objects.get(table=table, number=1)
    assert [r["position"] for r in rows] == [0, 1, 2, 3]
    assert sum(r["delta"] for r in rows) + hand.pot_change == 0
    table.refresh_from_db()
    # A bust ends the game at once: the final settlement rows follow the hand.
    assert len(every) == (8 if table.finished else 4)
    assert [r["total"] for r in every[-4:]] == [
        s["score"] for s in services.snapshot(table)["standings"]]
    winners = {r["winner"] for r in hand.result if isinstance(r, dict) and "winner" in r}
    discarders = {r.get("discarder") for r in hand.result if isinstance(r, dict)
                  and "winner" in r} - winners
    for row in rows:
        assert (row["role"] == "winner") == (row["position"] in winners)
        assert (row["role"] == "dealt_in") == (row["position"] in discarders)
        assert bool(row["scoring"]) == (row["position"] in winners)
        assert row["outcome"] == outcome["type"]
