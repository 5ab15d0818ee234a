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
            out += _checklist_acts(control, plan)
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


def _checklist_acts(control: Control, plan: Plan) -> list[Act]:
    # Lines are tapped by their place in the list (key, place): the page's list is the
    # spec's, in its order.
    name = control.name
    place = {t.key: i for i, t in enumerate(control.checklist)}
    out = [Act("open", name)]
    if plan.get(f"{name}.open"):
        out.append(Act("open_hand", name))
    out += [Act("tally", name, (key, place[key])) for key in plan[f"{name}.tally"]]
    out += [Act("count", name, (key, n, place[key]))
            for key, n in plan.get(f"{name}.counts", {}).items()]
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


# --- kept between runs: generating takes the engine a while ---------------------------------


def _fingerprint() -> str:
    """What the cases depend on: the engine and its rulesets, the sheet, the page's grid
    and this module."""
    digest = hashlib.sha256()
    files = sorted((ROOT / "scoring").rglob("*.py")) + [
        ROOT / "games" / "record_sheet.py", Path(__file__),
        Path(__file__).with_name("entry_search.py"), ROOT / "static/js/record.js"]
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
            "grid", "meld", "count", "tally") else item[2]
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
    from .entry_search import generate  # the search needs this module's pieces

    cases = generate()
    cache.parent.mkdir(exist_ok=True)
    temporary = cache.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text(json.dumps([_as_json(c) for c in cases], ensure_ascii=False))
    os.replace(temporary, cache)
    for old in cache.parent.glob("entry-matrix-*.json"):
        if old != cache:
            old.unlink(missing_ok=True)  # made from sources since changed
    return tuple(cases)

