"""The server production runs (mjsite.daphne_server) keeps every phone's socket alive with
pings at its interval and drops one that stops answering, while a phone that answers
keeps its seat and its updates: daphne's keepalive, scheduled per socket."""

from __future__ import annotations

import asyncio
import base64
import os

from .conftest import Site
from .harness import WAIT_S, Client, Server

PING, CLOSE = 0x9, 0x8


async def _silent_socket(server: Server, public_id: str, device: str
                         ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A websocket opened by hand that reads frames and never answers one."""
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write((f"GET /ws/tables/{public_id}/ HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                  f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  f"Sec-WebSocket-Version: 13\r\nOrigin: {server.origin}\r\n"
                  f"Cookie: mj_device={device}\r\n\r\n").encode())
    status = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), WAIT_S)
    assert status.startswith(b"HTTP/1.1 101"), status
    return reader, writer


async def _next_frame(reader: asyncio.StreamReader) -> int | None:
    """The opcode of the next frame the server sends (None once it hung up)."""
    try:
        first, second = await reader.readexactly(2)
        length = second & 0x7F
        if length == 126:
            length = int.from_bytes(await reader.readexactly(2), "big")
        elif length == 127:
            length = int.from_bytes(await reader.readexactly(8), "big")
        await reader.readexactly(length)
    except (asyncio.IncompleteReadError, ConnectionResetError):  # closed, or dropped
        return None
    return int(first & 0x0F)


async def test_a_silent_socket_is_pinged_then_dropped_an_answering_phone_stays(
        site: Site) -> None:
    server = Server(site.env(), log_dir=site.log_dir,
                    args=("--ping-interval", "1", "--ping-timeout", "2"))
    (table,) = site.tables(1)
    server.start()
    try:
        phone = Client(server, table["public_id"], table["devices"][0])
        await phone.connect()  # its client library answers pings, as a browser does
        reader, writer = await _silent_socket(server, table["public_id"],
                                              table["devices"][1])
        opcodes: list[int] = []
        # The snapshot, then a ping within a timer tick or two, then the close once the
        # pong is overdue: waited for as states, each bounded.
        while not opcodes or opcodes[-1] != CLOSE:
            opcode = await asyncio.wait_for(_next_frame(reader), 4 * WAIT_S)
            if opcode is None:
                break
            opcodes.append(opcode)
        assert PING in opcodes, opcodes
        writer.close()
        # The phone that answered its pings was not dropped: its hand is recorded and
        # it hears the table's event.
        await phone.record("after-the-pings")
        assert (await phone.answer_to("after-the-pings"))["type"] == "ack"
        assert not phone.closed.is_set()
        await phone.close()
    finally:
        server.stop()
