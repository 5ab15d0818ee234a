"""An event's rounds: seating them, swapping players, substitutes, starting them.

The only code that writes rounds; the pages and the API call it. Each write checks
:mod:`events.permissions` and refuses by name (:class:`common.errors.TableError` whose
``reason`` picks the sentence, ``scoring.error_text.REASONS``).

A round is seated (:func:`seat_round`) by the event's method through
:mod:`events.seating`, the players being the entries' numbers (what a typed seating names
them by): its tables and seats are stored, shown, and can be seated again or changed
(:func:`swap`, :func:`set_substitute`) until :func:`start_round` makes each table an
ordinary mjsite table (:func:`games.services.create_table`) with the round's players in
their seats, East first. After that a swap moves the players and keeps each table's
hands with its seats (:func:`games.services.reseat`), in one transaction.

Seating the next round closes the last one: an event that wants every hand confirmed
first (``Tournament.confirm_before_close``, confirmation by the table, issue 29) refuses
while a table of it has a hand unconfirmed or disputed (:func:`refuse_unconfirmed`).

No-repeat plans every round left at once and keeps the rest (``Tournament.plan``): the
next round starts from it (``start=``), so a seating printed in advance changes little
when someone drops out or comes late. A fixed seating is typed or uploaded whole
(:func:`set_fixed`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs import services as clubs
from common.errors import BadCommand, NotFound
from common.safetext import check_text
from games import confirmations
from games import services as games
from games.models import Player, Table
from games.permissions import Actor

from . import clock, live, permissions, seating
from .models import Entry, Method, Round, RoundSeat, RoundTable, Status, Tournament
from .seating import Layout, SeatingError, Substitute
from .services import organiser_only, referee_only, seats_of

# How long a search may seek a better seating (events.seating's limit; the tests shorten
# it: a plan at its lower bound returns at once, others use all of it).
SEARCH_SECONDS = seating.TIME_LIMIT
# A typed seating is at most this long (1024 players x 64 rounds of short lines fit).
MAX_FIXED_TEXT = 200_000


def seating_refusal(exc: SeatingError) -> BadCommand:
    """A seating error as the events' named refusal: its code as the ``reason`` and the
    params a sentence names (``round``, ``table``, ``count``, ``max``, ``text``)."""
    params: dict[str, object] = {"reason": exc.code}
    for key in ("round", "table", "count", "min", "max"):
        if isinstance(exc.params.get(key), int):
            params[key] = exc.params[key]
    if isinstance(exc.params.get("size"), int):
        params["count"] = exc.params["size"]
    sizes = exc.params.get("sizes")
    if isinstance(sizes, list) and sizes:
        params["max"] = max(sizes)
    for key in ("player", "token"):
        value = exc.params.get(key)
        if isinstance(value, str) and value:
            params["text"] = value[:24]
    return BadCommand(exc.message, params=params)


def rounds_of(event: Tournament) -> list[Round]:
    return list(Round.objects.filter(tournament=event).order_by("number"))


def get_round(event: Tournament, number: Any) -> Round:
    found = (Round.objects.filter(tournament=event, number=number).first()
             if isinstance(number, int) else None)
    if found is None:
        raise NotFound(f"round {number!r} of this event is not seated yet",
                       params={"reason": "event_no_round"})
    return found


def _layout(event: Tournament) -> Layout:
    """The event's tables: its rules' seats, the leftover players at three-player tables
    when the organiser chose three-player rules for them, else substitutes."""
    if event.seats == 4 and event.short_config_id is not None:
        return Layout(table_size=4, fill=seating.Fill.THREE_PLAYER)
    return Layout(table_size=event.seats)


def _rules_for(event: Tournament, seats: int) -> tuple[str, str, dict[str, Any]]:
    """The ruleset, preset and options of a round's table of ``seats`` players: the
    event's, or at a short table its three-player rules (refused when the round was seated
    with three-player tables and the event has none any more: seat it again)."""
    if seats == event.seats:
        return event.ruleset, event.preset, dict(event.options)
    config = event.short_config
    if config is None:
        raise BadCommand("the round was seated with three-player tables; seat it again",
                         params={"reason": "event_short_seated"})
    options, _seats = seats_of(config)
    return config.ruleset, config.preset, options


def _history(event: Tournament, before: int) -> list[list[list[object]]]:
    """The rounds before ``before``, as tables of entry numbers in wind order (a
    substitute's seat is a :class:`Substitute`)."""
    rounds: dict[int, dict[int, list[object]]] = {}
    rows = (RoundSeat.objects.filter(round_table__round__tournament=event,
                                     round_table__round__number__lt=before)
            .order_by("round_table__round__number", "round_table__number", "position")
            .values_list("round_table__round__number", "round_table__number",
                         "entry__number"))
    for number, table, entry in rows:
        seats = rounds.setdefault(number, {}).setdefault(table, [])
        seats.append(entry if entry is not None else Substitute(len(seats) + 1))
    return [list(tables.values()) for _, tables in sorted(rounds.items())]


def _stored(tables: Sequence[Any]) -> list[list[int | None]]:
    """Tables (events.seating's, or seat lists) as stored: entry numbers, None for a
    substitute's seat."""
    return [[int(s) if not isinstance(s, Substitute) else None  # type: ignore[arg-type]
             for s in (t.seats if isinstance(t, seating.Table) else t)] for t in tables]


def _from_stored(tables: Sequence[Sequence[int | None]]) -> list[list[object]]:
    out: list[list[object]] = []
    subs = 0
    for seats in tables:
        row: list[object] = []
        for s in seats:
            if s is None:
                subs += 1
                row.append(Substitute(subs))
            else:
                row.append(s)
        out.append(row)
    return out


def _planned(event: Tournament, number: int, method: str) -> list[list[list[object]]]:
    """The stored plan's rounds from round ``number`` on, if it was made by ``method``."""
    plan = event.plan if isinstance(event.plan, dict) else {}
    first, rounds = plan.get("first"), plan.get("rounds")
    if plan.get("method") != method or not isinstance(first, int) \
            or not isinstance(rounds, list) or not first <= number < first + len(rounds):
        return []
    return [_from_stored(tables) for tables in rounds[number - first:]]


def _seed(event: Tournament, number: int) -> int:
    return event.pk * 1000 + number


def _plan_round(event: Tournament, number: int) -> seating.Plan:
    """The seating of round ``number`` by the event's method (its plan kept for later)."""
    from .standings import standings  # the standings read rounds too

    entries = list(Entry.objects.filter(tournament=event).exclude(status=Status.DROPPED)
                   .values_list("number", "status"))
    present = [n for n, status in entries if status == Status.ACTIVE]
    layout = _layout(event)
    history = _history(event, number)
    seed = _seed(event, number)
    method = event.seating
    if method == Method.FIXED:
        planned = _planned(event, number, method)
        if not planned:
            raise BadCommand(f"the fixed seating has no round {number}; type it in",
                             params={"reason": "event_no_fixed_round", "round": number})
        # Absent players the typing seats are replaced by substitutes when the round starts.
        return seating.fixed([planned[0]], [n for n, _ in entries], layout=layout,
                             everyone_plays=False, history=history)
    if method == Method.SWISS:
        table = standings(event)
        order = {row.entry.number: row.sort_value for row in table.rows}
        return seating.swiss(present, {n: order.get(n, 0.0) for n in present},
                             history=history, layout=layout, seed=seed,
                             time_limit=SEARCH_SECONDS)
    if method == Method.RANDOM:
        return seating.random_rounds(present, 1, history=history, layout=layout, seed=seed)
    left = max(1, event.rounds - number + 1)
    plan = seating.no_repeat(present, left, history=history, layout=layout, seed=seed,
                             start=_planned(event, number, method),
                             time_limit=SEARCH_SECONDS)
    event.plan = {"method": method, "first": number + 1,
                  "rounds": [_stored(tables) for tables in plan.rounds[1:]]}
    event.save(update_fields=["plan"])
    return plan


def unconfirmed_tables(round_: Round) -> list[int]:
    """The numbers of the round's tables with a hand not yet confirmed or disputed
    (confirmation by the table, issue 29), in order."""
    tables = {rt.table_id: rt.number for rt in RoundTable.objects.filter(
        round=round_, table__isnull=False).select_related("table")}
    counts = confirmations.unconfirmed(Table.objects.filter(pk__in=list(tables)))
    return sorted(tables[pk] for pk, count in counts.items() if count)


def refuse_unconfirmed(round_: Round) -> None:
    """An event that wants every hand confirmed before a round closes (its next round is
    seated) refuses while one is not, naming the tables."""
    waiting = unconfirmed_tables(round_)
    if waiting:
        raise BadCommand(
            f"round {round_.number} cannot close: hands are not confirmed at table(s) "
            f"{', '.join(map(str, waiting))}",
            params={"reason": "event_round_unconfirmed", "round": round_.number,
                    "tables": waiting})


def seat_round(event: Tournament, by: Actor) -> Round:
    """Seat the next round (or seat again the last one, not yet started) by the event's
    method; organisers only."""
    organiser_only(event, by)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=event.pk).first()
        last = Round.objects.filter(tournament=event).order_by("-number").first()
        number = 1 if last is None else last.number + (1 if last.started else 0)
        if number > event.rounds:
            raise BadCommand(f"all {event.rounds} rounds are seated",
                             params={"reason": "event_no_rounds_left", "max": event.rounds})
        if last is not None and last.started and event.confirm_before_close:
            refuse_unconfirmed(last)
        try:
            plan = _plan_round(event, number)
        except SeatingError as exc:
            raise seating_refusal(exc) from exc
        if last is not None and not last.started:
            last.delete()
        quality = {k: v for k, v in dataclasses.asdict(plan.quality).items()}
        made = Round.objects.create(tournament=event, number=number, method=event.seating,
                                    quality=quality)
        tables = RoundTable.objects.bulk_create(
            RoundTable(round=made, number=t) for t in range(1, len(plan.rounds[0]) + 1))
        by_number = dict(Entry.objects.filter(tournament=event).values_list("number", "pk"))
        RoundSeat.objects.bulk_create(
            RoundSeat(round_table=rt, position=p,
                      entry_id=None if isinstance(s, Substitute) else by_number[s])
            for rt, table in zip(tables, plan.rounds[0], strict=True)
            for p, s in enumerate(table.seats))
    transaction.on_commit(lambda: live.round_changed(event.pk))
    return made


def set_fixed(event: Tournament, text: Any, by: Actor) -> int:
    """The organiser's own seating for every round, typed (or an uploaded text file): one
    table a line, seats East first as entry numbers or names, ``*`` for a substitute; a
    blank line or ``# heading`` between rounds. Checked now (every playing player seated
    each round); the event is then seated by it. Returns the number of rounds."""
    organiser_only(event, by)
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_FIXED_TEXT:
        raise BadCommand("type the seating: one table a line",
                         params={"reason": "seating_empty"})
    check_text(text, "the seating")
    entries = list(Entry.objects.filter(tournament=event).select_related("player"))
    lookup: dict[str, object] = {}
    for entry in entries:
        lookup.setdefault(entry.player.display_name, entry.number)
    lookup.update({str(e.number): e.number for e in entries})
    active = [e.number for e in entries if e.status == Status.ACTIVE]
    started = Round.objects.filter(tournament=event, started_at__isnull=False).count()
    try:
        rounds = seating.parse_fixed(text, lookup)
        if started + len(rounds) > event.rounds:
            raise seating.BadRounds(f"the event has {event.rounds} rounds",
                                    {"max": event.rounds})
        seating.fixed(rounds, active, layout=_layout(event),
                      history=_history(event, started + 1))
    except SeatingError as exc:
        raise seating_refusal(exc) from exc
    event.seating = Method.FIXED
    event.plan = {"method": Method.FIXED, "first": started + 1,
                  "rounds": [_stored(tables) for tables in rounds]}
    event.save(update_fields=["seating", "plan"])
    return len(rounds)


def _seat(round_: Round, seat_id: Any) -> RoundSeat:
    seat = (RoundSeat.objects.select_related("round_table__table", "entry__player",
                                             "substitute")
            .filter(round_table__round=round_, pk=seat_id).first()
            if isinstance(seat_id, int) else None)
    if seat is None:
        raise NotFound("there is no such seat in this round", params={"reason": "event_seat"})
    return seat


def playing(seat: RoundSeat) -> Player | None:
    """Who plays the seat: its substitute, else its entry's player."""
    if seat.substitute is not None:
        return seat.substitute
    return seat.entry.player if seat.entry is not None else None


def swap(event: Tournament, number: int, first: Any, second: Any, by: Actor) -> None:
    """Swap the players of two seats of round ``number`` (organisers). After the start the
    tables' seats change players too, every hand staying with its seat: one transaction."""
    organiser_only(event, by)
    round_ = get_round(event, number)
    with transaction.atomic():
        a, b = _seat(round_, first), _seat(round_, second)
        if a.pk == b.pk:
            raise BadCommand("choose two different seats", params={"reason": "event_swap"})
        a.entry, b.entry = b.entry, a.entry
        a.substitute, b.substitute = b.substitute, a.substitute
        for seat in (a, b):
            seat.save(update_fields=["entry", "substitute"])
        if round_.started:
            moves = [(s.round_table.table, s.position, playing(s)) for s in (a, b)
                     if s.round_table.table is not None]
            games.reseat([(t, p, who) for t, p, who in moves if who is not None])
    transaction.on_commit(lambda: live.round_changed(event.pk, standings=round_.started))


def set_substitute(event: Tournament, number: int, seat_id: Any, name: Any, by: Actor) -> None:
    """Give a seat of round ``number`` to a substitute called ``name`` (organisers and
    referees: someone did not turn up), or back to its player (``name`` empty). After the
    start the table's seat changes player, its hands staying with it."""
    referee_only(event, by)
    round_ = get_round(event, number)
    name = name.strip() if isinstance(name, str) else ""
    if len(name) > 64:
        raise BadCommand("give the substitute a name of 1 to 64 characters",
                         params={"max": 64, "reason": "name_length"})
    with transaction.atomic():
        seat = _seat(round_, seat_id)
        if not name and seat.entry is None:
            raise BadCommand("a substitute's seat needs a substitute's name",
                             params={"reason": "event_substitute_name"})
        seat.substitute = (games.named_player(check_text(name, "the substitute's name"),
                                              by) if name else None)
        seat.save(update_fields=["substitute"])
        who = playing(seat)
        if round_.started and seat.round_table.table is not None and who is not None:
            games.reseat([(seat.round_table.table, seat.position, who)])
    transaction.on_commit(lambda: live.round_changed(event.pk, standings=round_.started))


def _substitute(number: int) -> Player:
    return Player.objects.create(display_name=gettext("Substitute %(number)s")
                                 % {"number": number})


def start_round(event: Tournament, number: int, by: Actor) -> Round:
    """Make each table of round ``number`` an mjsite table with the round's players in
    their seats (organisers): a seat without its player (a substitute's, or one whose
    player is absent or dropped out) goes to the substitute named for it, else to a new
    "Substitute n". The starting organiser is the tables' creator; an event of a group
    puts its tables in the group (its leaderboard, ratings and seasons count them)."""
    organiser_only(event, by)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=event.pk).first()
        round_ = get_round(event, number)
        if round_.started:
            raise BadCommand(f"round {number} has started",
                             params={"reason": "event_round_started", "round": number})
        seats = list(RoundSeat.objects.filter(round_table__round=round_)
                     .select_related("round_table", "entry__player", "substitute")
                     .order_by("round_table__number", "position"))
        subs = 0
        for seat in seats:
            away = seat.entry is None or seat.entry.status != Status.ACTIVE
            if away and seat.substitute is None:
                subs += 1
                seat.substitute = _substitute(subs)
                seat.save(update_fields=["substitute"])
        by_table: dict[int, list[RoundSeat]] = {}
        for seat in seats:
            by_table.setdefault(seat.round_table_id, []).append(seat)
        visibility = "public" if event.visibility == "public" else "link"
        for table_seats in by_table.values():
            round_table = table_seats[0].round_table
            name = gettext("%(event)s, round %(round)s, table %(table)s") % {
                "event": event.name, "round": number, "table": round_table.number}
            ruleset, preset, options = _rules_for(event, len(table_seats))
            table = games.create_table(
                name[:120], ruleset, preset, options,
                [playing(s) for s in table_seats], creator=by,  # type: ignore[misc]
                visibility=visibility, confirm_hands=event.confirm_hands)
            round_table.table = table
            round_table.save(update_fields=["table"])
            if event.group_id is not None:  # the group's event: its tables are the group's
                clubs.link_event_table(table, event.group)
        round_.started_at = timezone.now()
        round_.save(update_fields=["started_at"])
        clock.round_started(round_)  # a clock set before the start times the tables now
    transaction.on_commit(lambda: live.round_changed(event.pk, standings=True))
    return round_


@dataclasses.dataclass(frozen=True)
class MySeat:
    """Where the reader plays in the event's latest round with a seat for them."""

    round: int
    table: int
    position: int
    started: bool
    table_id: str  # the mjsite table's public id, once started
    substitute: str  # someone plays it for them


def my_seat(event: Tournament, actor: Actor) -> MySeat | None:
    entry = permissions.entry_of(event, actor)
    if entry is None:
        return None
    seat = (RoundSeat.objects.filter(entry=entry)
            .select_related("round_table__round", "round_table__table", "substitute")
            .order_by("-round_table__round__number").first())
    if seat is None:
        return None
    table = seat.round_table.table
    return MySeat(round=seat.round_table.round.number, table=seat.round_table.number,
                  position=seat.position, started=seat.round_table.round.started,
                  table_id=table.public_id if table is not None else "",
                  substitute=seat.substitute.display_name if seat.substitute else "")


def sit(event: Tournament, actor: Actor) -> Table:
    """The reader's table in the current round, with this browser seated at their seat
    (the one tap from their phone); a seat held by their other phone stays with it."""
    entry = permissions.entry_of(event, actor)
    mine = my_seat(event, actor)
    if entry is None or mine is None or not mine.table_id:
        raise NotFound("you have no table in this event yet",
                       params={"reason": "event_not_seated"})
    table = games.get_table(mine.table_id)
    if mine.substitute:
        return table  # someone plays it for them: they may watch
    try:
        games.claim_seat(table, mine.position, device=actor.device, user=actor.user,
                         join_key=table.join_key)
    except games.TableError:
        pass  # their other phone holds it, or no device: the table page says what they may
    return table
