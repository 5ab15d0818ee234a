"""Creating tables, claiming seats and (for events) moving players between seats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from common.errors import BadCommand, Forbidden, JoinKeyNeeded, NotFound, SeatTaken
from common.safetext import check_text
from games import seat_results
from games.broadcast import broadcast_seats
from games.models import LedgerEntry, Player, Seat, SeatResult, Table, Visibility
from games.permissions import (
    Actor,
    can_write,
    has_join_key,
    is_creator,
    seat_of,
    visible_players,
)
from scoring import registry
from scoring.models import RulesetConfig


def get_table(table: Table | int | str) -> Table:
    """A table by instance, primary key or public id; raises NotFound."""
    if isinstance(table, Table):
        return table
    try:
        if isinstance(table, int) and not isinstance(table, bool):
            return Table.objects.get(pk=table)
        if isinstance(table, str):
            return Table.objects.get(public_id=table)
    except Table.DoesNotExist:
        pass
    raise NotFound(f"there is no table {table!r}; check the link")


def named_player(name: str, by: Actor, seen: bool = False) -> Player:
    """The player a name given by ``by`` stands for: an existing player of that name, so
    their history carries across games, else a new one.

    Never one linked to somebody else's account: a stranger naming "Alice" would add a
    game to Alice's statistics without her consent (``by``'s own linked player is reused
    first). With ``seen``, only a player ``by`` may see
    (:func:`games.permissions.visible_players`): a group's members are listed and linked,
    so a name seen only at someone's private table must not bring that player, and their
    private games, into a group (issue 24)."""
    reusable = Q(user__isnull=True)
    if by.user_id is not None:
        reusable |= Q(user_id=by.user_id)
    candidates = Player.objects.filter(reusable, display_name=name)
    if seen:
        candidates = candidates.filter(pk__in=visible_players(by).values("pk"))
    player = candidates.order_by(F("user_id").asc(nulls_last=True), "id").first()
    return player or Player.objects.create(display_name=name)


def _players(player_names: Sequence[Any], creator: Actor, count: int = 4) -> list[Player]:
    if not isinstance(player_names, list | tuple) or len(player_names) != count:
        words = {3: "three", 4: "four"}.get(count, str(count))
        raise BadCommand(f"give exactly {words} player names (the rules are for {count} "
                         "players), in seat order from the first dealer")
    players = []
    for raw in player_names:
        if isinstance(raw, Player):
            players.append(raw)
            continue
        name = raw.strip() if isinstance(raw, str) else ""
        if not name or len(name) > 64:
            raise BadCommand("each player needs a name of 1 to 64 characters")
        players.append(named_player(check_text(name, "a player's name"), creator))
    return players


def create_table(name: str, ruleset: str, preset: str = "",
                 options_overrides: dict[str, Any] | None = None,
                 player_names: Sequence[str | Player] = (), creator: Actor | None = None,
                 visibility: str = "link",  # Visibility.LINK
                 config: RulesetConfig | None = None, confirm_hands: bool = False) -> Table:
    """A new table with a seat per player (four, or three when the rules say so); its rules
    are the preset plus overrides, resolved now.

    ``creator`` (user and/or device; none for a table made by a program) may write to
    the table without a seat. ``confirm_hands``: its players confirm each hand
    (:mod:`games.confirmations`). With ``config``, its ruleset, preset and overrides
    are used (``options_overrides`` on top). Raises EngineError (bad ruleset, preset or
    option) or TableError (bad names, visibility).
    """
    if not isinstance(name, str) or not name.strip() or len(name) > 120:
        raise BadCommand("give the table a name of 1 to 120 characters")
    check_text(name, "the table's name")
    if visibility not in Visibility.values:
        raise BadCommand(f"visibility must be one of {', '.join(Visibility.values)}")
    overrides = dict(options_overrides or {})
    if config is not None:
        ruleset, preset = config.ruleset, config.preset
        overrides = {**config.options, **overrides}
    rules = registry.get(ruleset)
    options = rules.resolve(preset, overrides)
    actor = creator or Actor()
    state = dict(rules.rules.initial_state(rules.options_from_snapshot(options)))
    with transaction.atomic():
        scores = state.get("scores")
        players = _players(list(player_names), actor,
                           len(scores) if isinstance(scores, list) else 4)
        table = Table.objects.create(
            name=name.strip(), ruleset=rules.name, preset=preset, config=config,
            options=options, created_by_id=actor.user_id,
            creator_device=actor.device, visibility=visibility, state=state,
            confirm_hands=bool(confirm_hands),
        )
        seats = Seat.objects.bulk_create(
            Seat(table=table, position=i, player=p) for i, p in enumerate(players))
        seat_results.refresh(table, seats, 1)  # a game with no hand yet counts too
    return table


def claim_seat(table: Table | int | str, position: int, device: str = "",
               user: Any = None, join_key: str | None = None) -> Seat:
    """Sit the browser (``device``, its device id) and user at ``position``; a browser or
    user holds one seat per table.

    Sitting down needs the table's ``join_key`` (the join link's secret), except for the
    creator, staff, a user whose account is linked to that seat's player and someone
    already seated at the table (changing seats): being able to watch is not enough.
    Claiming again from the same browser or user is harmless; a seat held by someone else
    is refused (``seat_taken``) until they or the creator release it.
    """
    actor = Actor(user=user, device=device or "")
    if not actor.device and actor.user_id is None:
        raise BadCommand("claiming a seat needs a browser (device cookie) or a signed-in user")
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= 3:
        raise BadCommand(f"seat position must be 0-3, got {position!r}")
    table = get_table(table)
    with transaction.atomic():
        seat = Seat.objects.select_for_update().select_related("player").filter(
            table=table, position=position).first()
        if seat is None:  # a three-player table has no seat 3
            raise BadCommand(f"this table has no seat {position}")
        if not _may_sit(table, actor, seat, join_key):
            raise JoinKeyNeeded("taking a seat needs the table's join link: ask a player "
                                "at the table to show you its QR code")
        mine = ((actor.device and seat.claimed_device == actor.device)
                or (actor.user_id is not None and seat.claimed_user_id == actor.user_id))
        if seat.is_claimed and not mine:
            raise SeatTaken(f"seat {position} ({seat.player}) is taken; ask them or the "
                            "table's creator to release it",
                            params={"player": position, "reason": "seat_taken"})
        others = Seat.objects.filter(table=table).exclude(pk=seat.pk)
        if actor.device:
            others.filter(claimed_device=actor.device).update(
                claimed_device="", claimed_user=None, claimed_at=None)
        if actor.user_id is not None:
            others.filter(claimed_user_id=actor.user_id).update(
                claimed_device="", claimed_user=None, claimed_at=None)
        seat.claimed_device = actor.device
        seat.claimed_user_id = actor.user_id
        seat.claimed_at = timezone.now()
        seat.save(update_fields=["claimed_device", "claimed_user", "claimed_at"])
        _touch(table)
    return seat


def _may_sit(table: Table, actor: Actor, seat: Seat, join_key: str | None) -> bool:
    if has_join_key(table, join_key):
        return True
    if actor.is_staff or is_creator(table, actor):
        return True
    if actor.user_id is not None and seat.player.user_id == actor.user_id:
        return True
    return seat_of(table, actor) is not None


def _touch(table: Table) -> None:
    # A new updated_at is a new snapshot cache key (games.services.snapshot): seats and
    # visibility are in the snapshot but do not move seq. The phones at the table hear of
    # it once it is committed.
    table.updated_at = timezone.now()
    Table.objects.filter(pk=table.pk).update(updated_at=table.updated_at)
    pk = table.pk
    transaction.on_commit(lambda: broadcast_seats(pk))


def release_seat(table: Table | int | str, position: int, actor: Actor) -> Seat:
    """Free a seat; allowed to its holder, the table's creator and staff."""
    table = get_table(table)
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(table=table, position=position).first()
        if seat is None:
            raise BadCommand(f"this table has no seat {position}")
        holder = ((actor.device and seat.claimed_device == actor.device)
                  or (actor.user_id is not None and seat.claimed_user_id == actor.user_id))
        if not (holder or actor.is_staff or is_creator(table, actor)):
            raise Forbidden("only the seat's holder, the table's creator or staff may "
                            "release it", params={"reason": "free_seat"})
        seat.claimed_device = ""
        seat.claimed_user = None
        seat.claimed_at = None
        seat.save(update_fields=["claimed_device", "claimed_user", "claimed_at"])
        _touch(table)
    return seat


def reseat(moves: Sequence[tuple[Table, int, Player]]) -> None:
    """Put each move's player in seat ``position`` of ``table``, taking over what was
    played from it: the hands stay with the seats, so the seat's ledger rows and results
    become the new player's, and its claim is freed (the phone holding it was the other
    player's). All moves in one transaction, tables locked in order; an event's organiser
    swapping two players between tables after hands were recorded (events.rounds), who
    is checked there. Raises BadCommand for a seat the table does not have."""
    with transaction.atomic():
        now = timezone.now()
        for pk in sorted({table.pk for table, _, _ in moves}):
            Table.objects.filter(pk=pk).update(updated_at=now)  # the write lock, in order
        for table, position, player in moves:
            if not Seat.objects.filter(table_id=table.pk, position=position).update(
                    player=player, claimed_device="", claimed_user=None, claimed_at=None):
                raise BadCommand(f"this table has no seat {position}")
            LedgerEntry.objects.filter(table_id=table.pk, position=position).update(
                player=player)
            SeatResult.objects.filter(table_id=table.pk, position=position).update(
                player=player)
        for table in {table.pk: table for table, _, _ in moves}.values():
            _touch(table)


def set_visibility(table: Table | int | str, visibility: str, actor: Actor) -> Table:
    table = get_table(table)
    if visibility not in Visibility.values:
        raise BadCommand(f"visibility must be one of {', '.join(Visibility.values)}")
    if not can_write(table, actor):
        raise Forbidden("only the table's players, its creator and staff may change it")
    with transaction.atomic():
        Table.objects.filter(pk=table.pk).update(visibility=visibility)
        table.visibility = visibility
        _touch(table)
    return table
