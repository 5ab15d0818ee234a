"""What a Ji'an hand is recorded with (see :mod:`scoring.engine.entry`): the win, and the
hand's 精 (the turned-up tiles and each player's count or 精 tiles).

Fields the options add: the win flags 天胡 / 地胡 (``heaven_earth_times``), 抢杠
(``robbing_kong``) and 德中德 (``dezhongde``); each player's discarded 精
(``discarded_jing``); the 下精 pairs (``lower_jing``); the hand's kongs (kong chips).
A player holds at most 16 kongs' worth of tiles in a hand, so 16 kongs bound the list.
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
    player,
    request_common,
    seat_numbers,
)
from .fans import SHAPES
from .options import Options

KONGS = (("exposed", "exposed"), ("concealed", "concealed"), ("jing", "four 精 (精杠)"))
WIN_FLAGS = (("heavenly_hand", "Heavenly hand", "heaven_earth_times"),
             ("earthly_hand", "Earthly hand", "heaven_earth_times"),
             ("robbing_kong", "Robbing a kong", "robbing_kong"),
             ("dezhongde", "Nobody else holds jing (德中德)", "dezhongde"))
WINS = (("self_draw", "Self-draw"), ("discard", "Win on a discard"),
        ("tsumo", "Tsumo (self-draw)"), ("ron", "Ron (win on a discard)"))
SHAPE_LABELS = {"plain": "Plain", "thirteen_lan": "Thirteen lan",
                "seven_star_lan": "Seven-star lan", "small_seven": "Small seven",
                "big_seven": "Big seven"}
PHRASES = {
    **COMMON_PHRASES,
    # Players count the hands of the game, not wind rounds.
    "round": "Hand %(hands)s",
    "deguo": "De guo (no wild jing)",
    "jing": "jing: %(counts)s",
    "draw": "drawn hand (荒庄)",
}


def _jing() -> Field:
    return Field("jing", "object", "Jing tiles turned up", group="table", fields=(
        Field("zheng", "tile", "Main jing (正精)", required=True, max_length=8),
        Field("fu", "tile", "Secondary jing (副精)", nullable=True, max_length=8)))


def _win_flags(o: Options) -> tuple[Field, ...]:
    return tuple(flag(name, label) for name, label, option in WIN_FLAGS if getattr(o, option))


def _quick_fields(o: Options) -> tuple[Field, ...]:
    return (choice("shape", "Shape", tuple((s, SHAPE_LABELS[s]) for s in SHAPES),
                   default="plain", group="quick"),
            flag("deguo", "De guo (no wild jing)", group="quick"),
            flag("jingdiao", "Jing diao", group="quick"),
            flag("after_kong", "Win after a kong", group="quick"), *_win_flags(o))


def _request(o: Options) -> tuple[Field, ...]:
    return (*request_common(), *hand_tiles(), _jing(),
            Field("win", "choice", "Win", choices=WINS, group="seat"), *seat_numbers(),
            *_quick_fields(o))


def _extras(o: Options, top: int) -> tuple[Field, ...]:
    """The outcome fields the options ask for beside the hand's 精."""
    out: list[Field] = []
    if o.discarded_jing:
        out += [Field("jing_discarded", "int_list", "Discarded jing per player", min=0,
                      max=top, group="table"),
                Field("jing_discarded_tiles", "tiles_list", "Discarded jing tiles per player",
                      max_length=32, group="table")]
    if o.lower_jing:
        out.append(Field("lower_jing", "list", "Lower jing (下精) turned at the end",
                         max_items=o.lower_jing, group="table", fields=(
                             Field("zheng", "tile", "Main jing (正精)", max_length=8),
                             Field("fu", "tile", "Secondary jing (副精)", nullable=True,
                                   max_length=8),
                             Field("jing_counts", "int_list", "Counted jing per player",
                                   min=0, max=top),
                             Field("jing_tiles", "tiles_list", "Jing tiles per player",
                                   max_length=32))))
    if o.exposed_kong or o.concealed_kong or o.jing_kong:
        out.append(Field("kongs", "list", "Kongs", max_items=16, group="table", fields=(
            player("player", "Player", required=True),
            choice("kong", "Kong", KONGS, required=True))))
    return tuple(out)


@cached
def entry_spec(o: Options) -> EntrySpec:
    top = 4 * (o.zheng_jing + o.fu_jing)
    extra = Field("extra", "object", "Jing", fields=(
        _jing(),
        Field("jing_counts", "int_list", "Counted jing per player", min=0, max=top),
        Field("jing_tiles", "tiles_list", "Jing tiles per player", max_length=32),
        *_extras(o, top)))
    wins = Field("wins", "list", "Winner", max_items=1, required=True, fields=(
        player("winner", "Winner", required=True),
        player("discarder", "Discarder", nullable=True),
        Field("hand", "object", "Hand", fields=_request(o), group="tiles"),
        Field("quick", "object", "Quick entry", fields=_quick_fields(o), group="quick")))
    return EntrySpec(
        ruleset="jian", players=4,
        tiles=TileSet(honours=True, flowers=False, chow=True, wildcards=True),
        request=_request(o),
        outcomes=(OutcomeSpec("win", "Win", (wins, extra)),
                  OutcomeSpec("draw", "Exhaustive draw", (extra,))),
        phrases=PHRASES)
