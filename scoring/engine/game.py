"""The table-level contract between a ruleset and the site.

The site stores recorded *outcomes* in an append-only log and replays them through the
ruleset's :class:`GameRules` to get every ledger row and the table state (dealer, round,
honba, pot, end of game). Nothing here is typed in by hand, so an undo or a correction
simply replays the log without the removed entry.

Players are numbered 0-3 in table seat order; player 0 is the first dealer (East).
A player's seat wind follows from the current dealer: see :func:`seat_wind`.

All structures are plain JSON-serialisable dicts so they can be stored and sent as is.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager
from typing import Any, Literal, NotRequired, Protocol, TypedDict, TypeVar

from .errors import BadInput, BadOption, BadOutcome, GameOver, about
from .result import REASON_OF, Cause, Contract, ContractError, Ledger, Payment
from .result import check as check_result
from .tiles import WIND_LETTERS

Opts = TypeVar("Opts")


Reason = Literal[
    "hand",  # the payment for a win (or a draw's tenpai/noten payment)
    "honba",  # counters (本場)
    "sticks",  # a deposit stick put into the pot (negative) or won from it (positive)
    "pao",  # responsibility payment (包)
    "kong",  # kong payments paid when declared (刮风下雨, 杠分)
    "bonus",  # wildcard/精 payments, flowers and similar extras
    "penalty",  # chombo, 花猪, false win
    "draw",  # exhaustive-draw payments (noten, 查大叫)
    "uma",  # end-of-game placement bonus
    "oka",  # end-of-game return-points bonus
    "leftover",  # sticks left in the pot at game end
]


class GameState(TypedDict, total=False):
    round_wind: str  # "E", "S", ...
    dealer: int  # player index of the current dealer
    hand_number: int  # 1-based count of hands in the current round wind (East 1, East 2...)
    honba: int
    pot: int  # points on the table (deposit sticks), not owned by any player
    scores: list[int]  # running totals per player, start points included
    finished: bool
    hands_played: int
    extra: dict[str, Any]  # ruleset-specific state (e.g. MCR seat order, Sichuan next dealer)


class LedgerRow(TypedDict):
    player: int
    amount: int
    reason: Reason


class WinEntry(TypedDict, total=False):
    winner: int
    discarder: int | None  # None for a self-draw
    pao: int | None  # the responsible player, when 包 applies
    hand: dict[str, Any]  # tiles mode: the ruleset's score request, minus winds/seats
    quick: dict[str, Any]  # quick mode: han/fu, fan or points typed in by the players


class Outcome(TypedDict, total=False):
    type: str  # one of the ruleset's OUTCOME_TYPES
    wins: list[WinEntry]
    riichi: list[int]  # players who declared riichi this hand (their stick goes in the pot)
    tenpai: list[int]  # players ready at an exhaustive draw
    penalised: int  # chombo / false win
    extra: dict[str, Any]


class HandSettlement(TypedDict):
    rows: list[LedgerRow]
    pot_change: int  # points put into (+) or taken out of (-) the pot this hand
    state: GameState  # the state after this hand
    # What each win, draw or payment of the hand settled, as the result contract says
    # (scoring.engine.result.Contract): nothing else.
    results: list[Contract]
    summary: str  # one line for the hand history, e.g. "S ron from W: 3 han 30 fu, 3900"
    # The same payments as ``rows``, split by cause (see :mod:`scoring.engine.result`);
    # ``sum(amount) + pot_change == 0``. Every ruleset fills it in.
    ledger: NotRequired[list[Payment]]


class GameRules(Protocol):
    """Table rules of one ruleset.

    A ruleset may also offer ``final_table(state, options) -> list[{"player", "points",
    "place", "score"}]`` (riichi: club score with uma/oka; MCR: placement points); the
    site should call it when present (``getattr(game, "final_table", None)``).
    """

    outcome_types: tuple[str, ...]

    def initial_state(self, options: Any) -> GameState: ...

    def apply(self, state: GameState, outcome: Mapping[str, Any],
              options: Any) -> HandSettlement: ...

    def final_settlement(self, state: GameState, options: Any) -> list[LedgerRow]: ...


def seat_wind(player: int, dealer: int, players: int = 4) -> str:
    """The seat wind letter of ``player`` when ``dealer`` is East (three players sit
    East, South and West: there is no North seat)."""
    return WIND_LETTERS[(player - dealer) % players]


def player_at(wind: str, dealer: int, players: int = 4) -> int:
    return (dealer + WIND_LETTERS.index(wind)) % players


def check_player(value: Any, what: str, players: int = 4, path: str = "") -> int:
    """A player number of a table of ``players``; ``path`` says where the outcome gives it
    (``wins.0.winner``), for a refusal that asks to choose one."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise BadInput(f"{what} must be a player number 0-{players - 1}, got {value!r}",
                       params=choose_params(path))
    return value


def choose_params(path: str) -> dict[str, object]:
    """What a refusal of a missing or impossible player at ``path`` is about."""
    return {"reason": "choose", "field": path.rsplit(".", 1)[-1], "path": path} if path else {}


def assert_zero_sum(settlement: HandSettlement) -> None:
    """Every hand's ledger rows plus what went into the pot balance to zero, and the
    result contract holds: the ledger by cause pays each player what the rows pay them
    for each reason, and every result that settles something carries the contract."""
    total = sum(r["amount"] for r in settlement["rows"]) + settlement["pot_change"]
    if total != 0:
        raise AssertionError(f"settlement is not zero-sum: rows + pot = {total}")
    check_settlement(settlement)


def check_final_settlement(rows: Iterable[LedgerRow], emptied: int) -> None:
    """The final rows balance: every row but a ``penalty`` adds up to ``emptied``, the pot
    they share out (0 when it is voided or empty). A final ``penalty`` is the one row
    outside play, a deduction paid to nobody (EMA chombo: 20,000 off the offender's final
    score), so it must take points, never give them."""
    rows = list(rows)
    shared = sum(r["amount"] for r in rows if r["reason"] != "penalty")
    if shared != emptied:
        raise AssertionError(f"final rows share out {shared}, not the pot's {emptied}")
    given = [r for r in rows if r["reason"] == "penalty" and r["amount"] > 0]
    if given:
        raise AssertionError(f"a final penalty pays someone: {given}")


def check_settlement(settlement: HandSettlement) -> None:
    """The contract of :mod:`scoring.engine.result` on a recorded hand (a bug if not)."""
    if "ledger" not in settlement:
        raise ContractError("the settlement has no ledger by cause")
    by_rows: dict[tuple[int, str], int] = {}
    for r in settlement["rows"]:
        by_rows[(r["player"], r["reason"])] = by_rows.get((r["player"], r["reason"]), 0) \
            + r["amount"]
    by_causes: dict[tuple[int, str], int] = {}
    for p in settlement["ledger"]:
        key = (p["player"], REASON_OF[p["cause"]])
        by_causes[key] = by_causes.get(key, 0) + p["amount"]
    if {k: v for k, v in by_rows.items() if v} != {k: v for k, v in by_causes.items() if v}:
        raise ContractError(f"the ledger by cause {settlement['ledger']} does not pay what "
                            f"the rows {settlement['rows']} pay")
    for result in settlement["results"]:
        check_result(result)


# --- shared helpers for GameRules implementations ---------------------------------------


def clone_state(state: GameState) -> GameState:
    """A deep copy: ``apply`` must never mutate the state the site replays from."""
    return copy.deepcopy(state)


def table_options(options: Any, cls: type[Opts], build: Callable[[Mapping[str, Any]], Opts],
                  ruleset: str) -> Opts:
    """The table's options object: ``cls`` as given, or a mapping of overrides (may name a
    ``preset``; None is no overrides) made into one by ``build``."""
    if isinstance(options, cls):
        return options
    if options is None or isinstance(options, Mapping):
        return build(options or {})
    raise BadOption(f"{ruleset} options must be an Options object or a mapping, got "
                    f"{repr(options)[:80]}")


def ruleset_options(options: Any, cls: type[Opts], presets: Mapping[str, Mapping[str, Any]],
                    ruleset: str) -> Opts:
    """:func:`table_options` built by the engine's shared resolution (a ``preset`` and
    overrides), as every ruleset's table rules read their options."""
    from .request import resolve_options  # request reads players through this module

    return table_options(options, cls, lambda raw: resolve_options(cls, presets, raw),
                         ruleset)


def outcome_type(outcome: Mapping[str, Any], allowed: Iterable[str]) -> str:
    if not isinstance(outcome, Mapping):
        raise BadOutcome(f"an outcome must be an object, got {type(outcome).__name__}")
    allowed = tuple(allowed)
    kind = outcome.get("type")
    if kind not in allowed:
        raise BadOutcome(f"outcome type must be one of {', '.join(allowed)}; got {kind!r}")
    return str(kind)


def player_list(value: Any, what: str, count: int = 4) -> list[int]:
    """A list of distinct player numbers of a table of ``count`` (missing means empty)."""
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise BadOutcome(f"'{what}' must be a list of player numbers 0-{count - 1}, got "
                         f"{value!r}")
    players = [check_player(v, f"each entry of '{what}'", count) for v in value]
    if len(set(players)) != len(players):
        twice = next(p for p in players if players.count(p) > 1)
        raise BadOutcome(f"'{what}' lists a player twice: {players}",
                         params={"reason": "twice", "player": twice, "field": what,
                                 "path": what})
    return players


# The cause of a row given only its reason (a finer cause can always be named).
DEFAULT_CAUSE: dict[str, Cause] = {
    "hand": "hand", "honba": "honba", "sticks": "sticks", "pao": "pao", "kong": "kong",
    "bonus": "flowers", "penalty": "penalty", "draw": "noten", "uma": "uma", "oka": "oka",
    "leftover": "leftover"}


class Rows:
    """Collects ledger rows, one per (player, reason, direction), dropping zero amounts,
    and beside them the same payments by cause (:attr:`ledger`).

    Payments in and out stay apart so a riichi stick put in and the pot won back show as
    two rows rather than cancelling out of the history.
    """

    def __init__(self) -> None:
        self._amounts: dict[tuple[int, Reason, bool], int] = {}
        self.ledger = Ledger()

    def add(self, player: int, amount: int, reason: Reason, cause: Cause | None = None) -> None:
        if not amount:
            return
        key = (player, reason, amount > 0)
        self._amounts[key] = self._amounts.get(key, 0) + amount
        self.ledger.add(player, amount, cause or DEFAULT_CAUSE[reason])

    def add_deltas(self, deltas: Mapping[int, int], reason: Reason,
                   cause: Cause | None = None) -> None:
        for player, amount in deltas.items():
            self.add(player, amount, reason, cause)

    def rows(self) -> list[LedgerRow]:
        return [LedgerRow(player=p, amount=a, reason=r)
                for (p, r, _), a in self._amounts.items()]

    def per_player(self, players: int = 4) -> list[int]:
        totals = [0] * players
        for (player, _, _), amount in self._amounts.items():
            totals[player] += amount
        return totals


def add_scores(scores: list[int], rows: Iterable[LedgerRow]) -> list[int]:
    out = list(scores)
    for row in rows:
        out[row["player"]] += row["amount"]
    return out


def ranking(points: list[int], seat_order: list[int] | None = None) -> list[list[int]]:
    """Players grouped by equal points, best first; ties listed in ``seat_order``.

    ``seat_order`` is the order in which tied players are ranked by seat (default: player
    number, i.e. the starting order from the first dealer).
    """
    order = seat_order if seat_order is not None else [0, 1, 2, 3]
    pos = {p: i for i, p in enumerate(order)}
    players = sorted(range(len(points)), key=lambda p: (-points[p], pos[p]))
    groups: list[list[int]] = []
    for p in players:
        if groups and points[groups[-1][0]] == points[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def split_evenly(total: int, players: list[int], unit: int = 1) -> dict[int, int]:
    """``total`` shared among ``players`` in multiples of ``unit``; the remainder goes to
    the first players listed (so earlier seats, or the nearest winner, get the odd unit)."""
    if not players:
        return {}
    units, rest = divmod(total, unit)
    share, extra = divmod(units, len(players))
    out = {p: share * unit for p in players}
    for p in players[:extra]:
        out[p] += unit
    out[players[0]] += rest
    return out


# --- one-winner tables without rounds (Ji'an, Wuhu; Sichuan's hand loop) ------------------


def fresh_state(start: int = 0, players: int = 4) -> GameState:
    """Before the first hand: East round, player 0 deals, each of the ``players`` holds
    ``start`` (the length of ``scores`` is how many play)."""
    return GameState(round_wind="E", dealer=0, hand_number=1, honba=0, pot=0,
                     scores=[start] * players, finished=False, hands_played=0, extra={})


def check_unfinished(state: GameState) -> None:
    """Refuse a hand recorded after the game ended (``game_over``, a kind of bad_event)."""
    if state.get("finished"):
        raise GameOver("the game is over; undo the last hand to record another one")


def next_hand(state: GameState, rows: Iterable[LedgerRow], dealer: int,
              start: int = 0) -> GameState:
    """The state after one more hand that paid ``rows``, with ``dealer`` to deal next;
    the caller decides ``finished``."""
    played = state.get("hands_played", 0) + 1
    return GameState(**{**state,
                        "scores": add_scores(list(state.get("scores") or [start] * 4), rows),
                        "dealer": dealer, "hands_played": played,
                        "hand_number": state.get("hand_number", 1) + 1,
                        "extra": dict(state.get("extra") or {})})


def dealer_after(dealer: int, winner: int | None, on_draw: str = "stay",
                 players: int = 4) -> int:
    """Who deals next: the dealer keeps the deal on his own win and passes it to the next
    player on anyone else's; after a drawn hand (``winner`` None) ``on_draw`` decides,
    ``stay`` or ``pass``."""
    if winner is None:
        return dealer if on_draw == "stay" else (dealer + 1) % players
    return dealer if winner == dealer else (dealer + 1) % players


def entry_seats(entry: Mapping[str, Any], at: str = "wins.0") -> tuple[int, int | None]:
    """(winner, discarder) of a win entry (at ``at`` in the outcome); no discarder is a
    self-draw."""
    winner = check_player(entry.get("winner"), "winner", path=f"{at}.winner")
    raw = entry.get("discarder")
    discarder = None if raw is None else check_player(raw, "discarder",
                                                      path=f"{at}.discarder")
    if discarder == winner:  # bad_input, as a score request with these seats answers
        raise BadInput("the discarder must be another player than the winner",
                       params=own_discard_params(winner, f"{at}.discarder"))
    return winner, discarder


def about_win(entry: Any, at: str = "wins.0") -> AbstractContextManager[None]:
    """:func:`~scoring.engine.errors.about` the win entry at ``at``: an error scoring it
    names its winner and points at its tiles (``at.hand.hand``) or its quick entry."""
    if not isinstance(entry, Mapping):
        return about()  # no win entered: its own refusal says what is missing
    tiles = "hand" in entry
    winner = entry.get("winner")
    if isinstance(winner, bool) or not isinstance(winner, int):
        winner = None
    return about(f"{at}.hand" if tiles else at, "hand" if tiles else "quick", player=winner)


def own_discard_params(winner: int, path: str) -> dict[str, object]:
    return {"reason": "own_discard", "player": winner, "field": "discarder", "path": path,
            "label": "Discarder"}


def own_discard(winner: int, path: str) -> BadOutcome:
    """The refusal of a win on the winner's own discard, said alike by every ruleset."""
    return BadOutcome(f"player {winner} cannot win on their own discard",
                      params=own_discard_params(winner, path))


def table_request(body: Mapping[str, Any], winner: int, dealer: int, discarder: int | None,
                  options: Any) -> dict[str, Any]:
    """A score request from a win entry's body; the table's seats override anything typed
    into the hand."""
    return {**body, "win": "self_draw" if discarder is None else "discard",
            "winner": winner, "dealer": dealer, "discarder": discarder, "options": options}


def how_won(discarder: int | None) -> str:
    """For hand summaries: ``self-draw`` or ``on P2's discard``."""
    return "self-draw" if discarder is None else f"on P{discarder}'s discard"
