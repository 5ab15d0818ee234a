"""What a Wuhu hand is recorded with (see :mod:`scoring.engine.entry`).

Bounds: 支 0-16 (fourteen tiles and two kongs' fourth tiles), 押 0-9, 嘴子 0-8, kongs 0-4.
Under ``cap_at_chips`` a score request may give each player's ``chips`` (a table fills
them in).
"""

from __future__ import annotations

from ...entry import (
    COMMON_PHRASES,
    EntrySpec,
    Field,
    OutcomeSpec,
    TileSet,
    cached,
    derived,
    flag,
    hand_tiles,
    number,
    player,
    request_common,
    seat_numbers,
)
from .mouths import ELEMENTS
from .options import Options

WINS = (("self_draw", "Self-draw"), ("discard", "Win on a discard"),
        ("tsumo", "Tsumo (self-draw)"), ("ron", "Ron (win on a discard)"))
PHRASES = {
    **COMMON_PHRASES,
    # Players count the hands of the game, not wind rounds.
    "round": "Hand %(hands)s",
    "zhi": "%(zhi)s zhi",
    "full": "full payment (全交)",
    "draw": "drawn hand (流局)",
}


def _quick_fields() -> tuple[Field, ...]:
    return (number("zhi", "Zhi (suit tiles)", 0, 16),
            number("ya", "Ya", 0, 9),
            Field("mouths", "count_or_choices", "Mouths", min=0, max=8, max_items=8,
                  choices=tuple((m.native, m.name) for m in ELEMENTS), group="quick"),
            number("exposed_kongs", "Exposed kongs", 0, 4),
            number("concealed_kongs", "Concealed kongs", 0, 4),
            flag("after_kong", "Win after a kong", group="quick"))


CHIPS = 10 ** 6  # bound on a player's chips (a stake of 100 and a long evening's debts)


def _request(o: Options) -> tuple[Field, ...]:
    chips = (Field("chips", "int_list", "Chips before the hand", min=-CHIPS, max=CHIPS,
                   group="table"),) if o.cap_at_chips else ()
    # Tiles give the suit counts and 嘴子; the table gives the seats and chips.
    return (*request_common(), *hand_tiles(),
            derived(Field("win", "choice", "Win", choices=WINS, group="seat")),
            *seat_numbers(),
            *(f if f.name == "after_kong" else derived(f) for f in _quick_fields()),
            *(derived(f) for f in chips))


@cached
def entry_spec(o: Options) -> EntrySpec:
    wins = Field("wins", "list", "Winner", max_items=1, required=True, fields=(
        player("winner", "Winner", required=True),
        player("discarder", "Discarder", nullable=True),
        Field("hand", "object", "Hand", fields=_request(o), group="tiles"),
        Field("quick", "object", "Quick entry", fields=_quick_fields(), group="quick")))
    return EntrySpec(
        ruleset="wuhu", players=4, tiles=TileSet(honours=True, flowers=False, chow=True),
        request=_request(o),
        outcomes=(OutcomeSpec("win", "Win", (wins,)),
                  OutcomeSpec("draw", "Exhaustive draw", ())),
        phrases=PHRASES)
