"""A ruleset's working figures, for the tests that check them.

A ruleset's ``score(request)`` returns the result contract and nothing else; the figures
it is made from (riichi's han, fu and deltas by wind, MCR's fans with their ids, Wuhu's
支 and 押, each payer's amount...) stay inside the package, in its scorer's ``scored``.
Golden cases and peer-engine comparisons written in those figures read them here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

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
