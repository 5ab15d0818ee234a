"""What an MCR hand is recorded with (see :mod:`scoring.engine.entry`).

Bounds: a hand's fan 0-400 (the highest legal MCR hands score a little over 300 with
flowers), flowers 0-8.
"""

from __future__ import annotations

from ...entry import (
    COMMON_PHRASES,
    EntrySpec,
    Field,
    OutcomeSpec,
    Tally,
    TileSet,
    cached,
    derived,
    flag,
    hand_tiles,
    number,
    player,
    request_common,
    wind,
)
from .fans import FANS
from .options import Options

FLAG_LABELS = (
    ("last_tile", "Last tile of its kind"), ("kong", "Kong replacement or robbing"),
    ("wall_last", "Last tile of the wall"), ("heavenly_hand", "Heavenly hand"),
    ("earthly_hand", "Earthly hand"), ("human_hand", "Human hand"),
)
PHRASES = {
    **COMMON_PHRASES,
    # Sixteen hands in four wind rounds; players change seats between rounds.
    "round": "%(wind)s round, hand %(number)s",
    "fan": "%(fan)s fan",
    "penalty": "%(player)s false win, pays %(points)s to each",
}


def _request(o: Options) -> tuple[Field, ...]:
    wins = (("ron", "Ron (win on a discard)"), ("tsumo", "Tsumo (self-draw)"))
    return (*request_common(), *hand_tiles(),
            *(flag(name, label) for name, label in FLAG_LABELS),
            Field("flowers", "count_or_tiles", "Flowers", min=0, max=8, max_length=24,
                  group="tiles", help="a number, or flower tiles like 1f3f"),
            # The table knows how the hand was won and the winds.
            *(derived(f) for f in (
                Field("win", "choice", "Win", choices=wins, group="seat"),
                wind("seat_wind", "Seat wind"), wind("round_wind", "Round wind"),
                wind("discarder", "Discarder", nullable=True))))


@cached
def entry_spec(o: Options) -> EntrySpec:
    quick = Field("quick", "object", "Quick entry", group="quick", fields=(
        number("fan", "Fan (flowers included)", 0, 400, required=True),
        number("flowers", "Flowers", 0, 8)))
    wins = Field("wins", "list", "Winner", max_items=1, required=True, fields=(
        player("winner", "Winner", required=True),
        player("discarder", "Discarder", nullable=True),
        Field("hand", "object", "Hand", fields=_request(o), group="tiles"), quick))
    outcomes = (
        OutcomeSpec("win", "Win", (wins,)),
        OutcomeSpec("draw", "Exhaustive draw", ()),
        OutcomeSpec("penalty", "Penalty (false win)", (
            player("penalised", "Penalised player", required=True),)),
    )
    return EntrySpec(ruleset="mcr", players=4,
                     tiles=TileSet(honours=True, flowers=True, red_fives=0, chow=True),
                     request=_request(o), outcomes=outcomes, phrases=PHRASES,
                     checklist=_checklist())


def _checklist() -> tuple[Tally, ...]:
    # Every fan with a fixed worth, the ones a table scores most first: the 1- and 2-fan
    # patterns make up nearly every hand, the 88s almost none, so the list climbs from 1
    # to 88 (the official table's order within each worth). Flowers count in the quick
    # entry's fan, entered as a number.
    fans = sorted((f for f in FANS if f.points > 0), key=lambda f: f.points)
    return tuple(Tally(f.id, f.name_en, f.name_zh, "fan", f.points,
                       counted=f.id == "flower_tiles")
                 for f in fans)
