"""An error of a table as a person reads it: :func:`scoring.error_text.explained` with the
table's names for its players, its rules and options, in the active language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import DatabaseError

from common.errors import TableError
from games import record_sheet
from games.models import Table
from scoring.engine.errors import EngineError
from scoring.error_text import explained

from .tables import get_table

# Params that only the table can put in words (its names, rules and options).
_OF_THE_TABLE = {"player", "path", "option", "type", "kind"}


def names(table: Table) -> list[str]:
    """The table's player names in seat order (a ``player`` param is an index into them)."""
    return [seat.player.display_name for seat in table.seats.select_related("player")
            .order_by("position")]


def reads_the_table(error: Mapping[str, Any]) -> bool:
    """Whether ``error``'s sentence names something only the table knows; else
    :func:`scoring.error_text.explained` words it with no database read (the socket's
    refusals are answered that way, off the database thread)."""
    params = error.get("params")
    return isinstance(params, Mapping) and bool(_OF_THE_TABLE & params.keys())


def explain(table: Table | int | str | None, error: Mapping[str, Any]) -> dict[str, Any]:
    """``error`` with ``text``; a table that cannot be read leaves the players unnamed."""
    if not reads_the_table(error):
        return explained(error)  # a sentence of its own: no database read
    table = _readable(table)
    if table is None:
        return explained(error)
    return explained(error, names(table), table.ruleset, table.options)


def _readable(table: Table | int | str | None) -> Table | None:
    if table is None or isinstance(table, Table):
        return table
    try:
        return get_table(table)
    except (TableError, DatabaseError):  # the sentence without the names will do
        return None


def explain_on_sheet(table: Table | int | str, error: Mapping[str, Any],
                     kind: Any) -> dict[str, Any]:
    """:func:`explain`, and ``control``: the record sheet's field (of the outcome type
    ``kind``) that the error is about, for the page to outline; absent when the sheet does
    not ask it."""
    read = _readable(table)
    named = explain(read, error)
    params = named.get("params")
    path = params.get("path") if isinstance(params, Mapping) else None
    if not path or read is None:
        return named
    sheet = record_sheet.shape(read.ruleset, read.options, read.seats.count())
    control = record_sheet.control_for(sheet, kind, path) if sheet is not None else None
    return {**named, "control": control} if control else named


def refusal_text(exc: EngineError | TableError, ruleset: str | None = None,
                 table: Table | None = None) -> str:
    """The sentence a page shows for a refusal, in the active language: never the English
    ``message`` (which is for developers), with the specifics its params carry (the
    players by ``table``'s names for them)."""
    error = {"code": exc.code, "message": exc.message, "params": dict(exc.params)}
    if table is not None:
        return str(explain(table, error)["text"])
    return str(explained(error, ruleset=ruleset)["text"])
