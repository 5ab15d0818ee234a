"""Template helpers of the table pages: ruleset and preset titles, signed and grouped
numbers, payment causes. The hands and the scoreboard are rendered by games.presenter."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from django import template
from django.template.defaultfilters import floatformat
from django.utils import formats
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.presenter import wind_name
from scoring import registry, rendering
from scoring.engine.errors import EngineError

register = template.Library()


register.filter("wind_name", wind_name)

_TENTH = Decimal("0.1")


@register.filter
def tenths(value: Any) -> str:
    """``floatformat:1`` (half up, no grouping, the reader's decimal separator) at a
    fraction of its cost, for lists of hundreds of numbers (a player's rating after each
    game); a test holds the two equal."""
    return _tenths(value, formats.get_format("DECIMAL_SEPARATOR"))


def _tenths(value: Any, separator: str) -> str:
    try:
        number = Decimal(str(value))
        if not number.is_finite():
            raise InvalidOperation
        rounded = number.quantize(_TENTH, ROUND_HALF_UP)
    except (InvalidOperation, ValueError, TypeError):
        return str(floatformat(value, 1))  # infinity, NaN, text: whatever it makes of them
    text = str(rounded if rounded else abs(rounded))  # no "-0.0", as floatformat
    return text if separator == "." else text.replace(".", separator)


@register.filter
def rating_items(games: Any) -> SafeString:
    """Each game of a rating chart as ``<li>label: rating</li>`` (:func:`tenths`): a
    player's chart has a game per point, hundreds of them, cheaper in one filter than
    in a loop of the template."""
    separator = formats.get_format("DECIMAL_SEPARATOR")
    return mark_safe("".join(  # the labels escaped; the ratings are digits
        f"<li>{escape(game['label'])}: {_tenths(game['rating'], separator)}</li>"
        for game in games))


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
