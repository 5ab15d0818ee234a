"""End of a riichi game: placement, uma, oka, leftover riichi sticks and final penalties.

Conventions (the alternatives are options of :class:`~.options.Options`):

* Places come from the points after the last hand; sticks still in the pot do not count.
  Ties (``tie_break``): ``seat_order`` ranks the earlier seat in the starting order higher
  (player 0, the first dealer, first); ``split`` gives tied players the same place and
  shares the uma of the places they cover (and the oka, if tied for top) evenly in
  multiples of 100, any odd 100 to the earlier seat.
* Oka: every player hands ``return - start`` to the top player, who so gains
  ``players * (return - start)`` and the others end at "points minus return points".
* Uma ``simple``: ``uma[place - 1]``. ``by_sinking``: the parlour table by how many players
  finish at or above the start points ("floating"), in thousands: one floating
  +12/-1/-3/-8, two +8/+4/-4/-8, three +8/+3/+1/-12; nobody or everybody floating (only
  possible when all are level) falls back to the ``uma`` list.
* Leftover sticks (``leftover_sticks``): ``top`` to the top player (shared by tied top
  players when ties are split), ``split`` shared by everyone tied for top, ``void`` gone:
  the pot is simply emptied (the final rows other than penalties then add up to zero).
* ``chombo = final_points``: each recorded chombo costs ``chombo_points`` after placement,
  deducted from the offender alone and paid to nobody (the EMA Riichi Competition Rules,
  2016 edition: a chombo costs the offender 20,000 points, -20 after uma, taken from their
  final score; the other players' scores do not change). Such a ``penalty`` row is the
  one final row outside play: the rows of every other reason add up to the pot they
  empty (see :func:`~scoring.engine.game.check_final_settlement`), and the club scores
  of a game with chombo add up to minus the penalties, as on an EMA score sheet.

:func:`final_table` reports each player's ``points`` (end points plus leftover sticks),
``place`` and the club ``score`` in thousands: ``(final points - start) / 1000`` after
every final row, which is ``(points - return) / 1000 + uma`` plus the oka for the top
(Tenhou style: 1st with 40,000 at 25,000/30,000 and uma 20 scores +50.0).
"""

from __future__ import annotations

from typing import Any

from ...game import GameState, LedgerRow, Rows, add_scores, ranking, split_evenly
from .options import Options

# Parlour uma by number of floating players (at or above start points), in points.
SINKING_UMA: dict[int, tuple[int, int, int, int]] = {
    1: (12000, -1000, -3000, -8000),
    2: (8000, 4000, -4000, -8000),
    3: (8000, 3000, 1000, -12000),
}


def _uma_values(points: list[int], opts: Options) -> tuple[int, ...]:
    # The parlour tables are for four players; three use the uma list as is.
    if opts.uma_style == "by_sinking" and opts.players == 4:
        floating = sum(1 for p in points if p >= opts.start_points)
        if floating in SINKING_UMA:
            return SINKING_UMA[floating]
    return tuple(opts.uma)


def _settle(state: GameState, opts: Options) -> tuple[Rows, dict[int, int]]:
    points = list(state["scores"])
    groups = ranking(points)
    rows = Rows()
    places: dict[int, int] = {}
    uma = _uma_values(points, opts)
    index = 0
    for group in groups:
        span = range(index, index + len(group))
        if opts.tie_break == "split":
            places.update(dict.fromkeys(group, index + 1))
            rows.add_deltas(split_evenly(sum(uma[i] for i in span), group, 100), "uma")
        else:
            for player, i in zip(group, span, strict=True):
                places[player] = i + 1
                rows.add(player, uma[i], "uma")
        index += len(group)
    top = groups[0] if opts.tie_break == "split" else groups[0][:1]
    oka = opts.return_points - opts.start_points
    everyone = range(opts.players)
    if oka:
        for player in everyone:
            rows.add(player, -oka, "oka")
        rows.add_deltas(split_evenly(opts.players * oka, top, 100), "oka")
    pot = state.get("pot", 0)
    if pot and opts.leftover_sticks != "void":
        receivers = groups[0] if opts.leftover_sticks == "split" else top
        rows.add_deltas(split_evenly(pot, receivers, 100), "leftover")
    counts = (state.get("extra") or {}).get("chombo") or [0] * opts.players
    if opts.chombo == "final_points":
        for offender, count in enumerate(counts):
            if count:
                rows.add(offender, -count * opts.chombo_points, "penalty")
    return rows, places


def final_settlement(state: GameState, opts: Options) -> list[LedgerRow]:
    """Rows ``uma``, ``oka``, ``leftover`` and ``penalty``; all but the penalties (taken
    from the offender, paid to nobody) add up to the pot they empty (zero with
    ``leftover_sticks = void`` or an empty pot)."""
    rows, _ = _settle(state, opts)
    return rows.rows()


def final_table(state: GameState, opts: Options) -> list[dict[str, Any]]:
    """``[{"player", "points", "place", "score"}]`` best first; see the module docstring."""
    rows, places = _settle(state, opts)
    ledger = rows.rows()
    leftover = [0] * opts.players
    for row in ledger:
        if row["reason"] == "leftover":
            leftover[row["player"]] += row["amount"]
    final = add_scores(state["scores"], ledger)
    table = [{"player": p, "points": state["scores"][p] + leftover[p], "place": places[p],
              "score": round((final[p] - opts.start_points) / 1000, 1)}
             for p in range(opts.players)]
    return sorted(table, key=lambda r: (r["place"], -r["points"], r["player"]))
