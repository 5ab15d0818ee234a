"""Replay a table's event log through the ruleset's table rules.

Pure functions over plain objects (no queries): give them the events in ``seq`` order and
they return every active hand with its settlement, the state after the last one and the
final settlement when the game is over. The service layer runs :func:`replay` on every
write but one, with the new event appended, and saves nothing when it raises. The
exception is the commonest write, a hand recorded at the end of a game still going:
:func:`append` settles just that hand from the stored state, which is what :func:`replay`
would compute for it, since a ``record`` changes nothing before it.

Event kinds and their payloads:

``record``  ``{"outcome": Outcome}``: a new hand at the end; clears what could be redone.
``undo``    ``{}``: the last active hand is removed (and can be redone).
``redo``    ``{}``: the most recently undone hand comes back as the last hand.
``correct`` ``{"outcome": Outcome, "previous": Outcome}``: hand ``hand_number`` gets a
            new outcome; every later hand is replayed on top of it.
``end``     ``{}``: the game ends now, before the ruleset's natural end.
``reopen``  ``{}``: cancels an ``end``.

``hand_number`` (an attribute of the event, not the payload) names the hand the event
touches, so a hand's history is the list of events with its number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from scoring.engine.errors import GameOver
from scoring.engine.game import (
    GameRules,
    GameState,
    HandSettlement,
    LedgerRow,
    Outcome,
    assert_zero_sum,
)

from .errors import BadCommand, GameEnded, NoSuchHand, NotEnded, NothingToRedo, NothingToUndo


class LoggedEvent(Protocol):
    seq: int
    kind: str
    payload: dict[str, Any]
    hand_number: int | None
    actor_name: str


@dataclass
class Slot:
    """One hand of the active list: its current outcome and the events behind it."""

    outcome: Outcome
    record_seq: int
    current_seq: int
    recorded_by: str
    revision: int = 1


@dataclass
class Folded:
    """The log reduced to the active hands, the redo stack and whether it was ended."""

    active: list[Slot] = field(default_factory=list)
    redo: list[Slot] = field(default_factory=list)
    ended: bool = False


@dataclass
class ReplayedHand:
    number: int
    slot: Slot
    state_before: GameState
    settlement: HandSettlement


@dataclass
class Replay:
    initial: GameState
    hands: list[ReplayedHand]
    state: GameState
    finished: bool
    ended_manually: bool
    final_rows: list[LedgerRow]
    can_redo: bool

    @property
    def start_scores(self) -> list[int]:
        return list(self.initial.get("scores") or [0, 0, 0, 0])


def fold(events: Sequence[LoggedEvent]) -> Folded:
    """Apply undo/redo/correct/end/reopen to the list of recorded outcomes."""
    out = Folded()
    for ev in events:
        kind = ev.kind
        if kind == "record":
            if out.ended:
                raise GameEnded("the game was ended; reopen it before recording a hand")
            out.active.append(Slot(outcome=ev.payload["outcome"], record_seq=ev.seq,
                                   current_seq=ev.seq, recorded_by=ev.actor_name))
            out.redo.clear()
        elif kind == "undo":
            if out.ended:
                raise GameEnded("the game was ended; reopen it before undoing a hand")
            if not out.active:
                raise NothingToUndo("there is no hand to undo")
            out.redo.append(out.active.pop())
        elif kind == "redo":
            if out.ended:
                raise GameEnded("the game was ended; reopen it before redoing a hand")
            if not out.redo:
                raise NothingToRedo("there is no undone hand to redo")
            out.active.append(out.redo.pop())
        elif kind == "correct":
            number = ev.hand_number
            if number is None or not 1 <= number <= len(out.active):
                raise NoSuchHand(f"there is no hand {number}; hands are numbered 1 to "
                                 f"{len(out.active)}")
            slot = out.active[number - 1]
            slot.outcome = ev.payload["outcome"]
            slot.current_seq = ev.seq
            slot.revision += 1
        elif kind == "end":
            if out.ended:
                raise GameEnded("the game has already been ended")
            out.ended = True
        elif kind == "reopen":
            if not out.ended:
                raise NotEnded("the game was not ended by hand, so there is nothing to reopen; "
                               "undo the last hand instead")
            out.ended = False
        else:
            raise BadCommand(f"unknown event kind {kind!r}")
    return out


def replay(rules: GameRules, options: Any, events: Sequence[LoggedEvent]) -> Replay:
    """Every active hand settled from the initial state; raises EngineError/TableError."""
    folded = fold(events)
    initial = rules.initial_state(options)
    state = initial
    hands: list[ReplayedHand] = []
    for number, slot in enumerate(folded.active, start=1):
        if state.get("finished"):
            # Not every ruleset checks this itself, and a correction can end a game earlier.
            raise GameOver(f"the game is over after hand {number - 1}, so hand {number} "
                           "cannot be played; undo or correct a hand first")
        settlement = rules.apply(state, slot.outcome, options)
        assert_zero_sum(settlement)
        hands.append(ReplayedHand(number=number, slot=slot, state_before=state,
                                  settlement=settlement))
        state = settlement["state"]
    if folded.ended and not hands:
        raise BadCommand("a game with no hands cannot be ended; record a hand first")
    finished = bool(state.get("finished")) or folded.ended
    final_rows = list(rules.final_settlement(state, options)) if finished else []
    return Replay(initial=initial, hands=hands, state=state, finished=finished,
                  ended_manually=folded.ended, final_rows=final_rows,
                  can_redo=bool(folded.redo))


@dataclass
class Appended:
    """One hand settled on top of the stored state, and what the game looks like after."""

    number: int
    settlement: HandSettlement
    state: GameState
    finished: bool
    final_rows: list[LedgerRow]


def append(rules: GameRules, options: Any, state: GameState, number: int,
           outcome: Outcome) -> Appended:
    """Hand ``number`` played from ``state`` (the state after hand ``number - 1``), for a
    game that was neither finished nor ended; the same settlement :func:`replay` gives."""
    if state.get("finished"):
        raise GameOver(f"the game is over after hand {number - 1}, so hand {number} "
                       "cannot be played; undo or correct a hand first")
    settlement = rules.apply(state, outcome, options)
    assert_zero_sum(settlement)
    after = settlement["state"]
    finished = bool(after.get("finished"))
    final_rows = list(rules.final_settlement(after, options)) if finished else []
    return Appended(number=number, settlement=settlement, state=after, finished=finished,
                    final_rows=final_rows)
