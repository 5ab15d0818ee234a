"""The table websocket: snapshot on connect, ordered events, idempotent and stale commands,
permission refusals at connect and on every message, and errors that never end the socket."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from channels.db import database_sync_to_async

from games import services
from games.devices import device_id
from games.messages import CLOSE_FORBIDDEN, CLOSE_NOT_FOUND
from games.models import Event, Hand, Table
from mjsite.asgi import application

from .communicator import WebsocketCommunicator
from .tables import NAMES, new_device, socket_headers

pytestmark = pytest.mark.django_db(transaction=True)

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}
TSUMO = {"type": "tsumo", "wins": [{"winner": 0, "quick": {"han": 3, "fu": 30}}]}


async def new_session() -> str:
    """A new browser's device token (its cookie)."""
    return new_device()[0]


@database_sync_to_async
def setup_table(visibility: str = "link", creator_key: str = "") -> Table:
    return services.create_table("Live", "riichi", "", {}, NAMES,
                                 creator=services.Actor(device=device_id(creator_key)
                                                        if creator_key else ""),
                                 visibility=visibility)


async def connect(table: Table, device: str | None = None,
                  expect_snapshot: bool = True, session: str = "",
                  ) -> tuple[WebsocketCommunicator, dict[str, Any]]:
    comm = WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/",
                                 headers=socket_headers(device or "", session))
    connected, _ = await comm.connect()
    assert connected
    first = await comm.receive_json_from() if expect_snapshot else {}
    return comm, first


async def seated_client(table: Table, position: int) -> tuple[WebsocketCommunicator, str]:
    key = await new_session()
    await database_sync_to_async(services.claim_seat)(table, position, device=device_id(key),
                                                      join_key=table.join_key)
    comm, first = await connect(table, key)
    assert first["you"]["seat"] == position and first["you"]["can_write"] is True
    return comm, key


async def assert_closed_with(comm: WebsocketCommunicator, code: int) -> None:
    while True:
        output = await comm.receive_output()
        if output["type"] == "websocket.close":
            assert output.get("code") == code
            return


async def test_connect_sends_the_snapshot_with_seq():
    table = await setup_table()
    comm, first = await connect(table)
    assert first["type"] == "snapshot" and first["seq"] == 0
    assert [s["player"]["name"] for s in first["snapshot"]["seats"]] == NAMES
    assert first["you"] == {"can_write": False, "seat": None, "is_creator": False}
    await comm.disconnect()


async def test_unknown_table_closes_with_4404():
    comm = WebsocketCommunicator(application, "/ws/tables/no-such-table/",
                                 headers=socket_headers())
    connected, _ = await comm.connect()
    assert connected
    await assert_closed_with(comm, CLOSE_NOT_FOUND)


async def test_stranger_is_refused_at_connect_to_a_private_table():
    table = await setup_table("private", creator_key="owner")
    comm, _ = await connect(table, await new_session(), expect_snapshot=False)
    await assert_closed_with(comm, CLOSE_FORBIDDEN)


async def test_seated_player_and_creator_connect_to_a_private_table():
    creator = await new_session()
    table = await setup_table("private", creator_key=creator)
    comm, first = await connect(table, creator)
    assert first["you"]["is_creator"] is True and first["you"]["can_write"] is True
    seat, _ = await seated_client(table, 3)
    await comm.disconnect()
    await seat.disconnect()


async def test_each_phone_gets_the_hands_worded_in_its_own_language():
    table = await setup_table()
    writer, _ = await seated_client(table, 0)
    comm = WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/", headers=[
        *socket_headers(), (b"accept-language", b"ja,en;q=0.5")])
    assert (await comm.connect())[0]
    first = await comm.receive_json_from()
    assert "東" in first["view"]["scoreboard"]
    await writer.send_json_to({"type": "record_hand", "command_id": "j", "base_seq": 0,
                               "outcome": RON})
    english = await read_until(writer, "hand_recorded")
    japanese = await read_until(comm, "hand_recorded")
    assert "wins on" in english["view"]["hands"][0]["html"]
    assert "wins on" not in japanese["view"]["hands"][0]["html"]
    assert japanese["snapshot"] == english["snapshot"]
    await comm.send_json_to({"type": "preview", "outcome": TSUMO, "request_id": "p"})
    preview = await read_until(comm, "preview")
    assert preview["result"]["ok"] and "wins by" not in preview["result"]["summary"]
    assert 'id="preview-table"' in preview["result"]["html"]
    await writer.disconnect()
    await comm.disconnect()


async def test_recorded_hand_reaches_every_client_in_order():
    table = await setup_table()
    writer, _ = await seated_client(table, 0)
    watcher, _ = await connect(table)
    await writer.send_json_to({"type": "record_hand", "command_id": "c1", "base_seq": 0,
                               "outcome": RON})
    await writer.send_json_to({"type": "record_hand", "command_id": "c2", "base_seq": 1,
                               "outcome": TSUMO})
    for comm, expected in ((writer, 4), (watcher, 2)):
        seen = [await comm.receive_json_from() for _ in range(expected)]
        events = [m for m in seen if m["type"] == "hand_recorded"]
        assert [e["seq"] for e in events] == [1, 2]
        assert [e["hand_number"] for e in events] == [1, 2]
        assert events[-1]["view"]["hands_from"] == 2
        assert [h["number"] for h in events[-1]["view"]["hands"]] == [2]
        assert "wins by" in events[-1]["view"]["hands"][0]["html"]  # the tsumo
        assert events[0]["actor"] == "Aiko"
        acks = [m["command_id"] for m in seen if m["type"] == "ack"]
        assert acks == (["c1", "c2"] if comm is writer else [])
    assert await watcher.receive_nothing(timeout=0.1)
    await writer.disconnect()
    await watcher.disconnect()


async def read_until(comm: WebsocketCommunicator, kind: str) -> dict[str, Any]:
    while True:
        message = await comm.receive_json_from()
        if message["type"] == kind:
            return message


async def test_repeated_command_id_is_acknowledged_again_without_a_second_hand():
    table = await setup_table()
    writer, _ = await seated_client(table, 1)
    message = {"type": "record_hand", "command_id": "again", "base_seq": 0, "outcome": RON}
    await writer.send_json_to(message)
    first = await read_until(writer, "ack")
    await writer.send_json_to(message)
    second = await read_until(writer, "ack")
    assert first["duplicate"] is False and second["duplicate"] is True
    assert second["seq"] == first["seq"] == 1 and second["snapshot"]["seq"] == 1
    assert await database_sync_to_async(Hand.objects.filter(table=table).count)() == 1
    await writer.disconnect()


async def test_stale_command_is_answered_with_the_current_snapshot():
    table = await setup_table()
    writer, _ = await seated_client(table, 1)
    await writer.send_json_to({"type": "record_hand", "command_id": "a", "base_seq": 0,
                               "outcome": RON})
    await read_until(writer, "ack")
    await writer.send_json_to({"type": "record_hand", "command_id": "b", "base_seq": 0,
                               "outcome": TSUMO})
    stale = await read_until(writer, "stale")
    assert stale["command_id"] == "b" and stale["seq"] == 1
    assert stale["view"]["hands"][0]["fields"]["type"] == "ron" and stale["message"]
    assert stale["view"]["hands_from"] == 1 and stale["snapshot"]["seq"] == 1
    await writer.disconnect()


async def test_an_undo_based_on_the_phones_own_hand_undoes_that_hand():
    # What a phone does when Undo is tapped right after Save (static/js/sync.js): the
    # undo follows the hand, based on the seq the hand's ack named.
    table = await setup_table()
    writer, _ = await seated_client(table, 1)
    await writer.send_json_to({"type": "record_hand", "command_id": "h1", "base_seq": 0,
                               "outcome": RON})
    await read_until(writer, "ack")
    await writer.send_json_to({"type": "record_hand", "command_id": "h2", "base_seq": 1,
                               "outcome": TSUMO})
    ack = await read_until(writer, "ack")
    assert ack["command_id"] == "h2" and ack["seq"] == 2
    await writer.send_json_to({"type": "undo", "command_id": "u", "base_seq": ack["seq"]})
    undone = await read_until(writer, "ack")
    assert undone["command_id"] == "u" and undone["event"] == "hand_undone"
    assert undone["hand_number"] == 2 and undone["seq"] == 3
    hands = await database_sync_to_async(
        lambda: list(Hand.objects.filter(table=table).values_list("number", flat=True)))()
    assert hands == [1]
    await writer.disconnect()


async def test_a_write_the_server_cannot_read_is_answered_with_its_command_id():
    # The phone sends its next write once this one is answered: an answer without the
    # command id would hold every later write back.
    table = await setup_table()
    writer, _ = await seated_client(table, 1)
    await writer.send_json_to({"type": "record_hand", "command_id": "long", "base_seq": 0,
                               "form": {"type": "x" * 500}})
    error = await read_until(writer, "error")
    assert error["command_id"] == "long" and error["code"] and error["text"]
    await writer.send_json_to({"type": "undo", "command_id": "y" * 65, "base_seq": "zero"})
    error = await read_until(writer, "error")
    assert "command_id" not in error  # not one a phone made
    await writer.send_json_to({"type": "undo", "command_id": "u1", "base_seq": 0})
    assert (await read_until(writer, "error"))["command_id"] == "u1"  # nothing to undo
    await writer.disconnect()


async def test_spectator_write_is_refused_and_the_socket_stays_open():
    table = await setup_table()
    watcher, _ = await connect(table, await new_session())
    await watcher.send_json_to({"type": "record_hand", "command_id": "x", "base_seq": 0,
                                "outcome": RON})
    error = await watcher.receive_json_from()
    assert error["type"] == "error" and error["code"] == "forbidden"
    await watcher.send_json_to({"type": "get_snapshot"})
    assert (await watcher.receive_json_from())["type"] == "snapshot"
    assert not await database_sync_to_async(Event.objects.exists)()
    await watcher.disconnect()


async def test_released_seat_is_refused_on_the_next_message():
    table = await setup_table()
    writer, key = await seated_client(table, 2)
    await database_sync_to_async(services.release_seat)(table, 2, services.Actor(
        device=device_id(key)))
    await writer.send_json_to({"type": "undo", "command_id": "u", "base_seq": 0})
    error = await read_until(writer, "error")
    assert error["code"] == "forbidden" and error["command_id"] == "u"
    await writer.disconnect()


async def test_freed_seat_changes_the_old_phone_at_once():
    table = await setup_table()
    writer, key = await seated_client(table, 2)
    creator_key = await new_session()
    await database_sync_to_async(Table.objects.filter(pk=table.pk).update)(
        creator_device=device_id(creator_key))
    await database_sync_to_async(services.release_seat)(table.pk, 2, services.Actor(
        device=device_id(creator_key)))
    fresh = await writer.receive_json_from()
    assert fresh["type"] == "snapshot"
    assert fresh["you"] == {"can_write": False, "seat": None, "is_creator": False}
    assert not next(s for s in fresh["snapshot"]["seats"] if s["position"] == 2)["claimed"]
    await writer.disconnect()


async def test_claimed_seat_tells_the_other_phones_with_their_own_rights():
    table = await setup_table()
    watcher, _ = await connect(table, await new_session())
    key = await new_session()
    await database_sync_to_async(services.claim_seat)(table, 1, device=device_id(key),
                                                      join_key=table.join_key)
    fresh = await watcher.receive_json_from()
    assert fresh["type"] == "snapshot" and fresh["you"]["can_write"] is False
    assert next(s for s in fresh["snapshot"]["seats"] if s["position"] == 1)["claimed"]
    await watcher.disconnect()


async def test_presence_reaches_the_other_phones_and_clears_when_the_form_closes():
    table = await setup_table()
    chen, _ = await seated_client(table, 2)
    dai, _ = await seated_client(table, 3)
    await chen.send_json_to({"type": "entering", "active": True})
    seen = await read_until(dai, "presence")
    assert seen["entering"] is True and seen["name"] == NAMES[2]
    assert seen["hand_number"] is None and seen["ttl"] > 0
    await chen.send_json_to({"type": "entering", "active": False})
    cleared = await read_until(dai, "presence")
    while cleared["entering"]:  # a re-announcement for Dai's own arrival may come first
        cleared = await read_until(dai, "presence")
    assert cleared == {**seen, "entering": False}
    await chen.disconnect()
    await dai.disconnect()


async def test_presence_names_the_hand_being_corrected():
    table = await setup_table()
    chen, _ = await seated_client(table, 2)
    dai, _ = await seated_client(table, 3)
    await chen.send_json_to({"type": "entering", "active": True, "hand_number": 4})
    assert (await read_until(dai, "presence"))["hand_number"] == 4
    await chen.disconnect()
    await dai.disconnect()


async def test_presence_clears_when_the_phone_goes_away():
    table = await setup_table()
    chen, _ = await seated_client(table, 2)
    dai, _ = await seated_client(table, 3)
    await chen.send_json_to({"type": "entering", "active": True})
    entering = await read_until(dai, "presence")
    await chen.disconnect()
    gone = await read_until(dai, "presence")
    while gone["entering"]:
        gone = await read_until(dai, "presence")
    assert gone["id"] == entering["id"]
    await dai.disconnect()


async def test_a_phone_joining_later_hears_who_is_already_entering():
    table = await setup_table()
    chen, _ = await seated_client(table, 2)
    await chen.send_json_to({"type": "entering", "active": True})
    late, _ = await connect(table, await new_session())
    seen = await read_until(late, "presence")
    assert seen["entering"] is True and seen["name"] == NAMES[2]
    await chen.disconnect()
    await late.disconnect()


async def test_a_watcher_cannot_announce_that_it_is_entering_a_hand():
    table = await setup_table()
    dai, _ = await seated_client(table, 3)
    watcher, _ = await connect(table, await new_session())
    await watcher.send_json_to({"type": "entering", "active": True})
    error = await watcher.receive_json_from()
    assert error["type"] == "error" and error["code"] == "forbidden"
    assert await dai.receive_nothing(timeout=0.3)
    await dai.disconnect()
    await watcher.disconnect()


@pytest.mark.parametrize("frame", [{"type": "entering"}, {"type": "entering", "active": 1},
                                   {"type": "entering", "active": True, "hand_number": "x"}])
async def test_malformed_presence_is_answered_with_an_error(frame):
    table = await setup_table()
    chen, _ = await seated_client(table, 2)
    await chen.send_json_to(frame)
    assert (await chen.receive_json_from())["code"] == "bad_message"
    await chen.disconnect()


async def test_table_made_private_closes_a_strangers_socket_on_the_next_message():
    table = await setup_table()
    stranger, _ = await connect(table, await new_session())
    await database_sync_to_async(Table.objects.filter(pk=table.pk).update)(
        visibility="private")
    await stranger.send_json_to({"type": "get_snapshot"})
    error = await stranger.receive_json_from()
    assert error["code"] == "forbidden"
    await assert_closed_with(stranger, CLOSE_FORBIDDEN)


async def test_table_made_private_stops_events_to_a_stranger():
    table = await setup_table()
    writer, _ = await seated_client(table, 0)
    stranger, _ = await connect(table, await new_session())
    await database_sync_to_async(Table.objects.filter(pk=table.pk).update)(
        visibility="private")
    await writer.send_json_to({"type": "record_hand", "command_id": "p", "base_seq": 0,
                               "outcome": RON})
    assert (await read_until(writer, "hand_recorded"))["seq"] == 1
    output = await stranger.receive_output()
    assert output == {"type": "websocket.close", "code": CLOSE_FORBIDDEN}
    await writer.disconnect()


@pytest.mark.parametrize(("frame", "code"), [
    ("not json", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('{"no": "type"}', "unknown_type"),
    ('{"type": "shout"}', "unknown_type"),
    ('{"type": "record_hand", "command_id": "c", "base_seq": "0", "outcome": {}}',
     "bad_message"),
    ('{"type": "record_hand", "command_id": 7, "base_seq": 0, "outcome": {}}', "bad_message"),
    ('{"type": "record_hand", "command_id": "c", "base_seq": 0}', "bad_message"),
    ('{"type": "correct_hand", "command_id": "c", "base_seq": 0, "hand_number": true, '
     '"outcome": {}}', "bad_message"),
    ('{"type": "preview", "outcome": "ron"}', "bad_message"),
    ('{"type": "record_hand", "command_id": "c", "base_seq": 0, "outcome": {"type": "x"}}',
     "bad_outcome"),
])
async def test_malformed_messages_are_answered_with_an_error(frame, code):
    table = await setup_table()
    writer, _ = await seated_client(table, 0)
    await writer.send_to(text_data=frame)
    error = await writer.receive_json_from()
    assert error["type"] == "error" and error["code"] == code and error["message"]
    await writer.send_json_to({"type": "get_snapshot", "request_id": "r1"})
    reply = await writer.receive_json_from()
    assert reply["type"] == "snapshot" and reply["request_id"] == "r1"
    await writer.disconnect()


async def test_binary_frame_is_answered_with_an_error():
    table = await setup_table()
    comm, _ = await connect(table)
    await comm.send_to(bytes_data=b"\x00\x01")
    error = await comm.receive_json_from()
    assert error["code"] == "bad_message"
    await comm.disconnect()


async def test_preview_answers_only_the_asker_and_saves_nothing():
    table = await setup_table()
    writer, _ = await seated_client(table, 0)
    watcher, _ = await connect(table)
    await watcher.send_json_to({"type": "preview", "outcome": RON, "request_id": "p"})
    reply = await watcher.receive_json_from()
    assert reply["type"] == "preview" and reply["request_id"] == "p"
    assert reply["result"]["deltas"] == [0, 2600, -2600, 0]
    assert await writer.receive_nothing(timeout=0.1)
    assert not await database_sync_to_async(Event.objects.exists)()
    await writer.disconnect()
    await watcher.disconnect()


async def test_undo_redo_correct_and_end_are_announced():
    table = await setup_table()
    writer, _ = await seated_client(table, 0)
    watcher, _ = await connect(table)
    commands = [
        {"type": "record_hand", "command_id": "1", "base_seq": 0, "outcome": RON},
        {"type": "undo", "command_id": "2", "base_seq": 1},
        {"type": "redo", "command_id": "3", "base_seq": 2},
        {"type": "correct_hand", "command_id": "4", "base_seq": 3, "hand_number": 1,
         "outcome": TSUMO},
        {"type": "end_game", "command_id": "5", "base_seq": 4},
        {"type": "reopen_game", "command_id": "6", "base_seq": 5},
    ]
    for command in commands:
        await writer.send_json_to(command)
        await read_until(writer, "ack")
    got = [await watcher.receive_json_from() for _ in commands]
    assert [m["type"] for m in got] == ["hand_recorded", "hand_undone", "hand_redone",
                                        "hand_corrected", "game_ended", "game_reopened"]
    assert [m["seq"] for m in got] == [1, 2, 3, 4, 5, 6]
    assert got[1]["view"]["hands"] == [] and got[1]["view"]["hands_from"] == 1
    assert got[1]["snapshot"]["can_redo"] is True
    assert got[3]["view"]["hands"][0]["revision"] == 2
    assert "wins by" in got[3]["view"]["hands"][0]["html"]
    assert got[4]["snapshot"]["table"]["finished"] is True
    await writer.disconnect()
    await watcher.disconnect()


async def test_same_hand_fired_from_two_phones_at_once_is_recorded_once():
    table = await setup_table()
    first, _ = await seated_client(table, 0)
    second, _ = await seated_client(table, 1)
    message = {"type": "record_hand", "command_id": "shared", "base_seq": 0, "outcome": RON}
    await asyncio.gather(first.send_json_to(message), second.send_json_to(message))
    acks = await asyncio.gather(read_until(first, "ack"), read_until(second, "ack"))
    assert sorted(a["duplicate"] for a in acks) == [False, True]
    assert await database_sync_to_async(Hand.objects.filter(table=table).count)() == 1
    await first.disconnect()
    await second.disconnect()


async def test_reconnecting_client_gets_what_it_missed():
    table = await setup_table()
    writer, _ = await seated_client(table, 0)
    await writer.send_json_to({"type": "record_hand", "command_id": "m", "base_seq": 0,
                               "outcome": RON})
    await read_until(writer, "ack")
    late, first = await connect(table)
    assert first["seq"] == 1 and len(first["view"]["hands"]) == 1
    assert first["view"]["hands"][0]["html"].startswith("<li")
    assert json.dumps(first)  # plain JSON all the way down
    await writer.disconnect()
    await late.disconnect()


@database_sync_to_async
def logged_in_session(username: str, **fields: Any) -> str:
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client()
    client.force_login(get_user_model().objects.create(username=username, **fields))
    return str(client.cookies["sessionid"].value)


async def test_signed_in_staff_may_watch_and_write_a_private_table():
    table = await setup_table("private", creator_key="owner")
    key = await logged_in_session("boss", is_staff=True)
    comm, first = await connect(table, session=key)
    assert first["you"]["can_write"] is True and first["you"]["seat"] is None
    await comm.send_json_to({"type": "record_hand", "command_id": "s", "base_seq": 0,
                             "outcome": RON})
    ack = await read_until(comm, "ack")
    assert ack["seq"] == 1
    event = await database_sync_to_async(Event.objects.get)(table=table)
    assert event.actor_name == "boss" and event.actor_user_id is not None
    await comm.disconnect()


async def test_signed_in_stranger_is_refused_at_a_private_table():
    table = await setup_table("private", creator_key="owner")
    comm, _ = await connect(table, session=await logged_in_session("nobody"),
                            expect_snapshot=False)
    await assert_closed_with(comm, CLOSE_FORBIDDEN)


async def test_a_refused_preview_says_in_the_phones_language_which_field_of_whom():
    # The record sheet's fields (games.record_sheet), with a han of -1, from a Japanese phone.
    table = await setup_table()
    headers = [*socket_headers(), (b"accept-language", b"ja,en;q=0.5")]
    comm = WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/",
                                 headers=headers)
    assert (await comm.connect())[0]
    await comm.receive_json_from()
    form = {"type": "ron", "ron.wins.0.winner": "1", "ron.wins.0.discarder": "2",
            "ron.wins.0.mode": "quick", "ron.wins.0.quick.han": "-1",
            "ron.wins.0.quick.fu": "30"}
    await comm.send_json_to({"type": "preview", "form": form, "request_id": "p"})
    error = (await read_until(comm, "preview"))["result"]["error"]
    assert error["code"] == "out_of_range" and error["params"]["path"] == "wins.0.quick.han"
    assert error["control"] == "ron.wins.0.quick.han"  # the sheet's field to outline
    assert error["text"].startswith(NAMES[1]) and "翻" in error["text"]
    assert "wins" not in error["text"] and "han" not in error["text"]
    await comm.disconnect()


async def test_a_refused_hand_is_answered_with_the_sentence_naming_the_player():
    table = await setup_table()
    writer, _ = await seated_client(table, 0)
    own = {"type": "ron", "wins": [{"winner": 2, "discarder": 2,
                                    "quick": {"han": 2, "fu": 40}}]}
    await writer.send_json_to({"type": "record_hand", "command_id": "own", "base_seq": 0,
                               "outcome": own})
    error = await writer.receive_json_from()
    assert error["type"] == "error" and error["code"] == "bad_outcome"
    assert error["params"]["player"] == 2
    assert error["text"].startswith(f"{NAMES[2]} cannot win on their own discard")
    await writer.disconnect()


async def test_a_malformed_frame_is_answered_with_a_sentence_too():
    table = await setup_table()
    comm, _ = await connect(table)
    await comm.send_to(text_data="{not json")
    error = await comm.receive_json_from()
    assert error["code"] == "bad_json" and error["text"].startswith("The phone sent")
    await comm.disconnect()
