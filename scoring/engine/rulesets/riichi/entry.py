"""What a riichi hand is recorded with, under one set of options (see
:mod:`scoring.engine.entry`): the score request, the outcome types and their fields, the
summary phrases.

Bounds are what a real hand reaches with room to spare: han 1-100 (dora pile up on a
counted yakuman), fu 20-130, up to 20 stacked yakuman, hand points up to 1,000,000 (13
yakuman on a dealer's ron is 624,000), honba and riichi sticks up to 200.
"""

from __future__ import annotations

from ...entry import (
    COMMON_PHRASES,
    SEATS,
    EntrySpec,
    Field,
    OutcomeSpec,
    TileSet,
    cached,
    flag,
    hand_tiles,
    number,
    player,
    players,
    request_common,
    wind,
)
from .game import ABORTIVE_KINDS, FOUR_PLAYER_ABORTS
from .options import Options

FLAG_LABELS = (
    ("riichi", "Riichi (yaku)"), ("double_riichi", "Double riichi"),
    ("open_riichi", "Open riichi"), ("ippatsu", "Ippatsu"),
    ("rinshan", "After a kan (rinshan)"), ("chankan", "Robbing a kan (chankan)"),
    ("haitei", "Last tile (haitei)"), ("houtei", "Last discard (houtei)"),
    ("tenhou", "Tenhou"), ("chiihou", "Chiihou"), ("renhou", "Renhou"),
)
ABORTIVE_LABELS = {
    "kyuushu_kyuuhai": "Nine terminals", "suufon_renda": "Four winds discarded",
    "suucha_riichi": "Four riichi", "suukaikan": "Four kans", "sanchahou": "Triple ron",
}
PHRASES = {
    **COMMON_PHRASES,
    # The scoreboard and each hand's head: "East 2 · Honba 1 · Pot 2,000".
    "round": "%(wind)s %(number)s",
    "honba": "Honba %(honba)s",
    "pot": "Pot %(pot)s",
    "han_fu": "%(han)s han %(fu)s fu",
    "yakuman": "yakuman ×%(count)s",
    "limit": "%(limit)s",
    "draw_ready": "ready: %(names)s",
    "draw_none_ready": "nobody ready",
    "nagashi": "%(player)s nagashi mangan",
    "abortive": "abortive draw: %(kind)s",
    "chombo": "chombo by %(player)s",
    "head_bump": "%(player)s head-bumped",
}


def _hand_fields(o: Options) -> tuple[Field, ...]:
    flags = tuple(flag(name, label) for name, label in FLAG_LABELS
                  if name != "open_riichi" or o.open_riichi)
    # Three players set each North aside as a dora (kita) when it is nukidora.
    kita = ((number("kita", "North tiles set aside (kita)", 0, 4, group="indicator"),)
            if o.players == 3 and o.nukidora else ())
    return (*hand_tiles(chow=o.players == 4),
            Field("dora_indicators", "tile_list", "Dora indicators", max_items=5,
                  max_length=8, group="indicator"),
            Field("ura_indicators", "tile_list", "Ura dora indicators", max_items=5,
                  max_length=8, group="indicator"),
            *kita, *flags)


def _request(o: Options) -> tuple[Field, ...]:
    wins = (("ron", "Ron (win on a discard)"), ("tsumo", "Tsumo (self-draw)"))
    seats = SEATS[:o.players]
    return (*request_common(), *_hand_fields(o),
            Field("win", "choice", "Win", choices=wins, group="seat"),
            wind("seat_wind", "Seat wind", seats=seats), wind("round_wind", "Round wind"),
            wind("discarder", "Discarder", nullable=True, seats=seats),
            wind("pao", "Responsible player (pao)", nullable=True, seats=seats),
            flag("nagashi_mangan", "Nagashi mangan"),
            number("honba", "Honba", 0, 200, group="table"),
            number("riichi_sticks", "Riichi sticks on the table", 0, 200, group="table"))


def _quick() -> Field:
    return Field("quick", "object", "Quick entry", group="quick", fields=(
        number("han", "Han", 1, 100, default=1),
        number("fu", "Fu", 20, 130, default=30),
        number("yakuman", "Yakuman", 1, 20),
        number("pao_yakuman", "Yakuman the responsible player covers", 1, 20),
        number("points", "Points (instead of han/fu)", 100, 1_000_000)))


def _wins(o: Options, most: int, discarder_required: bool) -> Field:
    return Field("wins", "list", "Winners", max_items=most, required=True, fields=(
        player("winner", "Winner", required=True),
        player("discarder", "Discarder", required=discarder_required, nullable=True),
        player("pao", "Responsible player (pao)", nullable=True),
        Field("hand", "object", "Hand", fields=_request(o), group="tiles"),
        _quick()))


@cached
def entry_spec(o: Options) -> EntrySpec:
    riichi = players("riichi", "Riichi declared (stick in the pot)")
    tenpai = players("tenpai", "Ready (tenpai)")
    shown = Field("hands", "player_map", "Hands shown at the draw", group="tiles", fields=(
        Field("hand", "tiles", "Shown hand", max_length=64), Field(
            "melds", "melds", "Declared melds", max_items=4, max_length=40),
        flag("tenpai", "Ready (tenpai)")))
    # Known under every option: an empty list says nobody, a named player is refused by
    # the table rules when nagashi mangan is off.
    nagashi = players("nagashi", "Nagashi mangan")
    draw_extra = (shown, nagashi)
    outcomes = [
        OutcomeSpec("ron", "Ron (win on a discard)", (
            _wins(o, o.players - 1, True), riichi)),
        OutcomeSpec("tsumo", "Tsumo (self-draw)", (_wins(o, 1, False), riichi)),
        OutcomeSpec("draw", "Exhaustive draw", (
            tenpai, riichi, Field("extra", "object", "Draw", fields=draw_extra))),
    ]
    disabled: dict[str, str] = {}
    if o.nagashi_mangan:
        outcomes.append(OutcomeSpec("nagashi", "Nagashi mangan", (
            tenpai, riichi, Field("extra", "object", "Draw", fields=(shown, nagashi)))))
    else:
        disabled["nagashi"] = "nagashi_mangan"
    if o.abortive_draws:
        outcomes.append(OutcomeSpec("abortive", "Abortive draw", (
            riichi, Field("extra", "object", "Abortive draw", required=True, fields=(
                Field("kind", "choice", "Kind", required=True, choices=tuple(
                    (k, ABORTIVE_LABELS[k]) for k in ABORTIVE_KINDS
                    if o.players == 4 or k not in FOUR_PLAYER_ABORTS)),)))))
    else:
        disabled["abortive"] = "abortive_draws"
    outcomes.append(OutcomeSpec("chombo", "Chombo", (
        player("penalised", "Penalised player", required=True), riichi)))
    return EntrySpec(
        ruleset="riichi", players=o.players,
        tiles=TileSet(honours=True, flowers=False, red_fives=o.red_fives,
                      chow=o.players == 4),
        request=_request(o), outcomes=tuple(outcomes), phrases=PHRASES, disabled=disabled)


__all__ = ["ABORTIVE_LABELS", "FLAG_LABELS", "PHRASES", "SEATS", "entry_spec"]
