"""Confirmation by the table over the table's websocket (issue 29): the other three phones
confirm a hand and every phone hears it; a watcher and the recorder's own phone are
refused by name, rights checked on every message."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from games import services
from games.models import Table

from .test_consumer import RON, connect, read_until, seated_client, setup_table

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def asking(table: Table) -> None:
    table.confirm_hands = True
    table.save(update_fields=["confirm_hands"])


def answer(kind: str, command_id: str, base_seq: int, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "command_id": command_id, "base_seq": base_seq, "hand_number": 1,
            **fields}


def html_of(event: dict[str, Any]) -> str:
    return "".join(hand["html"] for hand in event["view"]["hands"])


async def test_three_phones_confirm_and_every_phone_hears_each() -> None:
    table = await setup_table()
    await asking(table)
    phones = [(await seated_client(table, seat))[0] for seat in range(4)]
    await phones[1].send_json_to({"type": "record_hand", "command_id": "r1", "base_seq": 0,
                                  "outcome": RON})
    for phone in phones:
        recorded = await read_until(phone, "hand_recorded")
        assert "data-waiting='0 2 3'" in html_of(recorded)
    names = ["Aiko", "Bo", "Chen", "Dana"]
    for seq, seat in enumerate((0, 2, 3), start=1):
        await phones[seat].send_json_to(answer("confirm_hand", f"c{seat}", seq,
                                               revision=1))
        ack = await read_until(phones[seat], "ack")
        assert ack["event"] == "hand_confirmed" and ack["seq"] == seq + 1
        for phone in phones:
            heard = await read_until(phone, "hand_confirmed")
            assert heard["actor"] == names[seat]
    assert "Confirmed by Aiko, Chen, Dana" in html_of(heard)
    for phone in phones:
        await phone.disconnect()


async def test_the_recorder_and_a_watcher_are_refused_by_name() -> None:
    table = await setup_table()
    await asking(table)
    recorder, _ = await seated_client(table, 1)
    watcher, _ = await connect(table)
    await recorder.send_json_to({"type": "record_hand", "command_id": "r1", "base_seq": 0,
                                 "outcome": RON})
    await read_until(recorder, "ack")
    await recorder.send_json_to(answer("confirm_hand", "own", 1))
    own = await read_until(recorder, "error")
    assert own["code"] == "confirm_own" and own["command_id"] == "own"
    assert own["text"] == ("Hand 1 was recorded from your seat; the other players "
                           "confirm it.")
    await watcher.send_json_to(answer("dispute_hand", "w1", 1, note="wrong"))
    refused = await read_until(watcher, "error")
    assert refused["code"] == "forbidden" and refused["command_id"] == "w1"
    await recorder.send_json_to(answer("dispute_hand", "long", 1, note="x" * 2001))
    bad = await read_until(recorder, "error")
    assert bad["code"] == "bad_message"
    assert [h.get("confirm", {}).get("confirmed") for h in
            (await database_sync_to_async(services.snapshot)(table))["hands"]] == [[]]
    await recorder.disconnect()
    await watcher.disconnect()


async def test_a_phone_back_after_missing_a_confirmation_gets_the_hand_again() -> None:
    table = await setup_table()
    await asking(table)
    recorder, _ = await seated_client(table, 1)
    await recorder.send_json_to({"type": "record_hand", "command_id": "r1", "base_seq": 0,
                                 "outcome": RON})
    await read_until(recorder, "ack")
    seat0 = await database_sync_to_async(services.claim_seat)(
        table, 0, device="seat-0-away", join_key=table.join_key)
    assert seat0.position == 0
    assert (await database_sync_to_async(services.confirm_hand)(
        table.pk, 1, "c1", 1, services.Actor(device="seat-0-away")))["ok"]
    changes = await database_sync_to_async(services.missed_changes)(
        await database_sync_to_async(services.get_table)(table.pk), 1)
    assert changes is not None and changes["hands_from"] == 1
    assert changes["hands"][0]["confirm"]["confirmed"] == [0]
    await recorder.disconnect()
