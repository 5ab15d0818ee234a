"""Table-centre mode (issue 28): one tablet in the middle of the table records for every
seat. It becomes the centre tablet with the join link's key or the right to write, never
by watching; a newer tablet replaces it; it ends by the tablet, the creator or staff; its
writes and declarations count for any player, over the same socket as the phones."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from common.errors import Forbidden, JoinKeyNeeded
from games import services
from games.devices import COOKIE_NAME, device_id
from games.models import Seat, Table
from games.permissions import Actor, can_write, for_every_seat, is_centre, own_tables

from .tables import CREATOR, command_id, make_table, new_device, seated
from .test_consumer import connect

RON = {"type": "ron", "riichi": [2], "wins": [{"winner": 2, "discarder": 0,
                                               "quick": {"han": 2, "fu": 40}}]}


def _tablet() -> tuple[Client, Actor]:
    token, device = new_device()
    client = Client()
    client.cookies[COOKIE_NAME] = token
    return client, Actor(device=device)


@pytest.mark.django_db
def test_the_join_key_makes_a_device_the_centre_tablet_that_writes_for_every_seat() -> None:
    table = make_table()
    tablet = Actor(device="tablet-device")
    assert not can_write(table, tablet)
    services.put_in_centre(table, tablet, table.join_key)
    table.refresh_from_db()
    assert is_centre(table, tablet) and can_write(table, tablet) and for_every_seat(table, tablet)
    assert Table.objects.filter(own_tables(tablet)).filter(pk=table.pk).exists()
    # It records a hand and declares for any player, named as the table's tablet.
    assert services.declare(table, 2, True, command_id(), table.seq, tablet)["ok"]
    table.refresh_from_db()
    assert services.record_hand(table.pk, RON, command_id(), table.seq, tablet)["ok"]
    hand = services.snapshot(table)["hands"][-1]
    assert hand["recorded_by"] == "centre"


@pytest.mark.django_db
@pytest.mark.parametrize("key", [None, "", "wrong", 42, "\ud800"])
def test_watching_is_not_enough_to_become_the_centre_tablet(key: Any) -> None:
    table = make_table(visibility="public")
    with pytest.raises(JoinKeyNeeded) as refused:
        services.put_in_centre(table, Actor(device="stranger"), key)
    assert refused.value.params["reason"] == "centre_key"
    table.refresh_from_db()
    assert table.centre_device == ""


@pytest.mark.django_db
def test_the_creator_puts_a_tablet_of_theirs_in_the_middle_without_the_key() -> None:
    table = make_table()
    services.put_in_centre(table, CREATOR)
    table.refresh_from_db()
    assert table.centre_device == CREATOR.device


@pytest.mark.django_db
def test_a_seated_phone_that_becomes_the_centre_gives_up_its_seat() -> None:
    table = make_table()
    bo = seated(table, 1)
    services.put_in_centre(table, bo)
    assert not Seat.objects.get(table=table, position=1).is_claimed
    table.refresh_from_db()
    assert is_centre(table, bo) and can_write(table, bo)


@pytest.mark.django_db
def test_a_newer_tablet_replaces_the_old_one_which_may_then_only_watch() -> None:
    table = make_table()
    old, new = Actor(device="old-tablet"), Actor(device="new-tablet")
    services.put_in_centre(table, old, table.join_key)
    services.put_in_centre(table, new, table.join_key)
    table.refresh_from_db()
    assert not can_write(table, old) and can_write(table, new)
    refused = services.record_hand(table.pk, RON, command_id(), table.seq, old)
    assert refused["error"]["code"] == "forbidden"


@pytest.mark.django_db
def test_only_the_tablet_the_creator_or_staff_end_table_centre_mode() -> None:
    table = make_table()
    tablet = Actor(device="tablet-device")
    services.put_in_centre(table, tablet, table.join_key)
    for stranger in (Actor(device="someone"), seated(table, 3)):
        with pytest.raises(Forbidden):
            services.leave_centre(table, stranger)
    services.leave_centre(table, tablet)
    table.refresh_from_db()
    assert table.centre_device == "" and not can_write(table, tablet)
    services.put_in_centre(table, tablet, table.join_key)
    services.leave_centre(table, CREATOR)
    table.refresh_from_db()
    assert table.centre_device == ""


@pytest.mark.django_db
def test_the_centre_page_offers_the_mode_to_a_key_holder_and_refuses_a_watcher() -> None:
    table = make_table()
    url = reverse("games:centre", args=[table.public_id])
    watcher, _ = _tablet()
    page = watcher.get(url)
    assert page.status_code == 200 and 'id="join-key-needed"' in page.content.decode()
    refused = watcher.post(url, follow=True)  # no key: said on the page, no 500
    assert refused.status_code == 200 and "join link" in refused.content.decode()
    table.refresh_from_db()
    assert table.centre_device == ""
    tablet, actor = _tablet()
    assert 'id="start-centre"' in tablet.get(url, {"key": table.join_key}).content.decode()
    started = tablet.post(url, {"key": table.join_key})
    assert started.status_code == 302 and started["Location"] == url
    board = tablet.get(url).content.decode()
    assert 'class="centre-board"' in board and board.count('class="centre-side"') == 4
    assert "js/centre.js" in board
    table.refresh_from_db()
    assert table.centre_device == actor.device
    left = tablet.post(url, {"action": "leave"})
    assert left.status_code == 302
    table.refresh_from_db()
    assert table.centre_device == ""


@pytest.mark.django_db
def test_a_private_tables_centre_page_needs_the_key_and_hides_the_table_otherwise() -> None:
    table = make_table(visibility="private")
    url = reverse("games:centre", args=[table.public_id])
    stranger, _ = _tablet()
    assert stranger.get(url).status_code == 403
    assert stranger.post(url, {"key": "wrong"}).status_code == 403
    tablet, _ = _tablet()
    assert tablet.post(url, {"key": table.join_key}).status_code == 302
    # The tablet now opens the table (private) without the key.
    assert tablet.get(reverse("games:table", args=[table.public_id])).status_code == 200


@pytest.mark.django_db
def test_a_three_player_tablet_has_three_sides() -> None:
    table = services.create_table("Sanma", "riichi", "sanma", {}, ["A", "B", "C"],
                                  creator=CREATOR)
    tablet, _ = _tablet()
    url = reverse("games:centre", args=[table.public_id])
    tablet.post(url, {"key": table.join_key})
    board = tablet.get(url).content.decode()
    assert 'data-players="3"' in board and board.count('class="centre-side"') == 3


@pytest.mark.django_db
def test_the_join_page_offers_the_tablet_to_key_holders_only() -> None:
    table = make_table()
    join = reverse("games:join", args=[table.public_id])
    assert 'id="centre-offer"' not in _tablet()[0].get(join).content.decode()
    assert 'id="centre-offer"' in _tablet()[0].get(join, {"key": table.join_key}).content.decode()


@pytest.mark.django_db(transaction=True)
async def test_the_centre_tablets_socket_writes_and_a_replaced_tablet_loses_it_at_once() -> None:
    table = await database_sync_to_async(make_table)()
    token, device = new_device()
    await database_sync_to_async(services.put_in_centre)(table, Actor(device=device),
                                                         table.join_key)
    comm, first = await connect(table, token)
    assert first["you"] == {"can_write": True, "seat": None, "is_creator": False}
    await comm.send_json_to({"type": "record_hand", "command_id": "c1", "base_seq": 0,
                             "outcome": RON})
    ack = await comm.receive_json_from()
    while ack["type"] != "ack":
        ack = await comm.receive_json_from()
    assert ack["seq"] == 1
    # Another tablet takes its place: this one gets a snapshot that says it only watches.
    await database_sync_to_async(services.put_in_centre)(table, Actor(device=device_id("x")),
                                                         table.join_key)
    message = await comm.receive_json_from()
    while message.get("type") != "snapshot":
        message = await comm.receive_json_from()
    assert message["you"]["can_write"] is False
    await comm.disconnect()
