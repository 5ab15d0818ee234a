"""Events, their entries and officials, as the services write them."""

from __future__ import annotations

import pytest

from common.errors import TableError
from events import permissions, services
from events.models import Entry, Tournament
from games.permissions import Actor

from .helpers import cast, config, device_client, group_of, user_client

pytestmark = pytest.mark.django_db


def test_an_event_copies_its_rules_and_counts_their_seats() -> None:
    _, creator = device_client()
    event = services.create_event("Spring open", creator, config(), rounds=8)
    assert event.ruleset == "riichi" and event.seats == 4 and event.rounds == 8
    assert event.options == config().resolved_options()
    sanma = services.create_event("Sanma cup", creator, config("riichi", "sanma"))
    assert sanma.seats == 3
    assert permissions.role(event, creator) == "organiser"


@pytest.mark.parametrize(("fields", "reason"), [
    ({"rounds": 0}, "event_rounds"), ({"rounds": 65}, "event_rounds"),
    ({"name": ""}, "name_length"), ({"name": "x" * 121}, "name_length"),
])
def test_an_event_out_of_bounds_is_refused_by_name(fields: dict[str, object],
                                                   reason: str) -> None:
    _, creator = device_client()
    args = {"name": "Spring open", **fields}
    name = args.pop("name")
    with pytest.raises(TableError) as caught:
        services.create_event(name, creator, config(), **args)  # type: ignore[arg-type]
    assert caught.value.params["reason"] == reason
    assert not Tournament.objects.exists()


def test_an_event_of_a_group_needs_a_manager_of_the_group() -> None:
    _, owner = device_client()
    club = group_of(owner)
    event = services.create_event("League night", owner, config(), group=club, kind="league")
    assert event.group == club
    _, other = device_client()
    with pytest.raises(TableError) as caught:
        services.create_event("Mine now", other, config(), group=club)
    assert caught.value.code == "forbidden" and caught.value.params["reason"] == "event_group"


def test_entries_are_numbered_in_order_and_a_name_enters_once() -> None:
    _, creator = device_client()
    event = services.create_event("Spring open", creator, config())
    names = ["Aiko", "Bo", "陈", "Dana"]
    numbers = [services.add_player(event, n, creator).number for n in names]
    assert numbers == [1, 2, 3, 4]
    assert services.add_player(event, "Aiko", creator).number == 1
    assert Entry.objects.filter(tournament=event).count() == 4


def test_group_members_enter_by_their_players_and_only_members_do() -> None:
    _, owner = device_client()
    club = group_of(owner)
    event = services.create_event("League night", owner, config(), group=club)
    members = list(club.memberships.values_list("player_id", flat=True))
    entries = services.add_members(event, members[:2], owner)
    assert [e.player_id for e in entries] == members[:2]
    with pytest.raises(TableError) as caught:
        services.add_members(event, [999_999], owner)
    assert caught.value.params["reason"] == "event_member"


def test_a_player_enters_through_the_join_link_once_and_is_known_by_their_browser() -> None:
    c = cast()
    _, phone = device_client()
    entry = services.join(c.event, c.event.join_key, "Eri", phone)
    assert entry.device == phone.device and entry.player.display_name == "Eri"
    assert services.join(c.event, c.event.join_key, "Eri again", phone) == entry
    assert permissions.role(c.event, phone) == "player"
    # A signed-in player enters with their account's player.
    mine = permissions.entry_of(c.event, c.actors["player"])
    assert mine is not None and mine.player.user_id is not None


def test_the_join_link_needs_its_key_and_open_entries() -> None:
    c = cast()
    _, phone = device_client()
    with pytest.raises(TableError) as caught:
        services.join(c.event, "wrong", "Eri", phone)
    assert caught.value.params["reason"] == "event_join_key"
    c.event.registration_open = False
    c.event.save()
    with pytest.raises(TableError) as caught:
        services.join(c.event, c.event.join_key, "Eri", phone)
    assert caught.value.params["reason"] == "event_closed"


def test_referees_mark_absence_and_only_organisers_drop_a_player() -> None:
    c = cast()
    entry = permissions.entry_of(c.event, c.actors["player"])
    assert entry is not None
    services.set_status(c.event, entry.pk, "absent", c.actors["referee"])
    services.set_status(c.event, entry.pk, "active", c.actors["referee"])
    with pytest.raises(TableError) as caught:
        services.set_status(c.event, entry.pk, "dropped", c.actors["referee"])
    assert caught.value.params["reason"] == "event_organise"
    services.set_status(c.event, entry.pk, "dropped", c.actors["organiser"])
    with pytest.raises(TableError):  # nor take a dropout back
        services.set_status(c.event, entry.pk, "active", c.actors["referee"])
    for who in ("player", "spectator", "stranger"):
        with pytest.raises(TableError) as caught:
            services.set_status(c.event, entry.pk, "absent", c.actors[who])
        assert caught.value.code == "forbidden"


def test_officials_are_named_by_account_and_an_unknown_account_is_refused() -> None:
    c = cast()
    assert permissions.role(c.event, c.actors["organiser"]) == "organiser"
    assert permissions.role(c.event, c.actors["referee"]) == "referee"
    with pytest.raises(TableError) as caught:
        services.add_official(c.event, "nobody", "referee", c.actors["creator"])
    assert caught.value.params == {"reason": "no_account", "text": "nobody"}
    with pytest.raises(TableError):
        services.add_official(c.event, "player-account", "organiser", c.actors["referee"])
    official = services.add_official(c.event, "referee-account", "organiser",
                                     c.actors["organiser"])
    assert permissions.role(c.event, c.actors["referee"]) == "organiser"
    services.remove_official(c.event, official.pk, c.actors["creator"])
    assert permissions.role(c.event, c.actors["referee"]) == "spectator"


def test_roles_and_visibility_of_a_private_event() -> None:
    c = cast(visibility="private")
    roles = {who: permissions.role(c.event, actor) for who, actor in c.actors.items()}
    assert roles == {"creator": "organiser", "organiser": "organiser", "referee": "referee",
                     "player": "player", "spectator": "stranger", "stranger": "stranger"}
    staff = Actor(user=user_client("staff", is_staff=True)[1].user)
    assert permissions.role(c.event, staff) == "organiser"


def test_members_of_its_group_see_a_private_event_and_its_managers_organise_it() -> None:
    _, owner = device_client()
    club = group_of(owner)
    event = services.create_event("League night", owner, config(), group=club,
                                  visibility="private")
    _, member = user_client("member")
    aiko = club.memberships.get(player__display_name="Aiko")
    aiko.player.user = member.user
    aiko.player.save()
    assert permissions.role(event, member) == "spectator"
    aiko.manager = True
    aiko.save()
    assert permissions.role(event, member) == "organiser"


def test_only_public_events_and_ones_own_are_listed() -> None:
    c = cast(visibility="link")
    _, creator = device_client()
    public = services.create_event("Open day", creator, config(), visibility="public")
    assert list(permissions.listed_events(c.actors["stranger"])) == [public]
    for who in ("creator", "organiser", "referee", "player"):
        assert c.event in permissions.listed_events(c.actors[who]), who
