"""The in-memory channel layer (mjsite.memory_layer) delivers as Channels' own does while
sweeping for expired messages at most once every ``SWEEP_EVERY`` seconds."""

from __future__ import annotations

from mjsite import memory_layer
from mjsite.memory_layer import SweptInMemoryChannelLayer


async def test_a_group_message_reaches_each_member_once_as_a_copy_of_its_own():
    layer = SweptInMemoryChannelLayer()
    a, b, outsider = [await layer.new_channel() for _ in range(3)]
    for channel in (a, b):
        await layer.group_add("table-1", channel)
    message = {"type": "table.event", "seq": 3, "payload": "{}", "nested": {"x": [1]}}
    await layer.group_send("table-1", message)
    got_a, got_b = await layer.receive(a), await layer.receive(b)
    assert got_a == got_b == message
    got_a["nested"]["x"].append(2)  # one consumer changing its message changes no other's
    assert got_b["nested"] == {"x": [1]} and message["nested"] == {"x": [1]}
    assert outsider not in layer.channels
    await layer.group_discard("table-1", a)
    await layer.group_send("table-1", {"type": "table.seats"})
    assert await layer.receive(b) == {"type": "table.seats"}
    assert a not in layer.channels


async def test_a_flat_event_is_each_member_s_own_dict_too():
    layer = SweptInMemoryChannelLayer()
    a, b = [await layer.new_channel() for _ in range(2)]
    for channel in (a, b):
        await layer.group_add("table-1", channel)
    message = {"type": "table.event", "seq": 4, "payload": '{"head":{}}', "private": False}
    await layer.group_send("table-1", message)
    got_a, got_b = await layer.receive(a), await layer.receive(b)
    assert got_a == got_b == message
    got_a["seq"] = 5  # a consumer changing its message changes no other's
    assert got_b["seq"] == message["seq"] == 4 and got_a is not message


async def test_a_full_channel_misses_a_group_message_and_the_others_still_get_it():
    layer = SweptInMemoryChannelLayer(capacity=2)
    full, free = await layer.new_channel(), await layer.new_channel()
    for channel in (full, free):
        await layer.group_add("table-1", channel)
    for seq in (1, 2):
        await layer.send(full, {"type": "table.event", "seq": seq})
    await layer.group_send("table-1", {"type": "table.event", "seq": 3})
    assert (await layer.receive(free))["seq"] == 3
    assert [(await layer.receive(full))["seq"] for _ in range(2)] == [1, 2]


async def test_expired_messages_and_their_channels_go_at_the_next_sweep(monkeypatch):
    layer = SweptInMemoryChannelLayer(expiry=0)  # every message is expired at once
    stale = await layer.new_channel()
    await layer.group_add("table-1", stale)
    await layer.send(stale, {"type": "table.event", "seq": 1})
    now = [1000.0]
    monkeypatch.setattr(memory_layer, "clock", lambda: now[0])
    layer._swept_at = now[0] - memory_layer.SWEEP_EVERY / 2  # swept lately: not yet again
    await layer.group_send("table-1", {"type": "table.event", "seq": 2})
    assert layer.channels[stale].qsize() == 2
    now[0] += memory_layer.SWEEP_EVERY  # the next message sweeps: the channel and its
    # membership go
    await layer.group_send("table-2", {"type": "table.event", "seq": 3})
    assert stale not in layer.channels
    assert stale not in layer.groups.get("table-1", {})
