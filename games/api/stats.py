"""A player's statistics over the tables loaded by :func:`games.api.ledger.load`.

* ``games``: tables the player sat at; ``finished_games`` those that are over.
* ``average_placement``: mean final rank over finished games (ties share the better rank).
* ``win_rate`` / ``deal_in_rate``: hands the player won / dealt into, over hands played
  (a Sichuan hand where they win twice counts once).
* ``average_win_value``: mean of the player's own points change in the hands they won
  (ruleset units, so only given per ruleset, or overall when all games share one ruleset).
* ``top_scoring``: the yaku/fan of their wins, most frequent first (quick-entry wins list
  none).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from games.models import Table

from .ledger import Loaded, win_items, wins_of

TOP = 10


@dataclass
class _Tally:
    games: int = 0
    finished: int = 0
    placements: list[int] = field(default_factory=list)
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    win_values: list[int] = field(default_factory=list)
    items: Counter[tuple[str, str]] = field(default_factory=Counter)

    def add(self, other: _Tally) -> None:
        self.games += other.games
        self.finished += other.finished
        self.placements += other.placements
        self.hands += other.hands
        self.wins += other.wins
        self.deal_ins += other.deal_ins
        self.win_values += other.win_values
        self.items.update(other.items)

    def as_dict(self, with_value: bool = True) -> dict[str, Any]:
        def ratio(a: float, b: int) -> float | None:
            return round(a / b, 4) if b else None

        return {
            "games": self.games,
            "finished_games": self.finished,
            "average_placement": ratio(sum(self.placements), len(self.placements)),
            "hands": self.hands,
            "wins": self.wins,
            "deal_ins": self.deal_ins,
            "win_rate": ratio(self.wins, self.hands),
            "deal_in_rate": ratio(self.deal_ins, self.hands),
            "average_win_value": (ratio(sum(self.win_values), len(self.win_values))
                                  if with_value else None),
            "top_scoring": [{"name": name, "native": native, "count": count}
                            for (name, native), count in self.items.most_common(TOP)],
        }


def _rank(totals: list[int], position: int) -> int:
    return 1 + sum(1 for t in totals if t > totals[position])


def _table(loaded: Loaded, table: Table, player_id: int) -> _Tally:
    tally = _Tally()
    positions = [s.position for s in loaded.seats.get(table.pk, []) if s.player_id == player_id]
    entries = loaded.entries.get(table.pk, [])
    for position in positions:
        tally.games += 1
        if table.finished:
            totals = loaded.start(table)
            for entry in entries:
                totals[entry.position] += entry.amount
            tally.finished += 1
            tally.placements.append(_rank(totals, position))
        deltas: dict[int, int] = Counter()
        for entry in entries:
            if entry.position == position and entry.hand_number is not None:
                deltas[entry.hand_number] += entry.amount
        for hand in loaded.hands.get(table.pk, []):
            tally.hands += 1
            wins = wins_of(hand)
            mine = [w for w in wins if w["winner"] == position]
            if mine:
                tally.wins += 1
                tally.win_values.append(deltas.get(hand.number, 0))
                for win in mine:
                    tally.items.update((i["name"], i["native"]) for i in win_items(win))
            if any(w.get("discarder") == position for w in wins):
                tally.deal_ins += 1
    return tally


def player_stats(loaded: Loaded, player_id: int) -> dict[str, Any]:
    """``{"overall": {...}, "by_ruleset": [{"ruleset", ...}]}`` for ``player_id``."""
    per_ruleset: dict[str, _Tally] = {}
    for table in loaded.tables:
        per_ruleset.setdefault(table.ruleset, _Tally()).add(_table(loaded, table, player_id))
    overall = _Tally()
    for tally in per_ruleset.values():
        overall.add(tally)
    return {
        "overall": overall.as_dict(with_value=len(per_ruleset) <= 1),
        "by_ruleset": [{"ruleset": name, **tally.as_dict()}
                       for name, tally in sorted(per_ruleset.items())],
    }
