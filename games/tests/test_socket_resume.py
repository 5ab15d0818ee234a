"""A phone back after a short gap gets the writes it missed, not the whole table; the
history comes a page at a time; an event is rendered once per language among a
process's sockets, and its frame stays small."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from games import consumers, presenter, services
from games.models import Table
from games.services.snapshot import MISSED_MAX
from mjsite.asgi import application

from .communicator import WebsocketCommunicator
from .tables import CREATOR, NAMES, command_id, socket_headers
from .test_consumer import RON, TSUMO, read_until, seated_client
from .test_write_path import LONG_GAME

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def table_with(hands: int) -> Table:
    table = services.create_table("Long", "riichi", "", {"bust_ends_game": False}, NAMES,
                                  creator=CREATOR)
    for n in range(hands):
        assert services.record_hand(table.pk, LONG_GAME[n % len(LONG_GAME)], command_id(),
                                    n, CREATOR)["ok"]
    return Table.objects.get(pk=table.pk)


@database_sync_to_async
def write(table: Table, fn: Any, *args: Any) -> None:
    seq = Table.objects.get(pk=table.pk).seq
    result = fn(table.pk, *args, command_id(), seq, CREATOR)
    assert result["ok"], result


@database_sync_to_async
def whole(table: Table) -> dict[str, Any]:
    return services.snapshot(Table.objects.get(pk=table.pk))


async def open_socket(table: Table, query: str = "", language: bytes = b"en"
                      ) -> tuple[WebsocketCommunicator, dict[str, Any]]:
    comm = WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/{query}",
                                 headers=[*socket_headers(), (b"accept-language", language)])
    assert (await comm.connect())[0]
    return comm, await comm.receive_json_from()


async def test_a_phone_back_after_a_short_gap_gets_only_the_writes_it_missed():
    table = await table_with(30)
    await write(table, services.record_hand, RON)  # hand 31, seq 31
    await write(table, services.undo)  # seq 32
    await write(table, services.correct_hand, 29, TSUMO)  # seq 33
    comm, first = await open_socket(table, "?since=30")
    full = await whole(table)
    assert first["type"] == "missed" and first["since"] == 30 and first["seq"] == 33
    assert first["you"]["can_write"] is False
    # From hand 29, the first a missed write touched: its correction and hand 30 after it.
    # Every hand from there is rendered: rendered_from is said only when it differs.
    assert first["view"]["hands_from"] == 29 and "rendered_from" not in first["view"]
    assert [h["number"] for h in first["view"]["hands"]] == [29, 30]
    assert first["view"]["hands"][0]["revision"] == 2
    # The chart's points after those hands (the phone holds the ones before).
    chart = first["snapshot"]["chart"]
    assert chart["from"] == 29
    assert chart["series"] == [points[29:] for points in full["chart"]["series"]]
    assert first["snapshot"]["standings"] == full["standings"]
    assert first["snapshot"]["hand_count"] == 30
    await comm.disconnect()


async def test_a_phone_that_missed_nothing_gets_the_state_and_no_hand():
    table = await table_with(12)
    comm, first = await open_socket(table, "?since=12")
    assert first["type"] == "missed" and first["view"]["hands"] == []
    assert first["view"]["hands_from"] == 13 and first["snapshot"]["chart"]["from"] == 13
    assert first["snapshot"]["chart"]["labels"] == []
    # The seats and the table's settings come along (they may have changed meanwhile).
    assert len(presenter.compact(first).encode()) < 3 * 1024
    await comm.disconnect()


@pytest.mark.parametrize("query", ["?since=999", "?since=-1", "?since=x", "?since=1&since=2",
                                   ""])
async def test_a_seq_the_table_never_had_or_none_gets_the_whole_snapshot(query):
    table = await table_with(3)
    comm, first = await open_socket(table, query)
    assert first["type"] == "snapshot" and first["seq"] == 3
    assert [h["number"] for h in first["view"]["hands"]] == [1, 2, 3]
    await comm.disconnect()


async def test_a_phone_far_behind_gets_the_snapshot_with_its_latest_hands():
    table = await table_with(MISSED_MAX + 5)
    comm, first = await open_socket(table, "?since=2")
    assert first["type"] == "snapshot"
    count = MISSED_MAX + 5
    assert first["view"]["rendered_from"] == count - presenter.PAGE + 1
    assert [h["number"] for h in first["view"]["hands"]] == list(
        range(count - presenter.PAGE + 1, count + 1))
    assert all(h["fields"] for h in first["view"]["hands"])
    assert len(first["snapshot"]["chart"]["labels"]) == count + 1
    await comm.disconnect()


async def test_earlier_hands_come_a_page_at_a_time_in_the_phones_language():
    table = await table_with(25)
    comm, first = await open_socket(table, language=b"ja")
    oldest = first["view"]["rendered_from"]
    assert oldest == 16
    await comm.send_json_to({"type": "get_hands", "before": oldest, "request_id": "h1"})
    page = await read_until(comm, "hands")
    assert page["request_id"] == "h1" and page["seq"] == 25 and page["before"] == 16
    assert [h["number"] for h in page["hands"]] == list(range(6, 16))
    assert all(h["fields"] and "<li data-number=" in h["html"] for h in page["hands"])
    assert "東" in page["hands"][0]["html"]  # worded in the phone's language
    await comm.send_json_to({"type": "get_hands", "before": 6, "request_id": "h2"})
    last = await read_until(comm, "hands")
    assert [h["number"] for h in last["hands"]] == [1, 2, 3, 4, 5]
    # One hand, for its record sheet's fields (a correction of a hand an event showed).
    await comm.send_json_to({"type": "get_hands", "before": 21, "count": 1})
    one = await read_until(comm, "hands")
    assert [h["number"] for h in one["hands"]] == [20]
    await comm.disconnect()


@pytest.mark.parametrize("message", [
    {"type": "get_hands"},
    {"type": "get_hands", "before": "9"},
    {"type": "get_hands", "before": 9, "count": 0},
    {"type": "get_hands", "before": 9, "count": presenter.PAGE + 1},
    {"type": "get_hands", "before": 2**40},
])
async def test_a_wrong_page_request_is_answered_with_an_error(message):
    table = await table_with(2)
    comm, _first = await open_socket(table)
    await comm.send_json_to({**message, "request_id": "bad"})
    answer = await comm.receive_json_from()
    assert answer["type"] == "error" and answer["code"] == "bad_message"
    assert answer["request_id"] == "bad" and answer["text"]
    await comm.disconnect()


async def test_an_event_is_rendered_once_per_language_among_the_sockets(monkeypatch):
    calls: list[str] = []
    real = presenter.event_text

    def counted(head: Any, changes: Any, language: str) -> str:
        calls.append(language)
        return real(head, changes, language)

    monkeypatch.setattr(presenter, "event_text", counted)
    consumers._RENDERED.clear()
    table = await table_with(0)
    writer, _ = await seated_client(table, 0)  # English
    phones = [(await open_socket(table, language=lang))[0]
              for lang in (b"en", b"en", b"ja", b"ja", b"ja")]
    await writer.send_json_to({"type": "record_hand", "command_id": "r1", "base_seq": 0,
                               "outcome": RON})
    heard = [await read_until(phone, "hand_recorded") for phone in [writer, *phones]]
    assert sorted(calls) == ["en", "ja"]
    assert "wins on" in heard[0]["view"]["hands"][0]["html"]
    assert "wins on" not in heard[-1]["view"]["hands"][0]["html"]
    for phone in [writer, *phones]:
        await phone.disconnect()



def test_an_event_is_rendered_from_its_own_payload_whatever_its_table_id_and_seq(
        monkeypatch):
    # A table id and seq name one event only while the table lives: SQLite hands out the
    # id of a table whose rows a test (or a restore) emptied, and a restored backup brings
    # back ids the server has seen. Rendered under an id and seq the process has rendered
    # before, an event must still say its own hand, not the old table's.
    from games.services import commands

    payloads: list[str] = []
    monkeypatch.setattr(commands, "broadcast_table",
                        lambda table_id, seq, payload, private=False: payloads.append(payload))
    first = services.create_table("One", "riichi", "", {}, ["Aiko", "Bo", "Chen", "Dana"],
                                  creator=CREATOR)
    other = services.create_table("Two", "riichi", "", {}, ["Wen", "Xia", "Yun", "Zhu"],
                                  creator=CREATOR)
    for table in (first, other):
        assert services.record_hand(table.pk, RON, command_id(), 0, CREATOR)["ok"]
    assert "Bo" in consumers.rendered_event(first.pk, 1, payloads[0], "en")
    said = consumers.rendered_event(first.pk, 1, payloads[1], "en")
    assert "Xia" in said and "Bo" not in said
