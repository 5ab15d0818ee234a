"""Who may watch and who may write at a table; one set of rules for pages, websocket
consumer and API.

* Read: ``public`` and ``link`` tables are open to anyone who has the table's address
  (a link table is simply not listed; its public id is the secret), ``private`` tables
  to the seated players, the creator and staff.
* Write: the seated players (the browser that claimed a seat through the join link, told
  by its device id (:mod:`games.devices`), or the user linked to the seat or its player),
  the creator (user or creating browser) and staff.

Both helpers take a request, a Channels scope or an :class:`Actor`, and are evaluated
afresh on every websocket message, so a released seat or a table made private takes
effect at once.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from games import extensions
from games.devices import device_of
from games.models import Player, Seat, Table, Visibility


@dataclass(frozen=True)
class Actor:
    """Whoever sends a command: a user (may be anonymous) and/or a browser, by its device
    id (the hash of its device token; never the token itself)."""

    user: Any = None
    device: str = ""
    name: str = ""

    @property
    def user_id(self) -> int | None:
        user = self.user
        if user is None or not getattr(user, "is_authenticated", False):
            return None
        return user.pk

    @property
    def is_staff(self) -> bool:
        return bool(self.user_id and getattr(self.user, "is_staff", False))


def actor_from(source: Any, name: str = "") -> Actor:
    """An :class:`Actor` from a Django request, a Channels scope (mapping) or an Actor."""
    if isinstance(source, Actor):
        return source
    if source is None:
        return Actor(name=name)
    user = source.get("user") if isinstance(source, Mapping) else getattr(source, "user", None)
    return Actor(user=user, device=device_of(source), name=name)


def seat_of(table: Table, who: Any) -> Seat | None:
    """The seat ``who`` holds at ``table``, if any."""
    actor = actor_from(who)
    for seat in _seats(table):
        if actor.device and seat.claimed_device == actor.device:
            return seat
        uid = actor.user_id
        if uid is not None and (seat.claimed_user_id == uid or seat.player.user_id == uid):
            return seat
    return None


def is_creator(table: Table, who: Any) -> bool:
    actor = actor_from(who)
    if actor.user_id is not None and table.created_by_id == actor.user_id:
        return True
    return bool(actor.device and table.creator_device == actor.device)


def can_write(table: Table, who: Any) -> bool:
    actor = actor_from(who)
    return actor.is_staff or is_creator(table, actor) or seat_of(table, actor) is not None


def can_view(table: Table, who: Any) -> bool:
    if table.visibility in (Visibility.PUBLIC, Visibility.LINK):
        return True
    return can_write(table, who)


def can_audit(table: Table, who: Any) -> bool:
    """Whether ``who`` may read the table's log (who recorded, undid, corrected what,
    when, from which seat) and its hash chain: its players (a seat held by the browser
    or the user, or the seat's player linked to the user), its creator, an organiser of
    its group (:func:`organises`) and staff; not a mere watcher, even of a public table
    (issue 29)."""
    actor = actor_from(who)
    return (actor.is_staff or is_creator(table, actor) or seat_of(table, actor) is not None
            or organises(table, actor))


def organises(table: Table, who: Any) -> bool:
    """Whether ``who`` manages the group ``table`` belongs to
    (:func:`games.extensions.organised_tables`)."""
    return extensions.organised_tables(actor_from(who)).filter(pk=table.pk).exists()


def audited_tables(who: Any, tables: Iterable[Table]) -> list[Table]:
    """Those of ``tables`` whose log ``who`` may read (:func:`can_audit`), in one query."""
    actor = actor_from(who)
    listed = list(tables)
    if actor.is_staff or not listed:
        return listed
    organised = extensions.organised_tables(actor).values("pk")
    allowed = set(Table.objects.filter(own_tables(actor) | Q(pk__in=organised),
                                       pk__in=[t.pk for t in listed])
                  .values_list("pk", flat=True))
    return [t for t in listed if t.pk in allowed]


def has_join_key(table: Table, key: object) -> bool:
    """Whether ``key`` is the table's join key (the join link's secret), compared in
    constant time; anything that is not text is no key."""
    if not isinstance(key, str) or not key:
        return False
    # "surrogatepass": a lone surrogate sent in JSON is a wrong key, not a crash.
    return hmac.compare_digest(key.encode("utf-8", "surrogatepass"), table.join_key.encode())


def can_join(table: Table, who: Any, key: object) -> bool:
    """Whether ``who`` may open the table's join page and ask for a seat: anyone who may
    view it, and anyone holding its join key, a private table's included; the key is
    how its players invite a phone (issue 24). Sitting down then makes it viewable."""
    return has_join_key(table, key) or can_view(table, who)


def own_tables(who: Any) -> Q:
    """Tables ``who`` created or holds a seat at (through the browser, the user or a
    player linked to the user), as a condition on Table."""
    actor = actor_from(who)
    mine = Q(pk__in=[])
    if actor.device:
        mine |= Q(creator_device=actor.device) | Q(seats__claimed_device=actor.device)
    if actor.user_id is not None:
        mine |= Q(created_by_id=actor.user_id) | Q(seats__claimed_user_id=actor.user_id)
        mine |= Q(seats__player__user_id=actor.user_id)
    return mine


def listed_tables(who: Any) -> QuerySet[Table]:
    """Tables to list for ``who``: public ones, and any table they created or hold a seat
    at; staff see all. Link-only tables stay out of other people's lists even though
    their link opens them (:func:`can_view`)."""
    actor = actor_from(who)
    if actor.is_staff:
        return Table.objects.all()
    # The seat joins can match a table up to four times; keep each once without DISTINCT
    # over JSON columns (PostgreSQL cannot compare json).
    ids = Table.objects.filter(Q(visibility=Visibility.PUBLIC) | own_tables(actor)).values("pk")
    return Table.objects.filter(pk__in=ids)


def visible_players(who: Any) -> QuerySet[Player]:
    """Players whose names ``who`` may see away from a table (name suggestions, player
    pages and statistics): those seated at a table listed for them, so public or their
    own, and the players linked to their account. A name that sits only at private
    tables stays with those tables (issue 13); one met at a link-only table is seen there."""
    actor = actor_from(who)
    seen = Q(pk__in=Seat.objects.filter(table__in=listed_tables(actor)).values("player_id"))
    if actor.user_id is not None:
        seen |= Q(user_id=actor.user_id)
    return Player.objects.filter(seen)


def viewable_tables(who: Any, tables: QuerySet[Table] | None = None) -> QuerySet[Table]:
    """Those of ``tables`` (every table by default) that ``who`` may open, in one query:
    :func:`can_view` for many tables at once (public and link-only ones, and private
    ones they created or sit at; staff all). For pages that show tables gathered by
    something else (a group, an evening), which must never show a private table to
    someone its own page would refuse."""
    actor = actor_from(who)
    tables = Table.objects.all() if tables is None else tables
    if actor.is_staff:
        return tables
    open_ = Q(visibility__in=[Visibility.PUBLIC, Visibility.LINK])
    return tables.filter(pk__in=Table.objects.filter(open_ | own_tables(actor)).values("pk"))


def _seats(table: Table) -> list[Seat]:
    # Seats are re-read on each check (never a stale prefetch) so a release counts at once.
    return list(Seat.objects.filter(table_id=table.pk).select_related("player"))
