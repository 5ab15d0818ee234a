"""Who is entering a hand reaches a phone that connects without a message to every phone
(issue 26): the question goes to the entering phones alone and their answers to the
newcomer alone, so a connect costs O(phones entering), not O(phones²)."""

from __future__ import annotations

import pytest
from channels.layers import get_channel_layer

from games.broadcast import entering_group, group_name

from .test_consumer import NAMES, connect, new_session, read_until, seated_client, setup_table

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_newcomer_hears_who_is_entering_and_the_other_phones_hear_nothing():
    table = await setup_table()
    chen, _ = await seated_client(table, 2)
    dai, _ = await seated_client(table, 3)
    watchers = [(await connect(table, await new_session()))[0] for _ in range(3)]
    await chen.send_json_to({"type": "entering", "active": True})
    for phone in (dai, *watchers):
        assert (await read_until(phone, "presence"))["name"] == NAMES[2]
    for phone in (chen, dai, *watchers):  # the seat claimed above sent fresh snapshots
        while not await phone.receive_nothing(timeout=0.2):
            await phone.receive_json_from()
    late, _ = await connect(table, await new_session())
    seen = await read_until(late, "presence")
    assert seen["entering"] is True and seen["name"] == NAMES[2]
    # Neither the phones already there nor the entering one hear of the newcomer.
    for phone in (chen, dai, *watchers):
        assert await phone.receive_nothing(timeout=0.2)
    for phone in (chen, dai, late, *watchers):
        await phone.disconnect()


async def test_only_the_phones_entering_a_hand_are_in_the_group_a_newcomer_asks():
    table = await setup_table()
    layer = get_channel_layer()
    chen, _ = await seated_client(table, 2)
    dai, _ = await seated_client(table, 3)
    assert len(layer.groups[group_name(table.pk)]) == 2
    assert not layer.groups.get(entering_group(table.pk))
    await chen.send_json_to({"type": "entering", "active": True})
    await read_until(dai, "presence")
    assert len(layer.groups[entering_group(table.pk)]) == 1
    await chen.send_json_to({"type": "entering", "active": False})
    await read_until(dai, "presence")
    assert not layer.groups.get(entering_group(table.pk))
    await chen.send_json_to({"type": "entering", "active": True})
    await read_until(dai, "presence")
    await chen.disconnect()  # gone while entering: out of both groups
    await read_until(dai, "presence")
    assert not layer.groups.get(entering_group(table.pk))
    await dai.disconnect()
