"""Template helpers of the table pages: the round line, standings rows, signed numbers.

They render the same text as ``static/js/render.js`` so the page reads the same before
and after its script takes over.
"""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.ui import STRINGS, hand_summary
from mjsite.views import RULESET_TEXT
from scoring import registry
from scoring.engine.errors import EngineError

register = template.Library()


def wind_name(letter: Any) -> str:
    names = {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}
    return names.get(str(letter), str(letter or ""))


register.filter("wind_name", wind_name)


@register.filter
def reason_label(reason: Any) -> str:
    return str(STRINGS.get(f"reason_{reason}", reason))


@register.filter
def ruleset_title(name: Any) -> str:
    """The ruleset's name in the reader's language (the engine's titles are English)."""
    if name in RULESET_TEXT:
        return str(RULESET_TEXT[name][0])
    try:
        return registry.get(name).title
    except EngineError:
        return str(name)


@register.filter
def preset_title(table: Any) -> str:
    """The title of the table's preset (its key when the ruleset no longer has it)."""
    try:
        preset = registry.get(table.ruleset).presets.get(table.preset) or {}
    except EngineError:
        preset = {}
    # Preset titles are msgids too (listed in scoring.option_labels).
    return _(str(preset["title"])) if preset.get("title") else str(table.preset)


@register.simple_tag
def round_line(snap: dict[str, Any]) -> str:
    state = snap.get("state") or {}
    if snap.get("table", {}).get("finished"):
        return _("The game is over.")
    parts = [f"{wind_name(state.get('round_wind', 'E'))} {state.get('hand_number', 1)}"]
    parts.append(f"{_('Honba')} {state.get('honba', 0)}")
    parts.append(f"{_('Pot')} {state.get('pot', 0)}")
    return " · ".join(parts)


@register.filter
def standings_rows(snap: dict[str, Any]) -> list[dict[str, Any]]:
    dealer = (snap.get("state") or {}).get("dealer")
    winds = {s["position"]: s.get("wind") for s in snap.get("seats", [])}
    rows = []
    for row in snap.get("standings", []):
        rows.append({**row, "wind_label": wind_name(winds.get(row["position"])),
                     "dealer": row["position"] == dealer})
    return rows


@register.filter
def with_names(summary: Any, names: Any) -> str:
    """Engine summaries name players P0-P3; show their names instead."""
    def name(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return str(names[index]) if index < len(names) else match.group(0)

    return re.sub(r"\bP([0-3])\b", name, str(summary or ""))


@register.simple_tag
def summary_of(hand: Any, names: Any) -> str:
    """A hand's summary: the engine's English one for English readers, otherwise built in
    the reader's language (as ``render.js`` does)."""
    if (get_language() or "en").startswith("en"):
        return with_names(hand.get("summary"), names)
    return hand_summary(hand, list(names))


@register.filter
def recorder(name: Any) -> str:
    """Who recorded a hand; the service's own words for a seatless writer translated."""
    return str(STRINGS[name]) if name in ("creator", "staff") else str(name or "")


@register.filter
def signed(value: Any) -> str:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return str(value)
    return f"+{number}" if number > 0 else str(number)


@register.filter
def at(sequence: Any, index: Any) -> Any:
    try:
        return sequence[int(index)]
    except (TypeError, ValueError, IndexError, KeyError):
        return ""
