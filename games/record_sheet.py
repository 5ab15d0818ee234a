"""The record sheet: the one form a table records a hand with, made from its ruleset's
entry spec (:mod:`scoring.engine.entry`), with or without scripts.

The server renders it (``games/_record_sheet.html``); ``static/js/record.js`` only makes
it quicker to fill in: it shows the chosen outcome's part, reveals one more winner or
event when asked, and taps tiles into the tile fields. Whatever was filled in comes back
as the form's fields, posted by a phone without scripts or sent over the websocket, and
:func:`outcome_from` alone turns them into the outcome the table records (so no second
copy of that in the browser); :func:`fields_from` does the reverse, for a correction.

Field names are paths: ``ron.wins.0.winner``, ``ron.wins.0.hand.hand``,
``draw.extra.hands.2.tenpai``. The outcome type comes first, so each type keeps its own
fields. A win entry with both tiles (``hand``) and a ``quick`` entry gets
``<path>.mode``: "tiles" or "quick".

Conventions the contract gives every ruleset: a win's ``discarder`` left empty is a
self-draw; in a list of winners whose discarder is ``widget="shared"`` (a multiple ron),
the later winners take the first one's.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from scoring import rendering
from scoring.engine.entry import EntrySpec, Field, Tally
from scoring.engine.tiles import split_melds, tile_codes

# How many entries of a list the sheet offers at most (more can be typed through the API).
LIST_SLOTS = 8
# Kinds that share a template (games/record/<name>.html); the others have their own.
TEMPLATES = {"tiles": "text", "tile": "text", "tile_list": "text", "melds": "text",
             "count_or_tiles": "text", "players": "checks", "count_or_choices": "checks",
             "choice_list": "rows", "int_list": "rows", "tiles_list": "rows"}


@dataclass
class Control:
    """One thing the sheet asks, or a group of them."""

    name: str  # the form field name (a path)
    kind: str  # the entry Field's kind, or: "mode", "item", "per_player"
    label: str  # in the reader's language
    entry: Field | None = None  # the entry spec's field it asks
    help: str = ""
    children: list[Control] = field(default_factory=list)
    choices: list[tuple[str, str]] = field(default_factory=list)  # (value, label)
    when: tuple[str, str] | None = None  # (control name, value) that shows it
    required: bool = False
    min: int | None = None
    max: int | None = None
    widget: str = ""
    group: str = ""
    index: int | None = None  # a list entry's number
    extra: bool = False  # a list entry beyond the first, offered on demand
    numbered: bool = False  # a list entry: the first goes untitled, later ones numbered
    steps: list[int] = field(default_factory=list)  # one-tap values of a small number
    default: str = ""  # a choice the rules make when nobody says (Ji'an's plain shape)
    row: bool = False  # one player's line of a per-player choice: name and chips in a row
    fixed: dict[str, str] = field(default_factory=dict)  # hidden fields of a row
    checklist: list[TallyView] = field(default_factory=list)  # a quick entry's add-up list
    open_values: bool = False  # the checklist counts calls (an "open hand" tick)

    @property
    def template(self) -> str:
        return f"games/record/{TEMPLATES.get(self.kind, self.kind)}.html"


@dataclass(frozen=True)
class TallyView:
    """A checklist line in the reader's language: ticking it adds ``value`` to the quick
    field ``unit`` (``open_value`` with calls); ``fu`` is the fu it suggests here."""

    key: str
    label: str
    unit: str
    value: int
    open_value: int
    counted: bool
    fu: int | None


@dataclass
class OutcomePart:
    type: str
    label: str
    controls: list[Control]
    help: str = ""


@dataclass
class Sheet:
    parts: list[OutcomePart]
    names: list[str]
    tiles: dict[str, Any]

    def part(self, kind: str) -> OutcomePart | None:
        return next((p for p in self.parts if p.type == kind), None)


# --- building ---------------------------------------------------------------------------


def _choices(f: Field) -> list[tuple[str, str]]:
    return [(str(value), _(label)) for value, label in f.choices]


def _nobody(f: Field) -> str:
    return _("Self-draw") if f.name == "discarder" else _("nobody")


def _control(f: Field, name: str, names: Sequence[str]) -> Control | None:
    if not f.ask:
        return None
    base: dict[str, Any] = {
        "name": name, "kind": f.kind, "label": _(f.label) if f.label else "", "entry": f,
        "help": _(f.help) if f.help and not f.help.startswith("[") else "",
        "required": f.required, "min": f.min, "max": f.max, "widget": f.widget,
        "group": f.group}
    if f.kind == "int" and f.widget == "steps":
        low = f.min or 0
        return Control(**base, steps=list(range(low, min(low + 7, (f.max or low + 6) + 1))))
    if f.kind == "player":
        choices = [(str(i), n) for i, n in enumerate(names)]
        # A required player is never "nobody": a ron's discarder has no self-draw.
        if f.nullable and not f.required:
            choices.append(("", _nobody(f)))
        return Control(**base, choices=choices)
    if f.kind == "players":
        return Control(**base, choices=[(str(i), n) for i, n in enumerate(names)])
    if f.kind in ("choice", "count_or_choices", "choice_list"):
        control = Control(**base, choices=_choices(f),
                          default="" if f.default is None else str(f.default))
        if f.kind == "choice_list":
            # One row per player; nothing chosen is "not known" (a second tap clears).
            control.children = [Control(name=f"{name}.{i}", kind="choice", label=n, entry=f,
                                        choices=_choices(f), row=True)
                                for i, n in enumerate(names)]
        return control
    if f.kind in ("int_list", "tiles_list"):
        inner = "int" if f.kind == "int_list" else "tiles"
        return Control(**base, children=[
            Control(name=f"{name}.{i}", kind=inner, label=n, entry=f, min=f.min, max=f.max)
            for i, n in enumerate(names)])
    if f.kind == "object":
        return Control(**base, children=_controls(f.fields, name, names))
    if f.kind == "player_map":
        return Control(**base, children=[
            Control(name=f"{name}.{i}", kind="item", label=n, entry=f, index=i,
                    children=_controls(f.fields, f"{name}.{i}", names))
            for i, n in enumerate(names)])
    if f.kind == "list":
        return Control(**base, children=_list_items(f, name, names))
    return Control(**base)


def _list_items(f: Field, name: str, names: Sequence[str]) -> list[Control]:
    if f.widget == "per_player":
        # One row per player, the player fixed (a Sichuan draw's players still in).
        rows = []
        for i, who in enumerate(names):
            fields = [g for g in f.fields if g.name != "player"]
            rows.append(Control(name=f"{name}.{i}", kind="item", label=who, entry=f,
                                index=i, fixed={f"{name}.{i}.player": str(i)},
                                children=_controls(fields, f"{name}.{i}", names)))
        return rows
    slots = min(f.max_items or LIST_SLOTS, LIST_SLOTS)
    items = []
    for i in range(slots):
        path = f"{name}.{i}"
        children = _controls(f.fields, path, names)
        by_name = {c.name.rsplit(".", 1)[-1]: c for c in children}
        if "hand" in by_name and "quick" in by_name:
            # A win in tiles or typed in: the sheet asks which, then shows that part.
            mode = Control(name=f"{path}.mode", kind="mode", label=_("Enter"),
                           choices=[("tiles", _("Tiles")), ("quick", _("Quick"))])
            mode.when = by_name["hand"].when  # a Sichuan event asks it of wins only
            by_name["hand"].when = (mode.name, "tiles")
            by_name["quick"].when = (mode.name, "quick")
            children.insert(next(i for i, c in enumerate(children)
                                 if c.name.endswith(".hand")), mode)
        if i and any(c.widget == "shared" for c in children):
            # The later winners of a multiple ron share the first one's discarder.
            children = [c for c in children if c.widget != "shared"]
        items.append(Control(name=path, kind="item", label=_(f.label), entry=f, index=i,
                             extra=i > 0, numbered=True, children=children))
    return items


def _controls(fields: Iterable[Field], prefix: str, names: Sequence[str]) -> list[Control]:
    out = []
    for f in fields:
        control = _control(f, f"{prefix}.{f.name}", names)
        if control is None:
            continue
        if f.when is not None:
            control.when = (f"{prefix}.{f.when[0]}", str(f.when[1]))
        out.append(control)
    return out


def _tally_label(tally: Tally) -> str:
    # Native names as the page's players say them (as on the results: 七対子 is 七对子 on
    # a 简体 page, MCR's 杠 is 槓 on a 繁體 one), the English explanation for English
    # readers.
    native = rendering.respelled(tally.native) if tally.native else ""
    if not native or rendering.english():
        return f"{native} {_(tally.name)}".strip()
    return native


def _attach_checklist(controls: Iterable[Control], checklist: Sequence[Tally],
                      kind: str) -> None:
    units = {t.unit for t in checklist}
    for control in controls:
        inner = {c.name.rsplit(".", 1)[-1] for c in control.children}
        if control.kind == "object" and inner & units:
            control.checklist = [
                TallyView(key=t.key, label=_tally_label(t), unit=t.unit, value=t.value,
                          open_value=t.value if t.open_value is None else t.open_value,
                          counted=t.counted, fu=t.fu.get(kind, t.fu.get("")))
                for t in checklist if t.unit in inner]
            control.open_values = any(v.open_value != v.value for v in control.checklist)
        _attach_checklist(control.children, checklist, kind)


def build(spec: EntrySpec, names: Sequence[str]) -> Sheet:
    """The sheet of ``spec`` for a table whose players are ``names``."""
    parts = []
    for o in spec.outcomes:
        controls = _controls(o.fields, o.type, names)
        if spec.checklist:
            _attach_checklist(controls, spec.checklist, o.type)
        parts.append(OutcomePart(type=o.type, label=_(o.label), controls=controls,
                                 help=_(o.help) if o.help else ""))
    return Sheet(parts=parts, names=list(names), tiles=spec.tiles.as_json())


@functools.lru_cache(maxsize=64)
def _shape(ruleset: str, options: str, players: int) -> Sheet | None:
    spec = rendering.spec_for(ruleset, json.loads(options))
    return build(spec, [str(i) for i in range(players)]) if spec is not None else None


def shape(ruleset: str, options: Mapping[str, Any] | None, players: int) -> Sheet | None:
    """The sheet of a table, for reading and filling its fields: its structure only (the
    labels are not the reader's), kept between calls. None when the ruleset is gone."""
    return _shape(ruleset, json.dumps(options or {}, sort_keys=True, default=str), players)


def control_for(sheet: Sheet, kind: Any, path: Any) -> str | None:
    """The name of the sheet's control that an error's ``path`` (in an outcome of type
    ``kind``: ``wins.0.quick.han``) is about, or the nearest group around it; None when
    the sheet does not ask it."""
    part = sheet.part(kind) if isinstance(kind, str) else None
    if part is None or not isinstance(path, str) or not path:
        return None
    names: set[str] = set()
    stack = list(part.controls)
    while stack:
        control = stack.pop()
        names.add(control.name)
        stack.extend(control.children)
    steps = f"{kind}.{path}".split(".")
    while len(steps) > 1:
        if ".".join(steps) in names:
            return ".".join(steps)
        steps.pop()
    return None


# --- reading what was filled in ---------------------------------------------------------


class Data:
    """Form values by name: a QueryDict (a posted form) or a dict of strings or lists of
    strings (the page's script sends the form that way over the websocket)."""

    def __init__(self, source: Any) -> None:
        self.source = source

    def all(self, name: str) -> list[str]:
        if hasattr(self.source, "getlist"):
            values = list(self.source.getlist(name))
        else:
            raw = self.source.get(name) if isinstance(self.source, Mapping) else None
            values = raw if isinstance(raw, list) else ([] if raw is None else [raw])
        return [str(v).strip() for v in values if v is not None]

    def one(self, name: str) -> str:
        values = [v for v in self.all(name) if v != ""]
        return values[-1] if values else ""

    def under(self, prefix: str) -> bool:
        """Whether anything was filled in under ``prefix``."""
        keys = self.source.keys() if hasattr(self.source, "keys") else []
        return any((k == prefix or k.startswith(prefix + ".")) and any(self.all(k))
                   for k in keys)


def _number(text: str) -> int | str:
    # A text that is not a whole number goes on as it is: the engine's check names the
    # field and says what it takes.
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def _value(control: Control, data: Data, shared: dict[str, Any]) -> Any:
    f, name, kind = control.entry, control.name, control.kind
    if kind == "mode":
        return None
    if kind in ("int",):
        text = data.one(name)
        return _number(text) if text else None
    if kind == "bool":
        return True if data.one(name).lower() in ("on", "true", "1", "yes") else None
    if kind in ("choice",):
        text = data.one(name)
        if text == "" and f is not None and f.nullable and data.all(name):
            return None
        return text or None
    if kind == "player":
        values = data.all(name)
        if not values or all(v == "" for v in values):
            # Chosen "self-draw"/"nobody" (an empty value) or nothing at all.
            return None if values or not (f and f.required) else None
        return _number(data.one(name))
    if kind == "players":
        chosen = [_number(v) for v in data.all(name) if v != ""]
        return sorted(set(chosen), key=str) if chosen else None
    if kind in ("tiles", "tile", "text"):
        return data.one(name) or None
    if kind == "tile_list":
        return tile_codes(data.one(name)) or None
    if kind == "melds":
        return split_melds(data.one(name)) or None
    if kind == "count_or_tiles":
        text = data.one(name)
        return (_number(text) if re.fullmatch(r"\d+", text) else text) if text else None
    if kind == "count_or_choices":
        chosen = [v for v in data.all(name) if v != ""]
        return chosen or None
    if kind in ("int_list", "tiles_list", "choice_list"):
        values = [_value(child, data, shared) for child in control.children]
        if all(v is None for v in values):
            return None
        if kind == "int_list":
            return [0 if v is None else v for v in values]
        return values if kind == "choice_list" else ["" if v is None else v for v in values]
    if kind == "object":
        body = _object(control.children, data, shared)
        return _added_up(control, data, body) if control.checklist else body
    if kind == "player_map":
        out = {str(child.index): body for child in control.children
               if (body := _object(child.children, data, shared))}
        return out or None
    if kind == "list":
        return _list(control, data, shared)
    return data.one(name) or None


def _added_up(control: Control, data: Data, body: dict[str, Any] | None
              ) -> dict[str, Any] | None:
    """A quick entry with its checklist read: the ticked lines (``<name>.tally``), the
    counted ones (``<name>.tally.<key>``) and the open-hand tick (``<name>.open``) summed
    by unit into the quick fields nobody typed (what was typed wins: a player may correct
    the sum). A ticked line may suggest the fu; a yakuman entry is that alone. This is what
    a phone without scripts records; record.js shows the same sums as they are ticked."""
    ticked = set(data.all(f"{control.name}.tally"))
    opened = data.one(f"{control.name}.open").lower() in ("on", "true", "1", "yes")
    sums: dict[str, int] = {}
    bad: dict[str, str] = {}  # a count that is not a whole number, by unit
    fu: int | None = None
    for line in control.checklist:
        each = line.open_value if opened else line.value
        if line.counted:
            text = data.one(f"{control.name}.tally.{line.key}")
            if not text:
                continue
            if not re.fullmatch(r"\d{1,3}", text):
                bad.setdefault(line.unit, text)
                continue
            sums[line.unit] = sums.get(line.unit, 0) + each * int(text)
        elif line.key in ticked and each:
            sums[line.unit] = sums.get(line.unit, 0) + each
            fu = line.fu or fu
    out = dict(body or {})
    typed = set(out)
    limit = sums.get("yakuman", 0) > 0 or "yakuman" in typed
    for unit, text in bad.items():
        # Not a number: it goes on as typed, so the engine's check names the field.
        out.setdefault(unit, text)
    for unit, total in sums.items():
        if unit in typed or unit in bad or not total or (limit and unit != "yakuman"):
            continue
        out[unit] = total
    if fu is not None and not limit and "fu" not in typed and any(
            c.name.endswith(".fu") for c in control.children):
        out["fu"] = fu
    return out or None


def _object(children: Sequence[Control], data: Data, shared: dict[str, Any]
            ) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    # A form posted without a mode (no scripts, nothing tapped) is read by what it holds.
    modes = {c.name: data.one(c.name) or ("quick" if data.under(c.name.rsplit(".", 1)[0]
                                                                 + ".quick") else "tiles")
             for c in children if c.kind == "mode"}
    hidden: set[str] = set()  # controls not shown, so not read (nor what they show)
    for child in children:
        if child.when is not None:
            sibling, value = child.when
            if sibling in hidden or modes.get(sibling, data.one(sibling)) != value:
                hidden.add(child.name)
                continue
        if child.kind == "mode":
            continue
        value = _value(child, data, shared)
        key = child.name.rsplit(".", 1)[-1]
        if child.widget == "shared":
            if value is None and key in shared:
                value = shared[key]
            shared.setdefault(key, value)
        if value is not None:
            out[key] = value
    return out or None


def _list(control: Control, data: Data, shared: dict[str, Any]) -> list[Any] | None:
    items = []
    first: dict[str, Any] = {}
    for row in control.children:
        if row.fixed:
            body = _object(row.children, data, first) or {}
            for key, value in row.fixed.items():
                body[key.rsplit(".", 1)[-1]] = _number(value)
            items.append(body)
            continue
        if not data.under(row.name):
            continue
        found = _object(row.children, data, first)
        if found:
            body = found
            if not any(c.widget == "shared" for c in row.children):
                # Later winners take the first winner's shared fields.
                for key, value in first.items():
                    body.setdefault(key, value)
            items.append(body)
    return items or None


def outcome_from(sheet: Sheet, data: Any) -> dict[str, Any]:
    """The outcome the filled-in ``data`` describes (checked by the engine afterwards)."""
    values = Data(data)
    kind = values.one("type")
    part = sheet.part(kind)
    if part is None:
        return {"type": kind}
    body = _object(part.controls, values, {}) or {}
    return {"type": kind, **body}


# --- a recorded outcome as form values (a correction) --------------------------------


def fields_from(sheet: Sheet, outcome: Mapping[str, Any]) -> dict[str, Any]:
    """The form values that describe ``outcome``: name -> a string or a list of them."""
    kind = str(outcome.get("type") or "")
    out: dict[str, Any] = {"type": kind}
    part = sheet.part(kind)
    if part is not None:
        _fill(part.controls, outcome, out)
    return out


def _fill(children: Sequence[Control], source: Mapping[str, Any], out: dict[str, Any]) -> None:
    for child in children:
        key = child.name.rsplit(".", 1)[-1]
        if child.kind == "mode":
            out[child.name] = "tiles" if "hand" in source else "quick"
            continue
        if key not in source:
            continue
        value = source[key]
        if child.kind in ("object", "item") and isinstance(value, Mapping):
            _fill(child.children, value, out)
        elif child.kind == "player_map" and isinstance(value, Mapping):
            for row in child.children:
                if str(row.index) in value and isinstance(value[str(row.index)], Mapping):
                    _fill(row.children, value[str(row.index)], out)
        elif child.kind == "list" and isinstance(value, list):
            _fill_list(child, value, out)
        elif child.kind in ("int_list", "tiles_list", "choice_list") and isinstance(value, list):
            for row, item in zip(child.children, value, strict=False):
                out[row.name] = "" if item is None else str(item)
        else:
            out[child.name] = _as_field(child.kind, value)


def _fill_list(control: Control, items: list[Any], out: dict[str, Any]) -> None:
    rows = control.children
    if rows and rows[0].fixed:
        by_player = {item.get("player"): item for item in items if isinstance(item, Mapping)}
        for row in rows:
            item = by_player.get(row.index)
            if isinstance(item, Mapping):
                _fill(row.children, item, out)
        return
    for row, item in zip(rows, items, strict=False):
        if isinstance(item, Mapping):
            _fill(row.children, item, out)


def _as_field(kind: str, value: Any) -> Any:
    if value is None:
        return ""
    if kind == "bool":
        return "on" if value else ""
    if kind in ("players", "count_or_choices") and isinstance(value, list):
        return [str(v) for v in value]
    if kind == "tile_list" and isinstance(value, list):
        return " ".join(str(v) for v in value)
    if kind == "melds" and isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)
