"""Points into money: what a stake makes of a table's result, kept exact and zero-sum,
and written the way the reader's language writes money (Babel, from the Unicode CLDR).

A table's result in *units* is each seat's final points minus its start points, after
the final settlement (uma, oka and leftover sticks where the ruleset has them), divided
by the ruleset's stake unit (its ``STAKE_UNIT`` capability: 1,000 points, one point, one
chip...). Money is held in the currency's minor units (cents, fen; yen have none) as
integers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import ROUND_FLOOR, Decimal
from typing import TypeVar

from babel.numbers import (
    format_currency,
    get_currency_name,
    get_currency_precision,
    get_territory_currencies,
)
from django.utils.functional import Promise
from django.utils.translation import get_language, to_locale
from django.utils.translation.trans_real import parse_accept_lang_header

from scoring import registry

K = TypeVar("K")

# An amount as people and programs write it: ASCII digits with at most one decimal point.
# Python's Decimal (and the form and API fields built on it) also reads "1_000" and the
# digits of other scripts (１０, ١٠), so "1_000" was a stake of 1000 (issue 24).
_PLAIN_AMOUNT = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)


def is_plain_amount(text: str) -> bool:
    """Whether ``text`` (already stripped) is a plain decimal amount such as 0.5 or 10."""
    return _PLAIN_AMOUNT.fullmatch(text) is not None


# A reader's currency when their browser names no country: the one the language is most
# read in. English names none (the US, the UK, Australia...): dollars as a last guess.
LANGUAGE_CURRENCIES = {"ja": "JPY", "zh-hant": "TWD", "zh-hans": "CNY"}
FALLBACK_CURRENCY = "USD"

def stake_unit(ruleset: str) -> tuple[int, Promise]:
    """Points per stake unit and the unit's name: the ruleset's ``STAKE_UNIT`` capability."""
    return registry.stake_unit(ruleset)


def units(ruleset: str, finals: Sequence[int], starts: Sequence[int]) -> list[Decimal]:
    """Each seat's result in stake units (of 1,000 points, a result reads +50.3)."""
    size = Decimal(stake_unit(ruleset)[0])
    return [Decimal(f - s) / size for f, s in zip(finals, starts, strict=True)]


def plain(amount: Decimal | None) -> str:
    """A stake as typed: 1.5, not 1.5000 (nor 1E+2)."""
    if amount is None:
        return ""
    text = format(amount, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def digits(currency: str) -> int:
    return int(get_currency_precision(currency))


def to_minor(amounts: Mapping[K, Decimal], currency: str) -> dict[K, int]:
    """Exact amounts as whole minor units that add up to zero.

    Amounts of one table add up to zero, unless sticks left in the pot vanished (a
    ``leftover_sticks = void`` option) or a penalty was paid to nobody (EMA chombo); money
    must balance, so that amount is shared
    evenly first (the offender still pays the most). Each amount is then
    rounded down and the cents left over go, one each, to the largest remainders (ties to
    the earlier key), so no rounding creates or destroys money.
    """
    if not amounts:
        return {}
    scale = Decimal(10) ** digits(currency)
    exact = {k: v * scale for k, v in amounts.items()}
    drift = sum(exact.values(), Decimal(0)) / len(exact)
    exact = {k: v - drift for k, v in exact.items()}
    floors = {k: int(v.to_integral_value(rounding=ROUND_FLOOR)) for k, v in exact.items()}
    missing = min(max(-sum(floors.values()), 0), len(floors))
    order = sorted(exact, key=lambda k: -(exact[k] - floors[k]))
    for k in order[:missing]:
        floors[k] += 1
    return floors


def locale_name() -> str:
    return to_locale(get_language() or "en")


def money(minor: int, currency: str, signed: bool = False) -> str:
    """``minor`` units of ``currency`` in the reader's language (``+CN¥12.50``)."""
    text = str(format_currency(Decimal(minor).scaleb(-digits(currency)), currency,
                               locale=locale_name()))
    return f"+{text}" if signed and minor > 0 else text


def currency_name(currency: str) -> str:
    return f"{get_currency_name(currency, locale=locale_name())} ({currency})"


def reader_currency(accept_language: str = "") -> str:
    """A first guess at the reader's money, before anyone chose one: the country of the
    browser's first language tag in the site's language that names one (``en-GB`` is
    pounds, ``zh-HK`` Hong Kong dollars), else the site language's own (Japanese yen,
    simplified Chinese renminbi, traditional Chinese New Taiwan dollars), else US dollars.
    Never renminbi for an English reader just because the site began in China."""
    from .models import CURRENCIES  # models import the registry; money stays light

    language = (get_language() or "en").lower()
    base = language.split("-")[0]
    for tag, _quality in parse_accept_lang_header(accept_language[:500]):
        parts = tag.replace("_", "-").split("-")
        if parts[0].lower() != base or len(parts) < 2:
            continue
        region = next((p.upper() for p in parts[1:] if len(p) == 2 and p.isalpha()), "")
        if not region:
            continue
        for code in get_territory_currencies(region):
            if code in CURRENCIES:
                return code
    return LANGUAGE_CURRENCIES.get(language, FALLBACK_CURRENCY)
