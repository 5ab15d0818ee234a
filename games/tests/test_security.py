"""Security of the table pages, websocket and API: CSRF on every form, origin checks on the
socket, writes only from seated players, rate limits, and nothing of a private table shown
to a stranger."""

from __future__ import annotations

import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse
from django.utils.html import strip_tags

from games import services
from games.devices import COOKIE_NAME, device_id
from games.messages import CLOSE_FORBIDDEN
from games.models import Event, Hand, Table
from mjsite.asgi import application

from .communicator import WebsocketCommunicator
from .tables import CREATOR, NAMES, make_table, new_device, rates, seated, socket_headers

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    # Rate-limit counts live in the cache; each test starts from none.
    cache.clear()


def _csrf_from(client: Client, url: str) -> str:
    page = client.get(url)
    assert page.status_code == 200
    match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    assert match, f"{url} renders no CSRF token"
    return match.group(1)


def _browser(key: str, **kw: Any) -> Client:
    """A browser whose device token is ``key``."""
    client = Client(**kw)
    client.cookies[COOKIE_NAME] = key
    return client


def _new_device() -> str:
    """A new browser's device token."""
    return new_device()[0]


def _sit(table: Table, position: int, token: str) -> None:
    services.claim_seat(table, position, device=device_id(token), join_key=table.join_key)


# --- CSRF on the site's forms -------------------------------------------------------------


@pytest.mark.django_db
def test_create_table_form_without_csrf_token_is_refused_and_creates_nothing():
    client = Client(enforce_csrf_checks=True)
    before = Table.objects.count()
    answer = client.post(reverse("games:new"), {"name": "Sneaky"})
    assert answer.status_code == 403
    assert Table.objects.count() == before


@pytest.mark.django_db
def test_join_form_without_csrf_token_is_refused_and_claims_no_seat():
    table = make_table()
    client = Client(enforce_csrf_checks=True)
    answer = client.post(reverse("games:join", args=[table.public_id]), {"position": 0})
    assert answer.status_code == 403
    assert not table.seats.filter(claimed_device__gt="").exists()


@pytest.mark.django_db
def test_record_form_without_csrf_token_is_refused_even_for_a_seated_player():
    table = make_table()
    key = _new_device()
    _sit(table, 0, key)
    player = _browser(key, enforce_csrf_checks=True)
    answer = player.post(reverse("games:record", args=[table.public_id]),
                         {"command_id": "form-1", "base_seq": 0, "type": "draw"})
    assert answer.status_code == 403
    assert not Event.objects.filter(table=table).exists()


@pytest.mark.django_db
def test_join_form_with_its_csrf_token_claims_the_seat():
    table = make_table()
    client = Client(enforce_csrf_checks=True)
    url = reverse("games:join", args=[table.public_id])
    token = _csrf_from(client, f"{url}?key={table.join_key}")
    answer = client.post(url, {"position": 2, "csrfmiddlewaretoken": token,
                               "key": table.join_key})
    assert answer.status_code == 302
    assert table.seats.get(position=2).is_claimed


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["admin:login", "set_language"])
def test_admin_sign_in_and_language_forms_need_the_csrf_token(name):
    client = Client(enforce_csrf_checks=True)
    assert client.post(reverse(name), {"username": "x", "password": "y",
                                       "language": "ja"}).status_code == 403


@pytest.mark.django_db
def test_api_write_from_an_anonymous_seated_browser_needs_the_csrf_token():
    table = make_table()
    key = _new_device()
    _sit(table, 0, key)
    client = _browser(key, enforce_csrf_checks=True)
    body = {"command_id": "csrf-1", "base_seq": 0, "outcome": RON}
    answer = client.post(f"/api/tables/{table.public_id}/hands/", body,
                         content_type="application/json")
    assert answer.status_code == 403
    assert not Hand.objects.filter(table=table).exists()


# --- websocket origin ---------------------------------------------------------------------


async def _socket(table: Table, origin: bytes | None = b"http://localhost",
                  device: str = "") -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/",
                                 headers=socket_headers(device, origin=origin))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("origin", [b"https://evil.example", b"http://localhost.evil.example",
                                    b"null", None])
async def test_websocket_from_a_foreign_or_missing_origin_is_refused_before_any_data(origin):
    table = await database_sync_to_async(make_table)()
    comm = await _socket(table, origin)
    connected, _ = await comm.connect()
    assert connected is False
    await comm.disconnect()


# --- only seated players write --------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_websocket_write_from_a_spectator_is_refused_and_records_nothing():
    table = await database_sync_to_async(make_table)()
    comm = await _socket(table, device=await database_sync_to_async(_new_device)())
    assert (await comm.connect())[0]
    assert (await comm.receive_json_from())["you"]["can_write"] is False
    for message in ({"type": "record_hand", "command_id": "s1", "base_seq": 0,
                     "outcome": RON},
                    {"type": "undo", "command_id": "s2", "base_seq": 0},
                    {"type": "end_game", "command_id": "s3", "base_seq": 0}):
        await comm.send_json_to(message)
        answer = await comm.receive_json_from()
        assert answer["type"] == "error" and answer["code"] == "forbidden"
    await comm.disconnect()
    assert not await database_sync_to_async(Event.objects.filter(table=table).exists)()


@pytest.mark.django_db
@pytest.mark.parametrize("path,body", [
    ("hands/", {"command_id": "x1", "base_seq": 0, "outcome": RON}),
    ("undo/", {"command_id": "x2", "base_seq": 0}),
    ("redo/", {"command_id": "x3", "base_seq": 0}),
])
def test_api_write_from_a_stranger_is_forbidden(path, body):
    table = make_table()
    stranger = _browser(_new_device())
    answer = stranger.post(f"/api/tables/{table.public_id}/{path}", body,
                           content_type="application/json")
    assert answer.status_code == 403, answer.content
    assert answer.json()["error"]["code"] == "forbidden", answer.json()
    assert not Event.objects.filter(table=table).exists()


@pytest.mark.django_db
def test_service_write_from_a_released_seat_is_forbidden():
    table = make_table()
    actor = seated(table, 1)
    services.release_seat(table, 1, CREATOR)
    result = services.record_hand(table.pk, RON, "after-release", 0, actor)
    assert result["ok"] is False and result["error"]["code"] == "forbidden"


# --- rate limits ----------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("still_limits_clock")  # a minute's edge would start a new count
@override_settings(MJ_RATE_LIMITS=rates(table_write="3/minute"))
async def test_websocket_writes_over_the_limit_are_refused_with_a_wait():
    table = await database_sync_to_async(make_table)()
    key = await database_sync_to_async(_new_device)()
    await database_sync_to_async(_sit)(table, 0, key)
    comm = await _socket(table, device=key)
    assert (await comm.connect())[0]
    await comm.receive_json_from()
    answers = []
    for n in range(5):
        await comm.send_json_to({"type": "record_hand", "command_id": f"burst-{n}",
                                 "base_seq": n, "outcome": RON})
        while True:
            message = await comm.receive_json_from()
            if message.get("command_id") == f"burst-{n}" and message["type"] != "hand_recorded":
                answers.append(message)
                break
    assert [a["type"] for a in answers] == ["ack", "ack", "ack", "error", "error"]
    assert {a["code"] for a in answers[3:]} == {"rate_limited"}
    assert all(1 <= a["retry_after"] <= 60 for a in answers[3:])
    # Reads are not limited, and the socket stays open.
    await comm.send_json_to({"type": "get_snapshot"})
    assert (await comm.receive_json_from())["seq"] == 3
    await comm.disconnect()
    assert await database_sync_to_async(Hand.objects.filter(table=table).count)() == 3


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("still_limits_clock")  # a minute's edge would start a new count
@override_settings(MJ_RATE_LIMITS=rates(table_write="2/minute"))
async def test_websocket_write_limit_is_per_phone():
    table = await database_sync_to_async(make_table)()
    phones = []
    for position in (0, 1):
        key = await database_sync_to_async(_new_device)()
        await database_sync_to_async(_sit)(table, position, key)
        comm = await _socket(table, device=key)
        assert (await comm.connect())[0]
        await comm.receive_json_from()
        phones.append(comm)
    seq = 0
    for comm in phones:  # each phone writes twice: all within its own limit
        for _ in range(2):
            await comm.send_json_to({"type": "record_hand", "command_id": f"p-{seq}",
                                     "base_seq": seq, "outcome": RON})
            while (answer := await comm.receive_json_from())["type"] in ("hand_recorded",
                                                                        "snapshot"):
                pass
            assert answer["type"] == "ack", answer
            seq += 1
    for comm in phones:
        await comm.disconnect()


# --- a private table shows nothing to a stranger ---------------------------------------------


@pytest.fixture
def private_table(db: Any) -> Table:
    table = make_table(visibility="private")
    table.seat_token = _new_device()
    _sit(table, 0, table.seat_token)
    services.record_hand(table.pk, RON, "private-1", 0, CREATOR)
    return table


@pytest.mark.parametrize("path", [
    "/t/{id}/", "/t/{id}/join/", "/t/{id}/results/", "/t/{id}/snapshot.json", "/t/{id}/qr.svg",
    "/api/tables/{id}/", "/api/tables/{id}/hands/", "/api/tables/{id}/ledger/",
])
def test_private_table_pages_and_api_refuse_a_stranger(private_table, path):
    stranger = _browser(_new_device())
    answer = stranger.get(path.format(id=private_table.public_id))
    assert answer.status_code in (403, 404)
    # The words a reader sees (random nonces and tokens may hold "Bo" by chance).
    text = strip_tags(answer.content.decode(errors="replace"))
    assert not any(re.search(rf"\b{name}\b", text) for name in NAMES), "a name leaked"


def test_private_table_is_in_no_stranger_list(private_table):
    stranger = _browser(_new_device())
    for path in ("/tables/", "/api/tables/", "/api/export/"):
        answer = stranger.get(path)
        assert answer.status_code == 200, path
        assert private_table.public_id not in answer.content.decode(), path


def test_private_table_opens_for_its_seated_player(private_table):
    player = _browser(private_table.seat_token)
    assert player.get(f"/t/{private_table.public_id}/").status_code == 200
    assert player.get(f"/api/tables/{private_table.public_id}/").status_code == 200


@pytest.mark.django_db(transaction=True)
async def test_private_table_websocket_closes_on_a_stranger_before_any_data():
    table = await database_sync_to_async(services.create_table)(
        "Hidden", "riichi", "", {}, NAMES, creator=CREATOR, visibility="private")
    comm = await _socket(table, device=await database_sync_to_async(_new_device)())
    assert (await comm.connect())[0]
    output = await comm.receive_output()
    assert output == {"type": "websocket.close", "code": CLOSE_FORBIDDEN}
    await comm.disconnect()


# --- regressions the fuzz runs found ---------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("frame", ['{"type": ["record_hand"]}', '{"type": {"a": 1}}',
                                   "[" * 20_000 + "]" * 20_000])
async def test_unhashable_type_or_deeply_nested_frame_gets_an_error_not_a_closed_socket(frame):
    table = await database_sync_to_async(make_table)()
    comm = await _socket(table)
    assert (await comm.connect())[0]
    await comm.receive_json_from()
    await comm.send_to(text_data=frame)
    answer = await comm.receive_json_from()
    assert answer["type"] == "error" and answer["code"] in {"unknown_type", "bad_json",
                                                            "bad_message"}
    await comm.send_json_to({"type": "get_snapshot"})
    assert (await comm.receive_json_from())["type"] == "snapshot"
    await comm.disconnect()


@pytest.mark.django_db
def test_deeply_nested_api_body_is_a_400_with_the_error_shape():
    answer = Client(raise_request_exception=False).post(
        "/api/score/", b"[" * 20_000 + b"]" * 20_000, content_type="application/json")
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "parse_error"
