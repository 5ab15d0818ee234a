"""Filters of the record sheet's templates (games/record/*.html): the values a control
starts with, looked up by its field name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

register = template.Library()


@register.filter
def chosen(values: Any, name: str) -> list[str]:
    """The values the form holds for ``name`` (a correction's, or what was posted)."""
    if hasattr(values, "getlist"):
        return [str(v) for v in values.getlist(name)]
    if not isinstance(values, Mapping):
        return []
    value = values.get(name)
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


@register.filter
def has(values: list[str], value: Any) -> bool:
    return str(value) in values


@register.filter
def first_value(values: list[str]) -> str:
    return next((v for v in values if v != ""), "")


@register.filter
def filled_under(values: Any, prefix: str) -> bool:
    """Whether the form holds anything under ``prefix`` (a folded part opens for it)."""
    keys = values.keys() if hasattr(values, "keys") else []
    return any(k.startswith(prefix + ".") and any(chosen(values, k)) for k in keys)
