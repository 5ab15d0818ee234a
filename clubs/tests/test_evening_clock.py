"""An evening's round clock (issue 28, clubs.evening_clock): its members set, start,
pause, resume, extend and remove it from the evening page; it times all the evening's
tables or one, follows tables coming and going; strangers and watchers may not run it,
and bad input comes back as a sentence, never a 500."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from clubs import evening_clock, services
from clubs.models import Evening
from common.errors import BadCommand, Forbidden
from games.devices import COOKIE_NAME
from games.models import Clock, ClockState, ClockTable
from games.permissions import Actor

from .helpers import OWNER, OWNER_TOKEN, group, table

pytestmark = pytest.mark.django_db


def _night(visibility: str = "link") -> tuple[Evening, list[int]]:
    club = group(visibility=visibility)
    night = services.create_evening(club, "Club night", OWNER)
    tables = [table(), table()]
    for each in tables:
        services.attach_table(each, club, OWNER, night)
    return night, [t.pk for t in tables]


def _owner() -> Client:
    client = Client()
    client.cookies[COOKIE_NAME] = OWNER_TOKEN
    return client


def test_the_evenings_clock_times_all_its_tables_and_follows_them() -> None:
    night, tables = _night()
    clock = evening_clock.set_clock(night, OWNER, 90, "one_more", [15, 5])
    assert clock.duration == 5400 and clock.warnings == [15, 5]
    assert set(ClockTable.objects.filter(clock=clock).values_list("table_id", flat=True)) \
        == set(tables)
    late = table()
    services.attach_table(late, night.group, OWNER, night)
    assert ClockTable.objects.filter(clock=clock, table=late).exists()
    services.detach_table(late, OWNER)
    assert not ClockTable.objects.filter(table=late).exists()


def test_a_clock_for_one_table_times_that_table_alone() -> None:
    night, tables = _night()
    one = night.links.get(table_id=tables[1]).table
    clock = evening_clock.set_clock(night, OWNER, 45, "stop", [], one)
    assert list(ClockTable.objects.filter(clock=clock).values_list("table_id", flat=True)) \
        == [one.pk]
    # Back to every table: the same clock, the time run kept.
    evening_clock.run(night, OWNER, "start")
    night.refresh_from_db()
    again = evening_clock.set_clock(night, OWNER, 60, "stop", [])
    assert again.pk == clock.pk and again.state == ClockState.RUNNING
    assert ClockTable.objects.filter(clock=clock).count() == 2


def test_start_pause_resume_extend_and_remove_from_the_evening_page() -> None:
    night, tables = _night()
    owner = _owner()
    url = reverse("clubs:evening-clock", args=[night.public_id])
    page = reverse("clubs:evening", args=[night.public_id])
    assert 'id="clock-form"' in owner.get(page).content.decode()
    saved = owner.post(url, {"action": "save", "minutes": "60", "end_rule": "finish_hand",
                             "warnings": "10, 5"})
    assert saved.status_code == 302 and saved["Location"].endswith("#clock")
    clock = Clock.objects.get(evening=night)
    for action, state in (("start", "running"), ("pause", "paused"), ("resume", "running")):
        owner.post(url, {"action": action})
        clock.refresh_from_db()
        assert clock.state == state
    shown = owner.get(page).content.decode()
    assert 'id="clock-pause"' in shown and "evening-clock" in shown
    key = night.links.get(table_id=tables[0]).table.public_id
    owner.post(url, {"action": "extend", "table": key, "minutes": "5"})
    assert ClockTable.objects.get(table_id=tables[0]).extra == 300
    assert "5 min extra" in owner.get(page).content.decode()
    owner.post(url, {"action": "remove"})
    assert not Clock.objects.filter(pk=clock.pk).exists()


@pytest.mark.parametrize("post", [
    {"action": "save", "minutes": "0", "end_rule": "stop"},
    {"action": "save", "minutes": "abc", "end_rule": "stop"},
    {"action": "save", "minutes": "60", "end_rule": "whenever"},
    {"action": "save", "minutes": "60", "end_rule": "stop", "warnings": "5, x"},
    {"action": "save", "minutes": "60", "end_rule": "stop", "warnings": "1,2,3,4,5,6"},
    {"action": "save", "minutes": "60", "end_rule": "stop", "table": "no-such-table"},
    {"action": "extend", "table": "no-such-table", "minutes": "5"},
    {"action": "extend", "minutes": "0"},
    {"action": "start"},  # no clock yet
    {"action": "explode"},
    {},
])
def test_bad_clock_input_is_said_on_the_page_never_a_500(post: dict[str, str]) -> None:
    night, _tables = _night()
    owner = _owner()
    answer = owner.post(reverse("clubs:evening-clock", args=[night.public_id]), post,
                        follow=True)
    assert answer.status_code == 200
    assert 'class="alert alert-error"' in answer.content.decode() or \
        "alert-error" in answer.content.decode()
    assert not Clock.objects.filter(evening=night).exists()


def test_only_the_groups_members_run_the_clock() -> None:
    night, _tables = _night()
    evening_clock.set_clock(night, OWNER, 30, "stop")
    stranger = Client()
    url = reverse("clubs:evening-clock", args=[night.public_id])
    assert stranger.post(url, {"action": "start"}).status_code == 403
    assert Clock.objects.get(evening=night).state == ClockState.READY
    page = stranger.get(reverse("clubs:evening", args=[night.public_id])).content.decode()
    assert 'id="clock-form"' not in page and 'id="clock-start"' not in page
    assert 'data-clock' in page  # watchers see the clock
    with pytest.raises(Forbidden):
        evening_clock.run(night, Actor(device="someone-else"), "start")
    with pytest.raises(BadCommand):
        evening_clock.run(night, OWNER, "explode")


def test_a_private_groups_evening_clock_is_not_found_by_strangers() -> None:
    night, _tables = _night(visibility="private")
    url = reverse("clubs:evening-clock", args=[night.public_id])
    assert Client().post(url, {"action": "start"}).status_code == 404
