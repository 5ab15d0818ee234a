"""What a riichi hand is recorded with, under one set of options (see
:mod:`scoring.engine.entry`): the score request, the outcome types and their fields, the
summary phrases.

Bounds are what a real hand reaches with room to spare: han 1-100 (dora pile up on a
counted yakuman), fu 20-130, up to 20 stacked yakuman, hand points up to 1,000,000 (13
yakuman on a dealer's ron is 624,000), honba and riichi sticks up to 200.
"""

from __future__ import annotations

from dataclasses import replace

from ...entry import (
    COMMON_PHRASES,
    WIND_CHOICES,
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
    players,
    request_common,
    wind,
)
from .game import ABORTIVE_KINDS, FOUR_PLAYER_ABORTS
from .options import Options
from .score import DORA_ITEMS
from .yaku import YAKU
from .yakuman import YAKUMAN

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


# The quick entry's yaku checklist: (key, han concealed, han with calls; 0 = concealed
# only), the common ones first. Yakuman add to the quick entry's yakuman.
CHECKLIST_HAN = (
    ("riichi", 1, 0), ("ippatsu", 1, 0), ("menzen_tsumo", 1, 0), ("pinfu", 1, 0),
    ("tanyao", 1, 1), ("dragon_white", 1, 1), ("dragon_green", 1, 1), ("dragon_red", 1, 1),
    ("seat_wind", 1, 1), ("round_wind", 1, 1), ("iipeikou", 1, 0), ("chiitoitsu", 2, 0),
    ("toitoi", 2, 2), ("sanshoku", 2, 1), ("ittsu", 2, 1), ("honitsu", 3, 2),
    ("chinitsu", 6, 5), ("chanta", 2, 1), ("junchan", 3, 2), ("sanankou", 2, 2),
    ("shousangen", 2, 2), ("honroutou", 2, 2), ("sanshoku_doukou", 2, 2),
    ("sankantsu", 2, 2), ("ryanpeikou", 3, 0), ("double_riichi", 2, 0),
    ("haitei", 1, 1), ("houtei", 1, 1), ("rinshan", 1, 1), ("chankan", 1, 1))
# Fu a quick entry gets from its yaku: seven pairs are always 25; pinfu 30 on a ron and
# 20 on a self-draw (where the pinfu tsumo earns no 2 fu).
CHECKLIST_FU = {"chiitoitsu": {"": 25}, "pinfu": {"ron": 30, "tsumo": 20}}


def _checklist() -> tuple[Tally, ...]:
    yaku = {y.key: y for y in YAKU}
    han = tuple(Tally(key, yaku[key].name, yaku[key].native, "han", closed,
                      open_value=opened, fu=CHECKLIST_FU.get(key, {}))
                for key, closed, opened in CHECKLIST_HAN)
    dora = tuple(Tally(i["key"], i["name"], i["native"], "han", 1, open_value=1, counted=True)
                 for i in DORA_ITEMS)
    limits = tuple(Tally(y.key, y.name, y.native, "yakuman", 1, open_value=1)
                   for y in YAKUMAN if y.key not in ("renhou_yakuman",))
    return (*han, *dora, *limits)


def _hand_fields(o: Options) -> tuple[Field, ...]:
    # Riichi itself is asked once, as the outcome's declaration (the winner listed there
    # has the yaku); double and open riichi stay flags of the hand.
    flags = tuple(derived(flag(name, label)) if name == "riichi" else flag(name, label)
                  for name, label in FLAG_LABELS if name != "open_riichi" or o.open_riichi)
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
    seats = WIND_CHOICES[:o.players]
    return (*request_common(), *_hand_fields(o),
            # The table knows how the hand was won, the seats, honba and sticks.
            *(derived(f) for f in (
                Field("win", "choice", "Win", choices=wins, group="seat"),
                wind("seat_wind", "Seat wind", seats=seats), wind("round_wind", "Round wind"),
                wind("discarder", "Discarder", nullable=True, seats=seats),
                wind("pao", "Responsible player (pao)", nullable=True, seats=seats),
                flag("nagashi_mangan", "Nagashi mangan"),
                number("honba", "Honba", 0, 200, group="table"),
                number("riichi_sticks", "Riichi sticks on the table", 0, 200, group="table"))))


def _quick() -> Field:
    # Empty until typed: a preview appears only for what the players entered.
    return Field("quick", "object", "Quick entry", group="quick", widget="han_fu", fields=(
        number("han", "Han", 1, 100),
        number("fu", "Fu", 20, 130),
        number("yakuman", "Yakuman", 1, 20),
        number("pao_yakuman", "Yakuman the responsible player covers", 1, 20),
        number("points", "Points (instead of han/fu)", 100, 1_000_000)))


def _wins(o: Options, most: int, discarder_required: bool) -> Field:
    discarder = player("discarder", "Discarder", required=discarder_required, nullable=True)
    # A ron's winners share its discarder (asked once); a tsumo has none to ask.
    discarder = replace(discarder, widget="shared") if discarder_required else derived(discarder)
    return Field("wins", "list", "Winners", max_items=most, required=True, fields=(
        player("winner", "Winner", required=True), discarder,
        Field("hand", "object", "Hand", fields=_request(o), group="tiles"),
        _quick(),
        # Rare, so asked after the hand.
        player("pao", "Responsible player (pao)", nullable=True)))


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
                      chow=o.players == 4,
                      out=tuple(f"{d}m" for d in range(2, 9)) if o.players == 3 else ()),
        request=_request(o), outcomes=tuple(outcomes), phrases=PHRASES, disabled=disabled,
        checklist=_checklist())


__all__ = ["ABORTIVE_LABELS", "FLAG_LABELS", "PHRASES", "entry_spec"]
