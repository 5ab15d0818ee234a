"""Players the four-player tables leave over (issue 27): substitutes, or, where the
event's ruleset has three-player rules (asked of its configurations, never by name),
three-player tables: 13 players are 4 + 3 + 3 + 3. Who may choose it, what is offered,
the tables started with the three-player rules, the standings counting them, and a
change of mind after seating."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from common.errors import BadCommand, Forbidden
from events import rounds, services
from events.models import RoundSeat, Tournament
from events.standings import standings
from games.models import Seat, SeatResult
from games.permissions import Actor

from .helpers import config, device_client
from .rounds_helpers import ORGANISER, end, event_of, record, ron, seat_and_start, tables_of

pytestmark = pytest.mark.django_db


def _set(event: Tournament, short_tables: str | None, by: Actor = ORGANISER) -> Tournament:
    return services.update_event(
        event, by, name=event.name, kind=event.kind, visibility=event.visibility,
        rounds=event.rounds, starts_at=event.starts_at, description=event.description,
        registration_open=event.registration_open, short_tables=short_tables)


def _three_player(event: Tournament) -> str:
    return str(services.three_player_configs(event)[0].pk)


def _sizes(round_: Any) -> list[int]:
    return sorted(Counter(RoundSeat.objects.filter(round_table__round=round_)
                          .values_list("round_table__number", flat=True)).values())


def test_only_a_four_player_event_of_a_ruleset_with_three_player_rules_is_offered_them() -> None:
    four = event_of(0)
    offered = services.three_player_configs(four)
    assert offered and all(c.ruleset == four.ruleset for c in offered)
    assert all(services.seats_of(c)[1] == 3 for c in offered)
    assert config(four.ruleset, four.preset or "").pk not in {c.pk for c in offered}
    assert services.three_player_configs(event_of(0, preset="sanma")) == []  # seats 3
    assert services.three_player_configs(event_of(0, ruleset="mcr")) == []


def test_thirteen_players_sit_at_one_table_of_four_and_three_of_three() -> None:
    event = _set(event_of(13), _three_player(event_of(0)))
    short = event.short_config
    assert short is not None
    started = seat_and_start(event)
    assert _sizes(started) == [3, 3, 3, 4]
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(
        reverse("events:round", args=[event.public_id, started.number])).content.decode()
    assert page.count("data-three-player") == 3  # each table of three names its rules
    assert not RoundSeat.objects.filter(round_table__round=started, entry=None).exists()
    tables = tables_of(started)
    for table in tables:
        seats = Seat.objects.filter(table=table).count()
        assert table.ruleset == event.ruleset
        if seats == 3:  # the three-player rules, whole
            assert table.preset == short.preset
            assert table.options == services.seats_of(short)[0]
        else:
            assert seats == 4 and table.options == event.options
    # A three-player table's hand counts in the standings, and its table is zero-sum.
    small = next(t for t in tables if Seat.objects.filter(table=t).count() == 3)
    record(small, ron(1, 2, han=3))
    end(small)
    results = list(SeatResult.objects.filter(table=small).values_list("final", "start"))
    assert len(results) == 3 and sum(final - start for final, start in results) == 0
    counted = {row.entry.number: row for row in standings(event).rows}
    players = RoundSeat.objects.filter(round_table__table=small).order_by("position")
    scores = [counted[s.entry.number].score for s in players]
    assert sum(scores) == 0 and scores[1] > 0 > scores[2]


def test_every_round_of_a_no_repeat_plan_seats_the_leftover_at_tables_of_three() -> None:
    event = _set(event_of(13, rounds_=3), _three_player(event_of(0)))
    for _ in range(3):
        assert _sizes(seat_and_start(event)) == [3, 3, 3, 4]


def test_substitutes_stay_the_default_and_can_be_chosen_again() -> None:
    event = event_of(13)
    assert event.short_config is None
    made = rounds.seat_round(event, ORGANISER)
    assert _sizes(made) == [4, 4, 4, 4]  # three substitutes' seats
    _set(event, _three_player(event))
    assert _sizes(rounds.seat_round(event, ORGANISER)) == [3, 3, 3, 4]
    _set(event, services.SUBSTITUTES)
    event.refresh_from_db()
    assert event.short_config is None and event.plan == {}  # planned the other way


def test_a_round_seated_at_tables_of_three_is_seated_again_once_they_are_gone() -> None:
    event = _set(event_of(13), _three_player(event_of(0)))
    made = rounds.seat_round(event, ORGANISER)
    _set(event, services.SUBSTITUTES)
    with pytest.raises(BadCommand) as refused:
        rounds.start_round(event, made.number, ORGANISER)
    assert refused.value.params["reason"] == "event_short_seated"
    assert _sizes(seat_and_start(event)) == [4, 4, 4, 4]


def test_rules_that_are_not_three_player_rules_of_the_ruleset_are_refused() -> None:
    event = event_of(13)
    mcr = event_of(0, ruleset="mcr")
    four = config(event.ruleset, event.preset or "")
    for value in (str(four.pk), "nope", _three_player(event) + "0"):
        with pytest.raises(BadCommand) as refused:
            _set(event, value)
        assert refused.value.params["reason"] == "event_short_tables"
    with pytest.raises(BadCommand):
        _set(mcr, _three_player(event))  # another ruleset's
    with pytest.raises(Forbidden):
        _set(event, _three_player(event), Actor(device="someone-else"))
    event.refresh_from_db()
    assert event.short_config is None


def test_a_typed_seating_may_have_tables_of_three_only_when_the_event_has_them() -> None:
    event = event_of(7)
    typed = "1 2 3 4\n5 6 7\n"
    with pytest.raises(BadCommand):
        rounds.set_fixed(event, typed, ORGANISER)
    _set(event, _three_player(event))
    assert rounds.set_fixed(event, typed, ORGANISER) == 1
    assert _sizes(seat_and_start(event)) == [3, 4]


def test_the_settings_page_offers_three_player_tables_and_the_event_says_so() -> None:
    client, actor = device_client()
    event = services.create_event("Club cup", actor, config(), visibility="public")
    settings = reverse("events:settings", args=[event.public_id])
    page = client.get(settings).content.decode()
    choice = _three_player(event)
    assert 'name="short_tables"' in page and f'value="{choice}"' in page
    answer = client.post(settings, {
        "name": event.name, "kind": event.kind, "rounds": event.rounds,
        "visibility": event.visibility, "short_tables": choice})
    assert answer.status_code == 302
    event.refresh_from_db()
    assert str(event.short_config_id) == choice
    detail = Client(HTTP_ACCEPT_LANGUAGE="en").get(
        reverse("events:detail", args=[event.public_id])).content.decode()
    assert "players left over play at three-player tables" in detail
    api = Client().get(f"/api/events/{event.public_id}/").json()
    assert api["short_tables"] == "three_player"
    assert event.short_config is not None
    assert api["short_rules"]["preset"] == event.short_config.preset
    mcr = services.create_event("MCR cup", actor, config("mcr"))
    page = client.get(reverse("events:settings", args=[mcr.public_id])).content.decode()
    assert 'name="short_tables"' not in page
    assert Client().get(f"/api/events/{mcr.public_id}/").json()["short_rules"] is None
