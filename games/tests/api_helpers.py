"""Set-up shared by the API tests: a table with an owner, a seated player and names in
Chinese and Japanese, clients for each kind of caller, and recorded sample hands."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from games import services
from games.models import Table
from games.permissions import Actor
from games.tests.tables import OUTCOMES, command_id, user

NAMES = ["王小明", "山田太郎", "Aiko", "Bo"]
# A riichi ron in quick mode (winner 1 with a riichi stick, from 2) and one in tiles mode
# (winner 3, from 1, with yaku 立直 and 翻牌 發).
QUICK_RON = OUTCOMES["riichi"]["ron"][0]
TILES_RON = OUTCOMES["riichi"]["ron"][3]
# spectator: signed in, no part in the table; stranger: holds a seat and created a table,
# but elsewhere (rights at one table must not leak to another).
CALLERS = ("owner", "seated", "spectator", "stranger", "anonymous", "staff")


class World:
    """Users for each role and a way to make tables they relate to."""

    def __init__(self) -> None:
        self.owner = user("owner")
        self.seated = user("seated")
        self.spectator = user("spectator")
        self.stranger = user("stranger")
        self.staff = user("staff", is_staff=True)
        elsewhere = services.create_table("另一桌", "mcr", "", {}, ["甲", "乙", "丙", "丁"],
                                          creator=Actor(user=self.stranger),
                                          visibility="private")
        services.claim_seat(elsewhere, 0, user=self.stranger)

    def table(self, visibility: str = "link", ruleset: str = "riichi",
              name: str = "金曜日の対局", names: list[str] | None = None) -> Table:
        table = services.create_table(name, ruleset, "", {}, names or NAMES,
                                      creator=Actor(user=self.owner), visibility=visibility)
        services.claim_seat(table, 1, user=self.seated, join_key=table.join_key)
        return table

    def client(self, who: str) -> APIClient:
        client = APIClient()
        if who != "anonymous":
            client.force_authenticate(getattr(self, who))
        return client


def record(table: Table, outcome: dict[str, Any], by: Actor) -> services.CommandResult:
    table.refresh_from_db()
    result = services.record_hand(table.pk, outcome, command_id(), table.seq, by)
    assert result.get("ok"), result
    return result


def finish(table: Table, by: Actor) -> None:
    table.refresh_from_db()
    result = services.end_game(table.pk, command_id(), table.seq, by)
    assert result.get("ok"), result
