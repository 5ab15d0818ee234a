"""What a Taiwan 16-tile hand is recorded with (see :mod:`scoring.engine.entry`).

A hand is one win (the table allows one winner, 截胡) or a drawn hand. Bounds: a hand of
16 tiles declares at most five sets; the 台 entered in quick mode 0-300 (the largest
hands of the 台數表 stay under 100: 天胡 with 大四喜 and 字一色 is 56); the dealer's 連莊
count 0-99, as :mod:`.score` reads them. Flowers are asked only where the table plays
with them.
"""

from __future__ import annotations

from ...entry import (
    COMMON_PHRASES,
    WIN_KINDS,
    EntrySpec,
    Field,
    OutcomeSpec,
    TileSet,
    cached,
    choice,
    flag,
    flower_tiles,
    hand_tiles,
    number,
    player,
    request_common,
    seat_numbers,
    wind,
)
from .options import Options

FLAG_LABELS = (
    ("after_kong", "Win on a replacement tile (after a kong or a flower)"),
    ("robbing_kong", "Robbing a kong"),
    ("last_tile", "Last tile of the wall, drawn or discarded"),
)
FIRST_TURNS = (("heavenly", "Heavenly hand"), ("earthly", "Earthly hand"),
               ("human", "Human hand"))
PHRASES = {
    **COMMON_PHRASES,
    # Players name a hand by its round (圈) and dealer, four rounds to the game (一將),
    # and count the dealer's consecutive deals (連莊), which the 台 pay for.
    "round": "%(wind)s round, hand %(number)s",
    "honba": "Dealer streak %(honba)s",
}
MOST_TAI = 300
MOST_STREAK = 99


def _hand(o: Options) -> tuple[Field, ...]:
    """The tiles-mode fields of a win: the tiles, flowers and how it was won."""
    flowers = flower_tiles("Flower win (八仙過海 or 七搶一)") if o.flowers else ()
    return (*hand_tiles(melds=5), *flowers,
            *(flag(name, label) for name, label in FLAG_LABELS),
            choice("first_turn", "First-turn win", FIRST_TURNS, nullable=True, group="flag"))


def _quick(required: bool = False) -> tuple[Field, ...]:
    return (number("tai", "Tai (without the dealer's)", 0, MOST_TAI, default=1,
                   required=required),)


def _request(o: Options) -> tuple[Field, ...]:
    return (*request_common(), *_hand(o), *_quick(),
            Field("win", "choice", "Win", choices=WIN_KINDS, group="seat"),
            *seat_numbers(), wind("round_wind", "Round wind"),
            number("dealer_streak", "Dealer streak (連莊)", 0, MOST_STREAK, group="table"))


@cached
def entry_spec(o: Options) -> EntrySpec:
    wins = Field("wins", "list", "Winner", max_items=1, required=True, fields=(
        player("winner", "Winner", required=True),
        player("discarder", "Discarder", nullable=True),
        Field("hand", "object", "Hand", fields=_hand(o), group="tiles"),
        Field("quick", "object", "Quick entry", fields=_quick(required=True),
              group="quick")))
    return EntrySpec(
        ruleset="taiwan", players=4,
        tiles=TileSet(honours=True, flowers=o.flowers, red_fives=0, chow=True, hand_size=16),
        request=_request(o),
        outcomes=(OutcomeSpec("win", "Win", (wins,)),
                  OutcomeSpec("draw", "Exhaustive draw", ())),
        phrases=PHRASES)
