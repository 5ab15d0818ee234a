"""Template helpers of the table pages: ruleset and preset titles, signed and grouped
numbers, payment causes. The hands and the scoreboard are rendered by games.presenter."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from games.presenter import wind_name
from scoring import registry, rendering
from scoring.engine.errors import EngineError

register = template.Library()


register.filter("wind_name", wind_name)


@register.filter
def native_name(native: Any) -> str:
    """A scoring element's own name as the page's readers say it (scoring.rendering)."""
    return rendering.respelled(str(native or ""))


@register.filter
def cause_text(cause: Any) -> str:
    """Why a payment was made, in the reader's words (scoring.rendering)."""
    return rendering.cause_text(str(cause))


@register.filter
def declaration_rates(block: Any) -> list[tuple[str, Any]]:
    """(name in the reader's language, share) of each declaration statistic a block of
    player statistics has a share of (games.queries.stats: riichi's riichi_rate...)."""
    return [(_(label), block[name]) for name, label in registry.statistics()
            if block.get(name) is not None]


@register.filter
def ruleset_title(name: Any) -> str:
    """The ruleset's name in the reader's language (the engine's titles are English)."""
    try:
        return registry.get(name).short_title
    except EngineError:
        return str(name)


@register.filter
def preset_title(table: Any) -> str:
    """The title of the table's preset (its key when the ruleset no longer has it)."""
    try:
        preset = registry.get(table.ruleset).presets.get(table.preset) or {}
    except EngineError:
        preset = {}
    # Preset titles are msgids too (listed in scoring.engine_texts).
    return _(str(preset["title"])) if preset.get("title") else str(table.preset)


@register.filter
def rules_line(table: Any) -> str:
    """"Riichi 立直麻雀 · EMA Riichi Competition Rules (2016)": the ruleset, its native
    name for English readers only (a Chinese or Japanese title already is that name, so
    "芜湖麻将 芜湖麻将" would say it twice), and the preset unless it says the same."""
    title = ruleset_title(table.ruleset)
    parts = [title]
    try:
        native = registry.get(table.ruleset).native_for_reader
    except EngineError:
        native = ""
    if native:
        parts[0] = f"{title} {native}"
    preset = preset_title(table) if getattr(table, "preset", "") else ""
    if preset and preset not in (title, native):
        parts.append(preset)
    return " · ".join(parts)


@register.filter
def signed(value: Any) -> str:
    """+2,000 / -1,000 / 0, grouped as the reader writes numbers."""
    try:
        return rendering.signed(int(value))
    except (TypeError, ValueError):
        return str(value)


@register.filter
def grouped(value: Any) -> str:
    try:
        return rendering.number(int(value))
    except (TypeError, ValueError):
        return str(value)


@register.filter
def at(sequence: Any, index: Any) -> Any:
    try:
        return sequence[int(index)]
    except (TypeError, ValueError, IndexError, KeyError):
        return ""
