"""Riichi declared live (issue 15): a seated player declares from their own phone while
the hand is played; every phone shows it, the record sheet starts with it ticked, the
declaration can be taken back, and a recorded hand starts the next one with none."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games import presenter, services
from games.models import Table
from games.permissions import Actor
from scoring import registry

from .tables import CREATOR, command_id, make_table, seated
from .test_consumer import connect, seated_client

pytestmark = pytest.mark.django_db

RON = {"type": "ron", "riichi": [1], "wins": [{"winner": 1, "discarder": 2,
                                               "quick": {"han": 2, "fu": 40}}]}


def declare(table: Table, who: Actor, player: int, on: bool = True) -> services.CommandResult:
    table.refresh_from_db()
    return services.declare(table, player, on, command_id(), table.seq, who)


def declared(table: Table) -> list[int]:
    table.refresh_from_db()
    return list(services.snapshot(table)["declared"].get("riichi", []))


def test_a_player_declares_from_their_own_phone_and_takes_it_back() -> None:
    table = make_table()
    bo = seated(table, 1)
    assert declare(table, bo, 1)["ok"]
    assert declared(table) == [1]
    # Every phone's scoreboard marks the declarer.
    rows = presenter.standings_rows(services.snapshot(table))
    assert [r["declared"] for r in rows] == [False, True, False, False]
    assert declare(table, bo, 1, on=False)["ok"]
    assert declared(table) == []


def test_only_the_declarers_phone_or_the_creator_may_declare_for_a_player() -> None:
    table = make_table()
    bo, chen = seated(table, 1), seated(table, 2)
    refused = declare(table, chen, 1)
    assert not refused["ok"] and refused["error"]["code"] == "forbidden"
    assert declare(table, CREATOR, 3)["ok"]
    assert declared(table) == [3]
    assert declare(table, bo, 1)["ok"]
    assert declared(table) == [1, 3]


def test_declaring_twice_or_taking_back_nothing_is_refused_by_name() -> None:
    table = make_table()
    bo = seated(table, 1)
    assert declare(table, bo, 1)["ok"]
    again = declare(table, bo, 1)
    assert not again["ok"] and again["error"]["code"] == "bad_command"
    nothing = declare(table, CREATOR, 2, on=False)
    assert not nothing["ok"] and nothing["error"]["code"] == "bad_command"
    assert not declare(table, CREATOR, 7)["ok"]
    assert declared(table) == [1]


def test_a_recorded_hand_takes_the_sticks_and_the_next_hand_starts_with_none() -> None:
    table = make_table()
    bo = seated(table, 1)
    assert declare(table, bo, 1)["ok"]
    table.refresh_from_db()
    assert services.record_hand(table, RON, command_id(), table.seq, bo)["ok"]
    assert declared(table) == []
    # Undoing the hand brings back the hand being played, with its declaration.
    table.refresh_from_db()
    assert services.undo(table, command_id(), table.seq, bo)["ok"]
    assert declared(table) == [1]


def test_rules_without_riichi_have_nothing_to_declare() -> None:
    table = make_table("mcr")
    assert registry.declarations("mcr", table.options) == ()
    answer = declare(table, CREATOR, 0)
    assert not answer["ok"] and answer["error"]["code"] == "nothing_to_declare"


@pytest.mark.django_db(transaction=True)
async def test_every_phone_hears_the_declaration_with_the_new_state() -> None:
    table = await database_sync_to_async(make_table)()
    bo, _ = await seated_client(table, 1)
    watcher, _ = await connect(table)
    await bo.send_json_to({"type": "declare", "command_id": "d-1", "base_seq": 0,
                           "player": 1, "on": True})
    heard = await watcher.receive_json_from()
    assert heard["type"] == "declaration_changed" and heard["declaration"] == "riichi"
    assert heard["player"] == 1 and heard["on"]
    assert heard["snapshot"]["declared"] == {"riichi": [1]}
    await bo.disconnect()
    await watcher.disconnect()
