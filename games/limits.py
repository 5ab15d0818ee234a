"""The ``table_write`` limit: the changes one phone makes at one table (a hand, a
correction, undo, redo, ending, reopening, a riichi declaration), whichever way they come:
the websocket, the record sheet's plain form (``/t/<id>/record/``) or the API. The phone is
its device, else its user, else its address. Counted by :func:`common.ratelimit.hit`, as
every other limit (:mod:`common.limits`); docs/limits.md lists them all.
"""

from __future__ import annotations

from typing import Any

from common.ratelimit import client_address, hit
from games.permissions import Actor


def table_writer_ident(public_id: str, actor: Actor, source: Any) -> str:
    """One phone at one table: its device (a seat is held by a device), else its user,
    else the address of ``source`` (the request or the Channels scope it came by)."""
    phone = actor.device or (f"u{actor.user_id}" if actor.user_id else "")
    if not phone:
        phone = "addr:" + client_address(source)
    return f"{public_id}:{phone}"


def table_write_wait(public_id: str, actor: Actor, source: Any) -> int | None:
    """Count one change at the table; the seconds to wait when over ``table_write``."""
    return hit("table_write", table_writer_ident(public_id, actor, source))
