"""The tables API: listing, reading, recording and undoing hands, and who may do what."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.middleware.csrf import get_token
from django.test import RequestFactory, override_settings
from rest_framework.test import APIClient

from games import presenter, services
from games.models import Event, Hand
from games.permissions import Actor
from games.tests.api_helpers import CALLERS, NAMES, QUICK_RON, TILES_RON, World, record
from games.tests.tables import command_id, new_device

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_throttle() -> None:
    # Throttle counters live in the cache, which outlives a single test.
    cache.clear()


@pytest.fixture
def world() -> World:
    return World()


def post_hand(client: APIClient, table, outcome, **body):
    table.refresh_from_db()
    payload = {"outcome": outcome, "command_id": body.pop("command_id", command_id()),
               "base_seq": body.pop("base_seq", table.seq)}
    return client.post(f"/api/tables/{table.public_id}/hands/", payload, format="json")


# --- reading -----------------------------------------------------------------------------


def test_table_detail_has_state_seats_and_standings(world):
    table = world.table()
    record(table, QUICK_RON, Actor(user=world.owner))
    body = world.client("anonymous").get(f"/api/tables/{table.public_id}/").json()
    table.refresh_from_db()
    snap = services.snapshot(table)
    assert body["table"]["id"] == table.public_id
    assert body["table"]["ruleset_title_native"] == "立直麻雀"
    assert [s["player"]["name"] for s in body["seats"]] == NAMES
    assert body["standings"] == snap["standings"]
    assert body["state"] == snap["state"]
    assert body["seq"] == 1
    assert body["can_write"] is False


def test_table_detail_says_whether_the_caller_can_write(world):
    table = world.table()
    assert world.client("seated").get(f"/api/tables/{table.public_id}/").json()["can_write"]
    assert not world.client("spectator").get(
        f"/api/tables/{table.public_id}/").json()["can_write"]


def test_unknown_table_is_404_in_the_error_shape(world):
    response = world.client("anonymous").get("/api/tables/no-such-table/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_hands_list_each_hands_input_result_and_payments(world):
    table = world.table()
    record(table, QUICK_RON, Actor(user=world.owner))
    record(table, TILES_RON, Actor(user=world.owner))
    body = world.client("anonymous").get(f"/api/tables/{table.public_id}/hands/").json()
    assert body["count"] == 2
    hands = {h["number"]: h for h in body["results"]}
    stored = {h.number: h for h in Hand.objects.filter(table=table)}
    for number, hand in hands.items():
        assert hand["outcome"] == stored[number].outcome
        assert hand["results"] == stored[number].result
        names = [seat.player.display_name for seat in table.seats.order_by("position")]
        assert hand["summary"] == presenter.hand_text(
            "riichi", table.options, stored[number].outcome, stored[number].result, names)
        assert sum(p["amount"] for p in hand["payments"]) + hand["pot_change"] == 0
        assert hand["deltas"] == [sum(p["amount"] for p in hand["payments"]
                                      if p["position"] == i) for i in range(4)]
    assert hands[1]["round"] == "E1"
    assert hands[2]["scoring"] == [{"winner": 3, "items": [
        {"key": "riichi", "name": "Riichi", "native": "立直", "value": 1, "unit": "han",
         "count": 1},
        {"key": "dragon_green", "name": "Dragon triplet Green", "native": "翻牌 發",
         "value": 1, "unit": "han", "count": 1},
        {"key": "dora", "name": "Dora", "native": "ドラ", "value": 1, "unit": "han",
         "count": 1}]}]


def test_table_list_is_paginated_and_filtered(world):
    riichi = [world.table("public") for _ in range(3)]
    mcr = world.table("public", ruleset="mcr")
    client = world.client("anonymous")
    page = client.get("/api/tables/?page_size=2").json()
    assert page["count"] == 4 and len(page["results"]) == 2 and page["next"]
    ids = {t["id"] for t in client.get("/api/tables/?ruleset=riichi").json()["results"]}
    assert ids == {t.public_id for t in riichi}
    assert [t["id"] for t in client.get("/api/tables/?ruleset=mcr").json()["results"]] == [
        mcr.public_id]


def test_table_list_filters_by_player_and_date(world):
    mine = world.table("public", names=["Eve", "Bo", "Chen", "Dana"])
    world.table("public")
    client = world.client("anonymous")
    eve = mine.seats.get(position=0).player_id
    assert [t["id"] for t in client.get(f"/api/tables/?player={eve}").json()["results"]] == [
        mine.public_id]
    day = mine.created_at.date()
    assert client.get(f"/api/tables/?date_from={day}&date_to={day}").json()["count"] == 2
    assert client.get(f"/api/tables/?date_to={day.replace(year=day.year - 1)}"
                      ).json()["count"] == 0


def test_table_list_standings_add_up_the_ledger(world):
    table = world.table("public")
    record(table, QUICK_RON, Actor(user=world.owner))
    entry = world.client("anonymous").get("/api/tables/").json()["results"][0]
    table.refresh_from_db()
    assert entry["standings"] == [
        {k: s[k] for k in ("position", "name", "score", "start", "rank")}
        for s in services.snapshot(table)["standings"]]
    assert entry["hands_played"] == 1


@pytest.mark.parametrize("query", ["date_from=yesterday", "player=abc", "player=0",
                                   "finished=maybe", "date_from=2026-02-02&date_to=2026-02-01"])
def test_table_list_refuses_bad_filters(world, query):
    response = world.client("anonymous").get(f"/api/tables/?{query}")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_request"


def test_table_list_makes_a_bounded_number_of_queries(world, django_assert_max_num_queries):
    client = world.client("owner")
    for _ in range(2):
        record(world.table("public"), QUICK_RON, Actor(user=world.owner))
    with django_assert_max_num_queries(6):
        small = client.get("/api/tables/").json()
    for _ in range(10):
        record(world.table("private"), QUICK_RON, Actor(user=world.owner))
    with django_assert_max_num_queries(6):
        large = client.get("/api/tables/").json()
    assert (small["count"], large["count"]) == (2, 12)


def test_hands_list_makes_a_bounded_number_of_queries(world, django_assert_max_num_queries):
    table = world.table()
    client = world.client("anonymous")
    record(table, QUICK_RON, Actor(user=world.owner))
    with django_assert_max_num_queries(6):
        client.get(f"/api/tables/{table.public_id}/hands/")
    for _ in range(9):  # all ready at the draw: the dealer stays, nobody pays
        record(table, {"type": "draw", "tenpai": [0, 1, 2, 3]}, Actor(user=world.owner))
    with django_assert_max_num_queries(6):
        body = client.get(f"/api/tables/{table.public_id}/hands/").json()
    assert body["count"] == 10


# --- visibility and write permissions ----------------------------------------------------

READ = {  # (visibility, caller) -> may read by id
    **{(v, c): True for v in ("public", "link") for c in CALLERS},
    **{("private", c): c in ("owner", "seated", "staff") for c in CALLERS},
}


@pytest.mark.parametrize("visibility", ["public", "link", "private"])
@pytest.mark.parametrize("caller", CALLERS)
def test_reading_a_table_follows_its_visibility(world, visibility, caller):
    table = world.table(visibility)
    client = world.client(caller)
    for path in ("", "hands/", "ledger/"):
        response = client.get(f"/api/tables/{table.public_id}/{path}")
        assert response.status_code == (200 if READ[(visibility, caller)] else 404), path


@pytest.mark.parametrize("visibility", ["public", "link", "private"])
@pytest.mark.parametrize("caller", CALLERS)
def test_listing_shows_public_tables_and_your_own(world, visibility, caller):
    table = world.table(visibility)
    # Staff also see the stranger's own private table, which is of another ruleset.
    body = world.client(caller).get("/api/tables/?ruleset=riichi").json()
    ids = [t["id"] for t in body["results"]]
    listed = visibility == "public" or caller in ("owner", "seated", "staff")
    assert ids == ([table.public_id] if listed else [])


@pytest.mark.parametrize("visibility", ["public", "private"])
@pytest.mark.parametrize("caller", CALLERS)
def test_recording_needs_a_seat_the_creator_or_staff(world, visibility, caller):
    table = world.table(visibility)
    response = post_hand(world.client(caller), table, QUICK_RON)
    if caller in ("owner", "seated", "staff"):
        assert response.status_code == 201
        assert Hand.objects.filter(table=table).count() == 1
    else:
        assert response.status_code == (403 if visibility == "public" else 404)
        assert response.json()["error"]["code"] in ("forbidden", "not_found")
        assert not Hand.objects.filter(table=table).exists()


def test_a_program_records_with_a_token_from_the_token_endpoint(world):
    world.seated.set_password("correct horse")
    world.seated.save()
    table = world.table()
    token = APIClient().post("/api/token/", {"username": "seated",
                                             "password": "correct horse"}, format="json")
    assert token.status_code == 200
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    assert post_hand(client, table, QUICK_RON).status_code == 201


def test_the_token_endpoint_refuses_a_wrong_password(world):
    response = APIClient().post("/api/token/", {"username": "seated", "password": "x"},
                                format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_request"


def test_an_anonymous_seated_browser_records_with_the_csrf_token(world):
    table = world.table()
    client = APIClient(enforce_csrf_checks=True)
    token, device = new_device()
    client.cookies["mj_device"] = token
    services.claim_seat(table, 2, device=device, join_key=table.join_key)
    request = RequestFactory().get("/")
    token = get_token(request)
    client.cookies["csrftoken"] = request.META["CSRF_COOKIE"]
    table.refresh_from_db()
    response = client.post(f"/api/tables/{table.public_id}/hands/",
                           {"outcome": QUICK_RON, "command_id": "c1", "base_seq": table.seq},
                           format="json", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201
    assert Event.objects.get(table=table).actor_device == device


def test_an_anonymous_seated_browser_must_send_the_csrf_token(world):
    table = world.table()
    client = APIClient(enforce_csrf_checks=True)
    token, device = new_device()
    client.cookies["mj_device"] = token
    services.claim_seat(table, 2, device=device, join_key=table.join_key)
    response = post_hand(client, table, QUICK_RON)
    assert response.status_code == 403
    assert "CSRF" in response.json()["error"]["message"]
    assert not Hand.objects.filter(table=table).exists()


# --- recording and undoing ---------------------------------------------------------------


def test_recording_answers_the_new_seq_and_snapshot(world):
    table = world.table()
    response = post_hand(world.client("seated"), table, QUICK_RON, command_id="hand-1")
    assert response.status_code == 201
    body = response.json()
    assert (body["ok"], body["seq"], body["hand_number"], body["duplicate"]) == (
        True, 1, 1, False)
    table.refresh_from_db()
    assert body["snapshot"]["standings"] == services.snapshot(table)["standings"]


def test_repeating_a_command_id_records_nothing_twice(world):
    table = world.table()
    client = world.client("seated")
    first = post_hand(client, table, QUICK_RON, command_id="same", base_seq=0)
    again = post_hand(client, table, QUICK_RON, command_id="same", base_seq=0)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["duplicate"] is True and again.json()["seq"] == first.json()["seq"]
    assert Event.objects.filter(table=table).count() == 1


def test_a_stale_base_seq_is_409_with_the_current_state(world):
    table = world.table()
    client = world.client("seated")
    assert post_hand(client, table, QUICK_RON).status_code == 201
    response = post_hand(client, table, QUICK_RON, base_seq=0)
    assert response.status_code == 409
    body = response.json()
    assert body["error"]["code"] == "stale"
    assert body["snapshot"]["seq"] == 1
    assert Hand.objects.filter(table=table).count() == 1


def test_an_outcome_the_ruleset_refuses_is_400_with_its_code(world):
    table = world.table()
    response = post_hand(world.client("seated"), table, {"type": "ron", "wins": [
        {"winner": 1, "discarder": 1, "quick": {"han": 2, "fu": 40}}]})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_outcome"
    assert response.json()["error"]["message"]


@pytest.mark.parametrize("body", [
    {"outcome": QUICK_RON, "base_seq": 0},
    {"outcome": QUICK_RON, "command_id": "x", "base_seq": -1},
    {"outcome": "ron", "command_id": "x", "base_seq": 0},
    {"outcome": QUICK_RON, "command_id": "x" * 65, "base_seq": 0},
])
def test_a_malformed_command_is_400_naming_the_field(world, body):
    table = world.table()
    response = world.client("seated").post(f"/api/tables/{table.public_id}/hands/", body,
                                           format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_request"
    assert any(field in error["message"] for field in ("outcome", "command_id", "base_seq"))


def test_undo_removes_the_last_hand_and_redo_brings_it_back(world):
    table = world.table()
    client = world.client("seated")
    record(table, QUICK_RON, Actor(user=world.owner))
    record(table, TILES_RON, Actor(user=world.owner))
    undone = client.post(f"/api/tables/{table.public_id}/undo/",
                         {"command_id": command_id(), "base_seq": 2}, format="json")
    assert undone.status_code == 201 and undone.json()["kind"] == "undo"
    assert list(Hand.objects.filter(table=table).values_list("number", flat=True)) == [1]
    redone = client.post(f"/api/tables/{table.public_id}/redo/",
                         {"command_id": command_id(), "base_seq": 3}, format="json")
    assert redone.status_code == 201
    assert Hand.objects.filter(table=table).count() == 2


def test_undo_with_nothing_to_undo_says_so(world):
    table = world.table()
    response = world.client("owner").post(f"/api/tables/{table.public_id}/undo/",
                                          {"command_id": "u1", "base_seq": 0}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "nothing_to_undo"


def test_undo_by_a_spectator_is_forbidden(world):
    table = world.table()
    record(table, QUICK_RON, Actor(user=world.owner))
    response = world.client("spectator").post(f"/api/tables/{table.public_id}/undo/",
                                              {"command_id": "u1", "base_seq": 1},
                                              format="json")
    assert response.status_code == 403
    assert Hand.objects.filter(table=table).count() == 1


@override_settings(REST_FRAMEWORK={"DEFAULT_THROTTLE_RATES": {"record": "2/minute"}})
@pytest.mark.usefixtures("still_limits_clock")
def test_recording_is_throttled_but_reading_is_not(world):
    table = world.table()
    client = world.client("seated")
    statuses = [post_hand(client, table, QUICK_RON).status_code for _ in range(3)]
    assert statuses == [201, 201, 429]
    assert client.get(f"/api/tables/{table.public_id}/hands/").status_code == 200


def test_one_hand_by_number(world):
    table = world.table()
    record(table, QUICK_RON, Actor(user=world.owner))
    client = world.client("anonymous")
    hand = client.get(f"/api/tables/{table.public_id}/hands/1/").json()
    assert hand["number"] == 1 and hand["outcome"] == QUICK_RON
    missing = client.get(f"/api/tables/{table.public_id}/hands/2/")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "no_such_hand"


def test_correcting_a_hand_recomputes_it_and_later_hands(world):
    table = world.table()
    record(table, QUICK_RON, Actor(user=world.owner))
    record(table, TILES_RON, Actor(user=world.owner))
    before = Hand.objects.get(table=table, number=2).state_before["scores"]
    bigger = {**QUICK_RON, "wins": [{**QUICK_RON["wins"][0], "quick": {"han": 4, "fu": 40}}]}
    response = world.client("seated").put(
        f"/api/tables/{table.public_id}/hands/1/",
        {"outcome": bigger, "command_id": "fix-1", "base_seq": 2}, format="json")
    assert response.status_code == 201 and response.json()["kind"] == "correct"
    first = Hand.objects.get(table=table, number=1)
    assert first.outcome == bigger and first.revision == 2
    after = Hand.objects.get(table=table, number=2).state_before["scores"]
    assert after != before and after == first.state_after["scores"]


def test_correcting_a_missing_hand_is_404(world):
    table = world.table()
    response = world.client("owner").put(
        f"/api/tables/{table.public_id}/hands/3/",
        {"outcome": QUICK_RON, "command_id": "fix-1", "base_seq": 0}, format="json")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "no_such_hand"


def test_ending_adds_the_final_settlement_and_reopening_removes_it(world):
    table = world.table()
    record(table, QUICK_RON, Actor(user=world.owner))
    client = world.client("owner")
    ended = client.post(f"/api/tables/{table.public_id}/end/",
                        {"command_id": "end-1", "base_seq": 1}, format="json")
    assert ended.status_code == 201
    detail = client.get(f"/api/tables/{table.public_id}/").json()
    assert detail["table"]["finished"] and detail["final"]
    assert sum(r["amount"] for r in detail["final"]) == 0
    reopened = client.post(f"/api/tables/{table.public_id}/reopen/",
                           {"command_id": "reopen-1", "base_seq": 2}, format="json")
    assert reopened.status_code == 201
    detail = client.get(f"/api/tables/{table.public_id}/").json()
    assert not detail["table"]["finished"] and detail["final"] == []


def test_a_spectator_cannot_end_the_game(world):
    table = world.table()
    record(table, QUICK_RON, Actor(user=world.owner))
    response = world.client("spectator").post(f"/api/tables/{table.public_id}/end/",
                                              {"command_id": "end-1", "base_seq": 1},
                                              format="json")
    assert response.status_code == 403
    table.refresh_from_db()
    assert not table.finished


# --- creating tables and taking seats ----------------------------------------------------

NEW_TABLE = {"name": "水曜の部", "ruleset": "mcr", "preset": "no_flowers",
             "players": ["张伟", "李娜", "佐藤", "Dana"], "visibility": "private"}


def test_a_signed_in_program_creates_a_table_it_can_record_at(world):
    client = world.client("spectator")
    response = client.post("/api/tables/", NEW_TABLE, format="json")
    assert response.status_code == 201
    body = response.json()
    table = services.get_table(body["table"]["id"])
    assert table.created_by == world.spectator and table.visibility == "private"
    assert [s["player"]["name"] for s in body["seats"]] == NEW_TABLE["players"]
    assert body["options"]["flowers_count"] is False and body["can_write"] is True
    win = {"type": "win", "wins": [{"winner": 0, "discarder": 1, "quick": {"fan": 8}}]}
    assert post_hand(client, table, win).status_code == 201
    assert world.client("anonymous").get(f"/api/tables/{table.public_id}/").status_code == 404


def test_creating_a_table_needs_an_account(world):
    response = world.client("anonymous").post("/api/tables/", NEW_TABLE, format="json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "not_authenticated"


@pytest.mark.parametrize(("change", "code"), [
    ({"ruleset": "tenhou"}, "unknown_ruleset"),
    ({"preset": "nope"}, "bad_option"),
    ({"options": {"min_fan": "eight"}}, "bad_option"),
    ({"players": ["A", "B"]}, "bad_request"),
    # Three names are for three-player rules; MCR is played by four.
    ({"players": ["A", "B", "C"]}, "bad_command"),
    ({"visibility": "secret"}, "bad_request"),
])
def test_creating_a_table_with_bad_rules_names_the_problem(world, change, code):
    response = world.client("owner").post("/api/tables/", {**NEW_TABLE, **change},
                                          format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code


def test_taking_a_free_seat_lets_a_program_record(world):
    table = world.table()
    client = world.client("spectator")
    assert post_hand(client, table, QUICK_RON).status_code == 403
    # Watching is not enough: the join key (what the join link carries) is.
    viewer = client.get(f"/api/tables/{table.public_id}/").json()
    assert viewer["can_write"] is False and viewer["join_key"] is None
    refused = client.post(f"/api/tables/{table.public_id}/seats/", {"position": 2},
                          format="json")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "join_key_needed"
    key = world.client("owner").get(f"/api/tables/{table.public_id}/").json()["join_key"]
    assert key == table.join_key
    taken = client.post(f"/api/tables/{table.public_id}/seats/", {"position": 2,
                        "key": key}, format="json")
    assert taken.status_code == 200 and taken.json()["can_write"] is True
    assert taken.json()["seats"][2]["claimed"] is True
    assert post_hand(client, table, QUICK_RON).status_code == 201


def test_a_held_seat_cannot_be_taken(world):
    table = world.table()
    response = world.client("spectator").post(f"/api/tables/{table.public_id}/seats/",
                                              {"position": 1, "key": table.join_key},
                                              format="json")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "seat_taken"


def test_taking_a_seat_needs_an_account_and_a_visible_table(world):
    table = world.table()
    anonymous = world.client("anonymous").post(f"/api/tables/{table.public_id}/seats/",
                                               {"position": 2}, format="json")
    assert anonymous.status_code == 403
    private = world.table("private")
    hidden = world.client("spectator").post(f"/api/tables/{private.public_id}/seats/",
                                            {"position": 2}, format="json")
    assert hidden.status_code == 404


def test_a_refused_hand_keeps_code_message_params_and_adds_the_sentence(world):
    table = world.table()
    client = world.client("seated")
    client.credentials(HTTP_ACCEPT_LANGUAGE="zh-hans")
    own = {"type": "ron", "wins": [{"winner": 3, "discarder": 3,
                                    "quick": {"han": 2, "fu": 40}}]}
    response = post_hand(client, table, own)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_outcome" and "player 3" in error["message"]
    assert error["params"] == {"reason": "own_discard", "player": 3, "field": "discarder",
                               "path": "wins.0.discarder", "label": "Discarder"}
    assert error["text"].startswith(NAMES[3]) and "自己打出的牌" in error["text"]


def test_every_api_error_has_its_sentence(world):
    response = world.client("anonymous").get("/api/tables/no-such-table/")
    assert response.status_code == 404
    assert response.json()["error"]["text"] == "This does not exist (any more); check the link."
