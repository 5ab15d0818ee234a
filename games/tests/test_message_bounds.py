"""Whole numbers in a table socket's messages are bounded (issue 24, finding 8): an
``entering`` message with ``hand_number`` 2**70 passed validation and was relayed to the
other phones as presence, where the channel layer's msgpack raised OverflowError."""

from __future__ import annotations

import msgpack
import pytest

from games.messages import INT_LIMIT, BadMessage, parse_inbound

from .test_consumer import seated_client, setup_table


@pytest.mark.parametrize("value", [2**64, 2**70, INT_LIMIT, -INT_LIMIT - 1, -2**63 - 1])
@pytest.mark.parametrize(("kind", "name", "extra"), [
    ("entering", "hand_number", {"active": True}),
    ("preview", "hand_number", {"outcome": {}}),
    ("correct_hand", "hand_number", {"command_id": "c", "base_seq": 0, "outcome": {}}),
    ("record_hand", "base_seq", {"command_id": "c", "outcome": {}}),
    ("declare", "player", {"command_id": "c", "base_seq": 0, "on": True}),
])
def test_a_whole_number_past_the_limit_is_a_bad_message_naming_it(value, kind, name, extra):
    with pytest.raises(BadMessage, match=name):
        parse_inbound({"type": kind, name: value, **extra})


def test_the_largest_accepted_number_is_one_the_channel_layer_can_carry():
    message = parse_inbound({"type": "entering", "active": True, "hand_number": INT_LIMIT - 1})
    assert msgpack.unpackb(msgpack.packb(dict(message))) == dict(message)


@pytest.mark.django_db(transaction=True)
async def test_the_phone_is_told_and_the_table_goes_on():
    table = await setup_table()
    writer, _ = await seated_client(table, 0)
    await writer.send_json_to({"type": "entering", "active": True, "hand_number": 2**70})
    error = await writer.receive_json_from()
    assert error["type"] == "error" and error["code"] == "bad_message"
    assert "hand_number" in error["message"]
    await writer.send_json_to({"type": "get_snapshot", "request_id": "r1"})
    reply = await writer.receive_json_from()
    assert reply["type"] == "snapshot" and reply["request_id"] == "r1"
    await writer.disconnect()
