"""Options as a person reads them: each option's label and value in the active language,
never the engine's keys or stored choice values (``head_bump``, ``kokushi_13``).

Used wherever options are listed: the ruleset admin's "Differs from preset" and the table
admin's options. The labels come from the engine's schema
(:func:`scoring.registry.localize_option`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext

from scoring import registry
from scoring.engine.errors import EngineError


def value_text(spec: Mapping[str, Any], value: Any) -> str:
    """One option's value for a person; ``spec`` is a localized schema entry."""
    labels = dict(spec.get("choice_pairs") or [])
    if spec["type"] == "bool":
        return gettext("Yes") if value else gettext("No")
    if value is None:
        return gettext("None")
    if isinstance(value, list | tuple):
        if not value:
            return gettext("None")
        return ", ".join(str(labels.get(v, v)) for v in value)
    return str(labels.get(value, value))


def differences(ruleset: str, preset: str, options: Mapping[str, Any] | None
                ) -> list[tuple[str, str]]:
    """(label, value) of each option in ``options`` whose value is not the preset's, in the
    schema's order; empty when the ruleset or preset is unknown."""
    try:
        rs = registry.get(ruleset)
        base = rs.resolve(preset)
    except EngineError:
        return []
    out = []
    for spec in rs.localized_schema():
        name = spec["name"]
        if name not in (options or {}):
            continue
        value = options[name] if options else None
        if same_value(value, base.get(name)):
            continue
        out.append((spec["label"], value_text(spec, value)))
    return out


def differences_html(ruleset: str, preset: str, options: Mapping[str, Any] | None) -> str:
    """:func:`differences` as the admin shows them: a list, or a sentence when none."""
    rows = differences(ruleset, preset, options)
    if not rows:
        return gettext("Nothing: the preset as it is")
    return format_html("<ul class=\"differs\">{}</ul>",
                       format_html_join("", "<li>{}: {}</li>", rows))


def same_value(a: Any, b: Any) -> bool:
    """Equal option values; a list and a tuple of the same items are the same value."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return list(a) == list(b)
    return bool(a == b)
