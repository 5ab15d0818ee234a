"""Who may look at a group and who may change it; one set of rules for pages and API.

* Look: ``public`` and ``link`` groups to anyone with the address (only public ones are
  listed), ``private`` ones to their members (a member is a player whose account is
  the reader's), the creator (user or browser, by its device id) and staff.
* Manage (name, visibility, currency, members): the creator, managers and staff.
* Contribute (evenings, stakes, adding and removing tables): managers and members too.
  Adding or removing a table also needs write rights at the table itself
  (:func:`games.permissions.can_write`).

What a group shows of its tables always goes through
:func:`games.permissions.viewable_tables`: a private table stays hidden from anyone its
own page would refuse, member or not, and so do its results in leaderboards, stats,
ratings and settle-ups.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from games.models import Table
from games.permissions import Actor, viewable_tables

from .models import Evening, Group, GroupVisibility, Membership, TableLink


def is_creator(group: Group, actor: Actor) -> bool:
    if actor.user_id is not None and group.created_by_id == actor.user_id:
        return True
    return bool(actor.device and group.creator_device == actor.device)


def membership(group: Group, actor: Actor) -> Membership | None:
    """The reader's membership: a member whose player is linked to their account."""
    if actor.user_id is None:
        return None
    return (Membership.objects.filter(group=group, player__user_id=actor.user_id)
            .order_by("-manager").first())


def can_manage(group: Group, actor: Actor) -> bool:
    if actor.is_staff or is_creator(group, actor):
        return True
    member = membership(group, actor)
    return member is not None and member.manager


def can_contribute(group: Group, actor: Actor) -> bool:
    return can_manage(group, actor) or membership(group, actor) is not None


def can_view(group: Group, actor: Actor) -> bool:
    if group.visibility in (GroupVisibility.PUBLIC, GroupVisibility.LINK):
        return True
    return can_contribute(group, actor)


def listed_groups(actor: Actor) -> QuerySet[Group]:
    """Public groups and the reader's own (created, or a member of); staff see all."""
    if actor.is_staff:
        return Group.objects.all()
    mine = Q(visibility=GroupVisibility.PUBLIC)
    if actor.device:
        mine |= Q(creator_device=actor.device)
    if actor.user_id is not None:
        mine |= Q(created_by_id=actor.user_id) | Q(memberships__player__user_id=actor.user_id)
    return Group.objects.filter(pk__in=Group.objects.filter(mine).values("pk"))


def group_tables(group: Group, actor: Actor,
                 evening: Evening | None = None) -> QuerySet[Table]:
    """The group's (or one evening's) tables that ``actor`` may open, newest first."""
    links = TableLink.objects.filter(group=group)
    if evening is not None:
        links = links.filter(evening=evening)
    tables = Table.objects.filter(pk__in=links.values("table_id"))
    return viewable_tables(actor, tables).order_by("-created_at", "-pk")


def hidden_count(group: Group, actor: Actor, evening: Evening | None = None,
                 shown: int | None = None) -> int:
    """How many of the group's (or evening's) tables ``actor`` may not open; ``shown``: how
    many they may, when the caller has counted them."""
    if shown is None:
        shown = group_tables(group, actor, evening).count()
    # The group's own count when it was read with it (clubs.services.get_group).
    total = getattr(group, "linked_tables", None) if evening is None else None
    if not isinstance(total, int):
        links = TableLink.objects.filter(group=group)
        if evening is not None:
            links = links.filter(evening=evening)
        total = links.count()
    return total - shown
