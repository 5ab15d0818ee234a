"""Live declarations are a capability a ruleset declares (scoring.engine.capabilities
.Declaration, read through scoring.registry.declarations): the table offers, logs, shows
and counts whatever its ruleset declares, and nothing when it declares none."""

from __future__ import annotations

import dataclasses
import re
from types import SimpleNamespace

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.utils import translation

from games import presenter, services
from games.queries.stats import Tally, count_hand
from scoring import registry
from scoring.engine import rulesets

from .tables import CREATOR, command_id, make_table, seated
from .test_consumer import read_until, seated_client

RIICHI = registry.get("riichi").declarations()[0]


@pytest.mark.django_db
def test_a_table_offers_a_button_for_each_declaration_of_its_rules_and_none_without(
        client: Client) -> None:
    riichi, mcr = make_table(), make_table("mcr")
    page = client.get(f"/t/{riichi.public_id}/").content.decode()
    assert re.findall(r'data-declare="(\w+)"', page) == ["riichi"]
    assert 'data-on="Declare riichi"' in page and 'title="立直"' in page
    bare = client.get(f"/t/{mcr.public_id}/").content.decode()
    assert "data-declare" not in bare and '"declarations": []' in bare


@pytest.mark.django_db(transaction=True)
async def test_a_declaration_the_rules_do_not_offer_is_refused_by_name_on_the_socket() -> None:
    mcr = await database_sync_to_async(make_table)("mcr")
    writer, _ = await seated_client(mcr, 0)
    await writer.send_json_to({"type": "declare", "command_id": "d1", "base_seq": 0,
                               "player": 0, "on": True})
    error = await read_until(writer, "error")
    assert error["code"] == "nothing_to_declare" and error["command_id"] == "d1"
    assert error["text"] == "This table's rules have no such declaration to make."
    riichi = await database_sync_to_async(make_table)()
    other, _ = await seated_client(riichi, 0)
    await other.send_json_to({"type": "declare", "command_id": "d2", "base_seq": 0,
                              "player": 0, "on": True, "declaration": "ting"})
    assert (await read_until(other, "error"))["code"] == "nothing_to_declare"
    # The socket goes on: the ruleset's own declaration is made by its key.
    await other.send_json_to({"type": "declare", "command_id": "d3", "base_seq": 0,
                              "player": 0, "on": True, "declaration": "riichi"})
    assert (await read_until(other, "ack"))["command_id"] == "d3"
    for comm in (writer, other):
        await comm.disconnect()


@pytest.mark.django_db
def test_who_may_declare_is_the_declarations(monkeypatch: pytest.MonkeyPatch) -> None:
    table = make_table()
    bo = seated(table, 1)
    table.refresh_from_db()
    refused = services.declare(table, 2, True, command_id(), table.seq, bo)
    assert refused["error"]["code"] == "forbidden"
    anyone = dataclasses.replace(RIICHI, who="any_writer")
    monkeypatch.setattr(rulesets.get("riichi"), "DECLARATIONS", (anyone,))
    assert services.declare(table, 2, True, command_id(), table.seq, bo)["ok"]
    table.refresh_from_db()
    assert services.snapshot(table)["declared"] == {"riichi": [2]}


@pytest.mark.django_db
def test_the_scoreboard_marks_a_declarer_with_the_declarations_own_word() -> None:
    table = make_table()
    assert services.declare(table, 3, True, command_id(), table.seq, CREATOR)["ok"]
    table.refresh_from_db()
    snap = services.snapshot(table)
    with translation.override("ja"):
        rows = presenter.standings_rows(snap)
        board = presenter.render_scoreboard(snap, presenter.spec_of(snap))
    assert [r["marks"] for r in rows] == [[], [], [], ["リーチ"]]
    assert "<span class='declared-mark'>リーチ</span>" in board


def test_a_hand_counts_for_the_statistic_each_declaration_names() -> None:
    stick = dataclasses.replace(RIICHI, key="stick", statistic="stick_rate")
    hand = SimpleNamespace(outcome={"type": "draw", "riichi": [0], "stick": [1]},
                           result=[], number=1)
    counted = []
    for position in range(2):
        tally = Tally()
        count_hand(tally, hand, position, 0, (RIICHI, stick))  # type: ignore[arg-type]
        counted.append((dict(tally.declared), dict(tally.declarable)))
    assert counted == [({"riichi_rate": 1, "stick_rate": 0}, {"riichi_rate": 1, "stick_rate": 1}),
                       ({"riichi_rate": 0, "stick_rate": 1}, {"riichi_rate": 1, "stick_rate": 1})]
