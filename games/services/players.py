"""A player's games across tables: seat, final score and place in each."""

from __future__ import annotations

import json
from typing import Any

from django.db.models import Sum

from games.models import LedgerEntry, Player, Seat
from games.permissions import Actor, can_view

from .snapshot import start_scores


def player_games(player: Player | int, viewer: Actor | None = None) -> list[dict[str, Any]]:
    """Newest first: ``{"table", "name", "ruleset", "preset", "created_at", "finished",
    "position", "score", "rank", "hands"}``; with ``viewer``, only tables they may view.

    A bounded number of queries whatever the number of games (plus one permission check
    per private table when a viewer is given).
    """
    player_id = player.pk if isinstance(player, Player) else player
    seats = list(Seat.objects.filter(player_id=player_id).select_related("table")
                 .order_by("-table__created_at"))
    if viewer is not None:
        seats = [s for s in seats if can_view(s.table, viewer)]
    table_ids = [s.table_id for s in seats]
    sums: dict[tuple[int, int], int] = {}
    for row in (LedgerEntry.objects.filter(table_id__in=table_ids)
                .values("table_id", "position").annotate(total=Sum("amount"))):
        sums[(row["table_id"], row["position"])] = row["total"]
    starts: dict[tuple[str, str], list[int]] = {}
    out = []
    for seat in seats:
        table = seat.table
        key = (table.ruleset, json.dumps(table.options, sort_keys=True))
        if key not in starts:
            starts[key] = start_scores(table)
        totals = [start + sums.get((table.pk, p), 0) for p, start in enumerate(starts[key])]
        mine = totals[seat.position]
        out.append({
            "table": table.public_id, "name": table.name, "ruleset": table.ruleset,
            "preset": table.preset, "created_at": table.created_at.isoformat(),
            "finished": table.finished, "position": seat.position, "score": mine,
            "rank": 1 + sum(1 for t in totals if t > mine),
            "hands": table.state.get("hands_played", 0) if table.state else 0,
        })
    return out
