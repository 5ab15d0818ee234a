"""The table socket names the release of the pages' scripts in its first message, the one
the table page is handed when it loads: a page loaded before an upgrade sees another and
asks to be reloaded (static/js/sync.js). Later snapshots do not repeat it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from common.build import scripts_build
from games import services
from games.messages import protocol
from games.models import Table
from mjsite.asgi import application

from .communicator import WebsocketCommunicator
from .tables import CREATOR, command_id, make_table, socket_headers
from .test_consumer import RON, read_until

pytestmark = pytest.mark.django_db(transaction=True)


def handed_build(client: Client, table: Table) -> str:
    """The release the table page hands its scripts (its protocol block)."""
    html = client.get(f"/t/{table.public_id}/").content.decode()
    found = re.search(r'<script id="table-protocol" type="application/json">(.*?)</script>',
                      html)
    assert found is not None
    return str(json.loads(found.group(1))["build"])


async def first_message(table: Table, query: str = ""
                        ) -> tuple[WebsocketCommunicator, dict[str, Any]]:
    comm = WebsocketCommunicator(application, f"/ws/tables/{table.public_id}/{query}",
                                 headers=socket_headers())
    assert (await comm.connect())[0]
    return comm, await comm.receive_json_from()


async def test_the_first_message_names_the_release_the_page_was_handed() -> None:
    table = await database_sync_to_async(make_table)()
    handed = await database_sync_to_async(handed_build)(Client(), table)
    assert handed == scripts_build() == protocol()["build"]
    assert re.fullmatch(r"[0-9a-f]{12}", handed)
    comm, first = await first_message(table)
    assert first["type"] == "snapshot" and first["build"] == handed
    # Asked again on the same connection: the page has read the release already.
    await comm.send_json_to({"type": "get_snapshot", "request_id": "again"})
    again = await read_until(comm, "snapshot")
    assert again["request_id"] == "again" and "build" not in again
    await comm.disconnect()


async def test_a_phone_back_after_a_gap_is_told_the_release_with_what_it_missed() -> None:
    table = await database_sync_to_async(make_table)()
    recorded = await database_sync_to_async(services.record_hand)(
        table.pk, RON, command_id(), 0, CREATOR)
    assert recorded["ok"]
    comm, first = await first_message(table, "?since=0")
    assert first["type"] == "missed" and first["seq"] == 1
    assert first["build"] == scripts_build()
    await comm.disconnect()
