"""MCR (国标) table rules: sixteen hands, seat changes between wind rounds, payments.

A game is four wind rounds (East, South, West, North) of four hands each. The deal moves
to the next player after every hand, whoever wins: there is no dealer repeat, no honba
and no pot. Scores start at 0.

Seats (official competition rules, 换位): the four table positions are named after the
seat winds they have in the first hand of a round (position 0 = East). Within a round the
players stay put and the deal moves counter-clockwise, so in hand ``k`` the player at
position ``k - 1`` is East. Between rounds the players change places:

* after the East round: the players at East and South swap, and those at West and North;
* after the South round: East moves to West, West to South, South to North, North to East;
* after the West round: as after the East round.

Each player so starts one round at each position (the first East starts the rounds at
E, S, N, W; the first South at S, E, W, N; West at W, N, E, S; North at N, W, S, E).
``state["extra"]["seats"]`` lists the player at each position and
``state["extra"]["seat_winds"]`` each player's seat wind in the next hand, because a
player's number no longer tells their seat once places have changed.

Outcome types
    ``win``
        ``wins``: exactly one ``{"winner", "discarder", "hand" | "quick"}`` (MCR allows one
        winner; the first in turn takes a discard). No discarder means a self-draw.
        ``hand`` is the MCR score request without ``seat_wind``, ``round_wind``, ``win``
        and ``discarder`` (the table fills them); ``quick`` is ``{"fan": n}`` with flowers
        included, optionally ``"flowers": k`` so the minimum is checked without them.
        Payments (:func:`.payments.payments`): self-draw, each of the three pays
        base + fan; discard, the discarder pays base + fan and the other two the base
        (全铳 option: the discarder pays everything).
    ``draw``
        exhaustive draw (荒庄): nobody pays, the deal moves on.
    ``penalty``
        a false win (错和) or similar by ``penalised``: pays ``false_win_penalty`` (10)
        to each of the other three. It does not end the hand (the others play on), so
        the hand's own result is recorded afterwards as another outcome, and
        ``hands_played`` does not count it.

End of game: after the sixteenth hand. ``final_settlement`` adds no ledger rows (MCR
scores are the game points themselves); :func:`final_table` ranks the players and gives
each the standard placement points (标准分, default 4/2/1/0; tied players share the
points of the places they cover and the same place).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...entry import check_outcome
from ...errors import BadOutcome, BelowMinimumFan, about
from ...game import (
    GameState,
    HandSettlement,
    LedgerRow,
    Rows,
    add_scores,
    check_player,
    check_unfinished,
    choose_params,
    clone_state,
    fresh_state,
    outcome_type,
    own_discard,
    ranking,
    ruleset_options,
)
from ...items import info, listed
from ...options import options_to_dict
from ...result import Contract, contract, headline, payments_of
from ...tiles import WIND_LETTERS, WIND_NAMES
from .entry import entry_spec
from .fans import BY_ID
from .options import PRESETS, Options
from .payments import payments

OUTCOME_TYPES = ("win", "draw", "penalty")
ENTERED = info("entered", "Fan (entered at the table)", "番", "fan")
HANDS_PER_ROUND = 4

# new_seats[i] = old_seats[RESEAT[round][i]]: who sits at position i in the next round.
RESEAT: dict[str, tuple[int, int, int, int]] = {
    "E": (1, 0, 3, 2),  # E<->S, W<->N
    "S": (3, 2, 0, 1),  # E->W, W->S, S->N, N->E
    "W": (1, 0, 3, 2),  # as after East
}


def mcr_options(options: Any) -> Options:
    """The table's options object; a mapping of overrides (may name a ``preset``) or None
    is built and checked."""
    return ruleset_options(options, Options, PRESETS, "MCR")


def seat_winds(seats: list[int], hand_number: int) -> list[str]:
    """Each player's seat wind in hand ``hand_number`` (1-4) of a round."""
    winds = [""] * 4
    for position, player in enumerate(seats):
        winds[player] = WIND_LETTERS[(position - (hand_number - 1)) % 4]
    return winds


def _set_hand(state: GameState, seats: list[int], round_wind: str, hand_number: int) -> None:
    state["round_wind"] = round_wind
    state["hand_number"] = hand_number
    state["dealer"] = seats[hand_number - 1]
    extra = dict(state.get("extra") or {})
    extra["seats"] = list(seats)
    extra["seat_winds"] = seat_winds(seats, hand_number)
    state["extra"] = extra


class MCRGame:
    """Implements :class:`~scoring.engine.game.GameRules` for Chinese Official mahjong."""

    outcome_types = OUTCOME_TYPES

    def initial_state(self, options: Any) -> GameState:
        mcr_options(options)
        state = fresh_state()
        _set_hand(state, [0, 1, 2, 3], "E", 1)
        return state

    def apply(self, state: GameState, outcome: Mapping[str, Any], options: Any) -> HandSettlement:
        opts = mcr_options(options)
        check_unfinished(state)
        kind = outcome_type(outcome, OUTCOME_TYPES)
        check_outcome(entry_spec(opts), outcome)
        winds = state["extra"]["seat_winds"]
        rows = Rows()
        results: list[Contract] = []
        if kind == "win":
            result, text = _win(state, outcome, opts, rows)
            results.append(result)
        elif kind == "draw":
            text = "draw (荒庄)"
        else:
            if "penalised" not in outcome:
                raise BadOutcome("a penalty needs 'penalised': the player who pays it",
                                 params=choose_params("penalised"))
            offender = check_player(outcome["penalised"], "penalised", path="penalised")
            for player in range(4):
                if player != offender:
                    rows.add(player, opts.false_win_penalty, "penalty")
                    rows.add(offender, -opts.false_win_penalty, "penalty")
            text = f"{winds[offender]} false win, pays {opts.false_win_penalty} to each"
        ledger = rows.rows()
        new = clone_state(state)
        new["scores"] = add_scores(state["scores"], ledger)
        if kind != "penalty":
            new["hands_played"] = state.get("hands_played", 0) + 1
            _next_hand(state, new)
        label = f"{WIND_NAMES[state['round_wind']]} {state['hand_number']}"
        return HandSettlement(rows=ledger, pot_change=0, state=new, results=results,
                              summary=f"{label}: {text}", ledger=rows.ledger.payments())

    def final_settlement(self, state: GameState, options: Any) -> list[LedgerRow]:
        mcr_options(options)
        return []

    def final_table(self, state: GameState, options: Any) -> list[dict[str, Any]]:
        return final_table(state, mcr_options(options))


def _next_hand(old: GameState, new: GameState) -> None:
    seats = list(old["extra"]["seats"])
    round_wind, number = old["round_wind"], old["hand_number"] + 1
    if number > HANDS_PER_ROUND:
        if round_wind == "N":
            new["finished"] = True
            return
        seats = [seats[i] for i in RESEAT[round_wind]]
        round_wind, number = WIND_LETTERS[WIND_LETTERS.index(round_wind) + 1], 1
    _set_hand(new, seats, round_wind, number)


def _win(state: GameState, outcome: Mapping[str, Any], opts: Options, rows: Rows
         ) -> tuple[Contract, str]:
    wins = outcome.get("wins")
    if not isinstance(wins, list) or len(wins) != 1 or not isinstance(wins[0], Mapping):
        raise BadOutcome("an MCR win needs 'wins' with exactly one winner (the first player "
                         "in turn takes a discard)", params=choose_params("wins.0.winner"))
    win: Mapping[str, Any] = wins[0]
    winner = check_player(win.get("winner"), "winner", path="wins.0.winner")
    discarder = win.get("discarder")
    if discarder is not None:
        discarder = check_player(discarder, "discarder", path="wins.0.discarder")
        if discarder == winner:
            raise own_discard(winner, "wins.0.discarder")
    winds = state["extra"]["seat_winds"]
    kind = "tsumo" if discarder is None else "ron"
    if ("hand" in win) == ("quick" in win):
        raise BadOutcome("the win needs either 'hand' (tiles) or 'quick' ({\"fan\": n}), "
                         "not both", params={"reason": "hand_or_quick", "player": winner})
    if "quick" in win:
        with about("wins.0", "quick", player=winner):
            fan, detail = _quick_fan(win["quick"], opts)
    else:
        with about("wins.0.hand", "hand", player=winner):
            fan, detail = _tiles_fan(state, win["hand"], winner, discarder, kind, opts)
    deltas = payments(fan, winner, kind, discarder, opts)
    rows.add_deltas(deltas, "hand")
    how = "self-draw" if discarder is None else f"from {winds[discarder]}"
    result = contract(detail["items"], headline(fan, "fan", deltas[winner]),
                      payments_of(deltas), winner=winner, discarder=discarder)
    return result, f"{winds[winner]} wins {how}, {fan} fan, +{deltas[winner]}"


def _quick_fan(quick: Any, opts: Options) -> tuple[int, dict[str, Any]]:
    if not isinstance(quick, Mapping) or not set(quick) <= {"fan", "flowers"} \
            or "fan" not in quick:
        raise BadOutcome(f"quick must be {{\"fan\": n}} (optionally \"flowers\": k), got {quick!r}")
    fan, flowers = quick["fan"], quick.get("flowers", 0)
    for name, value in (("fan", fan), ("flowers", flowers)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise BadOutcome(f"quick '{name}' must be a whole number, got {value!r}",
                             params={"reason": "at_least", "field": f"quick.{name}",
                                     "min": 0})
    if flowers > 8 or flowers > fan:
        raise BadOutcome(f"quick 'flowers' must be 0-8 and at most the fan, got {flowers}",
                         params={"reason": "flowers", "field": "quick.flowers"})
    if fan - flowers < opts.min_fan:
        raise BelowMinimumFan(f"{fan - flowers} fan without flowers is below the minimum of "
                              f"{opts.min_fan} (option min_fan)",
                              params={"field": "quick.fan", "fan": fan - flowers,
                                      "min": opts.min_fan, "option": "min_fan"})
    # What was typed, as items: the hand's fan, and the flowers apart (1 fan each).
    flower = BY_ID["flower_tiles"]
    items = [listed(ENTERED, fan - flowers)]
    if flowers:
        items.append(listed(info(flower.id, flower.name_en, flower.name_zh, "fan",
                                 flower.points), flowers))
    return fan, {"mode": "quick", "flowers": flowers, "items": items}


def _tiles_fan(state: GameState, hand: Any, winner: int, discarder: int | None, kind: str,
               opts: Options) -> tuple[int, dict[str, Any]]:
    from .scorer import scored

    if not isinstance(hand, Mapping):
        raise BadOutcome(f"'hand' must be an MCR score request object, got {hand!r}")
    winds = state["extra"]["seat_winds"]
    request = dict(hand)
    request.update(seat_wind=winds[winner], round_wind=state["round_wind"], win=kind,
                   options=options_to_dict(opts))
    request.pop("discarder", None)
    if discarder is not None:
        request["discarder"] = winds[discarder]
    result = scored(request)
    return int(result["total"]), result


def final_table(state: GameState, opts: Options) -> list[dict[str, Any]]:
    """``[{"player", "points", "place", "score"}]`` best first; ``score`` is the placement
    points (标准分), shared evenly by tied players."""
    points = list(state["scores"])
    table = []
    index = 0
    for group in ranking(points):
        share = sum(opts.placement_points[index:index + len(group)]) / len(group)
        for player in group:
            table.append({"player": player, "points": points[player], "place": index + 1,
                          "score": int(share) if share == int(share) else share})
        index += len(group)
    return table


GAME = MCRGame()
