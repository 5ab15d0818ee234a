"""Template helpers of the group pages: money in the reader's format, percentages."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from babel.numbers import format_decimal
from django import template

from clubs import money as money_
from scoring.rendering import unit_text

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
def units(value: Any, places: int | None = None) -> str:
    """A Decimal sum of stake units, signed and grouped in the reader's format: +50.3,
    -12; with ``places``, that many decimals (a column's rows alike: +43.0 beside +4.9)."""
    if value is None:
        return "–"
    value = Decimal(value)
    if places is None:
        places = max(0, -value.normalize().as_tuple().exponent)
    text = format_decimal(value, format=f"#,##0.{'0' * places}" if places else "#,##0",
                          locale=money_.locale_name(), decimal_quantization=True)
    return f"+{text}" if value > 0 else text


@register.filter
def points(value: Any) -> str:
    """An average in points, rounded and named: "3,900 points" (3,900点 in Japanese)."""
    if value is None:
        return "–"
    return unit_text("points", int(round(value)))


@register.filter
def plain(value: Any) -> str:
    return money_.plain(value)
