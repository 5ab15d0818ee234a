"""The event pages through the Django test client: each role's view and writes (the
organiser, referee, player, spectator and stranger of issue 27), the join link, and
refusals shown as sentences rather than errors."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation

from events import permissions, services
from events.models import Entry, Official, Status, Tournament

from .helpers import cast, config, device_client, group_of, user_client

pytestmark = pytest.mark.django_db

ROLES = ["creator", "organiser", "referee", "player", "spectator", "stranger"]


def _url(name: str, event: Tournament) -> str:
    return reverse(f"events:{name}", args=[event.public_id])


def test_an_event_is_created_from_its_form_and_opens_for_its_creator() -> None:
    client, creator = device_client()
    answer = client.post(reverse("events:new"), {
        "name": "春季大会", "kind": "tournament", "config": config().pk, "rounds": "6",
        "visibility": "private", "starts_at": "2026-12-05T10:00", "description": ""})
    event = Tournament.objects.get()
    assert answer.status_code == 302 and answer["Location"] == _url("detail", event)
    assert event.rounds == 6 and event.created_by is None and event.creator_device
    page = client.get(answer["Location"]).content.decode()
    assert "春季大会" in page and 'id="join-url"' in page and 'id="official-form"' in page
    assert Client().get(answer["Location"]).status_code == 404  # private


def test_the_new_event_form_refuses_bad_rounds_with_its_fields_kept() -> None:
    client, _ = device_client()
    answer = client.post(reverse("events:new"), {
        "name": "Spring open", "kind": "tournament", "config": config().pk, "rounds": "99",
        "visibility": "link"})
    assert answer.status_code == 200 and not Tournament.objects.exists()
    assert 'value="Spring open"' in answer.content.decode()


def test_the_new_event_form_offers_only_groups_the_reader_manages() -> None:
    client, owner = device_client()
    club = group_of(owner)
    assert club.name in client.get(reverse("events:new")).content.decode()
    other, _ = device_client()
    assert club.name not in other.get(reverse("events:new")).content.decode()


@pytest.mark.parametrize("visibility", ["link", "private"])
def test_each_role_sees_what_it_may_on_the_event_page(visibility: str) -> None:
    c = cast(visibility=visibility)
    url = _url("detail", c.event)
    for who in ROLES:
        answer = c.clients[who].get(url)
        # Without a role, a private event does not exist; a link-only one is open to
        # whoever has the link (and not listed: see the list's test).
        if who in ("spectator", "stranger") and visibility == "private":
            assert answer.status_code == 404, who
            continue
        page = answer.content.decode()
        assert answer.status_code == 200 and "Spring open" in page, who
        assert ('id="join-url"' in page) == (who in ("creator", "organiser", "referee")), who
        assert ('id="add-player-form"' in page) == (who in ("creator", "organiser")), who
        assert ('id="event-settings-link"' in page) == (who in ("creator", "organiser")), who
        assert ('id="my-entry"' in page) == (who == "player"), who
        assert (c.event.join_key in page) == (who in ("creator", "organiser", "referee")), who


def test_only_organisers_open_the_settings_and_save_them() -> None:
    c = cast()
    url = _url("settings", c.event)
    data = {"name": "Spring open 2", "kind": "league", "rounds": "5", "visibility": "public",
            "description": "", "starts_at": ""}
    for who in ROLES:
        expected = 200 if who in ("creator", "organiser") else 403
        assert c.clients[who].get(url).status_code == expected, who
        answer = c.clients[who].post(url, data)
        assert answer.status_code == (302 if expected == 200 else 403), who
    c.event.refresh_from_db()
    assert (c.event.name, c.event.kind, c.event.rounds, c.event.registration_open) == \
        ("Spring open 2", "league", 5, False)


def test_organisers_enter_players_by_name_and_others_are_refused_with_a_sentence() -> None:
    c = cast()
    url = _url("players", c.event)
    for who in ("referee", "player", "spectator"):
        page = c.clients[who].post(url, {"action": "add", "name": f"by {who}"}, follow=True)
        assert page.status_code == 200
        assert "Only the event&#x27;s organisers may do this." in page.content.decode(), who
    assert c.clients["stranger"].post(url, {"action": "add", "name": "x"}).status_code == 302
    assert c.clients["organiser"].post(url, {"action": "add", "name": "Aiko"}).status_code == 302
    names = set(Entry.objects.filter(tournament=c.event)
                .values_list("player__display_name", flat=True))
    assert names == {"player-account", "Aiko"}


def test_a_referee_marks_a_player_absent_from_the_page() -> None:
    c = cast()
    entry = permissions.entry_of(c.event, c.actors["player"])
    assert entry is not None
    url = _url("players", c.event)
    c.clients["referee"].post(url, {"action": "status", "entry": entry.pk, "status": "absent"})
    entry.refresh_from_db()
    assert entry.status == Status.ABSENT
    c.clients["player"].post(url, {"action": "status", "entry": entry.pk, "status": "active"})
    entry.refresh_from_db()
    assert entry.status == Status.ABSENT
    c.clients["creator"].post(url, {"action": "remove", "entry": entry.pk})
    assert not Entry.objects.filter(pk=entry.pk).exists()


def test_nonsense_posted_to_the_players_is_a_message_not_an_error() -> None:
    c = cast()
    url = _url("players", c.event)
    for data in ({}, {"action": "status", "entry": "x"}, {"action": "status", "entry": "999",
                                                         "status": "absent"},
                 {"action": "status", "entry": "1", "status": "gone"},
                 {"action": "add", "name": "x" * 65}, {"action": "members", "members": "1"}):
        answer = c.clients["creator"].post(url, data, follow=True)
        assert answer.status_code == 200, data
        assert 'class="alert alert-error"' in answer.content.decode(), data


def test_organisers_name_officials_on_the_page() -> None:
    c = cast()
    url = _url("officials", c.event)
    user_client("floor-judge")
    c.clients["creator"].post(url, {"username": "floor-judge", "role": "referee"})
    assert Official.objects.filter(tournament=c.event, user__username="floor-judge").exists()
    page = c.clients["creator"].post(url, {"username": "ghost", "role": "referee"},
                                     follow=True).content.decode()
    assert "There is no account called “ghost”." in page
    judge = Official.objects.get(user__username="floor-judge")
    c.clients["referee"].post(url, {"remove": judge.pk})
    assert Official.objects.filter(pk=judge.pk).exists()
    c.clients["organiser"].post(url, {"remove": judge.pk})
    assert not Official.objects.filter(pk=judge.pk).exists()


def test_a_phone_enters_through_the_join_link_and_sees_its_entry() -> None:
    c = cast(visibility="private")
    phone, actor = device_client()
    url = _url("join", c.event)
    assert phone.get(url).status_code == 404  # no key: a private event does not exist
    page = phone.get(url, {"k": c.event.join_key})
    assert page.status_code == 200 and 'id="join-form"' in page.content.decode()
    answer = phone.post(url, {"k": c.event.join_key, "name": "山田"})
    assert answer.status_code == 302 and answer["Location"] == _url("detail", c.event)
    page = phone.get(answer["Location"]).content.decode()
    assert 'id="my-entry"' in page and "山田" in page
    assert permissions.role(c.event, actor) == "player"
    again = phone.get(url, {"k": c.event.join_key}).content.decode()
    assert 'id="already-entered"' in again


def test_the_join_link_with_a_wrong_key_is_refused() -> None:
    c = cast()
    phone, _ = device_client()
    assert phone.get(_url("join", c.event), {"k": "wrong"}).status_code == 403
    assert phone.post(_url("join", c.event), {"k": "wrong", "name": "x"}).status_code == 403
    assert Entry.objects.filter(tournament=c.event).count() == 1


def test_closed_entries_say_so_on_the_join_page() -> None:
    c = cast()
    c.event.registration_open = False
    c.event.save()
    phone, _ = device_client()
    with translation.override("ja"):
        page = phone.get(_url("join", c.event), {"k": c.event.join_key},
                         HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert 'id="join-form"' not in page


def test_group_members_are_entered_from_the_page() -> None:
    client, owner = device_client()
    club = group_of(owner)
    event = services.create_event("League night", owner, config(), group=club, kind="league")
    page = client.get(_url("detail", event)).content.decode()
    assert 'id="add-members-form"' in page and "Aiko" in page
    ids = list(club.memberships.values_list("player_id", flat=True))
    client.post(_url("players", event), {"action": "members", "members": ids})
    assert Entry.objects.filter(tournament=event).count() == 3
    assert 'id="add-members-form"' not in client.get(_url("detail", event)).content.decode()


def test_the_list_shows_public_events_and_the_readers_own() -> None:
    c = cast()
    _, creator = device_client()
    services.create_event("Open day", creator, config(), visibility="public")
    listed = c.clients["stranger"].get(reverse("events:list")).content.decode()
    assert "Open day" in listed and "Spring open" not in listed
    for who in ("creator", "player"):
        assert "Spring open" in c.clients[who].get(reverse("events:list")).content.decode()


def test_a_private_event_refuses_every_write_of_a_stranger_as_if_it_did_not_exist() -> None:
    c = cast(visibility="private")
    stranger = c.clients["stranger"]
    entry = Entry.objects.get(tournament=c.event)
    for name, data in (("players", {"action": "add", "name": "x"}),
                       ("players", {"action": "status", "entry": entry.pk, "status": "absent"}),
                       ("officials", {"username": "referee-account", "role": "organiser"}),
                       ("settings", {"name": "x", "kind": "league", "rounds": "2",
                                     "visibility": "public"})):
        assert stranger.post(_url(name, c.event), data).status_code == 404, name
    entry.refresh_from_db()
    assert entry.status == Status.ACTIVE and Entry.objects.filter(tournament=c.event).count() == 1
    assert Official.objects.get(user__username="referee-account").role == "referee"


def test_the_event_page_reads_the_same_number_of_rows_for_4_or_40_players(
        django_assert_max_num_queries: Any) -> None:
    c = cast()
    client = c.clients["creator"]
    url = _url("detail", c.event)
    for n in range(3):
        services.add_player(c.event, f"P{n}", c.actors["creator"])
    client.get(url)  # the session and the caches settle
    with CaptureQueriesContext(connection) as few:
        client.get(url)
    for n in range(3, 39):
        services.add_player(c.event, f"P{n}", c.actors["creator"])
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert client.get(url).content.decode().count("data-entry=") == 40


def test_players_entered_after_the_start_are_marked_late() -> None:
    start = timezone.now() - dt.timedelta(hours=1)
    c = cast(starts_at=start)
    services.add_player(c.event, "Late Lee", c.actors["creator"])
    Entry.objects.filter(player__display_name="player-account").update(
        entered_at=start - dt.timedelta(minutes=5))
    page = c.clients["creator"].get(_url("detail", c.event)).content.decode()
    late = [e.player.display_name for e in Entry.objects.filter(tournament=c.event) if e.late]
    assert late == ["Late Lee"] and page.count("muted small\">late<") == 1
