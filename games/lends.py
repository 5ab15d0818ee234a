"""What games lends the layer below it (:mod:`scoring.sources`): the rules of a table the
visitor may view, and the results recorded at a ruleset's tables. Filled in by
:meth:`games.apps.GamesConfig.ready`, so scoring never imports games."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from django.http import HttpRequest

from games.models import Hand, Table
from games.permissions import can_view, request_actor
from scoring.sources import TableRules


def table_rules(request: HttpRequest, public_id: str) -> TableRules | None:
    table = Table.objects.filter(public_id=public_id).first()
    if table is None or not can_view(table, request_actor(request)):
        return None
    return TableRules(public_id=table.public_id, name=table.name, ruleset=table.ruleset,
                      preset=table.preset, options=dict(table.options or {}))


def recorded_results(ruleset: str) -> Iterator[Mapping[str, Any]]:
    results = Hand.objects.filter(table__ruleset=ruleset).values_list("result", flat=True)
    return results.iterator()
