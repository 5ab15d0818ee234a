"""Who may watch and who may write at a table; one set of rules for pages, websocket
consumer and API.

* Read: ``public`` and ``link`` tables are open to anyone who has the table's address
  (a link table is simply not listed; its public id is the secret), ``private`` tables
  to the seated players, the creator and staff.
* Write: the seated players (the browser that claimed a seat through the join link, told
  by its device id (:mod:`games.devices`), or the user linked to the seat or its player),
  the creator (user or creating browser), the table's centre tablet and staff.
* The creator, the centre tablet and staff write *for every seat* (:func:`for_every_seat`):
  they record any hand and make any player's live declarations. The centre tablet
  (table-centre mode, issue 28) is the one device lying in the middle of a table whose
  players have no phones; a device becomes it through the join link's key or the right
  to write (:func:`games.services.centre.put_in_centre`).

Whoever acts is an :class:`Actor`, resolved once: per HTTP request by
:func:`request_actor` (every view, page or API, asks it), per websocket connection by
:func:`scope_actor`; the checks and the services below take it as it is. The checks are
evaluated afresh on every websocket message, so a released seat or a table made private
takes effect at once.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db.models import Q, QuerySet

from games import extensions
from games.devices import COOKIE_NAME, device_of
from games.models import Player, Seat, Table, Visibility

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
    from django.http import HttpRequest


@dataclass(frozen=True)
class Actor:
    """Whoever acts: a user (signed in, anonymous, or none) and/or a browser, by its
    device id (the hash of its device token; never the token itself). ``name`` is how a
    program that writes without a person (a test, a script) is named at the table."""

    user: AbstractBaseUser | AnonymousUser | None = None
    device: str = ""
    name: str = ""

    @property
    def user_id(self) -> int | None:
        user = self.user
        if user is None or not user.is_authenticated:
            return None
        pk: int = user.pk
        return pk

    @property
    def is_staff(self) -> bool:
        return bool(self.user_id and getattr(self.user, "is_staff", False))


# Where a request keeps its actor, with what it was resolved from.
_RESOLVED = "_mj_actor"


def request_actor(request: HttpRequest) -> Actor:
    """The actor of a page's or the API's request (Django's, or DRF's wrapping one: its
    user is the one DRF authenticated, a token's included). Resolved once per request and
    kept on it; again only if the request's identity changed since (this browser was just
    given its device cookie, or adopted another's, or someone signed in)."""
    http: Any = getattr(request, "_request", request)  # DRF's Request wraps Django's
    user = request.user
    token = http.COOKIES.get(COOKIE_NAME)
    held = getattr(http, _RESOLVED, None)
    if held is not None and held[0] is user and held[1] == token:
        actor: Actor = held[2]
        return actor
    actor = _resolve(user, http)
    setattr(http, _RESOLVED, (user, token, actor))
    return actor


def scope_actor(scope: Mapping[str, Any]) -> Actor:
    """The actor of a websocket connection (a Channels scope): its user and device are
    those of the handshake, so the consumer resolves it once, when the phone connects."""
    return _resolve(scope.get("user"), scope)


def _resolve(user: Any, source: Any) -> Actor:
    # The one place an actor is made from what a browser sent.
    return Actor(user=user, device=device_of(source))


def seat_of(table: Table, actor: Actor) -> Seat | None:
    """The seat ``actor`` holds at ``table``, if any."""
    for seat in _seats(table):
        if actor.device and seat.claimed_device == actor.device:
            return seat
        uid = actor.user_id
        if uid is not None and (seat.claimed_user_id == uid or seat.player.user_id == uid):
            return seat
    return None


def is_creator(table: Table, actor: Actor) -> bool:
    if actor.user_id is not None and table.created_by_id == actor.user_id:
        return True
    return bool(actor.device and table.creator_device == actor.device)


def is_centre(table: Table, actor: Actor) -> bool:
    """Whether ``actor`` is the table's centre tablet (table-centre mode)."""
    return bool(actor.device and table.centre_device == actor.device)


def for_every_seat(table: Table, actor: Actor) -> bool:
    """Whether ``actor`` writes for every seat, not from one of its own: staff, the
    creator and the centre tablet."""
    return actor.is_staff or is_creator(table, actor) or is_centre(table, actor)


def can_write(table: Table, actor: Actor) -> bool:
    return for_every_seat(table, actor) or seat_of(table, actor) is not None


def can_view(table: Table, actor: Actor) -> bool:
    if table.visibility in (Visibility.PUBLIC, Visibility.LINK):
        return True
    return can_write(table, actor)


def can_audit(table: Table, actor: Actor) -> bool:
    """Whether ``actor`` may read the table's log (who recorded, undid, corrected what,
    when, from which seat) and its hash chain: those who may write at it (its players, its
    creator, its centre tablet, staff: :func:`can_write`) and an organiser of its group
    (:func:`organises`), a referee of its event; not a mere watcher, even of a public
    table (issue 29)."""
    return (can_write(table, actor) or organises(table, actor)
            or extensions.refereed_tables(actor).filter(pk=table.pk).exists())


def organises(table: Table, actor: Actor) -> bool:
    """Whether ``actor`` manages the group ``table`` belongs to
    (:func:`games.extensions.organised_tables`)."""
    return extensions.organised_tables(actor).filter(pk=table.pk).exists()


def audited_tables(actor: Actor, tables: Iterable[Table]) -> list[Table]:
    """Those of ``tables`` whose log ``actor`` may read (:func:`can_audit`), in one
    query."""
    listed = list(tables)
    if actor.is_staff or not listed:
        return listed
    organised = extensions.organised_tables(actor).values("pk")
    refereed = extensions.refereed_tables(actor).values("pk")
    allowed = set(Table.objects.filter(own_tables(actor) | Q(pk__in=organised)
                                       | Q(pk__in=refereed),
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


def can_join(table: Table, actor: Actor, key: object) -> bool:
    """Whether ``actor`` may open the table's join page and ask for a seat: anyone who may
    view it, and anyone holding its join key, a private table's included; the key is
    how its players invite a phone (issue 24). Sitting down then makes it viewable."""
    return has_join_key(table, key) or can_view(table, actor)


def own_tables(actor: Actor) -> Q:
    """Tables ``actor`` created, holds a seat at (through the browser, the user or a
    player linked to the user) or lies in the middle of, as a condition on Table."""
    mine = Q(pk__in=[])
    if actor.device:
        mine |= Q(creator_device=actor.device) | Q(seats__claimed_device=actor.device)
        mine |= Q(centre_device=actor.device)
    if actor.user_id is not None:
        mine |= Q(created_by_id=actor.user_id) | Q(seats__claimed_user_id=actor.user_id)
        mine |= Q(seats__player__user_id=actor.user_id)
    return mine


def listed_tables(actor: Actor) -> QuerySet[Table]:
    """Tables to list for ``actor``: public ones, and any table they created or hold a
    seat at; staff see all. Link-only tables stay out of other people's lists even though
    their link opens them (:func:`can_view`)."""
    if actor.is_staff:
        return Table.objects.all()
    # The seat joins can match a table up to four times; keep each once without DISTINCT
    # over JSON columns (PostgreSQL cannot compare json).
    ids = Table.objects.filter(Q(visibility=Visibility.PUBLIC) | own_tables(actor)).values("pk")
    return Table.objects.filter(pk__in=ids)


def visible_players(actor: Actor) -> QuerySet[Player]:
    """Players whose names ``actor`` may see away from a table (name suggestions, player
    pages and statistics): those seated at a table listed for them, so public or their
    own, and the players linked to their account. A name that sits only at private
    tables stays with those tables (issue 13); one met at a link-only table is seen there."""
    seen = Q(pk__in=Seat.objects.filter(table__in=listed_tables(actor)).values("player_id"))
    if actor.user_id is not None:
        seen |= Q(user_id=actor.user_id)
    return Player.objects.filter(seen)


def viewable_tables(actor: Actor, tables: QuerySet[Table] | None = None) -> QuerySet[Table]:
    """Those of ``tables`` (every table by default) that ``actor`` may open, in one query:
    :func:`can_view` for many tables at once (public and link-only ones, and private
    ones they created or sit at; staff all). For pages that show tables gathered by
    something else (a group, an evening), which must never show a private table to
    someone its own page would refuse."""
    tables = Table.objects.all() if tables is None else tables
    if actor.is_staff:
        return tables
    open_ = Q(visibility__in=[Visibility.PUBLIC, Visibility.LINK])
    return tables.filter(pk__in=Table.objects.filter(open_ | own_tables(actor)).values("pk"))


def _seats(table: Table) -> list[Seat]:
    # Seats are re-read on each check (never a stale prefetch) so a release counts at once.
    return list(Seat.objects.filter(table_id=table.pk).select_related("player"))
