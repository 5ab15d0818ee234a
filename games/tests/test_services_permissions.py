"""Who may watch and who may write: seated players, the creator, staff; strangers read
public and link tables only."""

from __future__ import annotations

import pytest

from games import services
from games.permissions import Actor, can_view, can_write, is_creator, seat_of

from .tables import CREATOR, make_table, seated, user

pytestmark = pytest.mark.django_db

STRANGER = Actor(device="stranger")


@pytest.mark.parametrize(("visibility", "stranger_sees"), [
    ("public", True), ("link", True), ("private", False)])
def test_strangers_view_public_and_link_tables_only(visibility, stranger_sees):
    table = make_table(visibility=visibility)
    assert can_view(table, STRANGER) is stranger_sees
    assert can_view(table, Actor()) is stranger_sees
    assert can_write(table, STRANGER) is False
    assert can_view(table, CREATOR) and can_write(table, CREATOR)


def test_seated_player_reads_and_writes_a_private_table_until_released():
    table = make_table(visibility="private")
    actor = seated(table, 1)
    assert can_view(table, actor) and can_write(table, actor)
    seat = seat_of(table, actor)
    assert seat is not None and seat.position == 1
    services.release_seat(table, 1, actor)
    assert not can_view(table, actor) and not can_write(table, actor)


def test_staff_and_the_creating_user_may_write():
    owner = user("owner")
    table = services.create_table("t", "riichi", "", {}, ["A", "B", "C", "D"],
                                  creator=Actor(user=owner), visibility="private")
    assert is_creator(table, Actor(user=owner)) and can_write(table, Actor(user=owner))
    staff = user("staff", is_staff=True)
    assert can_write(table, Actor(user=staff)) and can_view(table, Actor(user=staff))
    assert not can_write(table, Actor(user=user("someone")))


def test_user_linked_to_the_seats_player_may_write():
    table = make_table(visibility="private")
    member = user("chen")
    seat = table.seats.get(position=2)
    seat.player.user = member
    seat.player.save()
    assert can_write(table, Actor(user=member))


def test_a_seat_held_by_someone_else_cannot_be_claimed():
    table = make_table()
    seated(table, 0, key="first")
    with pytest.raises(services.TableError) as info:
        services.claim_seat(table, 0, device="second", join_key=table.join_key)
    assert info.value.code == "seat_taken"
    services.claim_seat(table, 0, device="first")  # claiming again is harmless


def test_a_browser_holds_one_seat_per_table():
    table = make_table()
    seated(table, 0, key="phone")
    services.claim_seat(table, 3, device="phone")  # moving needs no join key
    assert [s.position for s in table.seats.all() if s.claimed_device == "phone"] == [3]


def test_claiming_needs_a_device_or_a_user_and_a_valid_position():
    table = make_table()
    with pytest.raises(services.TableError):
        services.claim_seat(table, 0, join_key=table.join_key)
    with pytest.raises(services.TableError):
        services.claim_seat(table, 4, device="k", join_key=table.join_key)


@pytest.mark.parametrize("visibility", ["public", "link"])
def test_a_viewer_sits_down_only_with_the_join_key(visibility):
    # Watching a public or link table (knowing its public id) is not enough to sit at
    # it and write to it (issue 13): the join link carries a secret of its own.
    table = make_table(visibility=visibility)
    assert can_view(table, STRANGER)
    wrong = ("A" if table.join_key[0] != "A" else "B") + table.join_key[1:]
    for key in (None, "", table.public_id, wrong):
        with pytest.raises(services.TableError) as info:
            services.claim_seat(table, 0, device="stranger", join_key=key)
        assert info.value.code == "join_key_needed"
    assert not can_write(table, STRANGER)
    services.claim_seat(table, 0, device="stranger", join_key=table.join_key)
    assert can_write(table, STRANGER)
    assert table.join_key != table.public_id


def test_the_creator_staff_and_a_linked_user_sit_without_the_join_key():
    table = make_table()
    services.claim_seat(table, 0, device=CREATOR.device)
    staff = user("boss", is_staff=True)
    services.claim_seat(table, 1, user=staff)
    member = user("chen")
    seat = table.seats.get(position=2)
    seat.player.user = member
    seat.player.save()
    services.claim_seat(table, 2, user=member)
    with pytest.raises(services.TableError):
        services.claim_seat(table, 3, user=user("someone"))
    assert [s.is_claimed for s in table.seats.order_by("position")] == [True, True, True,
                                                                           False]


def test_only_the_holder_creator_or_staff_release_a_seat():
    table = make_table()
    seated(table, 2, key="holder")
    with pytest.raises(services.TableError) as info:
        services.release_seat(table, 2, STRANGER)
    assert info.value.code == "forbidden"
    services.release_seat(table, 2, CREATOR)
    assert not table.seats.get(position=2).is_claimed


def test_visibility_is_changed_by_writers_only():
    table = make_table()
    with pytest.raises(services.TableError):
        services.set_visibility(table, "private", STRANGER)
    services.set_visibility(table, "private", CREATOR)
    table.refresh_from_db()
    assert table.visibility == "private" and not can_view(table, STRANGER)


def test_listed_tables_show_public_ones_and_the_viewers_own():
    public = make_table(visibility="public")
    link = make_table(visibility="link")
    private = make_table(visibility="private")
    assert set(services.listed_tables(STRANGER)) == {public}
    seated(private, 0, key="phone")
    assert set(services.listed_tables(Actor(device="phone"))) == {public, private}
    assert set(services.listed_tables(CREATOR)) == {public, link, private}
    staff = Actor(user=user("boss", is_staff=True))
    assert services.listed_tables(staff).count() == 3
