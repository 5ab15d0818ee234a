"""What a Sichuan hand (血战到底) is recorded with (see :mod:`scoring.engine.entry`).

A hand is one outcome of events in order (kongs and up to three wins) and, when the wall
ran out, every remaining player's state. Bounds: a hand's fan 0-30 (the seed's largest
is 9), 20 events (three wins and every kong a hand can hold); under 血流成河 a player may
win again and again, so 60 events and wins. Fields the options add: the 换三张 direction,
the 天胡 / 地胡 flags.
"""

from __future__ import annotations

from dataclasses import replace

from ...entry import (
    COMMON_PHRASES,
    EntrySpec,
    Field,
    OutcomeSpec,
    TileSet,
    asked_when,
    cached,
    choice,
    derived,
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
    # At a table the win's flags are asked once, on the win; the rest comes from the table.
    return (*request_common(), *hand_tiles(chow=False), *(derived(f) for f in _flags(o)),
            *(derived(f) for f in (
                Field("win", "choice", "Win", choices=WINS, group="seat"),
                choice("missing_suit", "Missing suit (定缺)", SUITS, nullable=True),
                *seat_numbers(), players("players_in", "Players still in"),
                number("fan", "Fan (without self-draw)", 0, 30))))


def _win_fields(o: Options) -> tuple[Field, ...]:
    return (player("winner", "Winner", required=True),
            player("discarder", "Discarder", nullable=True),
            Field("hand", "object", "Hand", fields=_request(o), group="tiles"),
            Field("quick", "object", "Quick entry", group="quick", fields=(
                replace(number("fan", "Fan (without self-draw)", 0, 30, required=True),
                        widget="steps"),
                *(derived(f) for f in _flags(o)))),
            *_flags(o), flag("with_previous", "Same discard as the previous win"))


@cached
def entry_spec(o: Options) -> EntrySpec:
    most = 60 if o.blood_flow else 20
    # Events come one after another: the sheet offers the next as the last is filled in.
    event = Field("events", "list", "Events", max_items=most, widget="sequence", fields=(
        choice("kind", "Event", (("kong", "Kong"), ("win", "Win")), required=True),
        *(asked_when(f, "kind", "kong") for f in (
            player("player", "Player"), choice("kong", "Kong", KONGS),
            player("feeder", "Fed by"))),
        *(asked_when(f, "kind", "win") for f in _win_fields(o))))
    draw = Field("draw", "list", "Players still in at the draw", widget="per_player", fields=(
        player("player", "Player", required=True),
        Field("hand", "tiles", "Hand", max_length=64),
        Field("melds", "melds", "Declared melds", max_items=4, max_length=40),
        number("ready_fan", "Fan the hand waits for", 0, 30, nullable=True),
        flag("flower_pig", "Flower pig (花猪)")))
    exchange = (choice("exchange", "Three-tile exchange (换三张)", EXCHANGES, required=True,
                       group="table"),) if o.exchange_three else ()
    # 三人两房 has no 定缺: with a suit out, each hand already lacks one (not asked; the
    # table rules refuse it by name).
    missing_suits = Field("missing_suits", "choice_list", "Missing suits (定缺)", choices=SUITS)
    missing = (missing_suits if o.players == 4 else derived(missing_suits),)
    # In the order of the hand: the exchange and 定缺 first, the events, then the draw.
    extra = Field("extra", "object", "Hand", fields=(
        *exchange, *missing, event, draw))
    # The API's shorter form of a hand with wins only; the record form lists events.
    wins = derived(Field("wins", "list", "Wins",
                         max_items=most if o.blood_flow else o.players - 1,
                         fields=_win_fields(o)))
    return EntrySpec(
        ruleset="sichuan", players=o.players,
        tiles=TileSet(honours=False, flowers=False, red_fives=0, chow=False,
                      out=tuple(f"{d}{o.removed_suit}" for d in range(1, 10))
                      if o.players == 3 else ()),
        request=_request(o),
        outcomes=(OutcomeSpec("hand", "Hand (wins, kongs, draw)", (extra, wins)),),
        phrases=PHRASES)
