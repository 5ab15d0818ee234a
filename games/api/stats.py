"""A player's statistics over the tables loaded by :func:`games.api.ledger.load`: the one
home of these numbers, read by ``/api/players/{id}/stats/``, the player page and the
groups' pages (:mod:`clubs`).

* ``games``: tables the player sat at; ``finished_games`` those that are over;
  ``placements``: how many finished games they ended 1st, 2nd... (ties share the better
  place); ``average_placement`` their mean.
* Per hand played: ``win_rate`` / ``deal_in_rate`` / ``self_draw_rate``: hands the player
  won / dealt into / won by self-draw (a Sichuan hand where they win twice counts once);
  ``riichi_rate``: hands they declared riichi in, for rulesets whose outcomes name riichi
  players (None elsewhere).
* ``average_win_value``: mean of the player's own points change in the hands they won;
  ``average_hand_value``: mean hand value of their wins (the result contract's
  ``headline.points``: what the hand itself is worth, before honba, sticks and extras).
  Both in ruleset units, so given per ruleset, or overall when all games share one.
* ``top_scoring``: the scoring items (yaku, fan, 嘴子, dora...) of their wins from the
  result contract's ``items``, by the number of wins they appear in, most frequent first.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.db.models import QuerySet

from games.models import Hand, Seat, Table
from scoring.engine import rulesets
from scoring.engine.errors import EngineError

from .ledger import Loaded, win_items, wins_of

TOP = 10


@cache
def names_riichi(ruleset: str) -> bool:
    """Whether the ruleset's outcomes list riichi declarations (its entry spec says)."""
    try:
        package = rulesets.get(ruleset)
        spec = package.entry_spec(package.Options()).as_json()
    except (EngineError, AttributeError, TypeError):
        return False
    return any(f["name"] == "riichi" for o in spec["outcomes"] for f in o["fields"])


def hand_value(win: dict[str, Any]) -> int | None:
    """The win's hand value (``headline.points``; None when the win names no payer)."""
    points = win["headline"]["points"]
    return points if isinstance(points, int) else None


def contract_items(win: dict[str, Any]) -> list[tuple[str, str, str]]:
    """``(key, name, native)`` of each scoring item of a win (:func:`.ledger.win_items`),
    as the hand list shows them (a quick entry's typed fan included)."""
    return [(i["key"], i["name"], i["native"]) for i in win_items(win)]


@dataclass
class Tally:
    games: int = 0
    finished: int = 0
    placements: list[int] = field(default_factory=list)
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    self_draws: int = 0
    riichi_hands: int = 0
    riichi_counted: int = 0  # hands of rulesets that name riichi players
    win_values: list[int] = field(default_factory=list)
    hand_values: list[int] = field(default_factory=list)
    items: Counter[tuple[str, str, str]] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        for name in ("games", "finished", "hands", "wins", "deal_ins", "self_draws",
                     "riichi_hands", "riichi_counted"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.placements += other.placements
        self.win_values += other.win_values
        self.hand_values += other.hand_values
        self.items.update(other.items)

    def as_dict(self, with_value: bool = True) -> dict[str, Any]:
        def ratio(a: float, b: int) -> float | None:
            return round(a / b, 4) if b else None

        places = Counter(self.placements)
        return {
            "games": self.games,
            "finished_games": self.finished,
            "placements": [places.get(p, 0) for p in range(1, max(places, default=0) + 1)],
            "average_placement": ratio(sum(self.placements), len(self.placements)),
            "hands": self.hands,
            "wins": self.wins,
            "deal_ins": self.deal_ins,
            "self_draws": self.self_draws,
            "win_rate": ratio(self.wins, self.hands),
            "deal_in_rate": ratio(self.deal_ins, self.hands),
            "self_draw_rate": ratio(self.self_draws, self.hands),
            "riichi_rate": ratio(self.riichi_hands, self.riichi_counted),
            "average_win_value": (ratio(sum(self.win_values), len(self.win_values))
                                  if with_value else None),
            "average_hand_value": (ratio(sum(self.hand_values), len(self.hand_values))
                                   if with_value else None),
            "top_scoring": [{"key": key, "name": name, "native": native, "count": count}
                            for (key, name, native), count in self.items.most_common(TOP)],
        }


def _rank(totals: list[int], position: int) -> int:
    return 1 + sum(1 for t in totals if t > totals[position])


def final_totals(loaded: Loaded, table: Table) -> list[int]:
    """Each seat's points after every ledger row (the final settlement included)."""
    totals = loaded.start(table)
    for entry in loaded.entries.get(table.pk, []):
        totals[entry.position] += entry.amount
    return totals


def _hand(tally: Tally, hand: Hand, position: int, delta: int, riichi: bool) -> None:
    tally.hands += 1
    wins = wins_of(hand)
    mine = [w for w in wins if w["winner"] == position]
    if mine:
        tally.wins += 1
        tally.win_values.append(delta)
        if any(w["discarder"] is None for w in mine):
            tally.self_draws += 1
        for win in mine:
            value = hand_value(win)
            if value is not None:
                tally.hand_values.append(value)
            tally.items.update(contract_items(win))
    if any(w["discarder"] == position for w in wins):
        tally.deal_ins += 1
    if riichi:
        tally.riichi_counted += 1
        declared = hand.outcome.get("riichi") if isinstance(hand.outcome, dict) else None
        if isinstance(declared, list) and position in declared:
            tally.riichi_hands += 1


def table_tally(loaded: Loaded, table: Table, player_id: int) -> Tally:
    tally = Tally()
    positions = [s.position for s in loaded.seats.get(table.pk, []) if s.player_id == player_id]
    entries = loaded.entries.get(table.pk, [])
    riichi = names_riichi(table.ruleset)
    for position in positions:
        tally.games += 1
        if table.finished:
            tally.finished += 1
            tally.placements.append(_rank(final_totals(loaded, table), position))
        deltas: dict[int, int] = Counter()
        for entry in entries:
            if entry.position == position and entry.hand_number is not None:
                deltas[entry.hand_number] += entry.amount
        for hand in loaded.hands.get(table.pk, []):
            _hand(tally, hand, position, deltas.get(hand.number, 0), riichi)
    return tally


def player_tables(tables: QuerySet[Table], player_id: int) -> list[Table]:
    """Those of ``tables`` (the reader's listed tables, filtered) that ``player_id`` sat
    at, oldest first: what the API and the player page count."""
    return list(tables.filter(pk__in=Seat.objects.filter(player_id=player_id)
                              .values("table_id")).order_by("created_at", "pk"))


def player_stats(loaded: Loaded, player_id: int) -> dict[str, Any]:
    """``{"overall": {...}, "by_ruleset": [{"ruleset", ...}]}`` for ``player_id``."""
    per_ruleset: dict[str, Tally] = {}
    for table in loaded.tables:
        per_ruleset.setdefault(table.ruleset, Tally()).add(table_tally(loaded, table, player_id))
    overall = Tally()
    for tally in per_ruleset.values():
        overall.add(tally)
    return {
        "overall": overall.as_dict(with_value=len(per_ruleset) <= 1),
        "by_ruleset": [{"ruleset": name, **tally.as_dict()}
                       for name, tally in sorted(per_ruleset.items())],
    }

