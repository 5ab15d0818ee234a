"""An event's round clock (issue 28, events.clock): set before the round starts, timing
its tables from the start, started, paused, resumed and reset by the organisers, one
table given extra time by a referee; who may do what; the round page's buttons and
forms for each role; bad input refused by name, never a 500."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from common.errors import BadCommand, Forbidden
from events import clock as event_clock
from events import rounds, services
from events.models import Round
from games import clock as round_clock
from games.models import ClockTable

from .helpers import Cast, cast
from .rounds_helpers import tables_of

pytestmark = pytest.mark.django_db


def _seated(visibility: str = "link", players: int = 7) -> Cast:
    """An event with two tables (the player, seven more), seated, not started."""
    people = cast(visibility)
    for i in range(players):
        services.add_player(people.event, f"Extra {i}", people.actors["creator"])
    rounds.seat_round(people.event, people.actors["creator"])
    return people


def test_a_clock_set_before_the_start_times_every_table_once_the_round_starts() -> None:
    people = _seated()
    boss = people.actors["creator"]
    event_clock.set_clock(people.event, 1, boss, 45, "one_more", [10, 5])
    with pytest.raises(BadCommand) as refused:
        event_clock.run(people.event, 1, boss, "start")
    assert refused.value.params["reason"] == "event_clock_before_round"
    started = rounds.start_round(people.event, 1, boss)
    tables = tables_of(started)
    assert len(tables) == 2
    clock = Round.objects.get(pk=started.pk).clock
    assert clock is not None
    assert set(ClockTable.objects.filter(clock=clock).values_list("table_id", flat=True)) \
        == {t.pk for t in tables}
    # Each table's phones get the round's clock, ready, 45 minutes, the event's rule.
    for table in tables:
        message = round_clock.table_message(table.pk)
        assert message is not None
        assert (message["state"], message["duration"], message["end_rule"],
                message["warnings"]) == ("ready", 45 * 60, "one_more", [10, 5])


def test_start_pause_resume_and_one_tables_extra_time() -> None:
    people = _seated()
    boss, referee = people.actors["creator"], people.actors["referee"]
    started = rounds.start_round(people.event, 1, boss)
    event_clock.set_clock(people.event, 1, boss, 30, "finish_hand")
    first, second = tables_of(started)
    event_clock.run(people.event, 1, boss, "start")
    running = round_clock.table_message(first.pk)
    assert running is not None and running["state"] == "running"
    # The time runs out at a moment on the server's clock: what every phone counts to.
    assert abs(running["ends_at"] - (time.time() + 30 * 60) * 1000) < 5000
    event_clock.run(people.event, 1, boss, "pause")
    paused = round_clock.table_message(first.pk)
    assert paused is not None and paused["state"] == "paused" and paused["ends_at"] is None
    left = paused["remaining_ms"]
    event_clock.run(people.event, 1, boss, "resume")
    resumed = round_clock.table_message(first.pk)
    assert resumed is not None and resumed["state"] == "running"
    assert left - 2000 < resumed["remaining_ms"] <= left
    # A referee gives table 2 five minutes: table 2 alone has them.
    assert event_clock.extend(people.event, 1, referee, 2, 5) == 300
    one, two = round_clock.table_message(first.pk), round_clock.table_message(second.pk)
    assert one is not None and two is not None
    assert (one["extra"], two["extra"]) == (0, 300)
    assert 299_000 < two["remaining_ms"] - one["remaining_ms"] < 301_000
    view = event_clock.view(Round.objects.get(pk=started.pk))
    assert view is not None and view["extras"] == {first.public_id: 0, second.public_id: 300}
    event_clock.run(people.event, 1, boss, "reset")
    reset = round_clock.table_message(second.pk)
    assert reset is not None and (reset["state"], reset["extra"]) == ("ready", 0)


@pytest.mark.parametrize(("who", "runs", "extends"), [
    ("creator", True, True), ("organiser", True, True), ("referee", False, True),
    ("player", False, False), ("spectator", False, False), ("stranger", False, False)])
def test_organisers_run_the_clock_and_referees_give_a_table_time(
        who: str, runs: bool, extends: bool) -> None:
    people = _seated()
    rounds.start_round(people.event, 1, people.actors["creator"])
    event_clock.set_clock(people.event, 1, people.actors["creator"], 30, "stop")
    actor = people.actors[who]
    if runs:
        event_clock.run(people.event, 1, actor, "start")
        event_clock.set_clock(people.event, 1, actor, 40, "stop")
    else:
        with pytest.raises(Forbidden):
            event_clock.run(people.event, 1, actor, "start")
        with pytest.raises(Forbidden):
            event_clock.set_clock(people.event, 1, actor, 40, "stop")
    if extends:
        assert event_clock.extend(people.event, 1, actor, 1, 3) == 180
    else:
        with pytest.raises(Forbidden):
            event_clock.extend(people.event, 1, actor, 1, 3)


def test_bad_clock_input_is_refused_by_name() -> None:
    people = _seated()
    boss = people.actors["creator"]
    with pytest.raises(BadCommand) as no_clock:
        event_clock.run(people.event, 1, boss, "start")
    assert no_clock.value.params["reason"] == "no_clock"
    rounds.start_round(people.event, 1, boss)
    for minutes in (0, 24 * 60 + 1, True):
        with pytest.raises(BadCommand):
            event_clock.set_clock(people.event, 1, boss, minutes, "stop")
    event_clock.set_clock(people.event, 1, boss, 30, "stop")
    with pytest.raises(BadCommand):
        event_clock.run(people.event, 1, boss, "explode")
    with pytest.raises(BadCommand) as no_table:
        event_clock.extend(people.event, 1, boss, 9, 5)
    assert no_table.value.params["reason"] == "clock_table"
    with pytest.raises(BadCommand):
        event_clock.set_clock(people.event, 1, boss, 30, "whenever")


def test_the_round_page_shows_each_role_its_part_of_the_clock() -> None:
    people = _seated()
    rounds.start_round(people.event, 1, people.actors["creator"])
    url = reverse("events:round", args=[people.event.public_id, 1])
    action = reverse("events:round-clock", args=[people.event.public_id, 1])
    creator = people.clients["creator"]
    page = creator.get(url).content.decode()
    assert 'id="clock-form"' in page and 'id="no-clock"' in page
    assert "WRC" in page or "World Riichi" in page  # each end rule names its source
    answer = creator.post(action, {"action": "save", "minutes": "50",
                                   "end_rule": "one_more", "warnings": "10，5"})
    assert answer.status_code == 302 and answer["Location"].endswith("#clock")
    page = creator.get(url).content.decode()
    assert 'id="clock-start"' in page and 'id="clock-view"' in page
    assert 'id="screen-link"' in page and "?key=" in page  # a link event's screen key
    creator.post(action, {"action": "start"})
    referee = people.clients["referee"].get(url).content.decode()
    assert 'id="extra-form"' in referee and 'id="clock-buttons"' not in referee
    assert "?key=" not in referee
    answer = people.clients["referee"].post(action, {"action": "extend", "table": "2",
                                                     "minutes": "4"})
    assert answer.status_code == 302
    shown = creator.get(url).content.decode()
    assert 'id="clock-pause"' in shown and 'id="clock-extras"' in shown
    for who in ("player", "spectator"):
        page = people.clients[who].get(url).content.decode()
        assert 'id="clock-view"' in page and 'id="extra-form"' not in page, who
        assert 'id="clock-buttons"' not in page and 'id="clock-form"' not in page, who
        assert people.clients[who].post(action, {"action": "pause"}).status_code == 403
        assert people.clients[who].post(action, {"action": "extend", "table": "1",
                                                 "minutes": "9"}).status_code == 403
    # The referee may not run it: refused by name on the next page.
    people.clients["referee"].post(action, {"action": "pause"})
    after = people.clients["referee"].get(url).content.decode()
    assert "Only the event&#x27;s organisers may do this." in after


@pytest.mark.parametrize("post", [
    {"action": "save", "minutes": "ninety", "end_rule": "stop"},
    {"action": "save", "minutes": "30", "end_rule": "stop", "warnings": "5,5,5,5,5,5,5"},
    {"action": "extend", "table": "99", "minutes": "5"},
    {"action": "extend", "table": "1", "minutes": "0"},
    {"action": "", "minutes": "x"},
    {"action": "start"},
])
def test_bad_form_input_is_a_message_not_a_500(post: dict[str, str]) -> None:
    people = _seated()
    rounds.start_round(people.event, 1, people.actors["creator"])
    answer = people.clients["creator"].post(
        reverse("events:round-clock", args=[people.event.public_id, 1]), post, follow=True)
    assert answer.status_code == 200
    assert 'class="alert alert-error"' in answer.content.decode()
