"""Dealer rotation through wind rounds, for the tables that keep the deal on a win (連莊)
and play a set number of rounds (Taiwan's 一將 of four 圈, Hong Kong's 四圈), and the
table rules those rulesets share (:class:`RoundGame`: one winner or a drawn hand).

The state's ``honba`` counts the dealer's consecutive extra deals (Taiwan's 連莊 N);
``hand_number`` is the dealer's place in the round (East 1..4); a round ends when the
deal passes on from its fourth dealer, and the game ends after ``rounds`` of them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import Any, Generic, Protocol, TypeVar

from .entry import EntrySpec, check_outcome
from .errors import BadInput
from .game import (
    GameState,
    HandSettlement,
    LedgerRow,
    Rows,
    about_win,
    check_unfinished,
    choose_params,
    entry_seats,
    fresh_state,
    how_won,
    next_hand,
    table_request,
)
from .result import REASON_OF, Contract, Payment
from .tiles import WIND_LETTERS


def rotate(state: GameState, rows: Iterable[LedgerRow], keep_deal: bool, rounds: int,
           start: int = 0) -> GameState:
    """The state after a hand that paid ``rows``; the dealer deals again when ``keep_deal``,
    else the deal passes to the next seat (and, past the fourth dealer, the round wind)."""
    dealer = state.get("dealer", 0)
    new = next_hand(state, rows, dealer if keep_deal else (dealer + 1) % 4, start)
    round_index = WIND_LETTERS.index(state.get("round_wind", "E"))
    if keep_deal:
        new["honba"] = state.get("honba", 0) + 1
        new["hand_number"] = state.get("hand_number", 1)
    else:
        new["honba"] = 0
        new["hand_number"] = new["dealer"] + 1
        if new["dealer"] == 0:
            round_index += 1
    new["finished"] = round_index >= rounds
    new["round_wind"] = WIND_LETTERS[min(round_index, 3)]
    return new


def rows_of(payments: Iterable[Payment]) -> list[LedgerRow]:
    """The table ledger's rows of a hand's payments by cause: one per (player, reason,
    direction), as :class:`scoring.engine.game.Rows` keeps them."""
    rows = Rows()
    for p in payments:
        rows.add(p["player"], p["amount"], REASON_OF[p["cause"]],  # type: ignore[arg-type]
                 p["cause"])
    return rows.rows()


def win_request(outcome: Mapping[str, Any], state: GameState, options: Any, ruleset: str,
                quick: str) -> tuple[dict[str, Any], Mapping[str, Any]]:
    """The score request of a one-win outcome, the table's seats, dealer and round wind
    filled in, and its win entry (for what else the ruleset reads there)."""
    wins = outcome.get("wins")
    if not isinstance(wins, list) or len(wins) != 1 or not isinstance(wins[0], Mapping):
        raise BadInput(f"a {ruleset} win outcome has exactly one entry in wins",
                       params=choose_params("wins.0.winner"))
    entry = wins[0]
    winner, discarder = entry_seats(entry)
    body = entry.get("hand") if "hand" in entry else entry.get("quick")
    if not isinstance(body, Mapping):
        raise BadInput(f"a win needs hand (the tiles) or quick ({quick})",
                       params={"reason": "hand_or_quick"})
    request = table_request(body, winner, state.get("dealer", 0), discarder, options)
    request["round_wind"] = state.get("round_wind", "E")
    return request, entry


def settled(state: GameState, ledger: list[Payment], results: list[Contract],
            summary: str, keep_deal: bool, rounds: int) -> HandSettlement:
    """The hand's settlement: its ledger by cause as rows, and the deal rotated."""
    rows = rows_of(ledger)
    return HandSettlement(rows=rows, pot_change=0, state=rotate(state, rows, keep_deal, rounds),
                          results=results, summary=summary, ledger=ledger)


def win_summary(result: Mapping[str, Any], unit: str) -> str:
    """``P2 wins on P0's discard: 5 台 (門清、平胡)`` for the hand history."""
    names = "、".join(i["native"] for i in result["items"])
    return (f"P{result['winner']} wins {how_won(result['discarder'])}: "
            f"{result['headline']['value']} {unit} ({names})")


class RoundOptions(Protocol):
    """What :class:`RoundGame` reads of a ruleset's options."""

    @property
    def dealer_on_draw(self) -> str: ...  # "stay" or "pass"

    @property
    def rounds(self) -> int: ...


Opts = TypeVar("Opts", bound=RoundOptions)


class RoundGame(ABC, Generic[Opts]):
    """Table rules of a game of wind rounds with one winner a hand: a ``win`` (scored by
    the ruleset), a ``draw`` (nothing paid; the dealer stays or passes by option), and any
    other outcome the ruleset settles in :meth:`other`. Each outcome is held to the
    ruleset's entry spec; the game has no final settlement."""

    ruleset: str  # its name in messages, "Taiwan"
    unit: str  # the hand's unit in the history's summary, "台"
    outcome_types: tuple[str, ...] = ("win", "draw")

    @abstractmethod
    def options(self, raw: Any) -> Opts:
        """The ruleset's options from a table's (raises BadOption)."""

    @abstractmethod
    def spec(self, o: Opts) -> EntrySpec: ...

    @abstractmethod
    def score_win(self, outcome: Mapping[str, Any], state: GameState, o: Opts
                  ) -> Contract:
        """The result of the outcome's one win, with the table's seats filled in."""

    def other(self, outcome: Mapping[str, Any], state: GameState, o: Opts
              ) -> tuple[list[Payment], str, bool]:
        """(payments, summary, whether the dealer stays) of an outcome of the ruleset's own."""
        raise BadInput(f"{self.ruleset} has no {outcome.get('type')!r} outcome")

    def initial_state(self, options: Any) -> GameState:
        self.options(options)
        return fresh_state()

    def apply(self, state: GameState, outcome: Mapping[str, Any], options: Any
              ) -> HandSettlement:
        o = self.options(options)
        check_unfinished(state)
        if not isinstance(outcome, Mapping) or outcome.get("type") not in self.outcome_types:
            raise BadInput(f"a {self.ruleset} outcome type is one of "
                           f"{', '.join(self.outcome_types)}")
        check_outcome(self.spec(o), outcome)
        if outcome["type"] == "draw":
            return settled(state, [], [], "drawn hand (流局)", o.dealer_on_draw == "stay",
                           o.rounds)
        if outcome["type"] == "win":
            wins = outcome.get("wins")
            with about_win(wins[0] if isinstance(wins, list) and wins else None):
                result = self.score_win(outcome, state, o)
            return settled(state, result["ledger"], [result], win_summary(result, self.unit),
                           result["winner"] == state.get("dealer", 0), o.rounds)
        payments, summary, keep = self.other(outcome, state, o)
        return settled(state, payments, [], summary, keep, o.rounds)

    def final_settlement(self, state: GameState, options: Any) -> list[LedgerRow]:
        return []
