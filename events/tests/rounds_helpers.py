"""Set-up for the tests of rounds, standings and exports: an event with players, rounds
seated and started, hands recorded at its tables."""

from __future__ import annotations

import itertools
from typing import Any

from events import rounds, services
from events.models import Round, RoundTable, Tournament
from games import services as games
from games.models import Table
from games.permissions import Actor

from .helpers import config

ORGANISER = Actor(device="organiser-device")
_ids = itertools.count(1)


def event_of(players: int, ruleset: str = "riichi", preset: str = "", rounds_: int = 3,
             **fields: Any) -> Tournament:
    event = services.create_event("League night", ORGANISER, config(ruleset, preset),
                                  rounds=rounds_, **fields)
    for i in range(1, players + 1):
        services.add_player(event, f"Player {i:03d}", ORGANISER)
    return event


def seat_and_start(event: Tournament) -> Round:
    made = rounds.seat_round(event, ORGANISER)
    return rounds.start_round(event, made.number, ORGANISER)


def tables_of(round_: Round) -> list[Table]:
    return [rt.table for rt in RoundTable.objects.filter(round=round_).select_related("table")
            .order_by("number") if rt.table is not None]


def record(table: Table, outcome: dict[str, Any], by: Actor = ORGANISER) -> dict[str, Any]:
    """Record a hand as ``by`` (the table's creator: the organiser who started the round)."""
    table.refresh_from_db()
    result = games.record_hand(table, outcome, f"cmd-{next(_ids)}", table.seq, by)
    assert result["ok"], result
    return dict(result)


def end(table: Table) -> None:
    table.refresh_from_db()
    result = games.end_game(table, f"cmd-{next(_ids)}", table.seq, ORGANISER)
    assert result["ok"], result


def ron(winner: int, discarder: int, han: int = 2, fu: int = 30) -> dict[str, Any]:
    return {"type": "ron", "wins": [{"winner": winner, "discarder": discarder,
                                     "quick": {"han": han, "fu": fu}}]}


def mcr_win(winner: int, discarder: int | None, fan: int = 8) -> dict[str, Any]:
    return {"type": "win", "wins": [{"winner": winner, "discarder": discarder,
                                     "quick": {"fan": fan}}]}
