"""Toy mahjong: the smallest ruleset that fulfils the package contract.

A win is worth one fan per triplet (刻) and one for a self-draw, plus the ``bonus`` fan a
request names; each payer pays ``stake × fan`` (the discarder alone on a discard, everyone
else on a self-draw). The dealer keeps the deal on their own win and after a drawn hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.engine.decompose import Group, decompositions
from scoring.engine.entry import (
    COMMON_PHRASES,
    EntrySpec,
    Field,
    OutcomeSpec,
    TileSet,
    cached,
    hand_tiles,
    number,
    player,
    request_common,
    seat_numbers,
)
from scoring.engine.errors import BadInput, NotAWinningHand
from scoring.engine.game import (
    GameState,
    HandSettlement,
    LedgerRow,
    check_unfinished,
    dealer_after,
    entry_seats,
    fresh_state,
    next_hand,
    outcome_type,
)
from scoring.engine.items import Element, declared, hits, info, items_of, listed, total
from scoring.engine.options import opt
from scoring.engine.request import (
    meld_list,
    no_flowers,
    read_tiles,
    request_options,
    whole_number,
    win_kind,
    win_seats,
)
from scoring.engine.result import Contract, Unit, contract, headline, payments_of

NAME = "toy"
TITLE = "Toy mahjong"
TITLE_NATIVE = "玩具麻将"
SHORT_TITLE = "Toy"
DESCRIPTION = "One fan per triplet; the smallest ruleset."
ORDER = 99
# Capabilities (scoring/engine/capabilities.py), each unlike the default, so that a site
# test sees the site ask for them: seven pairs count as a shape (the analyser's shanten;
# score() itself knows sets and a pair only), wins are spelled "discard" and "self_draw"
# (score() takes no other word), the analyser asks the bonus, stakes are per 10 points.
WIN_SHAPES = ("standard", "seven_pairs")
WIN_WORDS = ("discard", "self_draw")
ANALYSER_FIELDS = ("bonus",)
STAKE_UNIT = (10, "per 10 points")


@dataclass(frozen=True, slots=True)
class Options:
    stake: int = field(default=1, metadata=opt("Stake", "Paid per fan.", minimum=1,
                                               maximum=100))


PRESETS: dict[str, dict[str, Any]] = {"toy": {"title": "Toy (stake 1)", "options": {}}}


@dataclass(frozen=True, slots=True)
class View:
    groups: tuple[Group, ...]
    self_draw: bool


class Fan(Element[View]):
    unit: Unit = "fan"


class Triplet(Fan):
    key, name, native = "triplet", "Triplet", "刻子"

    def count(self, v: View) -> int:
        return sum(g.shape == "triplet" for g in v.groups)


class SelfDraw(Fan):
    key, name, native = "self_draw", "Self-draw", "自摸"

    def count(self, v: View) -> int:
        return int(v.self_draw)


ELEMENTS: tuple[Fan, ...] = (Triplet(), SelfDraw())
ENTERED = info("entered", "Fan (entered at the table)", "番", "fan")
BONUS = info("bonus", "Bonus fan", "奖番", "fan")
ITEMS = (*declared(ELEMENTS), ENTERED, BONUS)


def score(request: Mapping[str, Any]) -> Contract:
    o = request_options(request, Options, PRESETS)
    if request.get("win") not in ("discard", "self_draw"):
        raise BadInput(f"win must be 'discard' or 'self_draw', got {request.get('win')!r:.20}")
    self_draw = win_kind(request.get("win"))
    winner, _dealer, discarder = win_seats(request, self_draw)
    if "hand" in request:
        read = read_tiles(request, lambda raw: meld_list(raw, '["pon 555p"]'),
                          no_flowers("Toy"))
        found = decompositions(read.concealed_counts())
        if not found or read.melds:
            raise NotAWinningHand("a toy win is four concealed sets and a pair")
        view = View(found[0].groups, self_draw)
        fans = hits(ELEMENTS, view)
        bonus = whole_number(request, "bonus", 0, 5, default=0)
        fan = total(fans, view) + bonus
        items = items_of(fans, view) + ([listed(BONUS, bonus)] if bonus else [])
    else:
        fan = whole_number(request, "fan", 0, 20, default=None)
        items = [listed(ENTERED, fan)] if fan else []
    payers = [discarder] if discarder is not None else [p for p in range(4) if p != winner]
    deltas = [0, 0, 0, 0]
    for p in payers:
        deltas[p] -= o.stake * fan
        deltas[winner] += o.stake * fan
    # The result contract and nothing else: who won, from whom, what, and who paid.
    return contract(items, headline(fan, "fan", deltas[winner]), payments_of(deltas),
                    winner=winner, discarder=discarder)


@cached
def entry_spec(o: Options) -> EntrySpec:
    quick = (number("fan", "Fan", 0, 20, default=1),)
    request = (*request_common(), *hand_tiles(), *seat_numbers(), *quick,
               number("bonus", "Bonus fan", 0, 5, default=0, group="flag"),
               Field("win", "choice", "Win", choices=(("self_draw", "Self-draw"),
                                                     ("discard", "Win on a discard"))))
    wins = Field("wins", "list", "Winner", max_items=1, required=True, fields=(
        player("winner", "Winner", required=True), player("discarder", "Discarder",
                                                          nullable=True),
        Field("hand", "object", "Hand", fields=request),
        Field("quick", "object", "Quick entry", fields=quick)))
    return EntrySpec(ruleset=NAME, players=4, tiles=TileSet(flowers=False), request=request,
                     outcomes=(OutcomeSpec("win", "Win", (wins,)),
                               OutcomeSpec("draw", "Exhaustive draw", ())),
                     phrases={**COMMON_PHRASES, "fan": "%(fan)s fan"})


class ToyGame:
    outcome_types: tuple[str, ...] = ("win", "draw")

    def initial_state(self, options: Any) -> GameState:
        return fresh_state()

    def apply(self, state: GameState, outcome: Mapping[str, Any], options: Any) -> HandSettlement:
        o = options if isinstance(options, Options) else request_options(
            {"options": options}, Options, PRESETS)
        check_unfinished(state)
        kind = outcome_type(outcome, self.outcome_types)
        from scoring.engine.entry import check_outcome

        check_outcome(entry_spec(o), outcome)
        dealer = state.get("dealer", 0)
        results: list[Contract] = []
        rows: list[LedgerRow] = []
        winner = None
        if kind == "win":
            wins = outcome.get("wins") or []
            if len(wins) != 1:
                raise BadInput("a toy win has one winner")
            winner, discarder = entry_seats(wins[0])
            body = wins[0].get("hand") or wins[0].get("quick") or {}
            result = score({**body, "winner": winner, "dealer": dealer,
                            "discarder": discarder, "options": o,
                            "win": "self_draw" if discarder is None else "discard"})
            results.append(result)
            rows = [LedgerRow(player=p["player"], amount=p["amount"], reason="hand")
                    for p in result["ledger"]]
        new = next_hand(state, rows, dealer_after(dealer, winner))
        return HandSettlement(rows=rows, pot_change=0, state=new, results=results,
                              summary="win" if winner is not None else "draw",
                              ledger=results[0]["ledger"] if results else [])

    def final_settlement(self, state: GameState, options: Any) -> list[LedgerRow]:
        return []


game = ToyGame()
