"""Shared set-up for the games tests: tables, actors and the sample outcomes."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model

from games import services
from games.models import Table
from games.permissions import Actor
from scoring import registry

OUTCOMES: dict[str, dict[str, list[dict[str, Any]]]] = json.loads(
    (Path(__file__).parent / "data" / "outcomes.json").read_text(encoding="utf-8"))

NAMES = ["Aiko", "Bo", "Chen", "Dana"]
CREATOR = Actor(session_key="creator-session", name="")
_ids = itertools.count(1)


def command_id() -> str:
    return f"cmd-{next(_ids)}"


def make_table(ruleset: str = "riichi", preset: str = "", visibility: str = "link",
               **overrides: Any) -> Table:
    return services.create_table("Friday game", ruleset, preset, overrides, NAMES,
                                 creator=CREATOR, visibility=visibility)


def seated(table: Table, position: int, key: str | None = None) -> Actor:
    key = key or f"seat-{position}-session"
    services.claim_seat(table, position, session_key=key)
    return Actor(session_key=key)


def user(name: str, **fields: Any) -> Any:
    # No password: hashing one is slow and these users never log in with it.
    return get_user_model().objects.create(username=name, **fields)


def sample_outcomes() -> list[tuple[str, str, int, dict[str, Any]]]:
    """(ruleset, outcome type, index, outcome) for every usable ruleset's samples."""
    out = []
    for name in registry.usable():
        for kind, outcomes in OUTCOMES.get(name, {}).items():
            for i, outcome in enumerate(outcomes):
                out.append((name, kind, i, outcome))
    return out


def record(table: Table, outcome: dict[str, Any], actor: Any = CREATOR,
           **kw: Any) -> services.CommandResult:
    table.refresh_from_db()
    return services.record_hand(table.pk, outcome, kw.pop("command_id", command_id()),
                                kw.pop("base_seq", table.seq), actor)
