"""What a Hong Kong hand is recorded with (see :mod:`scoring.engine.entry`).

A hand is one win (one winner, 截糊), a drawn hand or a false win (詐糊). Bounds, as
:mod:`.score` reads them: the fan entered in quick mode 0-99 (the limit is 20 at most),
of them from flowers 0-8; a hand of 13 tiles declares at most four sets. Flowers are
asked only where the table plays with them.
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
    ("after_kong", "Win after a kong"),
    ("double_kong", "Win after two kongs in a row (槓上槓)"),
    ("robbing_kong", "Robbing a kong"),
    ("last_tile", "Last tile of the wall (海底撈月)"),
)
FIRST_TURNS = (("heavenly", "Heavenly hand"), ("earthly", "Earthly hand"))
FLOWER_WIN = "Flower win (花糊 or 八仙過海)"
PHRASES = {
    **COMMON_PHRASES,
    # Players name a hand by its wind round (圈) and dealer, four rounds to the game; the
    # dealer's repeated deals pay nothing in the old style, so they are not counted.
    "round": "%(wind)s round, hand %(number)s",
    "fan": "%(fan)s fan",
}
MOST_FAN = 99
FLOWER_FAN = 8


def _hand(o: Options) -> tuple[Field, ...]:
    """The tiles-mode fields of a win: the tiles, flowers and how it was won."""
    flowers = flower_tiles(FLOWER_WIN) if o.flowers else ()
    return (*hand_tiles(), *flowers,
            *(flag(name, label) for name, label in FLAG_LABELS),
            choice("first_turn", "First-turn win", FIRST_TURNS, nullable=True, group="flag"))


def _quick(o: Options, required: bool = False) -> tuple[Field, ...]:
    fan = number("fan", "Fan (flowers included)", 0, MOST_FAN, default=3, required=required)
    if not o.flowers:
        return (fan,)
    return (fan, number("flowers", "Fan from flowers", 0, FLOWER_FAN, default=0))


def _request(o: Options) -> tuple[Field, ...]:
    # A request is in tiles mode or quick mode; "flowers" is the tiles drawn in the one
    # and the fan they make in the other.
    flowers = (Field("flowers", "count_or_tiles", "Flowers", min=0, max=FLOWER_FAN,
                     max_length=24, group="tiles",
                     help="the flowers drawn like 1f6f, or in quick mode their fan"),
               flag("flower_win", FLOWER_WIN)) if o.flowers else ()
    hand = tuple(f for f in _hand(o) if f.name not in ("flowers", "flower_win"))
    return (*request_common(), *hand, *flowers, _quick(o)[0],
            Field("win", "choice", "Win", choices=WIN_KINDS, group="seat"),
            *seat_numbers(), wind("round_wind", "Round wind"),
            player("pao", "Responsible player (包自摸)", nullable=True))


@cached
def entry_spec(o: Options) -> EntrySpec:
    wins = Field("wins", "list", "Winner", max_items=1, required=True, fields=(
        player("winner", "Winner", required=True),
        player("discarder", "Discarder", nullable=True),
        player("pao", "Responsible player (包自摸)", nullable=True),
        Field("hand", "object", "Hand", fields=_hand(o), group="tiles"),
        Field("quick", "object", "Quick entry", fields=_quick(o, required=True),
              group="quick")))
    return EntrySpec(
        ruleset="hongkong", players=4,
        tiles=TileSet(honours=True, flowers=o.flowers, red_fives=0, chow=True),
        request=_request(o),
        outcomes=(OutcomeSpec("win", "Win", (wins,)),
                  OutcomeSpec("draw", "Exhaustive draw", ()),
                  OutcomeSpec("false_win", "False win (詐糊)", (
                      player("penalised", "Penalised player", required=True),))),
        phrases=PHRASES)
