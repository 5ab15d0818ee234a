"""The hash chain on the table's websocket (issue 29): every event names its hash and the
one before, every snapshot the latest hashes; a row edited in the database is found at
the next snapshot, shown to every phone, and the table refuses writes by name."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from games import chain, services
from games.devices import device_id
from games.models import Event, Table
from mjsite.asgi import application

from .communicator import WebsocketCommunicator
from .tables import NAMES, new_device, socket_headers

pytestmark = pytest.mark.django_db(transaction=True)

# The dealer keeps winning, bust off: a table goes on as long as a test needs.
RON = {"type": "ron", "wins": [{"winner": 0, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}


@database_sync_to_async
def table_with_hands(hands: int) -> Table:
    table = services.create_table("Chain", "riichi", "", {"bust_ends_game": False}, NAMES,
                                  creator=services.Actor(device="creator"))
    for i in range(hands):
        assert services.record_hand(table.pk, RON, f"cmd-{i}", i,
                                    services.Actor(device="creator"))["ok"]
    table.refresh_from_db()
    return table


async def seated(table: Table, position: int, query: str = "") -> WebsocketCommunicator:
    key = new_device()[0]
    await database_sync_to_async(services.claim_seat)(table, position, device=device_id(key),
                                                      join_key=table.join_key)
    comm = WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/{query}",
                                 headers=socket_headers(key))
    assert (await comm.connect())[0]
    return comm


async def next_of(comm: WebsocketCommunicator, kind: str) -> dict[str, Any]:
    while True:
        message = await comm.receive_json_from()
        if message["type"] == kind:
            return message


async def test_events_and_snapshots_carry_the_chain() -> None:
    table = await table_with_hands(2)
    phone = await seated(table, 0)
    first = await next_of(phone, "snapshot")
    assert first["chain"]["seq"] == 2 and first["chain"]["head"] == table.chain_head
    assert first["chain"]["changed"] is None and first["chain"]["text"] == ""
    await phone.send_json_to({"type": "record_hand", "command_id": "c3", "base_seq": 2,
                              "outcome": RON})
    event = await next_of(phone, "hand_recorded")
    assert event["chain"]["prev"] == table.chain_head[:16]
    stored = await database_sync_to_async(
        lambda: Event.objects.get(table=table, seq=3).hash)()
    assert event["chain"]["hash"] == stored[:16]
    await phone.disconnect()


async def test_a_row_edited_in_the_database_is_shown_on_every_phone() -> None:
    table = await table_with_hands(7)
    phones = [await seated(table, p) for p in range(4)]
    for phone in phones:
        assert (await next_of(phone, "snapshot"))["chain"]["changed"] is None

    @database_sync_to_async
    def edit() -> None:
        Event.objects.filter(table=table, seq=7).update(payload={"outcome": {
            "type": "ron", "wins": [{"winner": 0, "discarder": 3, "quick": {"han": 5,
                                                                           "fu": 30}}]}})
        chain.forget()

    await edit()
    # The next snapshot finds it; every phone gets one that says so.
    await phones[0].send_json_to({"type": "get_snapshot", "request_id": "r1"})
    for phone in phones:
        message = await next_of(phone, "snapshot")
        while message["chain"]["changed"] is None:
            message = await next_of(phone, "snapshot")
        assert message["chain"]["changed"]["seq"] == 7
        assert message["chain"]["text"] == ("The history of this table was changed outside "
                                            "mjsite after hand 6.")
    await phones[1].send_json_to({"type": "record_hand", "command_id": "c8", "base_seq": 7,
                                  "outcome": RON})
    refused = await next_of(phones[1], "error")
    assert refused["code"] == "history_changed" and refused["command_id"] == "c8"
    assert "after hand 6" in refused["text"]
    for phone in phones:
        await phone.disconnect()


async def test_a_phone_that_kept_another_hash_marks_the_table() -> None:
    table = await table_with_hands(3)
    other = "f" * 64
    phone = await seated(table, 2, f"?chain=3.{other}")
    first = await next_of(phone, "snapshot")
    assert first["chain"]["at"] == {"seq": 3, "hash": table.chain_head}
    # It said it saw another history: the table is marked, and every phone told.
    assert first["chain"]["changed"]["source"] == "phone"
    assert "a phone had seen a different history up to hand 3" in first["chain"]["text"]
    assert (await next_of(phone, "snapshot"))["chain"]["changed"]["source"] == "phone"
    await phone.disconnect()
