"""Table-centre mode (issue 28): one tablet lying in the middle of the table is the
table's only device. Its players need no phone: the tablet records for every seat
(:func:`games.permissions.for_every_seat`), shows each player's name, wind and score
facing them, and stays in sync with any phone that does join.

A device becomes the centre tablet with the join link's key (the QR code a writer's page
shows) or with the right to write already (the creator's tablet); a table has one, and
a newer one replaces it. The tablet holds no seat: it speaks for all of them.
"""

from __future__ import annotations

from django.db import transaction

from common.errors import BadCommand, Forbidden, JoinKeyNeeded
from games.models import Seat, Table
from games.permissions import Actor, can_write, for_every_seat, has_join_key, is_centre

from .tables import _touch, get_table


def put_in_centre(table_ref: Table | int | str, actor: Actor, join_key: str | None = None) -> Table:
    """Make ``actor``'s browser (its device id) the table's centre tablet; it gives up any
    seat it held there. Needs the table's join key or the right to write; raises
    :class:`JoinKeyNeeded` otherwise."""
    if not actor.device:
        raise BadCommand("table-centre mode needs a browser (the device cookie)")
    table = get_table(table_ref)
    if not (has_join_key(table, join_key) or can_write(table, actor)):
        raise JoinKeyNeeded("putting a tablet in the middle of the table needs its join link",
                            params={"reason": "centre_key"})
    with transaction.atomic():
        Seat.objects.filter(table=table, claimed_device=actor.device).update(
            claimed_device="", claimed_user=None, claimed_at=None)
        Table.objects.filter(pk=table.pk).update(centre_device=actor.device)
        table.centre_device = actor.device
        _touch(table)  # every phone gets its rights again: a replaced tablet loses its own
    return table


def leave_centre(table_ref: Table | int | str, actor: Actor) -> Table:
    """End table-centre mode: allowed to the centre tablet itself, the creator and staff."""
    table = get_table(table_ref)
    if not table.centre_device:
        return table
    if not (is_centre(table, actor) or for_every_seat(table, actor)):
        raise Forbidden("only the centre tablet, the table's creator or staff may end "
                        "table-centre mode", params={"reason": "leave_centre"})
    with transaction.atomic():
        Table.objects.filter(pk=table.pk).update(centre_device="")
        table.centre_device = ""
        _touch(table)
    return table
