"""An event's big screen (issue 28, events.screen): who may open it (anyone for a public
event; with its read-only key or as one of the event's own for a link-only or private
one; a private event not found by strangers), what it shows (the round's seating by
wind, each table's state in the ruleset's words or waiting for a referee, the clock, the
standings with the places moved since the last round, nothing private) and its socket,
live and read-only."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from clubs import screen as evening_screen
from events import clock as event_clock
from events import officiating, rounds, screen, services, standings
from events.models import RoundSeat, Tournament
from games.messages import CLOSE_FORBIDDEN
from games.tests.communicator import WebsocketCommunicator
from games.tests.tables import socket_headers
from mjsite.asgi import application

from .helpers import Cast, cast
from .rounds_helpers import (
    ORGANISER,
    end,
    event_of,
    mcr_win,
    record,
    ron,
    seat_and_start,
    tables_of,
)


def _seated(visibility: str = "link") -> Cast:
    people = cast(visibility)
    for i in range(7):
        services.add_player(people.event, f"Extra {i}", people.actors["creator"])
    rounds.seat_round(people.event, people.actors["creator"])
    return people


def _url(event: Tournament) -> str:
    return reverse("events:screen", args=[event.public_id])


@pytest.mark.django_db
@pytest.mark.parametrize(("visibility", "who", "status"), [
    ("public", "stranger", 200), ("public", "spectator", 200),
    ("link", "stranger", 403), ("link", "spectator", 403), ("link", "player", 200),
    ("link", "referee", 200), ("link", "organiser", 200), ("link", "creator", 200),
    ("private", "stranger", 404), ("private", "spectator", 404), ("private", "player", 200),
    ("private", "referee", 200), ("private", "organiser", 200)])
def test_who_may_open_the_screen_without_its_key(visibility: str, who: str,
                                                 status: int) -> None:
    people = _seated(visibility)
    assert people.clients[who].get(_url(people.event)).status_code == status


@pytest.mark.django_db
@pytest.mark.parametrize("visibility", ["link", "private"])
def test_the_key_opens_the_screen_and_a_wrong_one_does_not(visibility: str) -> None:
    people = _seated(visibility)
    wrong = 403 if visibility == "link" else 404
    for bad in ("wrong", "%ED%A0%80", ""):
        assert Client().get(f"{_url(people.event)}?key={bad}").status_code == wrong
    key = screen.screen_key(people.event)
    page = Client().get(_url(people.event), {"key": key})
    assert page.status_code == 200
    assert f"/ws/events/{people.event.public_id}/screen/?key={key}" in page.content.decode()


@pytest.mark.django_db
def test_the_seating_shows_before_the_start_and_the_tables_state_after_a_hand() -> None:
    people = _seated("public")
    text = Client().get(_url(people.event)).content.decode()
    assert "Round 1 of 4" in text and "Not started" in text
    assert "player-account" in text or "Extra 0" in text
    assert text.count('class="table-wind"') == 8  # every seat with its wind
    started = rounds.start_round(people.event, 1, people.actors["creator"])
    first = tables_of(started)[0]
    record(first, ron(1, 0), people.actors["creator"])  # South wins: the deal moves on
    text = Client().get(_url(people.event)).content.decode()
    assert "East 2 · Honba 0 · Pot 0" in text and "East 1 · Honba 0 · Pot 0" in text
    assert "Not started" not in text and f'data-table="{first.public_id}"' in text


@pytest.mark.django_db
def test_a_table_waiting_for_a_referee_says_so_on_both_screens_until_answered() -> None:
    people = _seated("public")
    started = rounds.start_round(people.event, 1, people.actors["creator"])
    first, second = tables_of(started)
    officiating.call_referee(second, people.actors["creator"])
    _tables, message = screen.message(people.event)
    assert message["html"].count("Waiting for a referee") == 1
    assert f'is-waiting" data-table="{second.public_id}"' in message["html"]
    # The evening's screen words its tables with the same code: it says so too.
    rows = evening_screen.table_rows([first, second], {})
    assert [r["waiting"] for r in rows] == [False, True]
    call = officiating.open_calls(people.event)[0]
    officiating.answer_call(people.event, call.pk, people.actors["referee"])
    _tables, message = screen.message(people.event)
    assert "Waiting for a referee" not in message["html"]


@pytest.mark.django_db
def test_the_standings_show_the_places_moved_since_the_last_round() -> None:
    event = event_of(8)
    first_round = seat_and_start(event)
    table = tables_of(first_round)[0]
    record(table, ron(0, 1, han=2))
    loser = RoundSeat.objects.get(round_table__table=table, position=1).entry
    assert loser is not None
    lines, _points = screen.standing_lines(event)
    assert all(line.moved == 0 for line in lines)  # the first round: nowhere to move from
    before = {row.entry.pk: row.rank for row in standings.standings(event).rows}
    assert before[loser.pk] == 8
    second_round = seat_and_start(event)
    seat = RoundSeat.objects.select_related("round_table__table").get(
        round_table__round=second_round, entry=loser)
    assert seat.round_table.table is not None
    record(seat.round_table.table, ron(seat.position, (seat.position + 1) % 4, han=6))
    lines, _points = screen.standing_lines(event)
    now = {row.entry.pk: row.rank for row in standings.standings(event).rows}
    by_number = {line.number: line for line in lines}
    for entry_pk, rank in now.items():
        number = next(r.entry.number for r in standings.standings(event).rows
                      if r.entry.pk == entry_pk)
        assert by_number[number].moved == before[entry_pk] - rank
    assert by_number[loser.number].moved == 7 and by_number[loser.number].rank == 1
    html = screen.message(event)[1]["html"]
    assert "▲7" in html and "▼" in html


@pytest.mark.django_db
def test_nothing_private_reaches_the_screen() -> None:
    people = _seated("link")
    boss = people.actors["creator"]
    rounds.start_round(people.event, 1, boss)
    entry = people.event.entries.first()
    assert entry is not None
    officiating.add_penalty(people.event, entry.pk, -1000, "Secret reason", boss, 1)
    key = screen.screen_key(people.event)
    text = Client().get(_url(people.event), {"key": key}).content.decode()
    assert "Secret reason" not in text and people.event.join_key not in text
    assert "Absent" not in text and "Playing" not in text  # no player's status


def test_the_screen_url_carries_the_key_only_for_organisers() -> None:
    class Request:
        def build_absolute_uri(self, path: str) -> str:
            return f"http://testserver{path}"

        def get_host(self) -> str:
            return "testserver"

    event = Tournament(public_id="abc", visibility="link", screen_key="k" * 16, pk=1)
    request: Any = Request()
    assert screen.screen_url(request, event, organiser=False) == ""
    assert "key=kkkk" in screen.screen_url(request, event, organiser=True)
    public = Tournament(public_id="abc", visibility="public", pk=1)
    assert "key=" not in screen.screen_url(request, public, organiser=False)


# --- the socket ---------------------------------------------------------------------------


async def _screen(event: Tournament, key: str = "") -> tuple[WebsocketCommunicator, Any]:
    path = f"/ws/events/{event.public_id}/screen/" + (f"?key={key}" if key else "")
    comm = WebsocketCommunicator(application, path, headers=socket_headers())
    connected, _ = await comm.connect()
    assert connected
    return comm, await comm.receive_json_from(timeout=10)


async def _until(comm: WebsocketCommunicator, found: str) -> dict[str, Any]:
    """The screen messages until one whose body holds ``found`` (a burst of changes can
    arrive as more than one)."""
    for _ in range(5):
        message: dict[str, Any] = await comm.receive_json_from(timeout=10)
        if found in message["html"] or found in str(message["clock"]):
            return message
    raise AssertionError(f"no screen showed {found!r}")


@pytest.mark.django_db(transaction=True)
async def test_the_screen_socket_follows_the_round_the_hands_the_calls_and_the_clock() -> None:
    people = await database_sync_to_async(_seated)("link")
    key = await database_sync_to_async(screen.screen_key)(people.event)
    comm, first = await _screen(people.event, key)
    assert first["type"] == "screen" and "Not started" in first["html"]
    boss = people.actors["creator"]
    started = await database_sync_to_async(rounds.start_round)(people.event, 1, boss)
    await _until(comm, "East 1")
    table = (await database_sync_to_async(tables_of)(started))[0]
    await database_sync_to_async(record)(table, ron(1, 0), boss)
    await _until(comm, "East 2")
    await database_sync_to_async(officiating.call_referee)(table, boss)
    await _until(comm, "Waiting for a referee")
    await database_sync_to_async(event_clock.set_clock)(people.event, 1, boss, 30, "stop")
    await database_sync_to_async(event_clock.run)(people.event, 1, boss, "start")
    timed = await _until(comm, "running")
    assert timed["clock"]["duration"] == 1800 and isinstance(timed["clock"]["ends_at"], int)
    assert "extras" not in timed["clock"]
    await database_sync_to_async(event_clock.extend)(people.event, 1,
                                                     people.actors["referee"], 1, 5)
    await _until(comm, "+5 min")
    await comm.send_to(text_data="{not json")  # read-only: ignored, never closed
    await comm.send_json_to({"type": "record", "anything": 1})
    # Still open and drawing: the call answered, its table no longer waits.
    call = (await database_sync_to_async(officiating.open_calls)(people.event))[0]
    await database_sync_to_async(officiating.answer_call)(people.event, call.pk,
                                                          people.actors["referee"])
    for _ in range(5):
        message = await comm.receive_json_from(timeout=10)
        if "Waiting for a referee" not in message["html"]:
            break
    else:
        raise AssertionError("the answered call stayed on the screen")
    await comm.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_screen_socket_needs_the_key_and_closes_when_the_event_turns_private() -> None:
    people = await database_sync_to_async(_seated)("public")
    refused = WebsocketCommunicator(application,
                                    f"/ws/events/{people.event.public_id}/screen/?key=bad",
                                    headers=socket_headers())
    await refused.connect()
    assert (await refused.receive_output())["type"] == "websocket.send"  # the public screen
    await refused.disconnect()
    comm, _first = await _screen(people.event)

    def hide() -> None:
        Tournament.objects.filter(pk=people.event.pk).update(visibility="private")
        officiating.call_referee(tables_of(rounds.start_round(
            people.event, 1, people.actors["creator"]))[0], people.actors["creator"])

    await database_sync_to_async(hide)()
    for _ in range(5):
        output = await comm.receive_output(timeout=10)
        if output["type"] == "websocket.close":
            assert output["code"] == CLOSE_FORBIDDEN
            break
    else:
        raise AssertionError("the screen of a private event stayed open")
    stranger = WebsocketCommunicator(application,
                                     f"/ws/events/{people.event.public_id}/screen/",
                                     headers=socket_headers())
    await stranger.connect()
    assert (await stranger.receive_output())["code"] == CLOSE_FORBIDDEN


@pytest.mark.django_db
@pytest.mark.parametrize(("visibility", "who", "link"), [
    ("public", "stranger", "plain"), ("public", "creator", "plain"),
    ("link", "creator", "key"), ("link", "organiser", "key"), ("link", "referee", ""),
    ("link", "player", ""), ("link", "spectator", "")])
def test_the_event_page_links_the_screen_for_those_it_opens_for(visibility: str, who: str,
                                                                link: str) -> None:
    people = _seated(visibility)
    page = people.clients[who].get(reverse("events:detail", args=[people.event.public_id]))
    text = page.content.decode()
    if not link:
        assert 'id="event-screen-link"' not in text
        return
    assert 'id="event-screen-link"' in text
    people.event.refresh_from_db()
    assert (f"?key={people.event.screen_key}" in text) == (link == "key")


@pytest.mark.django_db
def test_the_screen_stays_on_the_round_in_play_while_the_next_is_seated() -> None:
    event = event_of(8)
    first = seat_and_start(event)
    rounds.seat_round(event, ORGANISER)  # round 2 seated early, to be printed
    assert screen.current_round(event) == first
    text = screen.message(event)[1]["html"]
    assert "Round 1 of 3" in text and "Not started" not in text
    for table in tables_of(first):
        record(table, ron(1, 0))
        end(table)
    assert screen.current_round(event) is not None
    assert screen.current_round(event).number == 2  # type: ignore[union-attr]
    assert "Round 2 of 3" in screen.message(event)[1]["html"]


@pytest.mark.django_db
def test_an_mcr_events_screen_shows_the_table_points_it_ranks_by() -> None:
    event = event_of(4, "mcr")
    table = tables_of(seat_and_start(event))[0]
    record(table, mcr_win(2, 0, fan=8))
    lines, points = screen.standing_lines(event)
    assert points
    first = lines[0]
    assert first.rank == 1 and first.points == "4"
    html = screen.message(event)[1]["html"]
    assert "4 pt" in html and "Round 1 of 3" in html
