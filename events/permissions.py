"""Who may look at an event and who may run it; one set of rules for every page.

The roles, from the most rights down:

* **organiser**: the creator (user or browser, by its device id), an account named
  organiser (:class:`~events.models.Official`), a manager of the event's group, staff.
  Changes the event, its players and its officials.
* **referee**: an account named referee, and every organiser. Marks players absent or
  back (a referee is on the floor when someone does not turn up).
* **player**: an entry whose player is the reader's account, or whose join link was
  used from the reader's browser.
* **spectator**: anyone else who may look: ``public`` and ``link`` events to anyone with
  the address (only public ones are listed); a ``private`` one to its officials, its
  players and the members of its group.
* **stranger**: the rest; a private event does not admit it exists.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from clubs import permissions as clubs
from games.models import Table
from games.permissions import Actor

from .models import Entry, Official, Role, Tournament, Visibility


def is_creator(event: Tournament, actor: Actor) -> bool:
    if actor.user_id is not None and event.created_by_id == actor.user_id:
        return True
    return bool(actor.device and event.creator_device == actor.device)


def _official(event: Tournament, actor: Actor) -> str | None:
    if actor.user_id is None:
        return None
    roles = {str(r) for r in Official.objects.filter(tournament=event, user_id=actor.user_id)
             .values_list("role", flat=True)}
    return str(Role.ORGANISER) if Role.ORGANISER in roles else next(iter(roles), None)


def can_organise(event: Tournament, actor: Actor) -> bool:
    if actor.is_staff or is_creator(event, actor) or _official(event, actor) == Role.ORGANISER:
        return True
    return event.group is not None and clubs.can_manage(event.group, actor)


def can_referee(event: Tournament, actor: Actor) -> bool:
    return can_organise(event, actor) or _official(event, actor) == Role.REFEREE


def officiated_tables(actor: Actor, referees: bool) -> QuerySet[Table]:
    """The tables of the rounds of the events ``actor`` organises (created, or named an
    organiser of), or with ``referees`` organises or referees: they read those tables'
    logs (games.permissions.can_audit), a referee to judge a disputed hand, and an
    organiser accepts a changed history. A manager of an event's group reaches its
    tables through the group (clubs.services.organised_tables); staff are told apart by
    games. games.extensions."""
    mine = Q(pk__in=[])
    if actor.device:
        mine |= Q(creator_device=actor.device)
    if actor.user_id is not None:
        named = [Role.ORGANISER, Role.REFEREE] if referees else [Role.ORGANISER]
        mine |= Q(created_by_id=actor.user_id) | Q(officials__user_id=actor.user_id,
                                                   officials__role__in=named)
    events = Tournament.objects.filter(mine).values("pk")
    return Table.objects.filter(round_table__round__tournament__in=events)


def entry_of(event: Tournament, actor: Actor) -> Entry | None:
    """The reader's own entry: their account's player, or entered from their browser."""
    mine = Q()
    if actor.user_id is not None:
        mine |= Q(player__user_id=actor.user_id)
    if actor.device:
        mine |= Q(device=actor.device)
    if not mine:
        return None
    return Entry.objects.filter(mine, tournament=event).select_related("player").first()


def role(event: Tournament, actor: Actor) -> str:
    """``organiser``, ``referee``, ``player``, ``spectator`` or ``stranger``."""
    if can_organise(event, actor):
        return "organiser"
    if can_referee(event, actor):
        return "referee"
    if entry_of(event, actor) is not None:
        return "player"
    return "spectator" if can_view(event, actor) else "stranger"


def can_view(event: Tournament, actor: Actor) -> bool:
    if event.visibility in (Visibility.PUBLIC, Visibility.LINK):
        return True
    if can_referee(event, actor) or entry_of(event, actor) is not None:
        return True
    return event.group is not None and clubs.can_contribute(event.group, actor)


def listed_events(actor: Actor) -> QuerySet[Tournament]:
    """Public events and the reader's own (created, officiated, entered); staff see all."""
    if actor.is_staff:
        return Tournament.objects.all()
    mine = Q(visibility=Visibility.PUBLIC)
    if actor.device:
        mine |= Q(creator_device=actor.device) | Q(entries__device=actor.device)
    if actor.user_id is not None:
        mine |= (Q(created_by_id=actor.user_id) | Q(officials__user_id=actor.user_id)
                 | Q(entries__player__user_id=actor.user_id))
    return Tournament.objects.filter(pk__in=Tournament.objects.filter(mine).values("pk"))
