"""Querysets compiled once per process, run again with new values (issue 26).

Compiling a queryset to SQL costs Django more than running it: a table's write reads
its seats, looks for a repeated command id, counts its hands, reads its stored results and
its live declarations, and each of those reads spent 250-570 µs in the ORM against 15-60
µs for the statement itself (``bench/load.py``'s profile; the write path runs on the one
database thread of a server process). :class:`Prepared` compiles a queryset once per
database with sample values, finds where each value went among the statement's
parameters, and later runs the same text with the caller's values in their place, the
columns converted as the ORM converts them. The queryset is the one home of the query:
its SQL is Django's own, whatever the database.

Only ``int`` and ``str`` values are substituted (their SQL parameter is the value
itself); a call with anything else, or a queryset whose parameters are not exactly the
sample values, runs through the ORM as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.core.exceptions import EmptyResultSet, FullResultSet
from django.db import connections, router
from django.db.models import Model, QuerySet, signals

_Compiled = tuple[str, list[Any], list[tuple[int, type] | None], dict[int, Any]]


def _as(wrapper: type, value: int | str) -> Any:
    """``value`` as the compiled statement's parameter was: itself, or in the database
    driver's wrapper of its type."""
    return value if type(value) is wrapper else wrapper(value)


class Prepared:
    """``build(*values)`` is a ``values_list()`` queryset; :meth:`rows` returns its rows
    for new values. ``samples`` are values for a first compilation: distinct, of the
    types later values have, and valid for their fields (a positive number for a
    positive field: the ORM answers an impossible value without SQL)."""

    def __init__(self, build: Callable[..., QuerySet[Any]], *samples: int | str) -> None:
        if len(set(samples)) != len(samples):
            raise ValueError("the sample values must be distinct")
        self.build = build
        self.samples = samples
        self._model: type[Model] | None = None
        # database alias -> (sql, its parameters, which value goes in each and its type
        # there (None: the parameter as compiled), converters by column) or None when the
        # queryset cannot be prepared
        self._compiled: dict[str, _Compiled | None] = {}

    def _compile(self, alias: str) -> _Compiled | None:
        queryset = self.build(*self.samples)
        compiler = queryset.query.get_compiler(alias)
        try:
            sql, params = compiler.as_sql()
        except (EmptyResultSet, FullResultSet):  # a sample the ORM answers without SQL
            return None
        # Each parameter is a sample (replaced by the caller's value) or a constant of
        # the queryset (kept as compiled).
        positions: list[tuple[int, type] | None] = []
        for param in params:
            # Compared with the type too (True == 1 and 1 == 1.0 in Python), a subclass
            # being the driver's wrapper of a value (psycopg's Int4 for an integer
            # column), which the caller's value gets too.
            matches = [i for i, sample in enumerate(self.samples)
                       if isinstance(param, type(sample)) and not isinstance(param, bool)
                       and sample == param]
            if len(matches) > 1:
                return None
            positions.append((matches[0], type(param)) if matches else None)
        used = sorted(p[0] for p in positions if p is not None)
        if used != list(range(len(self.samples))):
            return None  # a value used twice or not at all: the ORM's business
        columns = [expression for expression, _sql, _alias in compiler.select]
        return sql, list(params), positions, compiler.get_converters(columns)

    def compiled(self, using: str = "default") -> bool:
        """Whether calls on ``using`` run the prepared statement (not the ORM's)."""
        if using not in self._compiled:
            self._compiled[using] = self._compile(using)
        return self._compiled[using] is not None

    def rows(self, *values: Any, using: str | None = None) -> list[tuple[Any, ...]]:
        if self._model is None:
            self._model = self.build(*self.samples).model
        # A queryset that locks (select_for_update) reads where writes go, as the ORM does.
        alias = using or router.db_for_write(self._model)
        if alias not in self._compiled:
            self._compiled[alias] = self._compile(alias)
        compiled = self._compiled[alias]
        if compiled is None or any(type(v) not in (int, str) or type(v) is not type(s)
                                   for v, s in zip(values, self.samples, strict=True)):
            return [tuple(row) for row in self.build(*values).using(alias)]
        sql, params, positions, converters = compiled
        connection = connections[alias]
        with connection.cursor() as cursor:
            cursor.execute(sql, [param if at is None else _as(at[1], values[at[0]])
                                 for param, at in zip(params, positions, strict=True)])
            rows: Sequence[Any] = cursor.fetchall()
        if not converters:
            return [tuple(row) for row in rows]
        out = []
        for row in rows:
            row = list(row)
            for index, (functions, expression) in converters.items():
                value = row[index]
                for function in functions:
                    value = function(value, expression, connection)
                row[index] = value
            out.append(tuple(row))
        return out


def instances(model: type[Model], names: Sequence[str], rows: Sequence[Sequence[Any]],
              using: str) -> list[Any]:
    """Model instances of ``rows`` whose columns are ``names`` (attribute names, the
    primary key among them), as a queryset with ``.only(*names)`` would make them."""
    return [model.from_db(using, list(names), list(row)) for row in rows]


def attnames(model: type[Model]) -> list[str]:
    """The attribute names of every concrete column of ``model``, in the model's order."""
    return [field.attname for field in model._meta.concrete_fields]


def save_fields(instance: Model, names: Sequence[str]) -> int:
    """``instance.save(update_fields=names)`` without compiling the statement each time:
    each field's ``pre_save`` (``auto_now`` stamps the instance) and database value as
    the ORM takes them, one ``UPDATE`` by primary key. Returns the rows updated. A model
    something listens to the save signals of is saved by the ORM, signals and all."""
    model = type(instance)
    if signals.pre_save.has_listeners(model) or signals.post_save.has_listeners(model):
        instance.save(update_fields=names)
        return 1
    meta = model._meta
    alias = instance._state.db or router.db_for_write(model)
    connection = connections[alias]
    fields = [meta.get_field(name) for name in names]
    values = [field.get_db_prep_save(field.pre_save(instance, False), connection)
              for field in fields]
    key = (alias, tuple(names))
    sql = _UPDATES.get(key)
    if sql is None:
        quote = connection.ops.quote_name
        sql = _UPDATES[key] = (
            f"UPDATE {quote(meta.db_table)} SET "
            f"{', '.join(f'{quote(field.column)} = %s' for field in fields)} "
            f"WHERE {quote(meta.pk.column)} = %s")
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, instance.pk])
        return int(cursor.rowcount)


_UPDATES: dict[tuple[str, tuple[str, ...]], str] = {}
