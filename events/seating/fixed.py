"""The organiser's own seating (uploaded or typed), checked before anyone sits down.

Pantheon's scripted seating hung when the script and the event disagreed (its issues
#300, #332, #784): a script for fewer players than registered, or one that did not seat
everyone. Here every such disagreement is a named error that says which player, round
and table, and an accepted seating always seats each present player once a round.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence

from .errors import (
    BadRounds,
    DuplicatePlayer,
    EmptySeating,
    PlayerMissing,
    PlayerTwice,
    UnknownPlayer,
    WrongTableSize,
)
from .methods import MAX_ROUNDS, History
from .model import FOUR, Fill, Layout, Plan, Player, Substitute, Table
from .quality import TableLike, measure, seats_of

SUBSTITUTE_MARK = "*"


def fixed(rounds: Sequence[Sequence[TableLike]], players: Sequence[Player], *,
          layout: Layout = FOUR, everyone_plays: bool = True,
          history: History = ()) -> Plan:
    """The given rounds as a plan, each table's seats in wind order (East first).

    Every seat is one of ``players`` or a :class:`Substitute`; a table has the layout's
    number of seats (or three, where three-player tables fill the event); no one sits
    twice in a round; and, when ``everyone_plays`` (the default), every player sits in
    every round. Organisers who seat only some players each round (Pantheon #300) pass
    ``everyone_plays=False``.
    """
    started = time.perf_counter()
    known = set()
    for p in players:
        if p in known:
            raise DuplicatePlayer(f"{p} is listed twice.", {"player": str(p)})
        known.add(p)
    if not rounds:
        raise EmptySeating("The seating has no rounds.")
    if len(rounds) > MAX_ROUNDS:
        raise BadRounds(f"Rounds must be from 1 to {MAX_ROUNDS}, not {len(rounds)}.",
                        {"count": len(rounds), "min": 1, "max": MAX_ROUNDS})
    sizes = [layout.table_size]
    if layout.fill is Fill.THREE_PLAYER:
        sizes.append(3)
    out = []
    for r, tables in enumerate(rounds, start=1):
        if not tables:
            raise EmptySeating(f"Round {r} has no tables.", {"round": r})
        seated: dict[Player, int] = {}
        made = []
        for t, table in enumerate(tables, start=1):
            seats = seats_of(table)
            where = {"round": r, "table": t}
            if len(seats) not in sizes:
                raise WrongTableSize(
                    f"Round {r}, table {t} has {len(seats)} seats; tables here have "
                    f"{' or '.join(map(str, sizes))}.", {**where, "size": len(seats),
                                                          "sizes": sizes})
            for seat in seats:
                if isinstance(seat, Substitute):
                    continue
                if seat not in known:
                    raise UnknownPlayer(f"Round {r}, table {t}: {seat} is not a player "
                                        "here.", {**where, "player": str(seat)})
                if seat in seated:
                    raise PlayerTwice(f"Round {r}: {seat} sits at table {seated[seat]} "
                                      f"and table {t}.",
                                      {**where, "player": str(seat),
                                       "tables": [seated[seat], t]})
                seated[seat] = t
            made.append(Table(seats))
        if everyone_plays:
            missing = [p for p in players if p not in seated]
            if missing:
                raise PlayerMissing(
                    f"Round {r} has no seat for {missing[0]}"
                    + (f" and {len(missing) - 1} more." if len(missing) > 1 else "."),
                    {"round": r, "player": str(missing[0]), "count": len(missing)})
        out.append(tuple(made))
    history_seats = [[seats_of(t) for t in tables] for tables in history]
    quality = measure(out, list(players), history_seats, layout, method="fixed",
                      seconds=time.perf_counter() - started)
    return Plan(tuple(out), quality)


_SEPARATORS = re.compile(r"[,;\t]")
_LOOSE = re.compile(r"[\s\-]+")


def parse_fixed(text: str, lookup: Mapping[str, Player]) -> list[list[list[object]]]:
    """Rounds of tables from text: one table a line, its seats in wind order, separated
    by commas, semicolons or tabs (or, on a line with none of those, by spaces or
    hyphens: ``1-2-3-4``); a blank line or a heading line starting with ``#`` ends a
    round. A seat is a key of ``lookup`` (a player's number or name, case aside) or
    ``*`` for a substitute. Check the result with :func:`fixed`."""
    folded = {key.strip().casefold(): player for key, player in lookup.items()}
    rounds: list[list[list[object]]] = []
    current: list[list[object]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            if current:
                rounds.append(current)
                current = []
            continue
        parts = _SEPARATORS.split(line) if _SEPARATORS.search(line) else _LOOSE.split(line)
        tokens = [p.strip() for p in parts if p.strip()]
        r, t = len(rounds) + 1, len(current) + 1
        table: list[object] = []
        for token in tokens:
            if token == SUBSTITUTE_MARK:
                subs = sum(isinstance(s, Substitute) for row in current for s in row)
                table.append(Substitute(subs + sum(isinstance(s, Substitute)
                                                   for s in table) + 1))
                continue
            player = lookup.get(token, folded.get(token.casefold(), _NOBODY))
            if player is _NOBODY:
                raise UnknownPlayer(f"Round {r}, table {t}: no player is called {token}.",
                                    {"round": r, "table": t, "token": token})
            table.append(player)
        current.append(table)
        if len(rounds) > MAX_ROUNDS:
            break
    if current:
        rounds.append(current)
    if not rounds:
        raise EmptySeating("The seating has no rounds.")
    return rounds


_NOBODY = object()
