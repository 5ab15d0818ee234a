"""An evening's big screen (issue 28, clubs.screen): who may open it (anyone who may look
at the group; a members-only group's only with its read-only key), what it shows (the
evening's public and link-only tables only, live standings that match the tables with
who just moved, each table's state, the clock) and its socket, live and read-only."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from clubs import evening_clock, screen, services
from clubs.models import Evening
from common.build import scripts_build
from games.devices import COOKIE_NAME
from games.messages import CLOSE_FORBIDDEN
from games.models import SeatResult, Table
from games.tests.communicator import WebsocketCommunicator
from games.tests.tables import socket_headers
from mjsite.asgi import application

from .helpers import OWNER, OWNER_TOKEN, group, play, table

RON = {"type": "ron", "wins": [{"winner": 3, "discarder": 0, "quick": {"han": 3, "fu": 30}}]}
TSUMO = {"type": "tsumo", "wins": [{"winner": 1, "discarder": None,
                                    "quick": {"han": 2, "fu": 30}}]}


def _night(visibility: str = "link") -> tuple[Evening, Table, Table, Table]:
    club = group(visibility=visibility)
    night = services.create_evening(club, "Club night", OWNER)
    first = table(names=["Aiko", "Bo", "Chen", "Dana"])
    second = table(names=["Eri", "Fumi", "Goro", "Hana"])
    hidden = table(names=["Secret", "Names", "Stay", "Home"], visibility="private")
    for each in (first, second, hidden):
        services.attach_table(each, club, OWNER, night)
    return night, first, second, hidden


def _page(client: Client, night: Evening, **query: str) -> Any:
    return client.get(reverse("clubs:evening-screen", args=[night.public_id]), query)


@pytest.mark.django_db
def test_anyone_who_may_look_at_the_group_opens_the_screen_without_private_tables() -> None:
    night, first, second, hidden = _night()
    play(first, [RON], end=False)
    page = _page(Client(), night)
    assert page.status_code == 200
    text = page.content.decode()
    assert first.name in text and "Aiko" in text and "Eri" in text
    assert "Secret" not in text and hidden.public_id not in text
    assert f"/ws/evenings/{night.public_id}/screen/" in text


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["", "?key=wrong", "?key=%ED%A0%80", "?key=a&key=b"])
def test_a_members_only_groups_screen_needs_its_key(query: str) -> None:
    night, *_tables = _night(visibility="private")
    url = reverse("clubs:evening-screen", args=[night.public_id])
    assert Client().get(url + query).status_code == 403
    right = screen.screen_key(night)
    page = _page(Client(), night, key=right)
    assert page.status_code == 200 and f"?key={right}" in page.content.decode()


@pytest.mark.django_db
def test_the_key_link_is_shown_to_the_members_and_the_plain_link_to_everyone() -> None:
    night, *_tables = _night(visibility="private")
    owner = Client()
    owner.cookies[COOKIE_NAME] = OWNER_TOKEN
    evening = owner.get(reverse("clubs:evening", args=[night.public_id])).content.decode()
    night.refresh_from_db()
    assert night.screen_key and f"key={night.screen_key}" in evening
    public, *_rest = _night(visibility="public")
    shown = Client().get(reverse("clubs:evening", args=[public.public_id])).content.decode()
    assert 'id="screen-link"' in shown and "key=" not in shown.split('id="screen-url"')[1][:200]


@pytest.mark.django_db
def test_an_unknown_evening_has_no_screen() -> None:
    assert Client().get(reverse("clubs:evening-screen", args=["nope"])).status_code == 403


@pytest.mark.django_db
def test_standings_match_the_tables_ties_share_and_the_latest_hand_moves_people() -> None:
    night, first, second, _hidden = _night()
    tables = screen.shown_tables(night)
    assert [t.pk for t in tables] == [first.pk, second.pk]
    (board,) = screen.boards(tables)
    # Nothing played: everyone at 0, all tied first, nobody moved.
    assert {r.rank for r in board.rows} == {1} and {r.moved for r in board.rows} == {0}
    play(second, [TSUMO], end=False)
    play(first, [RON], end=False)
    (board,) = screen.boards(tables)
    recount: dict[str, Decimal] = {}
    for result in SeatResult.objects.filter(table__in=tables).select_related("player"):
        name = result.player.display_name
        recount[name] = recount.get(name, Decimal(0)) + Decimal(result.final - result.start) / 1000
    assert {r.player.display_name: r.units for r in board.rows} == recount
    totals = [r.units for r in board.rows]
    assert totals == sorted(totals, reverse=True)
    for row in board.rows:  # ties share the better place
        assert row.rank == 1 + sum(1 for other in board.rows if other.units > row.units)
    # Before the latest hand (Dana's ron off Aiko, +3.9): Fumi +2.0 first, four at 0
    # sharing 2nd, Goro and Hana -0.5 6th, Eri -1.0 8th.
    assert {r.player.display_name: (r.rank, r.moved) for r in board.rows} == {
        "Dana": (1, 1), "Fumi": (2, -1), "Bo": (3, -1), "Chen": (3, -1), "Goro": (5, 1),
        "Hana": (5, 1), "Eri": (7, 1), "Aiko": (8, -6)}


@pytest.mark.django_db
def test_each_table_says_its_state_and_its_extra_time() -> None:
    night, first, second, _hidden = _night()
    play(first, [RON], end=False)
    play(second, [TSUMO])
    evening_clock.set_clock(night, OWNER, 60, "finish_hand")
    evening_clock.extend(night, OWNER, first, 5)
    message = screen.message(night)
    rows = {r["key"]: r for r in screen.table_rows(screen.shown_tables(night),
                                                   {first.public_id: 300})}
    assert rows[first.public_id]["state"] == "East 2 · Honba 0 · Pot 0"
    assert rows[first.public_id]["extra"] == "+5"
    assert rows[second.public_id]["state"] == "Finished" and rows[second.public_id]["finished"]
    assert message["clock"]["state"] == "ready" and message["clock"]["remaining_ms"] == 3_600_000
    assert "+5 min" in message["html"] and "Finished" in message["html"]


async def _screen(night: Evening, key: str = "") -> tuple[WebsocketCommunicator, Any]:
    path = f"/ws/evenings/{night.public_id}/screen/" + (f"?key={key}" if key else "")
    comm = WebsocketCommunicator(application, path, headers=socket_headers())
    connected, _ = await comm.connect()
    assert connected
    return comm, await comm.receive_json_from()


@pytest.mark.django_db(transaction=True)
async def test_the_screen_socket_shows_a_hand_and_the_clock_and_ignores_what_it_is_sent() -> None:
    night, first, _second, _hidden = await database_sync_to_async(_night)()
    comm, message = await _screen(night)
    assert message["type"] == "screen" and message["clock"] is None
    await comm.send_to(text_data="not json at all")
    await comm.send_json_to({"type": "record_hand", "outcome": RON})
    await database_sync_to_async(play)(first, [RON], end=False)
    update = await comm.receive_json_from(timeout=10)
    assert update["type"] == "screen" and "East 2" in update["html"]
    await database_sync_to_async(evening_clock.set_clock)(night, OWNER, 30, "stop")
    timed = await comm.receive_json_from(timeout=10)
    while timed["clock"] is None:
        timed = await comm.receive_json_from(timeout=10)
    assert timed["clock"]["duration"] == 1800 and "server_now" in timed["clock"]
    await comm.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_members_only_screen_socket_needs_the_key_and_closes_when_it_changes() -> None:
    night, *_tables = await database_sync_to_async(_night)("private")
    refused = WebsocketCommunicator(application, f"/ws/evenings/{night.public_id}/screen/",
                                    headers=socket_headers())
    await refused.connect()
    closed = await refused.receive_output()
    assert closed["type"] == "websocket.close" and closed["code"] == CLOSE_FORBIDDEN
    key = await database_sync_to_async(screen.screen_key)(night)
    comm, message = await _screen(night, key)
    assert message["type"] == "screen"
    await comm.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_screen_page_and_every_message_of_its_socket_name_the_scripts_release() -> None:
    # A screen left on across an upgrade sees another release and reloads itself
    # (static/js/screen.js).
    night, first, _second, _hidden = await database_sync_to_async(_night)()
    page = await database_sync_to_async(
        lambda: Client().get(f"/e/{night.public_id}/screen/").content.decode())()
    assert f'data-build="{scripts_build()}"' in page
    comm, message = await _screen(night)
    assert message["build"] == scripts_build()
    await database_sync_to_async(play)(first, [RON], end=False)
    update = await comm.receive_json_from(timeout=10)
    assert update["type"] == "screen" and update["build"] == scripts_build()
    await comm.disconnect()
