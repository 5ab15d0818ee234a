"""Confirmation by the table at an event (issue 29): its tables ask their players to
confirm each hand, a dispute calls the referees with its note, the standings say which
players have hands unconfirmed, and an event can refuse to close a round (seat the next)
while a hand of it is not confirmed."""

from __future__ import annotations

from typing import Any

import pytest

from clubs import services as clubs
from common.errors import BadCommand
from events import officiating, pages, rounds
from events.standings import unconfirmed_by_entry
from games import services as games
from games.models import Table
from games.permissions import Actor
from scoring.error_text import explained

from .helpers import config
from .rounds_helpers import ORGANISER, event_of, record, ron, seat_and_start, tables_of

pytestmark = pytest.mark.django_db


def phones(table: Table) -> list[Actor]:
    out = []
    for position in range(4):
        games.claim_seat(table, position, device=f"{table.pk}-seat-{position}",
                         join_key=table.join_key)
        out.append(Actor(device=f"{table.pk}-seat-{position}"))
    return out


def confirm(table: Table, actor: Actor) -> None:
    table.refresh_from_db()
    assert games.confirm_hand(table.pk, 1, f"c-{actor.device}", table.seq, actor)["ok"]


def test_the_event_s_tables_ask_and_a_dispute_calls_the_referees() -> None:
    event = event_of(8, confirm_hands=True)
    first, second = tables_of(seat_and_start(event))
    assert first.confirm_hands and second.confirm_hands
    seats = phones(first)
    record(first, ron(0, 2))  # the organiser records, from no seat
    first.refresh_from_db()
    result = games.dispute_hand(first.pk, 1, "East did not call ron", "d1", first.seq,
                                seats[2])
    assert result["ok"], result
    (call,) = officiating.open_calls(event)
    assert (call.round_table.table_id, call.hand_number, call.note) == (
        first.pk, 1, "East did not call ron")
    assert call.called_by == first.seats.get(position=2).player.display_name
    html = pages.calls_fragment(event)
    assert "Hand 1 disputed: East did not call ron" in html
    # A confirmation calls nobody.
    confirm(first, seats[0])
    assert len(officiating.open_calls(event)) == 1


def test_a_dispute_elsewhere_calls_no_one() -> None:
    table = games.create_table("Home", "riichi", "", {}, ["A", "B", "C", "D"],
                               creator=ORGANISER, confirm_hands=True)
    seats = phones(table)
    record(table, ron(0, 2))
    table.refresh_from_db()
    assert games.dispute_hand(table.pk, 1, "no", "d1", table.seq, seats[1])["ok"]
    from events.models import RefereeCall

    assert not RefereeCall.objects.exists()


def test_the_standings_mark_players_with_hands_unconfirmed() -> None:
    event = event_of(8, confirm_hands=True)
    first, second = tables_of(seat_and_start(event))
    seats = phones(first)
    record(first, ron(0, 2))
    record(second, ron(1, 3))
    marked = unconfirmed_by_entry(event)
    assert sorted(marked.values()) == [1] * 8  # every player has one hand waiting
    for actor in seats:
        confirm(first, actor)
    marked = unconfirmed_by_entry(event)
    assert sorted(marked.values()) == [1] * 4  # the second table's four only
    html = pages.standings_fragment(event)
    assert html.count("1 hand unconfirmed") == 4


def test_off_by_default_marks_nothing() -> None:
    event = event_of(4)
    (table,) = tables_of(seat_and_start(event))
    assert not table.confirm_hands
    record(table, ron(0, 2))
    assert unconfirmed_by_entry(event) == {}
    assert "unconfirmed" not in pages.standings_fragment(event)


def test_a_round_closes_only_once_every_hand_is_confirmed_when_the_event_asks() -> None:
    event = event_of(8, confirm_hands=True, confirm_before_close=True)
    first, second = tables_of(seat_and_start(event))
    seats = phones(first)
    record(first, ron(0, 2))
    record(second, ron(1, 3))
    with pytest.raises(BadCommand) as refused:
        rounds.seat_round(event, ORGANISER)
    assert refused.value.params == {"reason": "event_round_unconfirmed", "round": 1,
                                    "tables": [1, 2]}
    assert explained({"code": refused.value.code, "params": refused.value.params})["text"] \
        == "Round 1 cannot close yet: hands are not confirmed at table 1, 2."
    for actor in seats:
        confirm(first, actor)
    # A disputed hand is not confirmed either.
    second_seats = phones(second)
    second.refresh_from_db()
    assert games.dispute_hand(second.pk, 1, "wrong fu", "d1", second.seq,
                              second_seats[0])["ok"]
    with pytest.raises(BadCommand) as still:
        rounds.seat_round(event, ORGANISER)
    assert still.value.params["tables"] == [2]
    second.refresh_from_db()
    assert games.correct_hand(second.pk, 1, ron(1, 3, han=3), "fix", second.seq,
                              ORGANISER)["ok"]
    for actor in second_seats:
        confirm(second, actor)
    assert rounds.seat_round(event, ORGANISER).number == 2


def test_without_the_rule_a_round_closes_with_hands_unconfirmed() -> None:
    event = event_of(4, confirm_hands=True)
    (table,) = tables_of(seat_and_start(event))
    record(table, ron(0, 2))
    assert rounds.seat_round(event, ORGANISER).number == 2


def test_a_group_s_default_reaches_its_new_tables_and_events() -> None:
    group = clubs.create_group("Club", ORGANISER, confirm_hands=True)
    table = games.create_table("Friday", "riichi", "", {}, ["A", "B", "C", "D"],
                               creator=ORGANISER)
    clubs.attach_to_place(table, f"g:{group.public_id}", ORGANISER)
    table.refresh_from_db()
    assert table.confirm_hands
    # A table already played keeps its way when it is added later.
    played = games.create_table("Old", "riichi", "", {}, ["A", "B", "C", "D"],
                                creator=ORGANISER)
    record(played, ron(0, 2))
    clubs.attach_to_place(played, f"g:{group.public_id}", ORGANISER)
    played.refresh_from_db()
    assert not played.confirm_hands
    from events import services

    event = services.create_event("Cup", ORGANISER, config(), group=group)
    assert event.confirm_hands and not event.confirm_before_close


def test_the_round_page_and_the_table_s_results_mark_what_is_unconfirmed(client: Any) -> None:
    event = event_of(8, confirm_hands=True)
    round_ = seat_and_start(event)
    first, second = tables_of(round_)
    record(first, ron(0, 2))
    record(first, ron(0, 2))
    page = client.get(f"/ev/{event.public_id}/round/1/").content.decode()
    assert page.count("data-unconfirmed") == 1
    assert 'data-table="1"' in page.split("data-unconfirmed")[0].rsplit("<article", 1)[1]
    results = client.get(f"/t/{first.public_id}/results/").content.decode()
    assert "2 hands unconfirmed" in results
    assert "unconfirmed-hands" not in client.get(f"/t/{second.public_id}/results/").content.decode()


def test_the_event_api_says_whether_hands_are_confirmed(client: Any) -> None:
    event = event_of(4, confirm_hands=True, confirm_before_close=True)
    data = client.get(f"/api/events/{event.public_id}/").json()
    assert (data["confirm_hands"], data["confirm_before_close"]) == (True, True)
