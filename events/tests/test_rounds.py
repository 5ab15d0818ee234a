"""Rounds: seating by the event's method, substitutes, swaps before and after the start
(the hands staying with the seats), starting a round as ordinary tables, a player's seat
and the one tap to it, and who may do each."""

from __future__ import annotations

from collections import Counter

import pytest

from common.errors import BadCommand, Forbidden, NotFound
from events import rounds, services
from events.models import Method, RoundSeat, Status
from events.standings import standings
from games import services as games
from games.models import LedgerEntry, Seat, SeatResult
from games.permissions import Actor, can_write

from .helpers import cast
from .rounds_helpers import ORGANISER, event_of, record, ron, seat_and_start, tables_of

pytestmark = pytest.mark.django_db


def _seated(round_) -> Counter[int | None]:
    return Counter(RoundSeat.objects.filter(round_table__round=round_)
                   .values_list("entry__number", flat=True))


def test_a_round_seats_every_playing_player_once_and_fills_the_rest_with_substitutes() -> None:
    event = event_of(18)
    services.set_status(event, event.entries.get(number=18).pk, str(Status.ABSENT), ORGANISER)
    made = rounds.seat_round(event, ORGANISER)
    seated = _seated(made)
    assert seated.pop(None) == 3  # 17 players at five tables: three substitutes' seats
    assert seated == Counter(range(1, 18))
    assert made.tables.count() == 5


def test_starting_a_round_makes_ordinary_tables_with_the_players_in_their_winds() -> None:
    event = event_of(16)
    started = seat_and_start(event)
    tables = tables_of(started)
    assert len(tables) == 4
    for table in tables:
        names = list(Seat.objects.filter(table=table).order_by("position")
                     .values_list("player__display_name", flat=True))
        planned = [s.entry.player.display_name for s in RoundSeat.objects.filter(
            round_table__table=table).order_by("position").select_related("entry__player")]
        assert names == planned
        assert table.options == event.options and can_write(table, ORGANISER)


def test_no_repeat_seats_sixteen_players_over_five_rounds_without_a_repeat() -> None:
    event = event_of(16, rounds_=5)
    met: Counter[frozenset[int]] = Counter()
    for _ in range(5):
        made = seat_and_start(event)
        for rt in made.tables.all():
            numbers = [s.entry.number for s in rt.seats.select_related("entry")]
            met.update(frozenset((a, b)) for a in numbers for b in numbers if a < b)
    assert max(met.values()) == 1 and len(met) == 120


def test_a_round_not_started_is_seated_again_and_a_started_one_is_not() -> None:
    event = event_of(8)
    first = rounds.seat_round(event, ORGANISER)
    again = rounds.seat_round(event, ORGANISER)
    assert again.number == first.number == 1
    rounds.start_round(event, 1, ORGANISER)
    with pytest.raises(BadCommand) as refused:
        rounds.start_round(event, 1, ORGANISER)
    assert refused.value.params["reason"] == "event_round_started"
    assert rounds.seat_round(event, ORGANISER).number == 2


def test_seating_stops_at_the_events_rounds() -> None:
    event = event_of(4, rounds_=1)
    seat_and_start(event)
    with pytest.raises(BadCommand) as refused:
        rounds.seat_round(event, ORGANISER)
    assert refused.value.params == {"reason": "event_no_rounds_left", "max": 1}


def test_too_few_players_is_refused_by_name() -> None:
    event = event_of(3)
    with pytest.raises(BadCommand) as refused:
        rounds.seat_round(event, ORGANISER)
    assert refused.value.params["reason"] == "seating_too_few_players"


def test_swap_before_the_start_moves_the_players_between_tables() -> None:
    event = event_of(8)
    made = rounds.seat_round(event, ORGANISER)
    a = RoundSeat.objects.get(round_table__round=made, round_table__number=1, position=0)
    b = RoundSeat.objects.get(round_table__round=made, round_table__number=2, position=2)
    was_a, was_b = a.entry_id, b.entry_id
    rounds.swap(event, 1, a.pk, b.pk, ORGANISER)
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.entry_id, b.entry_id) == (was_b, was_a)


def test_swap_after_hands_keeps_the_hands_with_the_seats_atomically() -> None:
    event = event_of(8)
    started = seat_and_start(event)
    first, second = tables_of(started)
    record(first, ron(0, 1))  # East of table 1 wins from South
    a = RoundSeat.objects.select_related("entry__player").get(round_table__table=first,
                                                              position=0)
    b = RoundSeat.objects.select_related("entry__player").get(round_table__table=second,
                                                              position=3)
    winner_score = next(r.score for r in standings(event).rows if r.entry.pk == a.entry_id)
    rounds.swap(event, 1, a.pk, b.pk, ORGANISER)
    # The winning seat is b's player's now, with its ledger rows and result.
    assert set(LedgerEntry.objects.filter(table=first, position=0)
               .values_list("player_id", flat=True)) == {b.entry.player_id}
    assert SeatResult.objects.get(table=first, position=0).player_id == b.entry.player_id
    assert Seat.objects.get(table=second, position=3).player_id == a.entry.player_id
    scores = {r.entry.pk: r.score for r in standings(event).rows}
    assert scores[b.entry_id] == winner_score > 0 and scores[a.entry_id] == 0


def test_a_swap_that_fails_half_way_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    event = event_of(8)
    started = seat_and_start(event)
    first, second = tables_of(started)
    a = RoundSeat.objects.get(round_table__table=first, position=0)
    b = RoundSeat.objects.get(round_table__table=second, position=0)

    def broken(moves: object) -> None:
        raise BadCommand("the tables went away")

    monkeypatch.setattr(games, "reseat", broken)
    with pytest.raises(BadCommand):
        rounds.swap(event, 1, a.pk, b.pk, ORGANISER)
    assert RoundSeat.objects.get(pk=a.pk).entry_id == a.entry_id


def test_an_absent_players_seat_goes_to_a_substitute_at_the_start() -> None:
    event = event_of(8)
    made = rounds.seat_round(event, ORGANISER)
    seat = RoundSeat.objects.select_related("entry").get(round_table__round=made,
                                                         round_table__number=1, position=1)
    services.set_status(event, seat.entry_id, str(Status.ABSENT), ORGANISER)
    rounds.start_round(event, 1, ORGANISER)
    seat.refresh_from_db()
    table = tables_of(made)[0]
    assert seat.substitute is not None
    assert Seat.objects.get(table=table, position=1).player_id == seat.substitute_id


def test_a_referee_names_a_substitute_after_the_start_and_gives_the_seat_back() -> None:
    people = cast()
    event = people.event
    for i in range(7):
        services.add_player(event, f"Extra {i}", people.actors["creator"])
    made = rounds.seat_round(event, people.actors["creator"])
    rounds.start_round(event, made.number, people.actors["creator"])
    seat = RoundSeat.objects.select_related("entry__player").filter(
        round_table__round=made).first()
    assert seat is not None and seat.entry is not None
    rounds.set_substitute(event, 1, seat.pk, "Walk-in", people.actors["referee"])
    table = seat.round_table.table
    assert Seat.objects.get(table=table, position=seat.position).player.display_name == \
        "Walk-in"
    rounds.set_substitute(event, 1, seat.pk, "", people.actors["referee"])
    assert Seat.objects.get(table=table, position=seat.position).player_id == \
        seat.entry.player_id
    for who in ("player", "spectator", "stranger"):
        with pytest.raises(Forbidden):
            rounds.set_substitute(event, 1, seat.pk, "Walk-in", people.actors[who])


@pytest.mark.parametrize("who", ["referee", "player", "spectator", "stranger"])
def test_only_organisers_seat_start_and_swap(who: str) -> None:
    people = cast()
    event = people.event
    for i in range(3):
        services.add_player(event, f"Extra {i}", people.actors["creator"])
    actor = people.actors[who]
    with pytest.raises(Forbidden):
        rounds.seat_round(event, actor)
    rounds.seat_round(event, people.actors["organiser"])
    seats = list(RoundSeat.objects.filter(round_table__round__tournament=event)
                 .values_list("pk", flat=True))
    with pytest.raises(Forbidden):
        rounds.swap(event, 1, seats[0], seats[1], actor)
    with pytest.raises(Forbidden):
        rounds.start_round(event, 1, actor)
    with pytest.raises(Forbidden):
        rounds.set_fixed(event, "1-2-3-4", actor)


def test_a_typed_seating_is_checked_and_seats_the_rounds_it_gives() -> None:
    event = event_of(8, rounds_=2)
    with pytest.raises(BadCommand) as refused:
        rounds.set_fixed(event, "1-2-3-4\n5-6-7-99", ORGANISER)
    assert refused.value.params["reason"] == "seating_unknown_player"
    assert refused.value.params["text"] == "99"
    with pytest.raises(BadCommand) as missing:
        rounds.set_fixed(event, "1-2-3-4\n5-6-7-1", ORGANISER)
    assert missing.value.params["reason"] == "seating_player_twice"
    typed = "# round 1\n1-2-3-4\nPlayer 005, Player 006, Player 007, Player 008\n\n" \
            "1 5 2 6\n3 7 4 8\n"
    assert rounds.set_fixed(event, typed, ORGANISER) == 2
    seat_and_start(event)
    second = rounds.seat_round(event, ORGANISER)
    first_table = RoundSeat.objects.filter(round_table__round=second, round_table__number=1)
    assert list(first_table.order_by("position").values_list("entry__number", flat=True)) == \
        [1, 5, 2, 6]
    event.refresh_from_db()
    assert event.seating == Method.FIXED


def test_swiss_seats_the_leaders_together() -> None:
    event = event_of(16)
    event.seating = Method.SWISS
    event.save()
    started = seat_and_start(event)
    for han, table in enumerate(tables_of(started), start=2):
        record(table, ron(0, 1, han=han))  # one winner a table, each a different score
    leaders = {r.entry.number for r in standings(event).rows[:4]}
    made = rounds.seat_round(event, ORGANISER)
    top = set(RoundSeat.objects.filter(round_table__round=made, round_table__number=1)
              .values_list("entry__number", flat=True))
    assert top == leaders  # they never met: no repeat to avoid


def test_a_player_sees_their_seat_and_one_tap_seats_their_phone() -> None:
    people = cast()
    event = people.event
    for i in range(3):
        services.add_player(event, f"Extra {i}", people.actors["creator"])
    made = rounds.seat_round(event, people.actors["creator"])
    player = Actor(user=people.actors["player"].user, device="players-phone")
    mine = rounds.my_seat(event, player)
    assert mine is not None and not mine.started and mine.table == 1
    with pytest.raises(NotFound):
        rounds.sit(event, player)
    rounds.start_round(event, made.number, people.actors["creator"])
    table = rounds.sit(event, player)
    assert Seat.objects.get(table=table, position=mine.position).claimed_device == \
        "players-phone"
    assert rounds.my_seat(event, people.actors["spectator"]) is None


def test_a_player_who_played_cannot_be_taken_out_only_dropped() -> None:
    event = event_of(4)
    seat_and_start(event)
    entry = event.entries.first()
    with pytest.raises(BadCommand) as refused:
        services.remove_entry(event, entry.pk, ORGANISER)
    assert refused.value.params["reason"] == "event_played"
    services.set_status(event, entry.pk, str(Status.DROPPED), ORGANISER)


def test_a_three_player_event_seats_and_starts_tables_of_three() -> None:
    event = event_of(7, preset="sanma")
    assert event.seats == 3
    started = seat_and_start(event)
    seats = Counter(RoundSeat.objects.filter(round_table__round=started)
                    .values_list("round_table__number", flat=True))
    assert sorted(seats.values()) == [3, 3, 3]  # seven players and two substitutes' seats
    assert all(Seat.objects.filter(table=t).count() == 3 for t in tables_of(started))
