"""What a Sichuan hand (血战到底) is recorded with (see :mod:`scoring.engine.entry`).

A hand is one outcome of events in order (kongs and up to three wins) and, when the wall
ran out, every remaining player's state. Bounds: a hand's fan 0-30 (the seed's largest
is 9), 20 events (three wins and every kong a hand can hold); under 血流成河 a player may
win again and again, so 60 events and wins. Fields the options add: the 换三张 direction,
the 天胡 / 地胡 flags.
"""

from __future__ import annotations

from ...entry import (
    COMMON_PHRASES,
    EntrySpec,
    Field,
    OutcomeSpec,
    TileSet,
    cached,
    choice,
    flag,
    hand_tiles,
    number,
    player,
    players,
    request_common,
    seat_numbers,
)
from .options import Options

FLAG_LABELS = (
    ("after_kong", "Win after a kong"), ("kong_discard", "Discard after a kong"),
    ("robbing_kong", "Robbing a kong"), ("last_tile", "Last tile"),
)
FIRST_WIN_LABELS = (("heavenly_hand", "Heavenly hand", "heavenly_fan"),
                    ("earthly_hand", "Earthly hand", "earthly_fan"))
EXCHANGES = (("clockwise", "Clockwise"), ("counterclockwise", "Counter-clockwise"),
             ("across", "Across"))
SUITS = (("m", "Characters"), ("p", "Dots"), ("s", "Bamboo"))
KONGS = (("concealed", "concealed"), ("added", "added"), ("direct", "direct (from a discard)"))
WINS = (("self_draw", "Self-draw"), ("discard", "Win on a discard"),
        ("tsumo", "Tsumo (self-draw)"), ("ron", "Ron (win on a discard)"))
PHRASES = {
    **COMMON_PHRASES,
    # Players count the hands of the game, not wind rounds.
    "round": "Hand %(hands)s",
    "fan": "%(fan)s fan",
    "kong": "%(player)s: %(kind)s kong",
    "kong_transfer": "%(discarder)s's kong income goes to %(winner)s",
    "draw": "wall exhausted",
    "flower_pigs": "flower pigs: %(names)s",
    "ready": "ready: %(names)s",
}


def _flags(o: Options) -> tuple[Field, ...]:
    return (*(flag(name, label) for name, label in FLAG_LABELS),
            *(flag(name, label) for name, label, option in FIRST_WIN_LABELS
              if getattr(o, option)))


def _request(o: Options) -> tuple[Field, ...]:
    return (*request_common(), *hand_tiles(chow=False), *_flags(o),
            Field("win", "choice", "Win", choices=WINS, group="seat"),
            choice("missing_suit", "Missing suit (定缺)", SUITS, nullable=True),
            *seat_numbers(), players("players_in", "Players still in"),
            number("fan", "Fan (without self-draw)", 0, 30, default=0))


def _win_fields(o: Options) -> tuple[Field, ...]:
    return (player("winner", "Winner", required=True),
            player("discarder", "Discarder", nullable=True),
            Field("hand", "object", "Hand", fields=_request(o), group="tiles"),
            Field("quick", "object", "Quick entry", group="quick", fields=(
                number("fan", "Fan (without self-draw)", 0, 30, default=0, required=True),
                *_flags(o))),
            *_flags(o), flag("with_previous", "Same discard as the previous win"))


@cached
def entry_spec(o: Options) -> EntrySpec:
    most = 60 if o.blood_flow else 20
    event = Field("events", "list", "Events", max_items=most, fields=(
        choice("kind", "Event", (("kong", "Kong"), ("win", "Win")), required=True),
        player("player", "Player"), choice("kong", "Kong", KONGS),
        player("feeder", "Fed by"), *_win_fields(o)))
    draw = Field("draw", "list", "Players still in at the draw", fields=(
        player("player", "Player", required=True),
        Field("hand", "tiles", "Hand", max_length=64),
        Field("melds", "melds", "Declared melds", max_items=4, max_length=40),
        number("ready_fan", "Fan the hand waits for", 0, 30, nullable=True),
        flag("flower_pig", "Flower pig (花猪)")))
    exchange = (choice("exchange", "Three-tile exchange (换三张)", EXCHANGES, required=True,
                       group="table"),) if o.exchange_three else ()
    extra = Field("extra", "object", "Hand", fields=(
        event, draw, Field("missing_suits", "choice_list", "Missing suits (定缺)",
                           choices=SUITS), *exchange))
    wins = Field("wins", "list", "Wins", max_items=most if o.blood_flow else o.players - 1,
                 fields=_win_fields(o))
    return EntrySpec(
        ruleset="sichuan", players=o.players,
        tiles=TileSet(honours=False, flowers=False, red_fives=0, chow=False),
        request=_request(o),
        outcomes=(OutcomeSpec("hand", "Hand (wins, kongs, draw)", (extra, wins)),),
        phrases=PHRASES)
