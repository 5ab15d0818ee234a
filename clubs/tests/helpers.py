"""Set-up shared by the group tests: a group with members, an evening, finished tables."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone

from clubs import services
from clubs.models import Evening, Group
from games import services as games
from games.models import Table
from games.permissions import Actor
from games.tests.tables import command_id, new_device

OWNER_TOKEN, OWNER_DEVICE = new_device()
OWNER = Actor(device=OWNER_DEVICE)
RIICHI_NAMES = ["Aiko", "Bo", "Chen", "Dana"]
SICHUAN_NAMES = ["Aiko", "Bo", "陈", "Eri"]
RON = {"type": "ron", "wins": [{"winner": 1, "discarder": 2, "quick": {"han": 3, "fu": 30}}]}
TSUMO = {"type": "tsumo", "wins": [{"winner": 0, "discarder": None,
                                    "quick": {"han": 2, "fu": 30}}]}
SICHUAN = {"type": "hand", "extra": {"events": [
    {"kind": "win", "winner": 1, "discarder": 0, "quick": {"fan": 2}},
    {"kind": "win", "winner": 2, "discarder": 3, "quick": {"fan": 1}},
    {"kind": "win", "winner": 3, "discarder": None, "quick": {"fan": 1}}]}}


def play(table: Table, outcomes: list[dict[str, Any]], by: Actor = OWNER,
         end: bool = True) -> Table:
    for outcome in outcomes:
        table.refresh_from_db()
        result = games.record_hand(table.pk, outcome, command_id(), table.seq, by)
        assert result.get("ok"), result
    if end:
        table.refresh_from_db()
        result = games.end_game(table.pk, command_id(), table.seq, by)
        assert result.get("ok"), result
    table.refresh_from_db()
    return table


def table(ruleset: str = "riichi", names: list[str] | None = None, by: Actor = OWNER,
          visibility: str = "link", **options: Any) -> Table:
    default = RIICHI_NAMES if ruleset == "riichi" else SICHUAN_NAMES
    return games.create_table(f"{ruleset} game", ruleset, "", options, names or default,
                              creator=by, visibility=visibility)


def group(by: Actor = OWNER, visibility: str = "link", currency: str = "CNY") -> Group:
    return services.create_group("Thursday club", by, visibility=visibility,
                                 currency=currency, members=["Aiko", "Bo", "Chen"])


def evening_of_two(by: Actor = OWNER) -> tuple[Group, Evening, Table, Table]:
    """A group's evening with a finished riichi table (stake 1 per 1,000) and a finished
    Sichuan table (stake 0.5 per point)."""
    club = group(by)
    night = services.create_evening(club, "Friday night", by)
    riichi = play(table("riichi", by=by), [RON, TSUMO])
    sichuan = play(table("sichuan", by=by), [SICHUAN])
    services.attach_table(riichi, club, by, night)
    services.attach_table(sichuan, club, by, night)
    services.set_evening_stake(night, "riichi", "1", by)
    services.set_evening_stake(night, "sichuan", "0.5", by)
    return club, night, riichi, sichuan


def today() -> dt.date:
    """The site's date now: read when a test runs, not when its module is imported (a
    suite collected before midnight and run after it put tonight's tables outside a
    season that ended "today", yesterday; seen in CI)."""
    return timezone.localdate()
