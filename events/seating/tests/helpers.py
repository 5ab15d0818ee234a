"""Checks the seating tests share."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from events.seating import Fill, Layout, Plan, Substitute


def assert_seats_everyone_once(plan: Plan, players: Sequence[object], layout: Layout) -> None:
    """Each round seats each present player exactly once, at tables the layout allows,
    with at most one substitute a table."""
    sizes = {layout.table_size}
    if layout.fill is Fill.THREE_PLAYER:
        sizes.add(3)
    for tables in plan.rounds:
        seated = Counter(p for t in tables for p in t.players)
        assert seated == Counter(players)
        for table in tables:
            assert len(table.seats) in sizes
            assert sum(isinstance(s, Substitute) for s in table.seats) <= 1
            if layout.fill is Fill.THREE_PLAYER:
                assert not any(isinstance(s, Substitute) for s in table.seats)


def meetings(plan: Plan) -> Counter[frozenset[object]]:
    out: Counter[frozenset[object]] = Counter()
    for tables in plan.rounds:
        for table in tables:
            ps = table.players
            for i, a in enumerate(ps):
                for b in ps[i + 1:]:
                    out[frozenset((a, b))] += 1
    return out
