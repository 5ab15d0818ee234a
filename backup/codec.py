"""A column's value to JSON and back.

Most values (numbers, text, booleans, foreign keys, JSON fields) are JSON as they come
from the database. The few that are not are written in the text form Django's own
serializers use and read back through the field's ``to_python``; a type with no rule
here that JSON cannot hold makes the backup fail loudly rather than lose it.
"""

from __future__ import annotations

import base64
import datetime as dt
from collections.abc import Callable
from typing import Any

from django.db import models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.utils.duration import duration_string

Encoder = Callable[[Any], Any]
Decoder = Callable[[Any], Any]


def _iso(value: dt.date | dt.time | None) -> str | None:
    return None if value is None else value.isoformat()


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _duration(value: dt.timedelta | None) -> str | None:
    return None if value is None else duration_string(value)


def _binary(value: bytes | memoryview | None) -> str | None:
    return None if value is None else base64.b64encode(bytes(value)).decode("ascii")


_ENCODERS: dict[str, Encoder] = {
    "DateTimeField": _iso,
    "DateField": _iso,
    "TimeField": _iso,
    "DecimalField": _text,
    "UUIDField": _text,
    "DurationField": _duration,
    "BinaryField": _binary,
}

# Stored as they come: the database adapter takes these Python values as they are, so a
# restore skips Django's per-value preparation for them (most of the columns).
_PLAIN = frozenset({
    "AutoField", "BigAutoField", "SmallAutoField", "IntegerField", "BigIntegerField",
    "SmallIntegerField", "PositiveIntegerField", "PositiveSmallIntegerField",
    "PositiveBigIntegerField", "CharField", "TextField", "SlugField", "BooleanField",
})


def _kind(field: models.Field[Any, Any]) -> str:
    target = field.target_field if field.is_relation else field  # a foreign key: its key's
    return str(target.get_internal_type())


def encoder(field: models.Field[Any, Any]) -> Encoder | None:
    """How to write ``field``'s values as JSON; None when they already are."""
    return _ENCODERS.get(_kind(field))


def decoder(field: models.Field[Any, Any], connection: BaseDatabaseWrapper) -> Decoder | None:
    """How to turn a value read from the file into what the database takes; None when the
    value can go in as it is."""
    kind = _kind(field)
    if kind in _PLAIN:
        return None
    target = field.target_field if field.is_relation else field
    if isinstance(target, models.JSONField) and not target.null:
        # None in a column that cannot be NULL was JSON null (Django reads both as None).
        def prepare_json(value: Any, _f: models.Field[Any, Any] = target) -> Any:
            if value is None:
                return connection.ops.adapt_json_value(None, _f.encoder)
            return _f.get_db_prep_save(value, connection)
        return prepare_json
    parse = kind in _ENCODERS

    def prepare(value: Any, _f: models.Field[Any, Any] = target) -> Any:
        if value is None:
            return None
        return _f.get_db_prep_save(_f.to_python(value) if parse else value, connection)
    return prepare
