"""What a hand would pay, without saving it: as the next hand, or as a correction with
the later hands whose payments it would change; and the same rendered for the phones."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict

from common.errors import NoSuchHand, NotFound, TableError
from games import presenter
from games.models import Event, EventKind, Hand, LedgerEntry, Table
from games.replay import replay
from scoring import registry
from scoring.engine.errors import EngineError
from scoring.engine.game import HandSettlement

from .commands import CommandError, _hand_number, _outcome, command_error
from .explain import explain_on_sheet
from .snapshot import hands_page
from .tables import get_table


class LaterHand(TypedDict):
    number: int
    before: list[int]  # each seat's change in this hand now
    after: list[int]  # and with the correction


class PreviewResult(TypedDict, total=False):
    ok: bool
    settlement: HandSettlement  # rows, pot_change, state after, results, summary
    deltas: list[int]  # each seat's change this hand
    scores: list[int]  # each seat's points after this hand
    later: list[LaterHand]  # a correction: the later hands whose payments it changes
    error: CommandError


def _deltas(rows: Sequence[Any], seats: int = 4) -> list[int]:
    out = [0] * seats
    for row in rows:
        out[row["player"]] += row["amount"]
    return out


def preview(table_id: Table | int | str, outcome: dict[str, Any],
            hand_number: int | None = None) -> PreviewResult:
    """What ``outcome`` would pay, without saving: as the next hand, or (``hand_number``)
    as a correction of that hand, from the state before it, with the later hands whose
    payments the correction would change (the whole log replayed with it)."""
    try:
        table = get_table(table_id)
        ruleset = registry.get(table.ruleset)
        options = ruleset.options_from_snapshot(table.options)
        later: list[LaterHand] = []
        if hand_number is None:
            if table.ended_manually:
                raise TableError("the game was ended; reopen it before recording a hand",
                                 code="game_ended")
            state = table.state or ruleset.rules.initial_state(options)
            settlement = ruleset.rules.apply(state, _outcome(outcome), options)
        else:
            hand = Hand.objects.filter(table_id=table.pk,
                                       number=_hand_number(hand_number)).first()
            if hand is None:
                raise NoSuchHand(f"there is no hand {hand_number}", params={"hand": hand_number})
            settlement = ruleset.rules.apply(hand.state_before, _outcome(outcome), options)
            later = _later_changes(table, ruleset.rules, options, hand_number, outcome)
    except (EngineError, TableError) as exc:
        return PreviewResult(ok=False, error=command_error(exc))
    scores = list(settlement["state"].get("scores") or [])
    deltas = _deltas(settlement["rows"], len(scores) or 4)
    return PreviewResult(ok=True, settlement=settlement, deltas=deltas, scores=scores,
                         later=later)


def _later_changes(table: Table, rules: Any, options: Any, number: int,
                   outcome: dict[str, Any]) -> list[LaterHand]:
    """The hands after ``number`` whose payments change if it gets ``outcome``; raises
    (e.g. ``game_over``) when the correction would make a later hand impossible."""
    events = list(Event.objects.filter(table_id=table.pk).order_by("seq"))
    trial = Event(table_id=table.pk, seq=table.seq + 1, kind=EventKind.CORRECT,
                  payload={"outcome": outcome}, hand_number=number)
    result = replay(rules, options, [*events, trial])
    seats = len(result.start_scores)
    now: dict[int, list[int]] = {}
    for hand_no, position, amount in LedgerEntry.objects.filter(
            table_id=table.pk, hand_number__gt=number).values_list(
            "hand_number", "position", "amount"):
        now.setdefault(hand_no, [0] * seats)[position] += amount
    out: list[LaterHand] = []
    for played in result.hands[number:]:
        after = _deltas(played.settlement["rows"], seats)
        before = now.get(played.number, [0] * seats)
        if after != before:
            out.append(LaterHand(number=played.number, before=before, after=after))
    return out


def rendered_preview(table_id: Table | int | str, outcome: dict[str, Any],
                     hand_number: int | None = None) -> dict[str, Any]:
    """:func:`preview` for the phones: its figures and its HTML in the active language
    (``games/_preview.html``), without the engine's bulky settlement."""
    try:  # read once for all of it (a table gone is the preview's error to tell)
        table: Table | int | str = get_table(table_id)
    except NotFound:
        table = table_id
    result = preview(table, outcome, hand_number)
    if not result.get("ok"):
        kind = outcome.get("type") if isinstance(outcome, dict) else None
        return {"ok": False, "error": explain_on_sheet(table, result["error"], kind)}
    table = get_table(table)
    snap = hands_page(table, 1, 0)  # no hand: the seats, ruleset and options that name one
    number = hand_number or Hand.objects.filter(table_id=table.pk).count() + 1
    settlement = result["settlement"]
    hand = {"number": number, "outcome": outcome, "results": settlement.get("results", []),
            "payments": settlement.get("ledger", []), "deltas": result["deltas"]}
    return {"ok": True, "deltas": result["deltas"], "scores": result["scores"],
            **presenter.preview(snap, hand, result["scores"], result.get("later", []))}
