"""Template helpers of the group pages: money in the reader's format, percentages."""

from __future__ import annotations

from typing import Any

from django import template

from clubs import money as money_

register = template.Library()


@register.simple_tag
def money(minor: int | None, currency: str, signed: bool = False) -> str:
    """``{% money amount currency %}``: minor units written for the reader's language."""
    return "" if minor is None else money_.money(minor, currency, signed)


@register.filter
def percent(value: Any) -> str:
    """0.2513 -> "25.1%"; empty when there is nothing to count."""
    if value is None:
        return "–"
    return f"{value * 100:.1f}%"


@register.filter
def number(value: Any, digits: int = 1) -> str:
    if value is None:
        return "–"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


@register.filter
def units(value: Any) -> str:
    """A Decimal sum of stake units without trailing zeros, signed: +50.3, -12."""
    if value is None:
        return "–"
    text = format(value.normalize(), "f") if hasattr(value, "normalize") else str(value)
    return f"+{text}" if value > 0 else text


@register.filter
def plain(value: Any) -> str:
    return money_.plain(value)
