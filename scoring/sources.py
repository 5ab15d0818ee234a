"""What the apps above lend scoring's pages, filled in by them at start-up.

scoring stands below games (docs/development.md, "Layers"): it may not import games, yet
the analyser starts from the rules of a table the visitor may view (``/analyse/?table=``)
and a ruleset's own pages count what this site's tables scored (MCR's fan list). games
fills both in from its ``AppConfig.ready`` (:mod:`games.lends`); until then they answer
nothing, as a site without tables would.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest


@dataclass(frozen=True)
class TableRules:
    """The rules a table plays by, and what the analyser's page shows of it."""

    public_id: str
    name: str
    ruleset: str
    preset: str
    options: dict[str, Any] = field(default_factory=dict)


TableRulesLookup = Callable[[HttpRequest, str], "TableRules | None"]
ResultsLookup = Callable[[str], Iterator[Mapping[str, Any]]]


def _no_table(request: HttpRequest, public_id: str) -> TableRules | None:
    return None


def _no_results(ruleset: str) -> Iterator[Mapping[str, Any]]:
    return iter(())


# What scoring's pages see before (or without) games.
ALONE: dict[str, Any] = {"table_rules": _no_table, "recorded_results": _no_results}
_lent = dict(ALONE)


def lend(*, table_rules: TableRulesLookup, recorded_results: ResultsLookup) -> None:
    """Called once by the app that keeps tables (games) when Django starts."""
    _lent["table_rules"] = table_rules
    _lent["recorded_results"] = recorded_results


def table_rules(request: HttpRequest, public_id: str) -> TableRules | None:
    """The rules of table ``public_id`` if ``request``'s visitor may view it, else None."""
    if not public_id:
        return None
    found: TableRules | None = _lent["table_rules"](request, public_id)
    return found


def recorded_results(ruleset: str) -> Iterator[Mapping[str, Any]]:
    """The stored result of every hand recorded at a table of ``ruleset``, one at a time."""
    results: Iterator[Mapping[str, Any]] = _lent["recorded_results"](ruleset)
    return results
