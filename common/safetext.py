"""Text a database can store: refused before it reaches the database, with a named error.

PostgreSQL refuses the NUL character in text and in JSON (psycopg raises ``ValueError``,
``jsonb`` a ``DataError``), and no database can encode a lone UTF-16 surrogate (``"\\ud800"``
is valid JSON but not valid UTF-8). Left to the database either became a 500 on a page,
1011 on the table socket and, as the phone resent the command, a crash loop (issue 13).
"""

from __future__ import annotations

import re
from typing import Any

from common.errors import TableError

# NUL, and the surrogate block that only pairs of UTF-16 code units may use.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
MAX_DEPTH = 32


class BadText(TableError):
    code = "bad_text"


def storable(value: str) -> bool:
    return _UNSTORABLE.search(value) is None


def printable(value: str) -> str:
    """``value`` with each lone surrogate replaced by U+FFFD, so that an error message
    quoting what a client sent can be encoded at all: DRF's "\ud800 is not a valid
    choice" was a UnicodeEncodeError, a 500, on nine endpoints (issue 24)."""
    return _SURROGATE.sub("\ufffd", value)


def check_text(value: str, what: str) -> str:
    """``value`` itself, or :class:`BadText` naming ``what`` when it cannot be stored."""
    if not storable(value):
        raise BadText(f"{what} contains a character that cannot be stored (NUL or an "
                      "unpaired surrogate); remove it and send again")
    return value


def check_json(value: Any, what: str, depth: int = 0) -> None:
    """Every key and text inside ``value`` (decoded JSON) is storable, nested at most
    :data:`MAX_DEPTH` deep."""
    if depth > MAX_DEPTH:
        raise BadText(f"{what} is nested more than {MAX_DEPTH} levels deep")
    if isinstance(value, str):
        check_text(value, what)
    elif isinstance(value, dict):
        for key, item in value.items():
            check_text(str(key), f"a key of {what}")
            check_json(item, what, depth + 1)
    elif isinstance(value, list | tuple):
        for item in value:
            check_json(item, what, depth + 1)
