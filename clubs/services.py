"""The only code that writes groups, memberships, evenings, table links and stakes; used
by the pages and the API alike. Each write checks :mod:`clubs.permissions` and raises a
named :class:`common.errors.TableError` (``forbidden``, ``bad_command``, ``not_found``)
that pages show as a sentence and the API answers with its code.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import transaction
from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from common.errors import BadCommand, Forbidden, NotFound
from common.safetext import printable
from games.models import Player, Table
from games.permissions import Actor, can_view, can_write
from games.services import named_player
from scoring import registry

from . import evening_clock, money, permissions
from .models import CURRENCIES, Evening, Group, GroupVisibility, Membership, Stake, TableLink
from .money import is_plain_amount

MAX_STAKE = Decimal("100000")


def _name(value: Any, what: str, limit: int = 120) -> str:
    name = value.strip() if isinstance(value, str) else ""
    if not name or len(name) > limit:
        raise BadCommand(f"give the {what} a name of 1 to {limit} characters",
                         params={"max": limit, "reason": "name_length"})
    return name


def _currency(value: Any, blank: bool = False) -> str:
    if blank and value in ("", None):
        return ""
    if value not in CURRENCIES:
        raise BadCommand(f"currency must be one of {', '.join(CURRENCIES)}")
    return str(value)


def _visibility(value: Any) -> str:
    if value not in GroupVisibility.values:
        raise BadCommand(f"visibility must be one of {', '.join(GroupVisibility.values)}")
    return str(value)


def _player(value: Player | str, actor: Actor) -> Player:
    if isinstance(value, Player):
        return value
    # As at a new table, an existing player of that name keeps their history; but only
    # one ``actor`` may see and that no other account owns (issue 24).
    return named_player(_name(value, "player", 64), actor, seen=True)


def group_tables(group_id: str, actor: Actor) -> QuerySet[Table]:
    """The tables of the group that ``actor`` may open, as its page shows them (the API's
    export of one group); ``not_found`` for a group they may not see."""
    group = Group.objects.filter(public_id=group_id[:24]).first()
    if group is None or not permissions.can_view(group, actor):
        raise NotFound(f"there is no group {group_id!r} you can see; check the id")
    return permissions.group_tables(group, actor)


def evening_tables(evening_id: str, actor: Actor | None) -> QuerySet[Table]:
    """The tables of the evening that ``actor`` may open (the history check of an evening,
    games.chain; every one for ``actor`` None); ``not_found`` for an evening they may not
    see."""
    if actor is None:  # the site's own check (manage.py verify_history): every table
        evening = Evening.objects.filter(public_id=evening_id[:24]).first()
        if evening is None:
            raise NotFound(f"there is no evening {evening_id!r}; check the id")
        return Table.objects.filter(club_link__evening=evening)
    evening = get_evening(evening_id[:24], actor)
    return permissions.group_tables(evening.group, actor, evening)


def organised_tables(actor: Actor) -> QuerySet[Table]:
    """The tables of the groups ``actor`` manages (:func:`permissions.can_manage` without
    staff, whom games tells apart): games.extensions."""
    mine = Q(pk__in=[])
    if actor.device:
        mine |= Q(creator_device=actor.device)
    if actor.user_id is not None:
        mine |= Q(created_by_id=actor.user_id) | Q(memberships__player__user_id=actor.user_id,
                                                   memberships__manager=True)
    return Table.objects.filter(club_link__group__in=Group.objects.filter(mine).values("pk"))


def get_group(public_id: str, actor: Actor) -> Group:
    """The group if ``actor`` may look at it; ``not_found`` otherwise (a private group is
    not admitted to exist)."""
    # With the number of its tables (``linked_tables``) in the same query: the pages
    # that say how many the reader may not open need no count of their own
    # (permissions.hidden_count).
    links = (TableLink.objects.filter(group=OuterRef("pk")).order_by().values("group")
             .annotate(count=Count("pk")).values("count"))
    group = (Group.objects.filter(public_id=str(public_id))
             .annotate(linked_tables=Coalesce(Subquery(links), 0)).first())
    if group is None or not permissions.can_view(group, actor):
        raise NotFound(f"there is no group {public_id!r} you can see; check the link")
    return group


def get_evening(public_id: str, actor: Actor) -> Evening:
    evening = Evening.objects.select_related("group").filter(public_id=str(public_id)).first()
    if evening is None or not permissions.can_view(evening.group, actor):
        raise NotFound(f"there is no evening {public_id!r} you can see; check the link")
    return evening


def create_group(name: str, actor: Actor, visibility: str = "link",
                 currency: str = "CNY", description: str = "",
                 members: list[Player | str] | tuple[()] = (),
                 confirm_hands: bool = False) -> Group:
    """A new group; ``actor`` becomes its creator. ``confirm_hands``: the players of its
    new tables confirm each hand (issue 29)."""
    if actor.user_id is None and not actor.device:
        raise BadCommand("creating a group needs a browser (its device cookie) or a signed-in "
                         "user")
    if not isinstance(description, str) or len(description) > 500:
        raise BadCommand("keep the description to 500 characters")
    with transaction.atomic():
        group = Group.objects.create(
            name=_name(name, "group"), visibility=_visibility(visibility),
            currency=_currency(currency), description=description.strip(),
            created_by_id=actor.user_id, creator_device=actor.device,
            confirm_hands=bool(confirm_hands))
        for member in members:
            Membership.objects.get_or_create(group=group, player=_player(member, actor))
    return group


def update_group(group: Group, actor: Actor, **fields: Any) -> Group:
    if not permissions.can_manage(group, actor):
        raise Forbidden("only the group's creator, its managers and staff may change it")
    checks: dict[str, Callable[[Any], Any]] = {
              "name": lambda v: _name(v, "group"), "visibility": _visibility,
              "currency": _currency,
              "description": lambda v: _name(v, "description", 500) if v else "",
              "confirm_hands": bool}
    for key, value in fields.items():
        if key not in checks:
            raise BadCommand(f"a group has no setting {key!r}")
        setattr(group, key, checks[key](value))
    group.save()
    return group


def add_member(group: Group, player: Player | str, actor: Actor,
               manager: bool = False) -> Membership:
    if not permissions.can_manage(group, actor):
        raise Forbidden("only the group's creator, its managers and staff may add members")
    member, _ = Membership.objects.get_or_create(group=group, player=_player(player, actor))
    if member.manager != bool(manager):
        member.manager = bool(manager)
        member.save(update_fields=["manager"])
    return member


def remove_member(group: Group, player_id: int, actor: Actor) -> None:
    if not permissions.can_manage(group, actor):
        raise Forbidden("only the group's creator, its managers and staff may remove members")
    deleted, _ = Membership.objects.filter(group=group, player_id=player_id).delete()
    if not deleted:
        raise NotFound(f"player {player_id} is not a member of this group")


def create_evening(group: Group, name: str, actor: Actor, date: dt.date | None = None,
                   currency: str = "") -> Evening:
    if not permissions.can_contribute(group, actor):
        raise Forbidden("only the group's members, managers, creator and staff may add an "
                        "evening")
    return Evening.objects.create(group=group, name=_name(name, "evening"),
                                  currency=_currency(currency, blank=True),
                                  **({"date": date} if date else {}))


def update_evening(evening: Evening, actor: Actor, **fields: Any) -> Evening:
    if not permissions.can_contribute(evening.group, actor):
        raise Forbidden("only the group's members, managers, creator and staff may change "
                        "an evening")
    checks = {"name": lambda v: _name(v, "evening"), "date": lambda v: v,
              "currency": lambda v: _currency(v, blank=True)}
    for key, value in fields.items():
        if key not in checks:
            raise BadCommand(f"an evening has no setting {key!r}")
        setattr(evening, key, checks[key](value))
    evening.save()
    return evening


def attach_table(table: Table, group: Group, actor: Actor,
                 evening: Evening | None = None) -> TableLink:
    """Put ``table`` in ``group`` (and ``evening``); moves it if it was elsewhere."""
    if not can_view(table, actor) or not can_write(table, actor):
        raise Forbidden("only the table's players, its creator and staff may add it to a "
                        "group")
    if not permissions.can_contribute(group, actor):
        raise Forbidden("only the group's members, managers, creator and staff may add "
                        "tables to it")
    if evening is not None and evening.group_id != group.pk:
        raise BadCommand("that evening belongs to another group")
    old = TableLink.objects.filter(table=table).select_related("group").first()
    if old is not None and old.group_id != group.pk \
            and not permissions.can_contribute(old.group, actor):
        raise Forbidden("the table belongs to a group you may not change")
    link, _ = TableLink.objects.update_or_create(table=table,
                                                 defaults={"group": group, "evening": evening})
    if group.confirm_hands and Table.objects.filter(pk=table.pk, seq=0).update(
            confirm_hands=True, updated_at=timezone.now()):
        # The group's default for its new tables (issue 29): a table with nothing written
        # yet asks its players to confirm each hand; one already played keeps its way.
        table.confirm_hands = True
    # The evenings' clocks and big screens follow the table (issue 28).
    evening_clock.tables_moved([old.evening_id if old else None, link.evening_id])
    return link


def link_event_table(table: Table, group: Group) -> TableLink:
    """Put a table of an event's round in the event's group, when the round starts
    (events.rounds, which checked who starts it): the event is the group's, so its tables
    count in the group's leaderboard, ratings and seasons like its evenings'."""
    link, _ = TableLink.objects.update_or_create(table=table,
                                                 defaults={"group": group, "evening": None})
    return link


def detach_table(table: Table, actor: Actor) -> None:
    link = TableLink.objects.filter(table=table).select_related("group").first()
    if link is None:
        raise NotFound("the table is in no group")
    if not can_write(table, actor) or not permissions.can_contribute(link.group, actor):
        raise Forbidden("only someone who may change both the table and its group may "
                        "take it out")
    link.delete()
    evening_clock.tables_moved([link.evening_id])


def parse_stake(value: Any) -> Decimal:
    if isinstance(value, str) and not is_plain_amount(value.strip()):
        raise BadCommand(f"a stake is an amount of money such as 0.5 (digits 0-9 and a "
                         f"point), got {printable(value)[:40]!r}",
                         params={"max": int(MAX_STAKE), "reason": "stake"})
    try:
        amount = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        raise BadCommand(f"a stake is an amount of money such as 0.5, got {value!r}",
                         params={"max": int(MAX_STAKE), "reason": "stake"}) from None
    if not amount.is_finite() or amount < 0 or amount > MAX_STAKE \
            or amount != amount.quantize(Decimal("0.0001")):
        raise BadCommand(f"a stake is an amount from 0 to {MAX_STAKE} with at most four "
                         "decimals", params={"max": int(MAX_STAKE), "reason": "stake"})
    return amount


def set_table_stake(table: Table, amount: Any, actor: Actor, currency: str = "") -> Stake | None:
    """The table's own stake (``None`` or "" clears it); the currency defaults to its
    evening's or group's."""
    if not can_write(table, actor):
        raise Forbidden("only the table's players, its creator and staff may set its stake")
    if amount in (None, ""):
        Stake.objects.filter(table=table).delete()
        return None
    value = parse_stake(amount)
    if not currency:
        link = TableLink.objects.filter(table=table).select_related("evening", "group").first()
        currency = (link.evening.money_currency if link and link.evening
                    else link.group.currency if link else money.reader_currency())
    stake, _ = Stake.objects.update_or_create(
        table=table, defaults={"ruleset": table.ruleset, "amount": value,
                               "currency": _currency(currency)})
    return stake


def set_evening_stake(evening: Evening, ruleset: str, amount: Any, actor: Actor) -> Stake | None:
    if not permissions.can_contribute(evening.group, actor):
        raise Forbidden("only the group's members, managers, creator and staff may set the "
                        "evening's stakes")
    if ruleset not in dict(registry.model_choices()):
        raise BadCommand(f"there is no ruleset {ruleset!r}")
    if amount in (None, ""):
        Stake.objects.filter(evening=evening, ruleset=ruleset).delete()
        return None
    stake, _ = Stake.objects.update_or_create(
        evening=evening, ruleset=ruleset, defaults={"amount": parse_stake(amount)})
    return stake


def attach_to_place(table: Table, place: str, actor: Actor) -> None:
    """The new-table form's and the settle page's choice of group or evening."""
    kind, _sep, public_id = place.partition(":")
    if not place:
        if TableLink.objects.filter(table=table).exists():
            detach_table(table, actor)
        return
    if kind == "e":
        evening = get_evening(public_id, actor)
        attach_table(table, evening.group, actor, evening)
    elif kind == "g":
        attach_table(table, get_group(public_id, actor), actor)
    else:
        raise BadCommand(f"choose a group or an evening, not {place!r}")
