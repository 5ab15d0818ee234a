"""What a plan is worth: repeats and winds over the history and the plan, with bounds."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

from .model import Layout, Player, Quality, Substitute, Table

TableLike = Table | Sequence[object]


def seats_of(table: TableLike) -> tuple[object, ...]:
    """A table's seats in wind order, from a :class:`Table` or a plain sequence."""
    return table.seats if isinstance(table, Table) else tuple(table)


def is_short(seats: Sequence[object], layout: Layout) -> bool:
    """A table with a substitute, or with fewer seats than the layout's tables."""
    return len(seats) < layout.table_size or any(isinstance(s, Substitute) for s in seats)


def measure(rounds: Iterable[Iterable[TableLike]], players: Sequence[Player],
            history: Iterable[Iterable[TableLike]], layout: Layout, *, method: str,
            seconds: float) -> Quality:
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    winds = layout.table_size
    meetings: Counter[tuple[int, int]] = Counter()
    history_meetings: Counter[tuple[int, int]] = Counter()
    wind_counts = [[0] * 4 for _ in range(n)]
    played = [0] * n
    short = [0] * n
    three = [0] * n  # rounds at a three-player table of a four-player event
    for rounds_of, also in ((history, history_meetings), (rounds, None)):
        for tables in rounds_of:
            for table in tables:
                seats = seats_of(table)
                here = [(index[s], w) for w, s in enumerate(seats)
                        if not isinstance(s, Substitute) and s in index]
                shortened = is_short(seats, layout)
                for i, (a, w) in enumerate(here):
                    wind_counts[a][w] += 1
                    played[a] += 1
                    short[a] += shortened
                    three[a] += len(seats) < winds
                    for b, _ in here[i + 1:]:
                        pair = (a, b) if a < b else (b, a)
                        meetings[pair] += 1
                        if also is not None:
                            also[pair] += 1
    repeats = sum(c - 1 for c in meetings.values() if c > 1)
    bound = max(sum(c - 1 for c in history_meetings.values() if c > 1),
                sum(meetings.values()) - n * (n - 1) // 2, 0)
    # Three-player tables have no North: their rounds share out among three winds.
    bound_of = [max(math.ceil(played[p] / winds), math.ceil(three[p] / 3)) for p in range(n)]
    over = sum(max(0, c - bound_of[p]) for p in range(n) for c in wind_counts[p])
    return Quality(
        repeats=repeats,
        repeats_bound=bound,
        repeated_pairs=sum(1 for c in meetings.values() if c > 1),
        most_meetings=max(meetings.values(), default=0),
        wind_most=max((max(row) for row in wind_counts), default=0),
        wind_over=over,
        wind_bound=max(bound_of, default=0),
        short_most=max(short, default=0),
        optimal=repeats == bound,
        method=method,
        seconds=seconds,
    )
