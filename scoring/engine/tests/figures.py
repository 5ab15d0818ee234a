"""A ruleset's working figures, for the tests that check them.

A ruleset's ``score(request)`` returns the result contract and nothing else; the figures
it is made from (riichi's han, fu and deltas by wind, MCR's fans with their ids, Wuhu's
支 and 押, each payer's amount...) stay inside the package, in its scorer's ``scored``.
Golden cases written in those figures read what the contract says of them from the
contract (:func:`contract_figures`: each player's change, the hand's size) and only the
rest, the ruleset's own working figures, from ``scored``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from scoring.engine.tiles import WIND_LETTERS

Scorer = Callable[[Mapping[str, Any]], dict[str, Any]]


def scored(package: ModuleType) -> Scorer:
    """The ``scored`` function of a ruleset package (in its ``score`` or ``scorer``)."""
    for module in ("score", "scorer"):
        try:
            found = importlib.import_module(f"{package.__name__}.{module}")
        except ModuleNotFoundError:
            continue
        if hasattr(found, "scored"):
            return found.scored  # type: ignore[no-any-return]
    raise LookupError(f"{package.__name__} keeps no scored() figures")


# The name each ruleset's golden cases give the headline's value.
SIZE = {"riichi": "han", "mcr": "total", "sichuan": "fan", "wuhu": "value", "jian": "total",
        "taiwan": "tai", "hongkong": "fan"}
BY_WIND = ("riichi", "mcr")  # their requests name seats by wind, counted from East


def contract_figures(ruleset: str, result: Mapping[str, Any]) -> dict[str, Any]:
    """The golden figures a result contract states: ``deltas`` (each player's change,
    by wind where the requests name winds) and the hand's size under its golden name."""
    changes = [0] * result["players"]
    for p in result["ledger"]:
        changes[p["player"]] += p["amount"]
    deltas: Any = (dict(zip(WIND_LETTERS, changes, strict=False)) if ruleset in BY_WIND
                   else changes)
    head = result["headline"]
    return {"deltas": deltas, **({SIZE[ruleset]: head["value"]} if head else {})}


def figures_of(package: ModuleType, request: Mapping[str, Any]) -> dict[str, Any]:
    """A golden case's figures: the contract's (checked) over the ruleset's own."""
    from scoring.engine.result import check

    result = package.score(request)
    check(result)
    return {**scored(package)(request), **contract_figures(package.NAME, result)}
