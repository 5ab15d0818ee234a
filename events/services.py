"""The only code that writes events, their officials and entries; the pages call it.

Each write checks :mod:`events.permissions` and raises a named
:class:`common.errors.TableError` (``forbidden``, ``bad_command``, ``not_found``) whose
``reason`` param picks the sentence a page shows (``scoring.error_text.REASONS``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Max

from clubs import permissions as clubs
from clubs.models import Group, Membership
from common.errors import BadCommand, Forbidden, NotFound
from common.safetext import check_text
from games.models import Player
from games.permissions import Actor
from games.services import named_player
from scoring import registry
from scoring.engine.errors import EngineError
from scoring.models import RulesetConfig

from . import live, permissions
from .models import (
    MAX_ROUNDS,
    Entry,
    Kind,
    Method,
    Official,
    Role,
    Round,
    RoundSeat,
    ShortTablePoints,
    Status,
    SubstituteRule,
    Tournament,
    Visibility,
)

# As many players as events.seating seats in a plan.
MAX_ENTRIES = 1024


def organiser_only(event: Tournament, by: Actor) -> None:
    """Refuses (``forbidden``) anyone but the event's organisers."""
    if not permissions.can_organise(event, by):
        raise Forbidden("only the event's organisers may do this",
                        params={"reason": "event_organise"})


def referee_only(event: Tournament, by: Actor) -> None:
    """Refuses (``forbidden``) anyone but the event's organisers and referees."""
    if not permissions.can_referee(event, by):
        raise Forbidden("only the event's organisers and referees may do this",
                        params={"reason": "event_referee"})


def _text(value: Any, what: str, limit: int, blank: bool = False) -> str:
    text = value.strip() if isinstance(value, str) else ""
    if (not text and not blank) or len(text) > limit:
        raise BadCommand(f"give the {what} a name of 1 to {limit} characters",
                         params={"max": limit, "reason": "name_length"})
    return check_text(text, f"the {what}")


def _choice(value: Any, choices: Iterable[str], what: str) -> str:
    allowed = list(choices)
    if value not in allowed:
        raise BadCommand(f"{what} must be one of {', '.join(allowed)}")
    return str(value)


def _rounds(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ROUNDS:
        raise BadCommand(f"rounds must be from 1 to {MAX_ROUNDS}",
                         params={"min": 1, "max": MAX_ROUNDS, "reason": "event_rounds"})
    return value


def seats_of(config: RulesetConfig) -> tuple[dict[str, Any], int]:
    """The configuration's options, resolved, and the players its tables seat (3 or 4)."""
    try:
        rules = registry.get(config.ruleset)
        options = config.resolved_options()
        state = rules.rules.initial_state(rules.options_from_snapshot(options))
    except EngineError as exc:
        raise BadCommand(f"the rules {config.name!r} cannot be used: {exc.message}",
                         params={"reason": "event_rules"}) from exc
    scores = state.get("scores")
    return options, len(scores) if isinstance(scores, list) else 4


# What an organiser chooses for the players a round's four-player tables leave over.
SUBSTITUTES = "substitutes"


def three_player_configs(event: Tournament) -> list[RulesetConfig]:
    """The rules a four-player event's leftover players may play at three-player tables:
    the configurations of its own ruleset whose tables seat three (asked of the ruleset,
    as :func:`seats_of` does; a ruleset without a three-player form has none), built-in
    first. None for a three-player event, whose shortfall substitutes fill."""
    if event.seats != 4:
        return []
    out = []
    for config in (RulesetConfig.objects.filter(ruleset=event.ruleset)
                   .order_by("-is_builtin", "name", "pk")):
        try:
            seats = seats_of(config)[1]
        except BadCommand:
            continue  # rules the engine no longer takes are not offered
        if seats == 3:
            out.append(config)
    return out


def _short_config(event: Tournament, value: str) -> RulesetConfig | None:
    if value == SUBSTITUTES:
        return None
    found = next((c for c in three_player_configs(event) if str(c.pk) == value), None)
    if found is None:
        raise BadCommand("three-player tables need three-player rules of the event's "
                         "ruleset", params={"reason": "event_short_tables"})
    return found


def get_event(public_id: str, actor: Actor) -> Tournament:
    """The event if ``who`` may look at it; ``not_found`` otherwise (a private event is
    not admitted to exist)."""
    event = (Tournament.objects.select_related("group", "config", "short_config")
             .filter(public_id=str(public_id)[:24]).first())
    if event is None or not permissions.can_view(event, actor):
        raise NotFound(f"there is no event {public_id!r} you can see; check the link")
    return event


def create_event(name: str, by: Actor, config: RulesetConfig, *, rounds: int = 4,
                 kind: str = "tournament", visibility: str = "link",
                 group: Group | None = None, starts_at: dt.datetime | None = None,
                 description: str = "", confirm_hands: bool | None = None,
                 confirm_before_close: bool = False) -> Tournament:
    """A new event; ``by``  becomes its creator and first organiser.
    An event of a group needs the right to manage the group. ``confirm_hands``: its
    tables' players confirm each hand (issue 29; None: as its group's tables do)."""
    actor = by
    if actor.user_id is None and not actor.device:
        raise BadCommand("creating an event needs a browser (its device cookie) or a "
                         "signed-in user")
    if group is not None and not clubs.can_manage(group, actor):
        raise Forbidden("only the group's creator, its managers and staff may add an event "
                        "to it", params={"reason": "event_group"})
    options, seats = seats_of(config)
    return Tournament.objects.create(
        name=_text(name, "event", 120), kind=_choice(kind, Kind.values, "kind"),
        description=_text(description, "description", 500, blank=True),
        group=group, config=config, ruleset=config.ruleset, preset=config.preset,
        options=options, seats=seats, rounds=_rounds(rounds),
        visibility=_choice(visibility, Visibility.values, "visibility"),
        starts_at=starts_at, created_by_id=actor.user_id, creator_device=actor.device,
        confirm_hands=bool(group.confirm_hands if confirm_hands is None and group is not None
                           else confirm_hands),
        confirm_before_close=bool(confirm_before_close))


def update_event(event: Tournament, by: Actor, *, name: str, kind: str, visibility: str,
                 rounds: int, starts_at: dt.datetime | None, description: str,
                 registration_open: bool, seating: str | None = None,
                 standing: str | None = None, substitute_rule: str | None = None,
                 substitute_score: int | None = None,
                 substitute_points: Decimal | None = None,
                 confirm_hands: bool | None = None,
                 confirm_before_close: bool | None = None,
                 short_tables: str | None = None,
                 short_table_points: str | None = None) -> Tournament:
    """The settings an organiser may change; the rules stay those it was created with.
    Confirmation by the table (issue 29) applies to the rounds started after it is
    changed; the rule on closing a round at once.
    How rounds are seated, the standings' convention (one the ruleset offers,
    :func:`scoring.registry.standings`), the substitutes' rule and what seats the
    leftover players (``short_tables``: :data:`SUBSTITUTES`, or the id of one of
    :func:`three_player_configs`) and what a table of three earns in table points
    (``short_table_points``, events.standings.short_points) are kept as they are when
    not given."""
    organiser_only(event, by)
    event.name = _text(name, "event", 120)
    event.kind = _choice(kind, Kind.values, "kind")
    event.visibility = _choice(visibility, Visibility.values, "visibility")
    played = Round.objects.filter(tournament=event).aggregate(n=Max("number"))["n"] or 0
    event.rounds = _rounds(rounds)
    if event.rounds < played:
        raise BadCommand(f"{played} rounds are seated already",
                         params={"reason": "event_rounds", "min": played, "max": MAX_ROUNDS})
    event.starts_at = starts_at
    event.description = _text(description, "description", 500, blank=True)
    event.registration_open = bool(registration_open)
    if seating is not None:
        event.seating = _choice(seating, Method.values, "seating")
    if standing is not None:
        event.standing = _choice(standing, [s.key for s in registry.standings(event.ruleset)],
                                 "standings")
    if substitute_rule is not None:
        event.substitute_rule = _choice(substitute_rule, SubstituteRule.values,
                                        "substitute rule")
    if substitute_score is not None:
        if isinstance(substitute_score, bool) or not isinstance(substitute_score, int) \
                or abs(substitute_score) > 10_000_000:
            raise BadCommand("the fixed score must be a whole number of points")
        event.substitute_score = substitute_score
    if substitute_points is not None:
        if not isinstance(substitute_points, Decimal) or not abs(substitute_points) < 1000:
            raise BadCommand("the fixed table points must be a number below 1000")
        event.substitute_points = substitute_points
    if short_table_points is not None:
        event.short_table_points = _choice(short_table_points, ShortTablePoints.values,
                                           "table points at a table of three")
    if confirm_hands is not None:
        event.confirm_hands = bool(confirm_hands)
    if confirm_before_close is not None:
        event.confirm_before_close = bool(confirm_before_close)
    if short_tables is not None:
        short = _short_config(event, str(short_tables))
        if short != event.short_config:
            event.short_config = short
            if event.plan.get("method") != Method.FIXED:
                # Rounds planned ahead were laid out the other way: plan them again. A
                # typed seating stays, checked against the new layout when seated.
                event.plan = {}
    event.save()
    transaction.on_commit(lambda: live.standings_changed(event.pk))
    return event


def _enter(event: Tournament, player: Player, device: str = "") -> Entry:
    """``player``'s entry, numbered after the last; an existing one is returned as is."""
    with transaction.atomic():
        # One writer numbers at a time: the event's row is the lock.
        Tournament.objects.select_for_update().filter(pk=event.pk).first()
        found = Entry.objects.filter(tournament=event, player=player).first()
        if found is not None:
            return found
        if Entry.objects.filter(tournament=event).count() >= MAX_ENTRIES:
            raise BadCommand(f"an event takes at most {MAX_ENTRIES} players",
                             params={"max": MAX_ENTRIES, "reason": "event_full"})
        last = Entry.objects.filter(tournament=event).aggregate(n=Max("number"))["n"] or 0
        try:
            return Entry.objects.create(tournament=event, player=player, number=last + 1,
                                        device=device)
        except IntegrityError as exc:  # a number taken meanwhile (SQLite has no row lock)
            raise BadCommand("someone entered at the same moment; send again",
                             params={"reason": "event_busy"}) from exc


def add_player(event: Tournament, name: str, by: Actor) -> Entry:
    """An organiser enters a player by name: one of that name already in the event is
    that entry; else a known player of that name keeps their games, as at a new table."""
    organiser_only(event, by)
    name = _text(name, "player", 64)
    entered = Entry.objects.filter(tournament=event, player__display_name=name).first()
    if entered is not None:
        return entered
    return _enter(event, named_player(name, by, seen=True))


def add_members(event: Tournament, player_ids: Iterable[int], by: Actor) -> list[Entry]:
    """An organiser enters members of the event's group, by player id."""
    organiser_only(event, by)
    ids = list(player_ids)
    members = {m.player_id: m.player for m in Membership.objects.filter(
        group=event.group, player_id__in=ids).select_related("player")} \
        if event.group is not None else {}
    missing = [i for i in ids if i not in members]
    if missing:
        raise BadCommand("only members of the event's group can be entered this way",
                         params={"reason": "event_member"})
    return [_enter(event, members[i]) for i in ids]


def join(event: Tournament, key: str, name: str, by: Actor) -> Entry:
    """A player enters themselves through the event's join link (its QR code): their
    account's player if they are signed in, else a new player of the name given, known
    to this browser."""
    actor = by
    if not key or key != event.join_key:
        raise Forbidden("entering needs the event's join link",
                        params={"reason": "event_join_key"})
    mine = permissions.entry_of(event, actor)
    if mine is not None:
        return mine
    if not event.registration_open:
        raise Forbidden("the event takes no more entries through its link",
                        params={"reason": "event_closed"})
    if actor.user_id is None and not actor.device:
        raise BadCommand("entering needs a browser (its device cookie) or a signed-in user")
    player = (Player.objects.filter(user_id=actor.user_id).order_by("id").first()
              if actor.user_id is not None else None)
    if player is None:
        if actor.user is not None and not (isinstance(name, str) and name.strip()):
            name = actor.user.get_username()  # an account's first player: its name
        player = Player.objects.create(display_name=_text(name, "player", 64),
                                       user_id=actor.user_id)
    return _enter(event, player, device=actor.device)


def _entry(event: Tournament, entry_id: Any) -> Entry:
    entry = Entry.objects.filter(tournament=event, pk=entry_id).first() \
        if isinstance(entry_id, int) else None
    if entry is None:
        raise NotFound("there is no such player in this event")
    return entry


def set_status(event: Tournament, entry_id: int, status: str, by: Actor) -> Entry:
    """Absent and back: organisers and referees; dropping out (and back): organisers."""
    entry = _entry(event, entry_id)
    status = _choice(status, Status.values, "status")
    if Status.DROPPED in (status, entry.status):
        organiser_only(event, by)
    else:
        referee_only(event, by)
    entry.status = status
    entry.save(update_fields=["status"])
    return entry


def remove_entry(event: Tournament, entry_id: int, by: Actor) -> None:
    """Takes a player out; one who has played stays (their results count), dropped out."""
    organiser_only(event, by)
    entry = _entry(event, entry_id)
    if RoundSeat.objects.filter(entry=entry, round_table__round__started_at__isnull=False
                                ).exists():
        raise BadCommand("this player has played; mark them dropped out instead",
                         params={"reason": "event_played"})
    entry.delete()


def add_official(event: Tournament, username: str, role: str, by: Actor) -> Official:
    """An organiser names an account organiser or referee (its role changes if it had
    one)."""
    organiser_only(event, by)
    role = _choice(role, Role.values, "role")
    name = username.strip() if isinstance(username, str) else ""
    user = get_user_model().objects.filter(username=name).first() if name else None
    if user is None:
        raise BadCommand(f"there is no account {name!r}",
                         params={"reason": "no_account", "text": name[:24]})
    official, _ = Official.objects.update_or_create(tournament=event, user=user,
                                                    defaults={"role": role})
    return official


def remove_official(event: Tournament, official_id: int, by: Actor) -> None:
    organiser_only(event, by)
    deleted, _ = Official.objects.filter(tournament=event, pk=official_id).delete()
    if not deleted:
        raise NotFound("there is no such official in this event")
