"""Every websocket message is declared once (games.messages.INBOUND: its schema, what it
does, the rate it counts against) and dispatched through that declaration to the
consumer's method of its name; the table page hands the list to its scripts, so
static/js/sync.js keeps no copy of it."""

from __future__ import annotations

import inspect
import json
import re
from typing import Any, get_type_hints

import pytest
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.test import Client

from games.consumers import TableConsumer
from games.messages import INBOUND, TABLE_EVENTS, BadMessage, parse_inbound, protocol
from mjsite.settings import BASE_DIR

from .test_consumer import RON, TSUMO, connect, read_until, seated_client, setup_table

# One valid message of each type, in an order the table accepts them (a hand before its
# undo...). A new message needs a line here: the test below fails until it has one.
SAMPLES: list[dict[str, Any]] = [
    {"type": "record_hand", "command_id": "w1", "base_seq": 0, "outcome": RON},
    {"type": "undo", "command_id": "w2", "base_seq": 1},
    {"type": "redo", "command_id": "w3", "base_seq": 2},
    {"type": "correct_hand", "command_id": "w4", "base_seq": 3, "hand_number": 1,
     "outcome": TSUMO},
    {"type": "declare", "command_id": "w5", "base_seq": 4, "player": 0, "on": True},
    {"type": "end_game", "command_id": "w6", "base_seq": 5},
    {"type": "reopen_game", "command_id": "w7", "base_seq": 6},
    # From the phones of seats 1 and 2 (SENDERS): hand 1 was corrected from seat 0's.
    {"type": "confirm_hand", "command_id": "w8", "base_seq": 7, "hand_number": 1},
    {"type": "dispute_hand", "command_id": "w9", "base_seq": 8, "hand_number": 1,
     "note": "the fu"},
    {"type": "preview", "outcome": RON, "request_id": "r1"},
    {"type": "get_snapshot", "request_id": "r2"},
    {"type": "get_hands", "before": 2, "request_id": "r3"},
    {"type": "entering", "active": True},
]
# What answers each read (writes are acknowledged; presence goes to the other phones).
READ_ANSWERS = {"preview": "preview", "get_snapshot": "snapshot", "get_hands": "hands"}
# The seat whose phone sends a sample, when not seat 0's (confirmation by the table: the
# other players answer a hand).
SENDERS = {"confirm_hand": 1, "dispute_hand": 2}


def test_every_message_has_a_handler_of_its_name_taking_its_schema() -> None:
    inherited = set(dir(AsyncJsonWebsocketConsumer))
    for name, declared in INBOUND.items():
        # Defined by the table consumer itself: a type named like a method it inherits
        # (close, send...) would call that instead.
        assert name in vars(TableConsumer) and name not in inherited, name
        handler = getattr(TableConsumer, name)
        assert inspect.iscoroutinefunction(handler), name
        assert get_type_hints(handler)["msg"] is declared.schema, name


def test_each_declaration_reads_its_fields_from_its_schema() -> None:
    for name, declared in INBOUND.items():
        required = [f for f, (needed, _tp, _checks) in declared.fields.items() if needed]
        sample = next(s for s in SAMPLES if s["type"] == name)
        for field in required:
            with pytest.raises(BadMessage, match=f"'{name}' needs '{field}'"):
                parse_inbound({k: v for k, v in sample.items() if k != field})
        assert parse_inbound(sample) == sample


def test_writes_count_against_the_table_write_budget_and_reads_against_the_sockets() -> None:
    for declared in INBOUND.values():
        assert (declared.limit == "table_write") == (declared.kind == "write")
    assert INBOUND["preview"].limit == "ws_preview"


@pytest.mark.django_db(transaction=True)
async def test_every_declared_message_is_dispatched_to_its_handler() -> None:
    assert sorted(s["type"] for s in SAMPLES) == sorted(INBOUND), "add a sample of it"
    table = await setup_table()
    table.confirm_hands = True
    await database_sync_to_async(table.save)(update_fields=["confirm_hands"])
    phones = {0: (await seated_client(table, 0))[0]}
    for seat in sorted(set(SENDERS.values())):
        phones[seat] = (await seated_client(table, seat))[0]
    watcher, _ = await connect(table)
    for sample in SAMPLES:
        declared = INBOUND[sample["type"]]
        writer = phones[SENDERS.get(sample["type"], 0)]
        await writer.send_json_to(sample)
        if declared.kind == "write":
            ack = await read_until(writer, "ack")
            assert ack["command_id"] == sample["command_id"], ack
        elif declared.kind == "read":
            answer = await read_until(writer, READ_ANSWERS[declared.type])
            assert answer["request_id"] == sample["request_id"]
        else:
            heard = await read_until(watcher, "presence")
            assert heard["entering"] is True
    for phone in phones.values():
        await phone.disconnect()
    await watcher.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_an_unknown_a_misshapen_and_a_hostile_message_are_named_and_the_socket_stays_open(
        ) -> None:
    table = await setup_table()
    writer, _ = await seated_client(table, 0)
    refused = [
        ({"type": "shout", "request_id": "x1"}, "unknown_type", "unknown message type"),
        ({"type": "declare", "command_id": "x2", "base_seq": 0, "player": "1", "on": True},
         "bad_message", "'player' of 'declare' must be a whole number"),
        ({"type": "get_hands", "request_id": "x3"}, "bad_message", "'get_hands' needs 'before'"),
        ({"type": "record_hand", "command_id": "x4", "base_seq": 0,
          "form": {f"f{n}": "1" for n in range(700)}}, "bad_message", "at most 600 fields"),
        ({"type": "entering", "active": True, "hand_number": 2**70, "request_id": "x5"},
         "bad_message", "below 2,147,483,648"),
        ({"type": "undo", "command_id": "", "base_seq": 0}, "bad_message", "1 to 64"),
        ({"type": "get_snapshot", "request_id": "\ud800"}, "bad_message", "unpaired"),
    ]
    for message, code, words in refused:
        await writer.send_json_to(message)
        error = await read_until(writer, "error")
        assert error["code"] == code and words in error["message"], error
        assert error["text"]  # the sentence a person reads
    await writer.send_json_to({"type": "get_snapshot", "request_id": "after"})
    reply = await read_until(writer, "snapshot")
    assert reply["request_id"] == "after"
    await writer.disconnect()


@pytest.mark.django_db
def test_the_table_page_hands_its_scripts_the_protocol(client: Client) -> None:
    from .tables import make_table

    table = make_table()
    html = client.get(f"/t/{table.public_id}/").content.decode()
    found = re.search(r'<script id="table-protocol" type="application/json">(.*?)</script>',
                      html)
    assert found is not None
    handed = json.loads(found.group(1))
    assert handed == json.loads(json.dumps(protocol()))
    assert {m["type"] for m in handed["inbound"] if m["kind"] == "write"} == {
        name for name, m in INBOUND.items() if m.kind == "write"}
    assert handed["events"] == list(TABLE_EVENTS.values())


def test_the_socket_script_keeps_no_copy_of_the_protocol() -> None:
    source = (BASE_DIR / "static" / "js" / "sync.js").read_text(encoding="utf-8")
    writes = [name for name, m in INBOUND.items() if m.kind == "write"]
    copied = [name for name in [*writes, *TABLE_EVENTS.values()]
              if re.search(rf"[\"'`]{name}[\"'`]", source)]
    assert copied == [], "read it from the protocol the page hands (games.messages)"
