"""The pages of rounds, standings, results, penalties and calls for every role: what each
sees, what each may post (a refusal is a message, never a 500), and the table page of an
event's table."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from events import rounds, services
from events.models import Penalty, RefereeCall, Round, RoundSeat, Visibility
from games.models import Seat

from .helpers import Cast, cast

pytestmark = pytest.mark.django_db

ROLES = ("creator", "organiser", "referee", "player", "spectator", "stranger")


def _seated_event(visibility: str = "link", started: bool = True) -> Cast:
    people = cast(visibility)
    for i in range(3):
        services.add_player(people.event, f"Extra {i}", people.actors["creator"])
    made = rounds.seat_round(people.event, people.actors["creator"])
    if started:
        rounds.start_round(people.event, made.number, people.actors["creator"])
    return people


def _url(people: Cast, name: str, *args: object) -> str:
    return reverse(f"events:{name}", args=[people.event.public_id, *args])


@pytest.mark.parametrize("visibility", ["link", "private"])
def test_every_page_of_the_rounds_answers_each_role_as_the_event_page_does(
        visibility: str) -> None:
    people = _seated_event(visibility)
    for who in ROLES:
        client = people.clients[who]
        event_page = client.get(_url(people, "detail")).status_code
        for name, args in (("round", (1,)), ("standings", ()), ("results", ())):
            assert client.get(_url(people, name, *args)).status_code == event_page, (who, name)
        expected = 404 if visibility == "private" and who in ("spectator", "stranger") \
            else 200
        assert event_page == expected, who


def test_the_event_page_shows_each_role_its_parts() -> None:
    people = _seated_event()
    pages = {who: people.clients[who].get(_url(people, "detail")).content.decode()
             for who in ROLES}
    for who in ("creator", "organiser"):
        assert 'id="seat-round"' in pages[who] and 'id="fixed-form"' in pages[who]
    for who in ("creator", "organiser", "referee"):
        assert 'id="calls"' in pages[who] and 'id="penalty-form"' in pages[who]
    for who in ("player", "spectator"):
        assert 'id="calls"' not in pages[who] and 'id="penalty-form"' not in pages[who]
        assert 'id="seat-round"' not in pages[who]
    assert 'id="go-to-table"' in pages["player"] and 'id="go-to-table"' not in \
        pages["spectator"]


def test_an_organiser_seats_swaps_and_starts_a_round_through_the_pages() -> None:
    people = _seated_event(started=False)
    client = people.clients["organiser"]
    page = client.get(_url(people, "round", 1)).content.decode()
    assert 'id="start-round"' in page and 'id="swap-form"' in page
    seats = list(RoundSeat.objects.filter(round_table__round__tournament=people.event)
                 .values_list("pk", "entry_id"))
    response = client.post(_url(people, "round-action", 1), {
        "action": "swap", "first": seats[0][0], "second": seats[1][0]})
    assert response.status_code == 302
    assert RoundSeat.objects.get(pk=seats[0][0]).entry_id == seats[1][1]
    client.post(_url(people, "round-action", 1), {"action": "start"})
    assert Round.objects.get(tournament=people.event, number=1).started
    follow = client.get(_url(people, "round", 1)).content.decode()
    assert "data-open-table" in follow and 'id="start-round"' not in follow


@pytest.mark.parametrize("who", ["referee", "player", "spectator"])
def test_a_round_changed_by_someone_else_is_refused_with_a_message(who: str) -> None:
    people = _seated_event(started=False)
    client = people.clients[who]
    seats = list(RoundSeat.objects.filter(round_table__round__tournament=people.event)
                 .values_list("pk", flat=True))
    for data in ({"action": "swap", "first": seats[0], "second": seats[1]},
                 {"action": "start"}):
        response = client.post(_url(people, "round-action", 1), data, follow=True)
        assert response.status_code == 200
        assert "Only the event&#x27;s organisers may do this." in response.content.decode()
    response = client.post(_url(people, "rounds"), {"action": "seat"}, follow=True)
    assert "Only the event&#x27;s organisers may do this." in response.content.decode()
    assert not Round.objects.get(tournament=people.event).started


def test_a_stranger_to_a_private_event_cannot_post_to_it() -> None:
    people = _seated_event("private")
    client = people.clients["stranger"]
    for name, args, data in (("rounds", (), {"action": "seat"}),
                             ("round-action", (1,), {"action": "start"}),
                             ("penalties", (), {"entry": 1, "points": -1, "reason": "x"}),
                             ("calls", (), {"call": 1}), ("sit", (), {})):
        assert client.post(_url(people, name, *args), data).status_code == 404, name


def test_a_player_taps_through_to_their_table_and_sits_there() -> None:
    people = _seated_event()
    client = people.clients["player"]
    response = client.post(_url(people, "sit"))
    assert response.status_code == 302 and "/t/" in response["Location"]
    mine = rounds.my_seat(people.event, people.actors["player"])
    assert mine is not None
    seat = Seat.objects.get(table__public_id=mine.table_id, position=mine.position)
    assert seat.player.user_id == people.actors["player"].user_id
    table_page = client.get(response["Location"]).content.decode()
    assert 'id="event-banner"' in table_page and 'id="call-referee"' in table_page


def test_penalties_are_given_and_removed_by_referees_only() -> None:
    people = _seated_event()
    entry = people.event.entries.first()
    data = {"entry": entry.pk, "points": -2000, "reason": "Late"}
    for who in ("player", "spectator"):
        people.clients[who].post(_url(people, "penalties"), data)
    assert not Penalty.objects.exists()
    people.clients["referee"].post(_url(people, "penalties"), data)
    penalty = Penalty.objects.get()
    assert (penalty.points, penalty.reason, penalty.given_by_name) == \
        (-2000, "Late", "referee-account")
    assert penalty.round is not None and penalty.round.number == 1
    people.clients["player"].post(_url(people, "penalties"), {"remove": penalty.pk})
    assert Penalty.objects.exists()
    people.clients["organiser"].post(_url(people, "penalties"), {"remove": penalty.pk})
    assert not Penalty.objects.exists()


def test_a_table_phone_calls_a_referee_and_a_referee_answers() -> None:
    people = _seated_event()
    client = people.clients["player"]
    client.post(_url(people, "sit"))
    mine = rounds.my_seat(people.event, people.actors["player"])
    assert mine is not None
    call_url = reverse("events:call", args=[mine.table_id])
    answer = client.post(call_url, HTTP_ACCEPT="application/json")
    assert answer.json()["ok"] is True
    client.post(call_url, HTTP_ACCEPT="application/json")  # the same call, still open
    call = RefereeCall.objects.get()
    assert call.called_by == "player-account"
    page = people.clients["referee"].get(_url(people, "detail")).content.decode()
    assert f'data-call="{call.pk}"' in page
    refused = people.clients["spectator"].post(call_url, HTTP_ACCEPT="application/json")
    assert refused.status_code == 403 and refused.json()["ok"] is False
    people.clients["player"].post(_url(people, "calls"), {"call": call.pk})
    assert RefereeCall.objects.get().answered_at is None
    people.clients["referee"].post(_url(people, "calls"), {"call": call.pk})
    assert RefereeCall.objects.get().answered_at is not None


def test_a_table_that_is_no_events_has_no_banner_and_no_call(client: Client) -> None:
    from games.tests.tables import make_table

    table = make_table()
    page = client.get(reverse("games:table", args=[table.public_id])).content.decode()
    assert 'id="event-banner"' not in page
    response = client.post(reverse("events:call", args=[table.public_id]),
                           HTTP_ACCEPT="application/json")
    assert response.status_code == 403 and response.json()["ok"] is False


def test_the_standings_and_results_pages_list_every_player() -> None:
    people = _seated_event(str(Visibility.PUBLIC))
    for name in ("standings", "results"):
        page = people.clients["stranger"].get(_url(people, name)).content.decode()
        assert page.count("data-rank=") == 4, name
    results = people.clients["stranger"].get(_url(people, "results")).content.decode()
    assert "format=csv&amp;bom=1" in results
