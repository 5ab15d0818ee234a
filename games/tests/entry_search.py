"""The search behind the entry matrix (games/tests/entry_matrix.py): for each family,
the cases its sheet asks for, found by trying small plausible values against the engine;
then each control no case holds yet is tried until one does (:func:`forced_cases`)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence

from games import record_sheet
from games.record_sheet import Control

from .entry_matrix import (
    PREFERRED,
    ROOT,
    Act,
    Case,
    Family,
    Plan,
    accepted,
    acts_of,
    asked,
    child,
    entry_rows,
    families,
    generic,
    hands,
    is_win_list,
    outcome_of,
    sheet_of,
    uncovered,
    values_for,
    visible,
    walk,
)


def first(family: Family, kind: str, plans: Iterator[Plan]) -> Plan | None:
    return next((p for p in plans if accepted(family, outcome_of(family, kind, p))), None)


def grow(family: Family, kind: str, plan: Plan, controls: Sequence[Control],
         by_name: dict[str, Control]) -> Plan:
    """``plan`` with ``controls`` filled one by one until the engine takes the outcome: a
    value that makes it taken is kept; while none does, the first value tried stays (a
    han waits for its fu). Those tentative values the taken outcome does not need are
    then dropped again."""
    current = dict(plan)
    tentative: list[str] = []
    for control in controls:
        if accepted(family, outcome_of(family, kind, current)):
            break
        if control.kind in FIELDLESS or control.name in current:
            continue
        if not visible(control, current, by_name):
            continue
        values = values_for(control, family, current)
        good = next((v for v in values
                     if accepted(family, outcome_of(family, kind, {**current,
                                                                   control.name: v}))), None)
        if good is not None:
            current[control.name] = good
        elif values:
            current[control.name] = values[0]
            tentative.append(control.name)
    if accepted(family, outcome_of(family, kind, current)):
        for name in reversed(tentative):
            trial = {k: v for k, v in current.items() if k != name}
            if accepted(family, outcome_of(family, kind, trial)):
                current = trial
    return current


FIELDLESS = ("mode", "object", "item", "list", "player_map", "int_list", "tiles_list",
             "choice_list")


def quick_plans(family: Family, kind: str, plan: Plan, quick: Control,
                by_name: dict[str, Control]) -> Iterator[Plan]:
    """``plan`` with the quick entry typed: its fields grown in order, then without the
    first few (a limit entry instead of han and fu)."""
    fields = [c for c in quick.children if c.kind not in FIELDLESS]
    for skip in range(len(fields)):
        yield grow(family, kind, plan, fields[skip:], by_name)


def tiles_plans(family: Family, plan: Plan, hand: Control, with_meld: bool) -> Iterator[Plan]:
    for found in hands(family, with_meld):
        yield {**plan, f"{hand.name}.hand": found.concealed,
               f"{hand.name}.win_tile": found.win_tile,
               **({f"{hand.name}.melds": list(found.value["melds"])} if found.melds else {})}


HAN_FU = [(int(h), int(f)) for h, f in re.findall(
    r"\[(\d+), (\d+)\]", re.search(r"const HAN_FU = \[(.*?)\];", (ROOT / "static/js/record.js")
                                   .read_text(), re.S).group(1))]  # type: ignore[union-attr]


def grid_plans(plan: Plan, quick: Control) -> Iterator[Plan]:
    for han, fu in HAN_FU[2:] + HAN_FU[:2]:
        yield {**plan, f"{quick.name}.han": han, f"{quick.name}.fu": fu,
               f"{quick.name}.grid": (han, fu)}


def checklist_plans(family: Family, plan: Plan, quick: Control, typed: Plan, opened: bool,
                    counted_key: str = "") -> Iterator[Plan]:
    """Ticks that add up to what ``typed`` (an accepted quick entry) says, one counted line
    among them where there is one; the fu a ticked line suggests, or the typed fu."""
    units = {c.name.rsplit(".", 1)[-1] for c in quick.children}
    targets = {u: typed[f"{quick.name}.{u}"] for u in units
               if isinstance(typed.get(f"{quick.name}.{u}"), int)
               and any(t.unit == u for t in quick.checklist)}
    if not targets:
        return
    opened = opened and quick.open_values
    worth = (lambda t: t.open_value) if opened else (lambda t: t.value)  # noqa: E731
    for skip in range(0, 6):
        ticks: list[str] = []
        counts: dict[str, int] = {}
        suggested: int | None = None
        for unit, target in targets.items():
            remaining = target
            for counted in (t for t in quick.checklist if t.counted and t.unit == unit
                            and (not counted_key or t.key == counted_key)):
                if 0 < worth(counted) < remaining:
                    counts[counted.key] = 1
                    remaining -= worth(counted)
            lines = sorted((t for t in quick.checklist if not t.counted and t.unit == unit
                            and 0 < worth(t) <= remaining), key=lambda t: -worth(t))
            for line in lines[skip:]:
                if worth(line) <= remaining:
                    ticks.append(line.key)
                    remaining -= worth(line)
                    suggested = line.fu or suggested
            if remaining:
                break
        else:
            out = {**plan, f"{quick.name}.tally": ticks, f"{quick.name}.counts": counts,
                   **{f"{quick.name}.{u}": v for u, v in targets.items()}}
            if opened and quick.open_values:
                out[f"{quick.name}.open"] = True
            if "yakuman" in targets:
                out.pop(f"{quick.name}.han", None)
            fu_name = f"{quick.name}.fu"
            if fu_name in by_names(quick) and "yakuman" not in targets:
                out[fu_name] = suggested if suggested else typed.get(fu_name)
                out[f"{quick.name}.fu_typed"] = not suggested
            yield {k: v for k, v in out.items() if v is not None}


def by_names(control: Control) -> set[str]:
    return {c.name for c in control.children}


# --- cases ----------------------------------------------------------------------------------


def part_of(family: Family, kind: str) -> tuple[record_sheet.OutcomePart, dict[str, Control]]:
    part = sheet_of(family).part(kind)
    assert part is not None
    return part, {c.name: c for c in walk(part.controls)}


def shown(control: Control, plan: Plan, by_name: dict[str, Control]) -> bool:
    """On screen once ``plan`` is filled in: visible, and not in a list entry beyond the
    ones the plan fills (a second winner is offered only when asked for)."""
    if not visible(control, plan, by_name):
        return False
    for match in re.finditer(r"\.(\d+)(?=\.|$)", control.name):
        row = control.name[:match.end()]
        parent = by_name.get(control.name[:match.start()])
        if (parent is not None and parent.kind == "list" and int(match.group(1)) > 0
                and not (entry_rows(parent) and entry_rows(parent)[0].fixed)
                and not any(k.startswith(row + ".") for k in plan)):
            return False
    return True


def complete(family: Family, kind: str, plan: Plan | None) -> Plan | None:
    """``plan`` if the engine takes its outcome, else grown over the part's other
    controls on screen (精 at Ji'an) until it does; None when it never does."""
    if plan is None:
        return None
    if accepted(family, outcome_of(family, kind, plan)):
        return plan
    part, by_name = part_of(family, kind)
    others = [c for c in walk(part.controls) if shown(c, plan, by_name)]
    grown = grow(family, kind, plan, others, by_name)
    return grown if accepted(family, outcome_of(family, kind, grown)) else None


def winner_plan(family: Family, row: Control, way: str, plan: Plan, taken: set[int],
                winner: int | None = None) -> Plan | None:
    found, discarder = child(row, "winner"), child(row, "discarder")
    order = [p for p in PREFERRED if p < family.players and p not in taken]
    if winner is not None:
        order = [winner] + [p for p in order if p != winner]
    if found is None or not order:
        return None
    out = {**plan, found.name: order[0]}
    if discarder is not None:
        if way == "discard":
            out[discarder.name] = next(p for p in order[1:] + list(PREFERRED)
                                       if p < family.players and p != order[0])
        elif "" in [v for v, _ in discarder.choices]:
            out[discarder.name] = None
        else:
            return None
    return out


def win_modes(row: Control) -> list[str]:
    quick = child(row, "quick")
    modes = []
    if child(row, "hand") is not None and child(row, "mode") is not None:
        modes.append("tiles")
    if quick is not None:
        modes.append("typed")
        if quick.widget == "han_fu":
            modes.append("grid")
        if quick.checklist:
            modes.append("checklist")
    return modes


def win_entry(family: Family, kind: str, row: Control, mode: str, plan: Plan,
              opened: bool = False, counted: str = "", meld: bool = False) -> Plan | None:
    """``plan`` with the win entry of ``row`` filled in ``mode``, taken by the engine."""
    quick, hand, modes = child(row, "quick"), child(row, "hand"), child(row, "mode")
    _, by_name = part_of(family, kind)
    if mode == "tiles":
        assert hand is not None and modes is not None
        base = {**plan, modes.name: "tiles"}
        # A hand the engine takes as it is; else the first one, with what else it needs.
        candidates = list(itertools.islice(tiles_plans(family, base, hand, meld), 12))
        return next((p for p in candidates if accepted(family, outcome_of(family, kind, p))),
                    None) or (complete(family, kind, candidates[0]) if candidates else None)
    assert quick is not None
    base = {**plan, modes.name: "quick"} if modes is not None else dict(plan)
    typed = next((found for p in quick_plans(family, kind, base, quick, by_name)
                  if (found := complete(family, kind, p)) is not None), None)
    if typed is None or mode == "typed":
        return typed
    if mode == "grid":
        return next((found for p in grid_plans(typed, quick)
                     if (found := complete(family, kind, p)) is not None), None)
    rest = {k: v for k, v in typed.items() if not k.startswith(quick.name + ".")}
    # A total a few counted lines (dora) fit in beside a ticked line, if the engine takes it.
    counted_n = sum(1 for t in quick.checklist if t.counted)
    raised = {k: v + counted_n if k.startswith(quick.name + ".") and isinstance(v, int)
              and by_name.get(k) is not None and any(
                  t.unit == k.rsplit(".", 1)[-1] for t in quick.checklist) else v
              for k, v in typed.items()}
    sources = itertools.chain([raised, typed], quick_plans(family, kind, base, quick, by_name))
    for source in sources:
        for p in checklist_plans(family, rest, quick, source, opened, counted):
            found = complete(family, kind, p)
            if found is not None:
                return found
    return None


def cases_of(family: Family) -> list[Case]:
    out: list[Case] = []
    for part in sheet_of(family).parts:
        lists = [c for c in walk(part.controls) if c.kind == "list"]
        wins = next((c for c in lists if is_win_list(c)), None)
        events = next((c for c in lists if c.widget == "sequence"), None)
        if wins is not None:
            rows = entry_rows(wins)
            ways = ["discard", "self_draw"] if child(rows[0], "discarder") else ["self_draw"]
            for way, mode in itertools.product(ways, win_modes(rows[0])):
                start = winner_plan(family, rows[0], way, {"type": part.type}, set())
                # One hand of the part with a declared meld, where the engine takes one.
                plan = (start and mode == "tiles" and way == ways[0]
                        and win_entry(family, part.type, rows[0], mode, start, meld=True))
                plan = plan or (start and win_entry(family, part.type, rows[0], mode, start,
                                                    opened=mode == "checklist"))
                plan = plan or (start and win_entry(family, part.type, rows[0], mode, start))
                if plan:
                    out.append(_case(family, part.type, way, mode, plan))
            if len(rows) > 1:
                plan = winner_plan(family, rows[0], "discard", {"type": part.type}, set())
                plan = plan and win_entry(family, part.type, rows[0], "typed", plan)
                taken = {v for k, v in (plan or {}).items() if isinstance(v, int)
                         and k.rsplit(".", 1)[-1] in ("winner", "discarder")}
                second = plan and winner_plan(family, rows[1], "discard",
                                              {**plan, f"{rows[1].name}.add": True}, taken)
                second = second and win_entry(family, part.type, rows[1], "typed", second)
                if second:
                    out.append(_case(family, part.type, "discard", "multi", second))
        elif events is not None:
            for mode in ("typed", "tiles"):
                plan = event_plan(family, part.type, events, mode)
                if plan is not None:
                    out.append(_case(family, part.type, "", f"events-{mode}", plan))
            # A hand that ends in a draw, with players still in to show their hands.
            plan = event_plan(family, part.type, events, "typed", wins=1)
            if plan is not None:
                out.append(_case(family, part.type, "", "events-draw", plan))
        else:
            plan = complete(family, part.type, {"type": part.type})
            if plan is not None:
                out.append(_case(family, part.type, "", "plain", plan))
    fill_extras(family, out)
    out += forced_cases(family, out)
    return out


def event_plan(family: Family, kind: str, events: Control, mode: str, wins: int = 3
               ) -> Plan | None:
    """One event of each kind the sequence offers (a kong, then up to ``wins`` wins: by
    discard, by discard again, by self-draw), each win in ``mode``."""
    rows = entry_rows(events)
    _, by_name = part_of(family, kind)
    plan: Plan = {"type": kind}
    index = 0
    kinds = [c for c in rows[0].children if c.name.endswith(".kind")]
    if not kinds:
        return None
    choices = [v for v, _ in kinds[0].choices]
    for event_kind in sorted(choices, key=lambda v: v == "win"):
        for way in (["discard", "discard", "self_draw"][:wins] if event_kind == "win"
                    else [""]):
            if index >= len(rows):
                break
            row = rows[index]
            step = {**plan, f"{row.name}.kind": event_kind}
            found: Plan | None
            if event_kind == "win":
                taken = {v for k, v in plan.items() if k.endswith(".winner")}
                start = winner_plan(family, row, way, step, taken)
                found = start and win_entry(family, kind, row, mode, start)
            else:
                grown = grow(family, kind, step, [c for c in row.children], by_name)
                found = grown if accepted(family, outcome_of(family, kind, grown)) else None
            if found:
                plan = found
                index += 1
    return plan if index > 1 else None


def _case(family: Family, kind: str, way: str, mode: str, plan: Plan) -> Case:
    case = Case(family, kind, way, mode, [], {})
    case_bases[id(case)] = dict(plan)
    return _finish(case, plan)


def _finish(case: Case, plan: Plan) -> Case:
    case.outcome = outcome_of(case.family, case.type, plan)
    case.acts = acts_of(case.family, case.type, plan)
    case.covers = covered(plan, case.family, case.type)
    case_plans[id(case)] = plan
    return case


case_plans: dict[int, Plan] = {}
case_bases: dict[int, Plan] = {}


def covered(plan: Plan, family: Family | None = None, kind: str = "") -> set[str]:
    """The controls ``plan`` fills in on screen, by generic name."""
    out = set()
    by_name = part_of(family, kind)[1] if family is not None else {}
    for name, value in plan.items():
        owner = by_name.get(name) or by_name.get(name.rsplit(".", 1)[0])
        if owner is not None and not shown(owner, plan, by_name):
            continue
        if name == "type" or name.endswith((".mode", ".add", ".fu_typed")):
            continue
        if name.endswith(".counts"):
            out |= {generic(name[: -len(".counts")]) + f".tally.{k}" for k in value}
        else:
            out.add(generic(name))
    return out


def fill_extras(family: Family, cases: list[Case], quick: bool = False,
                done: set[str] | None = None) -> None:
    """Try each control no case holds yet in the cases of its part, keeping each value the
    engine takes: most controls end up saved and checked this way (a quick entry's
    fields only in the cases made for one of them: a typed entry stays as typed)."""
    if done is None:
        done = set().union(*(c.covers for c in cases)) if cases else set()
    for case in cases:
        part, by_name = part_of(family, case.type)
        plan = dict(case_plans[id(case)])
        changed = False
        for control in walk(part.controls):
            if (control.kind in FIELDLESS or control.name in plan
                    or generic(control.name) in done or not shown(control, plan, by_name)
                    or (".quick." in control.name and not quick)):
                continue
            for value in values_for(control, family, plan):
                trial = {**plan, control.name: value}
                if accepted(family, outcome_of(family, case.type, trial)):
                    plan, changed = trial, True
                    done.add(generic(control.name))
                    break
        if changed:
            _finish(case, plan)


def forced_cases(family: Family, cases: list[Case]) -> list[Case]:
    """A case more for each control still in no case: a case of its part with that
    control set first (another winner, the quick entry's other fields dropped, a hand
    with a declared meld), the rest grown around it."""
    out: list[Case] = []
    for name in sorted(uncovered(family, [*cases, *out])):
        if name in uncovered(family, [*cases, *out]):
            found = _force(family, name, cases)
            if found is not None:
                fill_extras(family, [found], quick=True,
                            done=asked(family) - uncovered(family, [*cases, *out]))
                out.append(found)
    return out


def _force(family: Family, name: str, cases: list[Case]) -> Case | None:
    kind = name.split(".", 1)[0]
    part, by_name = part_of(family, kind)
    win_list = next((c for c in walk(part.controls) if is_win_list(c)), None)
    rows = entry_rows(win_list) if win_list is not None else []
    for case in (c for c in cases if c.type == kind and "+" not in c.mode):
        base = case_bases[id(case)]
        if name.endswith(".open") or ".tally." in name:
            if case.mode != "checklist":
                continue
            counted = name.rsplit(".", 1)[-1] if ".tally." in name else ""
            start = {k: v for k, v in base.items() if ".quick." not in k}
            plan = win_entry(family, kind, rows[0], "checklist", start,
                             opened=name.endswith(".open"), counted=counted)
            if plan is not None and name in covered(plan, family, kind):
                return _named(case, plan, name)
            continue
        for control in (c for c in by_name.values() if generic(c.name) == name):
            if re.search(r"\.[1-9]\d*\.", control.name) and not control.fixed and not (
                    by_name.get(control.name.rsplit(".", 1)[0], control).kind == "item"
                    and ".hands." in control.name):
                pass
            for plan in _trials(family, kind, case, base, control, rows):
                if name in covered(plan, family, kind) and accepted(
                        family, outcome_of(family, kind, plan)):
                    return _named(case, plan, name)
    return None


def _trials(family: Family, kind: str, case: Case, base: Plan, control: Control,
            rows: list[Control]) -> Iterator[Plan]:
    """Plans that set ``control`` around ``case``: its own plan, or another winner's
    (a dealer's first-turn win), the hand or the quick entry built again around it."""
    _, by_name = part_of(family, kind)
    row = rows[0] if rows else None
    in_row = row is not None and control.name.startswith(row.name + ".")
    in_hand = in_row and f"{row.name}.hand." in control.name + "." if row else False
    in_quick = in_row and f"{row.name}.quick." in control.name if row else False
    if in_row and row is not None and case.mode in ("tiles", "typed") and (
            (in_hand and case.mode == "tiles") or (in_quick and case.mode == "typed")
            or not (in_hand or in_quick)):
        starts: list[Plan] = []
        for winner in (None, 0):
            start = winner_plan(family, row, case.way, {"type": kind}, set(), winner)
            if start is None:
                continue
            if in_hand:
                mode = child(row, "mode")
                tiles_start = {**start, **({mode.name: "tiles"} if mode else {})}
                hand = child(row, "hand")
                assert hand is not None
                for meld in (False, True):
                    for found in itertools.islice(tiles_plans(family, tiles_start, hand,
                                                              meld), 4):
                        if not accepted(family, outcome_of(family, kind, found)):
                            found = complete(family, kind, found)  # type: ignore[assignment]
                        if found is None:
                            continue
                        if control.kind == "melds" and meld:
                            yield found
                        starts.append(found)
            elif in_quick:
                mode = child(row, "mode")
                starts.append({**start, **({mode.name: "quick"} if mode else {})})
            else:
                entry = win_entry(family, kind, row, case.mode, start)
                if entry is not None:
                    starts.append(entry)
    elif in_row:
        return
    else:
        starts = [base]
    if control.kind == "melds":
        if not in_row:
            shown_hand = control.name.rsplit(".", 1)[0] + ".hand"
            for found_hand in hands(family, True):
                yield from _grown(family, kind, {
                    **base, control.name: list(found_hand.value["melds"]),
                    shown_hand: found_hand.concealed})
        return
    for start in starts:
        if not shown(control, start, by_name):
            continue
        for value in values_for(control, family, start):
            plan = {**start, control.name: value}
            if in_quick:
                quick = by_name[control.name.rsplit(".", 1)[0]]
                plan = grow(family, kind, plan, quick.children, by_name)
            yield from _grown(family, kind, plan)


def _grown(family: Family, kind: str, plan: Plan) -> Iterator[Plan]:
    done = complete(family, kind, plan)
    if done is not None:
        yield done


def _named(case: Case, plan: Plan, name: str) -> Case:
    short = ".".join(p for p in name.split(".")[1:] if p not in ("*", "wins", "extra"))
    return _case(case.family, case.type, case.way, f"{case.mode}+{short}", plan)

# --- undo and correct right after Save ----------------------------------------------------


def after_save_cases(family: Family, cases: Sequence[Case]) -> list[Case]:
    """Save a hand, then tap Undo, or Correct, at once (before the table answered): the
    family's first typed win (or its first case); the correction gives the hand to another
    player."""
    base = next((c for c in cases if c.mode == "typed"), cases[0] if cases else None)
    if base is None:
        return []
    plan = case_plans[id(base)]
    out = [Case(family, base.type, base.way, base.mode, base.acts, base.outcome, base.covers,
                after="undo")]
    part, by_name = part_of(family, base.type)
    for name, value in plan.items():
        control = by_name.get(name)
        if control is None or control.kind != "player" or value is None:
            continue
        for other in values_for(control, family, plan):
            trial = {**plan, name: other}
            if other != value and accepted(family, outcome_of(family, base.type, trial)):
                out.append(Case(family, base.type, base.way, base.mode, base.acts,
                                base.outcome, base.covers, after="correct",
                                correction=outcome_of(family, base.type, trial),
                                correction_acts=[Act("choose", name, other)]))
                return out
    return out


def generate() -> list[Case]:
    out: list[Case] = []
    seated: set[int] = set()
    for family in families():
        cases = cases_of(family)
        # Undo and Correct right after Save, at a table of four and one of three (the
        # phone's writes do not depend on the rules): at the first, on a fresh table
        # (after the game's first hand), at the second after a hand already recorded.
        if family.players not in seated:
            at = 0 if not seated else 1
            seated.add(family.players)
            cases = cases[:at] + after_save_cases(family, cases) + cases[at:]
        out += cases
    return out


