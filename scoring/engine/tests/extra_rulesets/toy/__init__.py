"""Toy mahjong: the smallest ruleset that fulfils the package contract, the worked example
of the engine README's "Adding a ruleset", played by the test suite only.

A win is sets and a pair (declared pon and chi count as sets) or seven pairs. It is worth
one fan per triplet (刻), two for seven pairs, one for a self-draw, plus the ``bonus`` fan
a request names, plus one if the winner declared ready (报听) while the hand was played;
each payer pays ``stake × fan`` (the discarder alone on a discard, everyone else on a
self-draw). The dealer keeps the deal on their own win and after a drawn hand; the game
ends after ``hands`` hands.

Nothing outside this package names it: the site learns all it shows of it from what it
declares here (the contract of :mod:`scoring.engine.rulesets`, the capabilities of
:mod:`scoring.engine.capabilities`), and its tests are in ``tests/`` beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.engine.capabilities import Declaration
from scoring.engine.decompose import Group, decompositions
from scoring.engine.entry import (
    COMMON_PHRASES,
    EntrySpec,
    Field,
    OutcomeSpec,
    TileSet,
    cached,
    check_outcome,
    flag,
    hand_tiles,
    number,
    player,
    players,
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
    ruleset_options,
)
from scoring.engine.items import Element, declared, hits, info, items_of, listed, total
from scoring.engine.options import opt
from scoring.engine.request import (
    flag as read_flag,
)
from scoring.engine.request import (
    meld_list,
    no_flowers,
    read_tiles,
    request_options,
    whole_number,
    win_seats,
)
from scoring.engine.result import Contract, Unit, contract, headline, payments_of
from scoring.engine.shapes import SEVEN_PAIRS, seven_pairs
from scoring.engine.tiles import Meld

NAME = "toy"
TITLE = "Toy mahjong"
TITLE_NATIVE = "玩具麻将"
SHORT_TITLE = "Toy"
DESCRIPTION = "One fan per triplet; the smallest ruleset."
ORDER = 99

# Capabilities (scoring/engine/capabilities.py), each unlike its default so that the tests
# see the site ask for it (tests/test_capabilities.py names the ones it leaves out).
# The shapes a win may take, for the analyser's shanten and waits: seven pairs too.
WIN_SHAPES = ("standard", SEVEN_PAIRS)
# How score() spells a win on a discard and a self-draw (it takes no other word).
WORDS = ("discard", "self_draw")
WIN_WORDS = WORDS
# The request field the analyser form asks beside the hand: the bonus fan.
ANALYSER_FIELDS = ("bonus",)
# Settling up pays the stake per 10 points of a table's result.
STAKE_UNIT = (10, "per 10 points")
# Ready (报听) is declared live, from the declarer's phone while the hand is played: the
# win outcome's ``ready`` field lists the declarers, and a declarer's win is worth one
# more fan (ToyGame.apply).
DECLARATIONS = (Declaration(
    key="ready", label="Declare ready", label_off="Take back ready", mark="Ready",
    done="Ready declared: a win is worth one more fan.", undone="Ready taken back.",
    said="%(name)s declared ready", unsaid="%(name)s took back their ready",
    statistic="ready_rate", statistic_label="Ready rate", native="报听"),)


@dataclass(frozen=True, slots=True)
class Options:
    stake: int = field(default=1, metadata=opt("Stake", "Paid per fan.", minimum=1,
                                               maximum=100))
    hands: int = field(default=8, metadata=opt("Hands", "The game ends after this many "
                                               "hands.", minimum=1, maximum=64))


PRESETS: dict[str, dict[str, Any]] = {"toy": {"title": "Toy (stake 1)", "options": {}}}


# --- the scoring elements: a class each, one instance of each in ELEMENTS ----------------

@dataclass(frozen=True, slots=True)
class View:
    groups: tuple[Group, ...]  # the sets, concealed and declared; none for seven pairs
    self_draw: bool
    pairs: bool = False  # won as seven pairs


class Fan(Element[View]):
    unit: Unit = "fan"


class Triplet(Fan):
    key, name, native = "triplet", "Triplet", "刻子"

    def count(self, v: View) -> int:  # how many times the hand holds it
        return sum(g.shape == "triplet" for g in v.groups)


class SevenPairs(Fan):
    key, name, native, value = "seven_pairs", "Seven pairs", "七对", 2

    def count(self, v: View) -> int:
        return int(v.pairs)


class SelfDraw(Fan):
    key, name, native = "self_draw", "Self-draw", "自摸"

    def count(self, v: View) -> int:
        return int(v.self_draw)


ELEMENTS: tuple[Fan, ...] = (Triplet(), SevenPairs(), SelfDraw())
# The items no class scores: the fan typed in quick mode, the bonus a request names, the
# fan of a win its winner declared ready for (in either mode).
ENTERED = info("entered", "Fan (entered at the table)", "番", "fan")
BONUS = info("bonus", "Bonus fan", "奖番", "fan")
READY = info("ready", "Declared ready", "报听", "fan")
ITEMS = (*declared(ELEMENTS), ENTERED, BONUS, READY)


# --- one win: score(request) -------------------------------------------------------------

def _melds(raw: Any) -> tuple[Meld, ...]:
    return meld_list(raw, '["pon 555p", "chi 123m"]')


def _view(request: Mapping[str, Any], self_draw: bool) -> View:
    read = read_tiles(request, _melds, no_flowers("Toy"))
    counts = read.concealed_counts()
    declared_sets = tuple(Group("run" if m.is_run else "triplet", m.base)
                          for m in read.melds)
    found = decompositions(counts)
    if found:
        return View((*found[0].groups, *declared_sets), self_draw)
    if not read.melds and seven_pairs(counts):
        return View((), self_draw, pairs=True)
    raise NotAWinningHand("a toy win is sets and a pair, or seven pairs")


def score(request: Mapping[str, Any]) -> Contract:
    o = request_options(request, Options, PRESETS)
    word = request.get("win")
    if word not in WORDS:
        raise BadInput(f"win must be 'discard' or 'self_draw', got {word!r:.20}")
    self_draw = word == "self_draw"
    winner, _dealer, discarder = win_seats(request, self_draw)
    if "hand" in request:
        view = _view(request, self_draw)
        found = hits(ELEMENTS, view)
        bonus = whole_number(request, "bonus", 0, 5, default=0)
        fan = total(found, view) + bonus
        items = items_of(found, view) + ([listed(BONUS, bonus)] if bonus else [])
    else:
        fan = whole_number(request, "fan", 0, 20, default=None)
        items = [listed(ENTERED, fan)] if fan else []
    if read_flag(request, "ready"):
        fan += 1
        items.append(listed(READY))
    payers = [discarder] if discarder is not None else [p for p in range(4) if p != winner]
    deltas = [0, 0, 0, 0]
    for p in payers:
        deltas[p] -= o.stake * fan
        deltas[winner] += o.stake * fan
    # The result contract and nothing else: who won, from whom, what, and who paid.
    return contract(items, headline(fan, "fan", deltas[winner]), payments_of(deltas),
                    winner=winner, discarder=discarder)


# --- what the record sheet asks: entry_spec(options) --------------------------------------

def _hand() -> tuple[Field, ...]:
    """A win in tiles mode: the tiles, and the bonus fan."""
    return (*hand_tiles(), number("bonus", "Bonus fan", 0, 5, default=0, group="flag"))


def _quick() -> tuple[Field, ...]:
    return (number("fan", "Fan", 0, 20, default=1, required=True),)


@cached
def entry_spec(o: Options) -> EntrySpec:
    request = (*request_common(), *_hand(), *_quick(), *seat_numbers(),
               flag("ready", "Declared ready"),
               Field("win", "choice", "Win", group="seat", choices=(
                   ("self_draw", "Self-draw"), ("discard", "Win on a discard"))))
    wins = Field("wins", "list", "Winner", max_items=1, required=True, fields=(
        player("winner", "Winner", required=True),
        player("discarder", "Discarder", nullable=True),
        Field("hand", "object", "Hand", fields=_hand(), group="tiles"),
        Field("quick", "object", "Quick entry", fields=_quick(), group="quick")))
    return EntrySpec(ruleset=NAME, players=4, tiles=TileSet(flowers=False), request=request,
                     outcomes=(OutcomeSpec("win", "Win", (
                                   wins, players("ready", "Declared ready"))),
                               OutcomeSpec("draw", "Exhaustive draw", ())),
                     phrases={**COMMON_PHRASES, "fan": "%(fan)s fan"})


# --- the table: game ----------------------------------------------------------------------

class ToyGame:
    outcome_types: tuple[str, ...] = ("win", "draw")

    def initial_state(self, options: Any) -> GameState:
        return fresh_state()

    def apply(self, state: GameState, outcome: Mapping[str, Any], options: Any
              ) -> HandSettlement:
        o = ruleset_options(options, Options, PRESETS, NAME)
        check_unfinished(state)
        kind = outcome_type(outcome, self.outcome_types)
        check_outcome(entry_spec(o), outcome)
        dealer = state.get("dealer", 0)
        results: list[Contract] = []
        winner = None
        if kind == "win":
            wins = outcome.get("wins") or []
            if len(wins) != 1:  # the spec bounds the list; a sheet still empty has none
                raise BadInput("a toy win has one winner", params={"path": "wins"})
            winner, discarder = entry_seats(wins[0])
            body = wins[0].get("hand") or wins[0].get("quick") or {}
            ready = winner in (outcome.get("ready") or [])  # the declarers (DECLARATIONS)
            results.append(score({**body, "winner": winner, "dealer": dealer,
                                  "discarder": discarder, "options": o, "ready": ready,
                                  "win": WORDS[discarder is None]}))
        ledger = results[0]["ledger"] if results else []
        rows = [LedgerRow(player=p["player"], amount=p["amount"], reason="hand")
                for p in ledger]
        new = next_hand(state, rows, dealer_after(dealer, winner))
        new["finished"] = new["hands_played"] >= o.hands
        return HandSettlement(rows=rows, pot_change=0, state=new, results=results,
                              summary="win" if winner is not None else "draw",
                              ledger=ledger)

    def final_settlement(self, state: GameState, options: Any) -> list[LedgerRow]:
        return []


game = ToyGame()
