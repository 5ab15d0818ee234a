"""A frame on its way to a phone that has just closed its socket is dropped quietly
(mjsite.websockets.SendsAfterClose), not a dead consumer and a traceback in the log."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from autobahn.exception import Disconnected
from channels.db import database_sync_to_async

from games.tests.communicator import WebsocketCommunicator
from games.tests.tables import make_table, record, socket_headers
from mjsite.asgi import application

RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 2, "fu": 40}}]}


class _Daphne:
    """The server's side of a socket the phone closes: once its close frame is in, and
    until the connection is gone, daphne hands a frame to autobahn, which raises."""

    def __init__(self) -> None:
        self.closed = False
        self.refused = asyncio.Event()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def send_over_the_socket(message: dict[str, Any]) -> None:
            if self.closed:
                self.refused.set()
                raise Disconnected("Attempt to send on a closed protocol")
            await send(message)

        await application(scope, receive, send_over_the_socket)


@pytest.mark.django_db(transaction=True)
async def test_an_event_for_a_phone_that_just_closed_its_socket_is_dropped_quietly() -> None:
    table = await database_sync_to_async(make_table)()
    server = _Daphne()
    phone = WebsocketCommunicator(server, f"/ws/tables/{table.public_id}/",
                                  headers=socket_headers())
    assert (await phone.connect())[0]
    await phone.receive_json_from()
    server.closed = True  # the phone's close frame is in; its disconnect is on its way
    # A hand recorded at that instant: its event reaches this phone's consumer.
    await database_sync_to_async(record)(table, RON)
    await asyncio.wait_for(server.refused.wait(), 30)
    # The consumer lived through it and ends as usual (wait() raises what it died of).
    await phone.send_input({"type": "websocket.disconnect", "code": 1000})
    await phone.wait(30)
