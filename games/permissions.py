"""Who may watch and who may write at a table; one set of rules for pages, websocket
consumer and API.

* Read: ``public`` and ``link`` tables are open to anyone who has the table's address
  (a link table is simply not listed; its public id is the secret), ``private`` tables
  to the seated players, the creator and staff.
* Write: the seated players (the browser session that claimed a seat through the join
  link, or the user linked to the seat or its player), the creator (user or creating
  session) and staff.

Both helpers take a request, a Channels scope or an :class:`Actor`, and are evaluated
afresh on every websocket message, so a released seat or a table made private takes
effect at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from games.models import Seat, Table, Visibility


@dataclass(frozen=True)
class Actor:
    """Whoever sends a command: a user (may be anonymous) and/or a browser session."""

    user: Any = None
    session_key: str = ""
    name: str = ""

    @property
    def user_id(self) -> int | None:
        user = self.user
        if user is None or not getattr(user, "is_authenticated", False):
            return None
        return user.pk  # type: ignore[no-any-return]

    @property
    def is_staff(self) -> bool:
        return bool(self.user_id and getattr(self.user, "is_staff", False))


def actor_from(source: Any, name: str = "") -> Actor:
    """An :class:`Actor` from a Django request, a Channels scope (mapping) or an Actor."""
    if isinstance(source, Actor):
        return source
    if source is None:
        return Actor(name=name)
    if isinstance(source, Mapping):
        user = source.get("user")
        session = source.get("session")
    else:
        user = getattr(source, "user", None)
        session = getattr(source, "session", None)
    key = getattr(session, "session_key", None) or ""
    return Actor(user=user, session_key=key, name=name)


def ensure_session_key(request: Any) -> str:
    """The request's session key, saving a new session first: claiming a seat and creating
    a table tie write rights to it, so an anonymous phone needs one before either."""
    session = request.session
    if not session.session_key:
        session.save()
    return str(session.session_key)


def seat_of(table: Table, who: Any) -> Seat | None:
    """The seat ``who`` holds at ``table``, if any."""
    actor = actor_from(who)
    for seat in _seats(table):
        if actor.session_key and seat.claimed_session == actor.session_key:
            return seat
        uid = actor.user_id
        if uid is not None and (seat.claimed_user_id == uid or seat.player.user_id == uid):
            return seat
    return None


def is_creator(table: Table, who: Any) -> bool:
    actor = actor_from(who)
    if actor.user_id is not None and table.created_by_id == actor.user_id:
        return True
    return bool(actor.session_key and table.creator_session == actor.session_key)


def can_write(table: Table, who: Any) -> bool:
    actor = actor_from(who)
    return actor.is_staff or is_creator(table, actor) or seat_of(table, actor) is not None


def can_view(table: Table, who: Any) -> bool:
    if table.visibility in (Visibility.PUBLIC, Visibility.LINK):
        return True
    return can_write(table, who)


def _own(actor: Actor) -> Q:
    """Tables ``actor`` created or holds a seat at (by session, by user, or as the user
    of a seat's player): what :func:`can_write` allows, as a query."""
    mine = Q(pk__in=[])
    if actor.session_key:
        mine |= Q(creator_session=actor.session_key)
        mine |= Q(seats__claimed_session=actor.session_key)
    if actor.user_id is not None:
        mine |= Q(created_by_id=actor.user_id) | Q(seats__claimed_user_id=actor.user_id)
        mine |= Q(seats__player__user_id=actor.user_id)
    return mine


def listed_tables(who: Any) -> QuerySet[Table]:
    """Tables to list for ``who`` (one query): public ones, and any table they created or
    hold a seat at; staff see all. Link-only tables stay out of other people's lists
    even though their link opens them (:func:`can_view`)."""
    actor = actor_from(who)
    if actor.is_staff:
        return Table.objects.all()
    return Table.objects.filter(Q(visibility=Visibility.PUBLIC) | _own(actor)).distinct()


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
    return tables.filter(pk__in=Table.objects.filter(open_ | _own(actor)).values("pk"))


def _seats(table: Table) -> list[Seat]:
    # Seats are re-read on each check (never a stale prefetch) so a release counts at once.
    return list(Seat.objects.filter(table_id=table.pk).select_related("player"))
