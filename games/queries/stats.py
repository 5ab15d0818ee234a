"""A player's statistics: the one home of these numbers, read by
``/api/players/{id}/stats/``, the player page and the groups' pages (:mod:`clubs`).
What each hand counts for is :func:`count_hand`; a table's seat adds its hands up once,
when the table is written (``games.models.SeatResult``, :mod:`games.seat_results`), and
:func:`player_stats` adds up those rows, never the hands.

* ``games``: tables the player sat at; ``finished_games`` those that are over;
  ``placements``: how many finished games they ended 1st, 2nd... (ties share the better
  place); ``average_placement`` their mean.
* Per hand played: ``win_rate`` / ``deal_in_rate`` / ``self_draw_rate``: hands the player
  won / dealt into / won by self-draw (a Sichuan hand where they win twice counts once);
  and a share per statistic the rulesets' live declarations yield
  (:func:`scoring.registry.statistics`, riichi's ``riichi_rate``): hands they made the
  declaration in, over hands at tables whose rules offer it (None without any).
* ``average_win_value``: mean of the player's own points change in the hands they won;
  ``average_hand_value``: mean hand value of their wins (the result contract's
  ``headline.points``: what the hand itself is worth, before honba, sticks and extras).
  Both in ruleset units, so given per ruleset, or overall when all games share one.
* ``top_scoring``: the scoring items (yaku, fan, 嘴子, dora...) of their wins from the
  result contract's ``items``, by the number of wins they appear in, most frequent first
  (ties in the order first seen, oldest game first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet

from games.models import Hand, Seat, Table
from scoring import registry
from scoring.engine.capabilities import Declaration

from .ledger import win_items, wins_of

TOP = 10


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
    win_value_sum: int = 0
    win_value_count: int = 0
    hand_value_sum: int = 0
    hand_value_count: int = 0
    items: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    # Where each item was first seen, (table created_at, table id, seat, index): equal
    # counts keep that order (the first game's items as its hand listed them) however
    # the tallies were added up. Without it (one seat's tally), the order they came in.
    first: dict[tuple[str, str, str], tuple[Any, ...]] = field(default_factory=dict)
    # By the statistic of a live declaration (riichi_rate...): hands the player made it in,
    # and hands at tables whose rules offer it.
    declared: Counter[str] = field(default_factory=Counter)
    declarable: Counter[str] = field(default_factory=Counter)

    COUNTS = ("games", "finished", "hands", "wins", "deal_ins", "self_draws",
              "win_value_sum", "win_value_count", "hand_value_sum", "hand_value_count")
    # What a table's seat stores (games.models.SeatResult) of it, beside its items and
    # declarations.
    STORED = COUNTS[2:]

    def add(self, other: Tally) -> None:
        for name in self.COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.placements += other.placements
        self.items.update(other.items)
        for key, seen in other.first.items():
            mine = self.first.get(key)
            self.first[key] = seen if mine is None else min(mine, seen)
        self.declared.update(other.declared)
        self.declarable.update(other.declarable)

    def stored_declarations(self) -> dict[str, list[int]]:
        """``{statistic: [hands declared, hands declarable]}``, as a seat stores them."""
        return {name: [self.declared[name], count]
                for name, count in self.declarable.items() if count}

    def add_declarations(self, stored: Any) -> None:
        """Add a seat's stored declarations (:meth:`stored_declarations`)."""
        for name, (declared, declarable) in (stored or {}).items():
            self.declared[name] += declared
            self.declarable[name] += declarable

    @classmethod
    def of_seat(cls, row: Any, finished: bool) -> Tally:
        """One game of a stored seat result (``games.models.SeatResult``)."""
        tally = cls(games=1, finished=int(finished),
                    placements=[row.place] if finished else [],
                    **{name: getattr(row, name) for name in cls.STORED})
        for key, name, native, count in row.items:
            tally.items[(key, name, native)] += count
        tally.add_declarations(row.declarations)
        return tally

    def top(self) -> list[tuple[tuple[str, str, str], int]]:
        """The ``TOP`` most frequent items, equal counts in the order first seen: the
        same whatever order the games were added up in (kept history and tables in play,
        or all at once)."""
        if not self.first:
            return self.items.most_common(TOP)
        return sorted(self.items.items(),
                      key=lambda item: (-item[1], self.first.get(item[0], ())))[:TOP]

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
            **{name: ratio(self.declared[name], self.declarable[name])
               for name, _label in registry.statistics()},
            "average_win_value": (ratio(self.win_value_sum, self.win_value_count)
                                  if with_value else None),
            "average_hand_value": (ratio(self.hand_value_sum, self.hand_value_count)
                                   if with_value else None),
            "top_scoring": [{"key": key, "name": name, "native": native, "count": count}
                            for (key, name, native), count in self.top()],
        }


def count_hand(tally: Tally, hand: Hand, position: int, delta: int,
               declarations: Sequence[Declaration] = ()) -> None:
    """Add one hand of ``position`` (``delta``: their points change in it) to ``tally``:
    the one home of what a hand counts for, used when a table's seat results are stored
    (games.seat_results). ``declarations``: the live declarations its table offers
    (:func:`scoring.registry.declarations`); the hand's outcome lists who made each
    under its key."""
    tally.hands += 1
    wins = wins_of(hand)
    mine = [w for w in wins if w["winner"] == position]
    if mine:
        tally.wins += 1
        tally.win_value_sum += delta
        tally.win_value_count += 1
        if any(w["discarder"] is None for w in mine):
            tally.self_draws += 1
        for win in mine:
            value = hand_value(win)
            if value is not None:
                tally.hand_value_sum += value
                tally.hand_value_count += 1
            tally.items.update(contract_items(win))
    if any(w["discarder"] == position for w in wins):
        tally.deal_ins += 1
    outcome = hand.outcome if isinstance(hand.outcome, dict) else {}
    made: dict[str, bool] = {}  # by statistic: two declarations of one count once
    for declaration in declarations:
        declarers = outcome.get(declaration.key)
        made[declaration.statistic] = made.get(declaration.statistic, False) or (
            isinstance(declarers, list) and position in declarers)
    for name, declared in made.items():
        tally.declarable[name] += 1
        tally.declared[name] += declared


def player_tables(tables: QuerySet[Table], player_id: int) -> list[Table]:
    """Those of ``tables`` (the reader's listed tables, filtered) that ``player_id`` sat
    at, oldest first: what the API and the player page count."""
    return list(tables.filter(pk__in=Seat.objects.filter(player_id=player_id)
                              .values("table_id")).order_by("created_at", "pk"))


def player_stats(per_ruleset: dict[str, Tally], rulesets: Iterable[str] = ()) -> dict[str, Any]:
    """``{"overall": {...}, "by_ruleset": [{"ruleset", ...}]}`` of one player from their
    tallies per ruleset (:func:`games.seat_results.tallies`, in the order of each
    ruleset's first table). ``rulesets``: those of every table counted (first table
    first), so a ruleset the player never played shows with no games, as over a group's
    tables."""
    per_ruleset = {**{name: Tally() for name in rulesets}, **per_ruleset}
    overall = Tally()
    for tally in per_ruleset.values():
        overall.add(tally)
    return {
        "overall": overall.as_dict(with_value=len(per_ruleset) <= 1),
        "by_ruleset": [{"ruleset": name, **tally.as_dict()}
                       for name, tally in sorted(per_ruleset.items())],
    }
