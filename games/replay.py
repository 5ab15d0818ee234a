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
``undo``    ``{"reverts": "record"}``: the last active hand is removed (and can be redone);
            ``{"reverts": "correct"}``: the last correction is taken back, the hand gets
            its outcome from before it. Undo takes back the latest change that is still in
            force, so the planner picks the kind (:attr:`Folded.undo_target`). An undo
            logged with ``{}`` (before corrections could be undone) removes the last hand.
``redo``    ``{}``: the most recently undone change is made again.
``correct`` ``{"outcome": Outcome, "previous": Outcome}``: hand ``hand_number`` gets a
            new outcome; every later hand is replayed on top of it.
``end``     ``{}``: the game ends now, before the ruleset's natural end.
``reopen``  ``{}``: cancels an ``end``.
``accept``  ``{"changed": ..., "rehash": hash}``: a history found changed outside the
            site was accepted as it is (:mod:`games.chain`); it changes no hand.
``confirm`` ``{"revision": n}``, ``dispute`` ``{"revision": n, "note": text}``: a seated
            player confirms or disputes hand ``hand_number`` (:mod:`games.confirmations`);
            neither changes a hand.
``declare`` ``{<key>: player, "on": bool}``: a player makes the ruleset's live declaration
            ``key`` (:class:`scoring.engine.capabilities.Declaration`) during hand
            ``hand_number`` (the one being played), or takes it back. It changes no
            hand: the record sheet starts with the declarers ticked in the outcome field
            of that key, and what the declaration costs comes with the hand's outcome.

``hand_number`` (an attribute of the event, not the payload) names the hand the event
touches, so a hand's history is the list of events with its number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from common.errors import BadCommand, GameEnded, NoSuchHand, NotEnded, NothingToRedo, NothingToUndo
from scoring.engine.errors import GameOver
from scoring.engine.game import (
    GameRules,
    GameState,
    HandSettlement,
    LedgerRow,
    Outcome,
    assert_zero_sum,
)


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
    # What undo would have taken back just before the hand was added (recorded or
    # redone): once it is undone, undo takes that back next, for nothing under it in
    # Folded.done can change while the hand is on it (games.services.undo reads it from
    # the hand's row instead of folding the log).
    undo_before: dict[str, Any] | None = None


@dataclass
class Change:
    """A change that undo can take back: a hand added (``record``, or a redo of one) or a
    correction, with what the hand was before it."""

    kind: str  # "record" or "correct"
    slot: Slot
    before: tuple[Outcome, int, int] | None = None  # outcome, current_seq, revision

    def target(self, active: list[Slot]) -> dict[str, Any]:
        """``{"kind", "number"}``: what undoing or redoing this change touches."""
        number = next((i for i, s in enumerate(active, start=1) if s is self.slot),
                      len(active) + 1)
        return {"kind": self.kind, "number": number}


@dataclass
class Folded:
    """The log reduced to the active hands, the changes undo and redo would take back or
    make again, and whether the game was ended."""

    active: list[Slot] = field(default_factory=list)
    done: list[Change] = field(default_factory=list)
    redo: list[Change] = field(default_factory=list)
    ended: bool = False
    # Live declarations, by the hand number they were made in: key -> declarers.
    declared: dict[int, dict[str, list[int]]] = field(default_factory=dict)

    @property
    def undo_target(self) -> dict[str, Any] | None:
        """What an undo now would take back: ``{"kind": "record"|"correct", "number"}``."""
        return self.done[-1].target(self.active) if self.done else None

    @property
    def redo_target(self) -> dict[str, Any] | None:
        return self.redo[-1].target(self.active) if self.redo else None


def _swap(slot: Slot, outcome: Outcome, current_seq: int, revision: int
          ) -> tuple[Outcome, int, int]:
    before = (slot.outcome, slot.current_seq, slot.revision)
    slot.outcome, slot.current_seq, slot.revision = outcome, current_seq, revision
    return before


def _undo(out: Folded, reverts: str | None) -> None:
    if reverts == "correct":
        change = out.done[-1] if out.done else None
        if change is None or change.kind != "correct" or change.before is None:
            raise NothingToUndo("there is no correction to undo")
        out.done.pop()
        change.before = _swap(change.slot, *change.before)
        out.redo.append(change)
        return
    if not out.active:
        raise NothingToUndo("there is no hand to undo")
    slot = out.active.pop()
    # A legacy undo ({}) may remove a hand that is not the latest change.
    out.done = [c for c in out.done if c.slot is not slot]
    out.redo.append(Change("record", slot))


def _redo(out: Folded) -> None:
    if not out.redo:
        raise NothingToRedo("there is no undone hand to redo")
    change = out.redo.pop()
    if change.kind == "correct" and change.before is not None:
        if not any(s is change.slot for s in out.active):
            raise NothingToRedo("the corrected hand is no longer there")
        change.before = _swap(change.slot, *change.before)
    else:
        change.slot.undo_before = out.undo_target
        out.active.append(change.slot)
    out.done.append(change)


def declaration_of(payload: dict[str, Any]) -> tuple[str, Any, bool]:
    """``(key, player, on)`` of a ``declare`` event's payload ``{<key>: player, "on"}``."""
    keys = [key for key in payload if key != "on"]
    if len(keys) != 1:
        raise BadCommand("a declaration names one declaration and who made it, got "
                         f"{sorted(payload)!r}"[:200])
    return keys[0], payload[keys[0]], bool(payload.get("on"))


def _declare(out: Folded, ev: LoggedEvent) -> None:
    if out.ended:
        raise GameEnded("the game was ended; reopen it before declaring")
    number = len(out.active) + 1
    if ev.hand_number != number:
        raise BadCommand(f"a declaration is made in the hand being played, hand {number}")
    key, player, on = declaration_of(ev.payload)
    if isinstance(player, bool) or not isinstance(player, int):
        raise BadCommand(f"{key} is declared by a player number, got {player!r}"[:200])
    declared = out.declared.setdefault(number, {}).setdefault(key, [])
    if on == (player in declared):
        raise BadCommand(f"this player has already declared {key} in this hand" if on else
                         f"this player has not declared {key} in this hand")
    if on:
        declared.append(player)
    else:
        declared.remove(player)


def declared_in(events: Sequence[LoggedEvent], number: int) -> dict[str, list[int]]:
    """Who has made each live declaration in hand ``number``: its ``declare`` events, in
    order (key -> declarers; a key nobody holds any more is left out)."""
    declared: dict[str, set[int]] = {}
    for ev in events:
        if ev.kind == "declare" and ev.hand_number == number:
            key, player, on = declaration_of(ev.payload)
            if isinstance(player, int):
                players = declared.setdefault(key, set())
                (players.add if on else players.discard)(player)
    return {key: sorted(players) for key, players in declared.items() if players}


def fold(events: Sequence[LoggedEvent]) -> Folded:
    """Apply undo/redo/correct/end/reopen to the list of recorded outcomes."""
    out = Folded()
    for ev in events:
        kind = ev.kind
        if kind in ("record", "undo", "redo") and out.ended:
            what = {"record": "recording", "undo": "undoing", "redo": "redoing"}[kind]
            raise GameEnded(f"the game was ended; reopen it before {what} a hand")
        if kind == "record":
            slot = Slot(outcome=ev.payload["outcome"], record_seq=ev.seq, current_seq=ev.seq,
                        recorded_by=ev.actor_name, undo_before=out.undo_target)
            out.active.append(slot)
            out.done.append(Change("record", slot))
            out.redo.clear()
        elif kind == "undo":
            _undo(out, ev.payload.get("reverts"))
        elif kind == "redo":
            _redo(out)
        elif kind == "correct":
            number = ev.hand_number
            if number is None or not 1 <= number <= len(out.active):
                raise NoSuchHand(f"there is no hand {number}; hands are numbered 1 to "
                                 f"{len(out.active)}",
                                 params={"hand": number} if number is not None else None)
            slot = out.active[number - 1]
            before = _swap(slot, ev.payload["outcome"], ev.seq, slot.revision + 1)
            out.done.append(Change("correct", slot, before))
            # A new correction makes an undone one meaningless to redo; undone hands stay
            # redoable, as they always were.
            out.redo = [c for c in out.redo if c.kind != "correct"]
        elif kind == "end":
            if out.ended:
                raise GameEnded("the game has already been ended")
            out.ended = True
        elif kind == "declare":
            _declare(out, ev)
        elif kind == "reopen":
            if not out.ended:
                raise NotEnded("the game was not ended by hand, so there is nothing to reopen; "
                               "undo the last hand instead")
            out.ended = False
        elif kind in ("accept", "confirm", "dispute"):
            # A changed history accepted (games.chain), a hand confirmed or disputed by a
            # player (games.confirmations): none changes a hand.
            pass
        else:
            raise BadCommand(f"unknown event kind {kind!r}")
    return out


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
    undo_target: dict[str, Any] | None = None
    redo_target: dict[str, Any] | None = None

    @property
    def start_scores(self) -> list[int]:
        return list(self.initial.get("scores") or [0, 0, 0, 0])  # one per player


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
                           "cannot be played; undo or correct a hand first",
                           params={"hand": number - 1})
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
                  can_redo=bool(folded.redo), undo_target=folded.undo_target,
                  redo_target=folded.redo_target)


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
                       "cannot be played; undo or correct a hand first",
                       params={"hand": number - 1})
    settlement = rules.apply(state, outcome, options)
    assert_zero_sum(settlement)
    after = settlement["state"]
    finished = bool(after.get("finished"))
    final_rows = list(rules.final_settlement(after, options)) if finished else []
    return Appended(number=number, settlement=settlement, state=after, finished=finished,
                    final_rows=final_rows)
