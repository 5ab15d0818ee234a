"""The record sheet's test matrix, generated from each ruleset's entry spec (no browser
here: test_browser_entry_matrix.py plays the cases).

For every ruleset and preset family (the presets of one ruleset for one number of
players: riichi for four and sanma, Sichuan for four and 三人两房), the sheet is built as
the site builds it (games.record_sheet from the spec) and each outcome type it offers
gives cases: a win by discard and by self-draw where the sheet offers both, in every
entry mode the win entry offers (tiles through the picker, typed quick values, the
han × fu grid, the add-up checklist), several winners where the list takes them, a
sequence of events where the list is one; other outcome types get one case. Each case
is what a person taps (:class:`Act`) and the outcome that means, found by trying small
plausible values against the engine (so nothing here knows a ruleset's rules): values the
engine refuses are not used. Every optional control of a part is then tried in the cases
of its family until each is in some case that the engine accepts (:func:`uncovered` names
what none could hold), so a control a new ruleset adds is saved and checked, or named.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.utils import translation

from games import record_sheet
from games.record_sheet import Control
from scoring import registry
from scoring.engine.entry import EntrySpec, check_outcome

ROOT = Path(__file__).resolve().parents[2]
# Players in the order a case picks them (the dealer, 0, last: a win off the deal).
PREFERRED = (1, 2, 0, 3)


@dataclass(frozen=True)
class Family:
    """A ruleset for one number of players, played with the preset whose sheet offers
    the most outcome types (the first such preset)."""

    ruleset: str
    preset: str
    players: int

    @property
    def id(self) -> str:
        return f"{self.ruleset}-{self.preset}"

    @property
    def label(self) -> str:
        """The new-table form's label of this preset."""
        ruleset = registry.get(self.ruleset)
        title = ruleset.presets[self.preset].get("title") or self.preset
        return f"{ruleset.title} — {title}"


@dataclass(frozen=True)
class Act:
    """One thing a person does on the sheet: ``choose`` a chip (``value`` "" is the
    nobody / self-draw chip), ``type`` into a box, tap a ``step`` value, a ``grid`` chip
    (value (han, fu)), ``open`` a fold, ``add`` a list's next entry, tap ``tiles`` into a
    hand's picker (value "123m5p"), declare a ``meld`` (value ("pon", "555z")), tick a
    checklist line (``tally``: name is the quick entry, value the line's key), count one
    (``count``: value (key, n)) or tick the checklist's open hand (``open_hand``)."""

    kind: str
    name: str
    value: Any = None


@dataclass
class Case:
    family: Family
    type: str
    way: str  # "discard", "self_draw" or "" (no win)
    mode: str  # "tiles", "typed", "grid", "checklist", "multi", "events-…", "plain"
    acts: list[Act]
    outcome: dict[str, Any]
    covers: set[str] = field(default_factory=set)  # control names, list indices as "*"
    after: str = ""  # "undo" or "correct": tapped right after Save
    correction: dict[str, Any] | None = None  # the corrected outcome (after="correct")
    correction_acts: list[Act] = field(default_factory=list)

    @property
    def id(self) -> str:
        parts = [self.family.id, self.type, self.way, self.mode, self.after]
        return "-".join(p for p in parts if p)


# --- the families and their sheets ------------------------------------------------------


def families() -> list[Family]:
    out: dict[tuple[str, int], tuple[int, Family]] = {}
    for name in registry.usable():
        ruleset = registry.get(name)
        for preset in ruleset.presets:
            spec = spec_of(name, preset)
            family = Family(name, preset, spec.players)
            key = (name, spec.players)
            if key not in out or len(spec.outcomes) > out[key][0]:
                out[key] = (len(spec.outcomes), family)
    return [family for _, family in out.values()]


@functools.cache
def spec_of(ruleset: str, preset: str) -> EntrySpec:
    found = registry.get(ruleset)
    spec: EntrySpec = found.package.entry_spec(found.build(preset))
    return spec


@functools.cache
def sheet_of(family: Family) -> record_sheet.Sheet:
    with translation.override("en"):
        return record_sheet.build(spec_of(family.ruleset, family.preset),
                                  [f"P{i}" for i in range(family.players)])


def walk(controls: Sequence[Control]) -> Iterator[Control]:
    for control in controls:
        yield control
        yield from walk(control.children)


def generic(name: str) -> str:
    """A control's name with list entries as "*" (ron.wins.*.quick.han)."""
    return re.sub(r"\.\d+(?=\.|$)", ".*", name)


def asked(family: Family) -> set[str]:
    """Every control the sheet offers a person, by generic name (modes and the
    structure around fields left out; a checklist counts as its quick entry's
    ``.tally``, ``.tally.<counted key>`` and ``.open``)."""
    out = set()
    for part in sheet_of(family).parts:
        for control in walk(part.controls):
            if control.kind in ("object", "item", "list", "player_map", "mode", "int_list",
                                "tiles_list", "choice_list"):
                pass
            else:
                out.add(generic(control.name))
            if control.checklist:
                out.add(generic(control.name) + ".tally")
                out |= {generic(control.name) + f".tally.{t.key}"
                        for t in control.checklist if t.counted}
                if control.open_values:
                    out.add(generic(control.name) + ".open")
            if control.widget == "han_fu":
                out.add(generic(control.name) + ".grid")
    return out


# --- checking an outcome against the engine ---------------------------------------------


def accepted(family: Family, outcome: dict[str, Any]) -> bool:
    return _accepted(family, json.dumps(outcome, sort_keys=True))


@functools.cache
def rules_of(family: Family) -> tuple[registry.Ruleset, Any]:
    found = registry.get(family.ruleset)
    return found, found.build(family.preset)


@functools.lru_cache(maxsize=4096)
def _accepted(family: Family, text: str) -> bool:
    outcome = json.loads(text)
    found, options = rules_of(family)
    try:
        check_outcome(spec_of(family.ruleset, family.preset), outcome)
        found.rules.apply(found.rules.initial_state(options), outcome, options)
    except Exception:  # noqa: BLE001 - any refusal means "not this value"
        return False
    return True


# --- what the controls hold, and the outcome that makes --------------------------------


Plan = dict[str, Any]  # control name -> value (None: the nobody chip)


def visible(control: Control, plan: Plan, by_name: dict[str, Control]) -> bool:
    """Whether ``control`` is on screen once ``plan`` is filled in (and every group
    around it)."""
    parent = control.name.rsplit(".", 1)[0]
    if parent in by_name and not visible(by_name[parent], plan, by_name):
        return False
    if control.when is not None:
        sibling, value = control.when
        if sibling not in plan or str(plan[sibling]) != value:
            return False
        if sibling in by_name and not visible(by_name[sibling], plan, by_name):
            return False
    return True


def body(controls: Sequence[Control], plan: Plan, shared: dict[str, Any]
         ) -> dict[str, Any]:
    """The outcome's part that ``plan`` fills in (as the sheet means it: the later
    winners of a multiple ron take the first one's discarder)."""
    out: dict[str, Any] = {}
    for control in controls:
        key = control.name.rsplit(".", 1)[-1]
        value: Any = None
        if control.kind == "mode":
            continue
        if control.when is not None and str(plan.get(control.when[0])) != control.when[1]:
            continue  # not on screen, so not read
        if control.kind == "object":
            value = body(control.children, plan, shared) or None
            if control.checklist and value is not None:
                value = {k: v for k, v in value.items() if k != "tally"} or None
        elif control.kind == "list":
            items = []
            first: dict[str, Any] = {}
            for row in control.children:
                found = body(row.children, plan, first)
                if row.fixed:
                    # A row per player is read whether filled in or not (record_sheet).
                    found = {**found, **{k.rsplit(".", 1)[-1]: int(v)
                                         for k, v in row.fixed.items()}}
                if found:
                    for k, v in first.items():
                        found.setdefault(k, v)
                    items.append(found)
            value = items or None
        elif control.kind == "player_map":
            rows = {str(row.index): found for row in control.children
                    if (found := body(row.children, plan, shared))}
            value = rows or None
        elif control.kind in ("int_list", "tiles_list", "choice_list"):
            values = [plan.get(child.name) for child in control.children]
            if any(v is not None for v in values):
                filler = {"int_list": 0, "tiles_list": ""}.get(control.kind)
                value = [filler if v is None else v for v in values]
        elif control.name in plan:
            value = plan[control.name]
        if control.widget == "shared":
            if value is None and key in shared:
                value = shared[key]
            shared.setdefault(key, value)
        if value is not None:
            out[key] = value
    return out


def outcome_of(family: Family, kind: str, plan: Plan) -> dict[str, Any]:
    part = sheet_of(family).part(kind)
    assert part is not None
    return {"type": kind, **body(part.controls, plan, {})}


# --- values to try ------------------------------------------------------------------------


def tile_set(family: Family) -> list[str]:
    tiles = spec_of(family.ruleset, family.preset).tiles
    out = [f"{d}{s}" for s in "mps" for d in range(1, 10)]
    if tiles.honours:
        out += [f"{d}z" for d in range(1, 8)]
    return [t for t in out if t not in tiles.out]


def suits(family: Family) -> list[str]:
    allowed = set(tile_set(family))
    return [s for s in "psm" if all(f"{d}{s}" in allowed for d in range(1, 10))]


# Hands of one suit (every ruleset takes them: a flush has a yaku, passes a fan minimum
# and lacks a suit), as sets; the last tile of the pair is the winning one.
SHAPES = {13: [["123", "456", "789", "234", "55"], ["111", "456", "789", "234", "55"],
               ["123", "456", "789", "999", "11"], ["1111", "456", "789", "234", "55"]],
          16: [["123", "456", "789", "123", "456", "99"],
               ["111", "456", "789", "234", "678", "99"],
               ["1111", "456", "789", "234", "678", "99"]]}


@dataclass(frozen=True)
class Hand:
    concealed: str  # "1234567892345p"
    win_tile: str
    melds: tuple[tuple[str, str], ...] = ()  # ("pon", "111p")

    @property
    def value(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hand": self.concealed, "win_tile": self.win_tile}
        if self.melds:
            out["melds"] = [f"{kind} {tiles}" for kind, tiles in self.melds]
        return out


def hands(family: Family, with_meld: bool) -> Iterator[Hand]:
    size = spec_of(family.ruleset, family.preset).tiles.hand_size
    chow = spec_of(family.ruleset, family.preset).tiles.chow
    shapes = SHAPES.get(size, [])
    if with_meld:  # a kong first: what a flag after a kong needs
        shapes = sorted(shapes, key=lambda shape: not any(len(s) == 4 for s in shape))
    for suit, shape in itertools.product(suits(family), shapes):
        *sets, pair = shape
        declared: tuple[tuple[str, str], ...] = ()
        concealed_sets = list(sets)
        if with_meld:
            pick = next((s for s in sets if len(s) == 4), None) or next(
                (s for s in sets if len(set(s)) == 1), None) or (sets[0] if chow else None)
            if pick is None:
                continue
            kind = "ankan" if len(pick) == 4 else "pon" if len(set(pick)) == 1 else "chi"
            declared = ((kind, pick + suit),)
            concealed_sets.remove(pick)
        elif any(len(s) == 4 for s in sets):
            continue  # a kong is only ever declared
        digits = "".join(concealed_sets) + pair
        # Won on the pair's second tile; then on a tile the hand holds once (the last
        # copy of its kind can be that one).
        wins = [pair[1]] + [d for d in sorted(set(digits)) if digits.count(d) == 1][:1]
        for win in wins:
            rest = digits.replace(win, "", 1)
            yield Hand("".join(sorted(rest)) + suit, win + suit, declared)


def int_values(control: Control) -> list[int]:
    if control.steps:
        return [control.steps[min(2, len(control.steps) - 1)], control.steps[1]]
    lo = control.min if control.min is not None else 0
    hi = control.max if control.max is not None else 10 ** 6
    default = control.entry.default if control.entry is not None else None
    out = [v for v in (default, 2, 3, 1, 8, 10, 30, 40, lo, lo + 1)
           if isinstance(v, int) and lo <= v <= hi]
    return list(dict.fromkeys(out))[:5]


def values_for(control: Control, family: Family, plan: Plan) -> list[Any]:
    """Values worth trying in ``control`` (the most telling first)."""
    used = {v for k, v in plan.items() if isinstance(v, int) and k.rsplit(".", 1)[-1] in (
        "winner", "discarder", "penalised", "player")}
    kind = control.kind
    key = control.name.rsplit(".", 1)[-1]
    entry = control.entry
    if kind == "player":
        order = [p for p in PREFERRED if p < family.players]
        return [p for p in order if p not in used] + [p for p in order if p in used]
    if kind in ("players", "count_or_choices"):
        if kind == "count_or_choices":
            return [[str(v)] for v, _ in (entry.choices if entry else ())][:2]
        return [[p] for p in PREFERRED if p < family.players][:2]
    if kind == "bool":
        return [True]
    if kind == "int":
        return int_values(control)
    if kind == "choice":
        choices = [v for v, _ in (entry.choices if entry else ())]
        if control.row:  # one player's line of a per-player choice: a suit
            return choices[:2]
        default = entry.default if entry else None
        return [v for v in choices if v != default] + [v for v in choices if v == default]
    if kind == "count_or_tiles":
        # Flowers tapped in on the picker (the box hides behind it), or counted.
        return ["1f", 1] if spec_of(family.ruleset, family.preset).tiles.flowers else [1]
    if kind == "tile_list":
        return [[tile_set(family)[2]]]
    if kind == "tile":
        return [t for t in tile_set(family) if t.endswith("z")][:1] + tile_set(family)[4:5]
    if kind == "tiles" and key == "flowers":
        return ["1f"]
    if kind == "tiles":
        # A shown hand at a draw: a ready one (a winning hand less its winning tile).
        honour = [t for t in tile_set(family) if t.endswith("z")][:1] or tile_set(family)[:1]
        return [h.concealed for h in itertools.islice(hands(family, False), 2)] + [
            honour[0][0] * 2 + honour[0][1], honour[0]]  # "11z": as the picker writes
    if kind == "melds":
        return []  # declared with a hand (see hands()), never alone
    return []


def entry_rows(control: Control) -> list[Control]:
    return [row for row in control.children if row.kind == "item"]


def child(row: Control, key: str) -> Control | None:
    return next((c for c in row.children if c.name.rsplit(".", 1)[-1] == key), None)


def is_win_list(control: Control) -> bool:
    rows = entry_rows(control)
    return (control.kind == "list" and bool(rows) and child(rows[0], "winner") is not None
            and control.widget not in ("sequence", "per_player"))


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


# Controls a sheet offers that the engine refuses in every trial under the family's
# options (found by forced_cases; reported with issue 22): the riichi hand's flags are
# asked on a ron and a tsumo alike, though a ron is never rinshan, haitei, tenhou or
# chiihou, and a tsumo never houtei, chankan or renhou; the official MCR options do not
# play heavenly, earthly or human hands that its sheet asks.
_RIICHI_NEVER = {f"ron.wins.*.hand.{f}" for f in ("rinshan", "haitei", "tenhou", "chiihou")} | {
    f"tsumo.wins.*.hand.{f}" for f in ("houtei", "chankan", "renhou")}
REFUSED: dict[str, set[str]] = {
    "riichi-tenhou": _RIICHI_NEVER, "riichi-sanma": _RIICHI_NEVER,
    "mcr-official": {f"win.wins.*.hand.{f}" for f in ("heavenly_hand", "earthly_hand",
                                                      "human_hand")},
}


# Controls the generator does not yet fill in a way the engine takes (kept short: each
# is a case to teach it).
GAPS: dict[str, set[str]] = {
    "sichuan-chengdu": {"hand.extra.events.*.with_previous"},
    "sichuan-three_two_suits": {"hand.extra.events.*.with_previous",
                                "hand.extra.events.*.kong_discard"},
    "wuhu-wuhu_315": {"win.wins.*.hand.after_kong"},
    "jian-jian": {"win.wins.*.hand.after_kong", "win.wins.*.hand.hand",
                  "win.wins.*.hand.melds", "win.wins.*.hand.win_tile"},
}


def uncovered(family: Family, cases: Sequence[Case]) -> set[str]:
    done = set().union(*(c.covers for c in cases)) if cases else set()
    return asked(family) - done


# --- what a person taps -----------------------------------------------------------------


def acts_of(family: Family, kind: str, plan: Plan) -> list[Act]:
    part = sheet_of(family).part(kind)
    assert part is not None
    out: list[Act] = []
    for control in walk(part.controls):
        name = control.name
        if f"{name}.add" in plan:
            out.append(Act("add", name.rsplit(".", 1)[0]))
        if control.kind == "mode" and name in plan:
            out.append(Act("choose", name, plan[name]))
        if control.checklist and f"{name}.tally" in plan:
            out += _checklist_acts(name, plan)
            continue
        if control.widget == "han_fu" and f"{name}.grid" in plan:
            out.append(Act("grid", name, plan[f"{name}.grid"]))
        if control.kind == "object" and f"{name}.win_tile" in plan:
            for meld in plan.get(f"{name}.melds", []):
                meld_kind, tiles = meld.split(" ", 1)
                out.append(Act("meld", name, (meld_kind, tiles)))
            out.append(Act("tiles", name, plan[f"{name}.hand"] + plan[f"{name}.win_tile"]))
        if name not in plan or control.kind in ("object", "mode"):
            continue
        value = plan[name]
        if name.endswith((".hand", ".win_tile", ".melds")) and name.rsplit(".", 1)[0] + \
                ".win_tile" in plan:
            continue  # tapped in with its hand
        if f"{name.rsplit('.', 1)[0]}.grid" in plan or f"{name.rsplit('.', 1)[0]}.tally" in plan:
            continue  # set by the grid or the checklist
        out += _field_acts(control, value)
    return out


def _checklist_acts(name: str, plan: Plan) -> list[Act]:
    out = [Act("open", name)]
    if plan.get(f"{name}.open"):
        out.append(Act("open_hand", name))
    out += [Act("tally", name, key) for key in plan[f"{name}.tally"]]
    out += [Act("count", name, (key, n)) for key, n in plan.get(f"{name}.counts", {}).items()]
    if plan.get(f"{name}.fu_typed") and f"{name}.fu" in plan:
        out.append(Act("type", f"{name}.fu", str(plan[f"{name}.fu"])))
    return out


def _field_acts(control: Control, value: Any) -> list[Act]:
    name, kind = control.name, control.kind
    if kind in ("player", "choice"):
        return [Act("choose", name, "" if value is None else value)]
    if kind in ("players", "count_or_choices"):
        return [Act("choose", name, v) for v in value]
    if kind == "bool":
        return [Act("choose", name, "on")] if value else []
    if kind == "int" and control.steps and value in control.steps:
        return [Act("step", name, value)]
    if kind == "tile_list":
        return [Act("type", name, "".join(value))]
    if kind == "melds":
        return [Act("type", name, ", ".join(value))]
    return [Act("type", name, str(value))]


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
        # phone's writes do not depend on the rules); Undo first: on a fresh table it
        # follows the game's first hand.
        if family.players not in seated:
            seated.add(family.players)
            cases = after_save_cases(family, cases) + cases
        out += cases
    return out


# --- kept between runs: generating takes the engine a while ---------------------------------


def _fingerprint() -> str:
    """What the cases depend on: the engine and its rulesets, the sheet, the page's grid
    and this module."""
    digest = hashlib.sha256()
    files = sorted((ROOT / "scoring").rglob("*.py")) + [
        ROOT / "games" / "record_sheet.py", Path(__file__), ROOT / "static/js/record.js"]
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _as_json(case: Case) -> dict[str, Any]:
    return {"family": [case.family.ruleset, case.family.preset, case.family.players],
            "type": case.type, "way": case.way, "mode": case.mode,
            "acts": [[a.kind, a.name, a.value] for a in case.acts], "outcome": case.outcome,
            "covers": sorted(case.covers), "after": case.after, "correction": case.correction,
            "correction_acts": [[a.kind, a.name, a.value] for a in case.correction_acts]}


def _from_json(data: dict[str, Any]) -> Case:
    def act(item: list[Any]) -> Act:
        value = tuple(item[2]) if isinstance(item[2], list) and item[0] in (
            "grid", "meld", "count") else item[2]
        return Act(item[0], item[1], value)

    return Case(Family(*data["family"]), data["type"], data["way"], data["mode"],
                [act(a) for a in data["acts"]], data["outcome"], set(data["covers"]),
                data["after"], data["correction"], [act(a) for a in data["correction_acts"]])


@functools.cache
def all_cases() -> tuple[Case, ...]:
    """Every case, from the cache when nothing they depend on changed."""
    cache = ROOT / ".pytest_cache" / f"entry-matrix-{_fingerprint()}.json"
    if cache.exists():
        try:
            return tuple(_from_json(c) for c in json.loads(cache.read_text()))
        except (ValueError, KeyError, TypeError):
            pass
    cases = generate()
    cache.parent.mkdir(exist_ok=True)
    temporary = cache.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text(json.dumps([_as_json(c) for c in cases], ensure_ascii=False))
    os.replace(temporary, cache)
    return tuple(cases)
