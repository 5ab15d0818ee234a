"""Racing writes through two server processes on PostgreSQL: one copy, zero-sum, the rest
told ``stale`` or acknowledged as duplicates."""

from __future__ import annotations

import asyncio

import pytest

from .conftest import Site
from .harness import Client, Server

pytestmark = pytest.mark.integration


async def _phones(site: Site, servers: tuple[Server, Server], count: int
                  ) -> tuple[dict, list[Client]]:
    (table,) = site.tables(1)
    # Seated players and the creator, spread over both servers; two phones may share a
    # device (the same browser in two tabs).
    devices = [*table["devices"], table["creator"]]
    phones = [Client(servers[i % 2], table["public_id"], devices[i % len(devices)])
              for i in range(count)]
    await asyncio.gather(*(p.connect() for p in phones))
    return table, phones


def _assert_balanced(state: dict) -> None:
    assert all(h["rows"] + h["pot_change"] == 0 for h in state["hands"]), state["hands"]
    assert state["ledger_total"] + state["pot"] == 0


async def test_same_hand_fired_from_many_phones_at_once_is_recorded_once(
        site: Site, two_servers: tuple[Server, Server]) -> None:
    table, phones = await _phones(site, two_servers, 8)
    try:
        await asyncio.gather(*(p.record("same-hand", base_seq=0) for p in phones))
        answers = await asyncio.gather(*(p.answer_to("same-hand") for p in phones))
    finally:
        await asyncio.gather(*(p.close() for p in phones))
    assert all(a["type"] == "ack" and a["seq"] == 1 for a in answers), answers
    assert sorted(a["duplicate"] for a in answers) == [False] + [True] * 7
    state = site.inspect(table["public_id"])
    assert state["events"] == ["same-hand"] and len(state["hands"]) == 1
    _assert_balanced(state)


async def test_different_commands_on_the_same_base_seq_accept_exactly_one(
        site: Site, two_servers: tuple[Server, Server]) -> None:
    table, phones = await _phones(site, two_servers, 8)
    try:
        await asyncio.gather(*(p.record(f"racer-{i}", base_seq=0)
                               for i, p in enumerate(phones)))
        answers = await asyncio.gather(*(p.answer_to(f"racer-{i}")
                                         for i, p in enumerate(phones)))
    finally:
        await asyncio.gather(*(p.close() for p in phones))
    accepted = [a for a in answers if a["type"] == "ack"]
    assert len(accepted) == 1 and accepted[0]["seq"] == 1
    stale = [a for a in answers if a["type"] == "stale"]
    assert len(stale) == 7 and all(a["seq"] == 1 and a["snapshot"]["seq"] == 1 for a in stale)
    state = site.inspect(table["public_id"])
    assert state["events"] == [accepted[0]["command_id"]] and len(state["hands"]) == 1
    _assert_balanced(state)


async def test_retries_and_stale_phones_racing_leave_one_copy_per_hand(
        site: Site, two_servers: tuple[Server, Server]) -> None:
    table, phones = await _phones(site, two_servers, 6)
    try:
        await phones[0].record("hand-1", base_seq=0)
        assert (await phones[0].answer_to("hand-1"))["seq"] == 1
        # Now hand 2 from half the phones (one command id, current base) while the others
        # still believe the table is empty (base 0) and send hands of their own.
        current, behind = phones[:3], phones[3:]
        await asyncio.gather(*(p.record("hand-2", base_seq=1) for p in current),
                             *(p.record(f"late-{i}", base_seq=0) for i, p in enumerate(behind)))
        ok = await asyncio.gather(*(p.answer_to("hand-2") for p in current))
        late = await asyncio.gather(*(p.answer_to(f"late-{i}") for i, p in enumerate(behind)))
    finally:
        await asyncio.gather(*(p.close() for p in phones))
    assert [a["type"] for a in ok] == ["ack"] * 3 and {a["seq"] for a in ok} == {2}
    assert sum(not a["duplicate"] for a in ok) == 1
    assert all(a["type"] == "stale" and a["code"] == "stale" for a in late), late
    assert all(a["snapshot"]["seq"] >= 1 for a in late)
    state = site.inspect(table["public_id"])
    assert state["events"] == ["hand-1", "hand-2"] and len(state["hands"]) == 2
    _assert_balanced(state)
