"""The official 81 fans of Chinese Official mahjong (国标麻将) as data.

This table is the single machine-readable description of the fans: the scorer takes
points and exclusions from it, the fan reference page and the difficulty index read
names, definitions and example hands from it. ``excludes`` lists the fans a hand does not
also score when it scores this one (the 不计 column of the official table); an entry
``"id:n"`` excludes only ``n`` occurrences (e.g. 九莲宝灯 covers one 幺九刻). Exclusions
are not transitive (四暗刻 drops 不求人 but a self-drawn 四暗刻 still scores 自摸), so a
fan that covers another completely lists what that one covers too.

Example hands are score requests in this project's notation (m characters, p dots,
s bamboo, z honours 1-7 = East South West North White Green Red): ``hand`` holds the
thirteen concealed tiles before the win, ``win_tile`` the fourteenth.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class FanDef:
    id: str
    name_zh: str
    name_en: str
    points: int
    definition: str
    example: dict[str, Any]
    excludes: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "name_zh": self.name_zh, "name_en": self.name_en,
            "points": self.points, "definition": self.definition,
            "example": dict(self.example), "excludes": list(self.excludes),
        }


def _ex(hand: str, win_tile: str, win: str = "ron", melds: tuple[str, ...] = (),
        **flags: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"hand": hand, "win_tile": win_tile, "win": win}
    if melds:
        out["melds"] = list(melds)
    out.update(flags)
    return out


_CONCEALED_SPECIAL = ("concealed_hand", "fully_concealed_hand", "single_wait")

FANS: tuple[FanDef, ...] = (
    # 88
    FanDef("big_four_winds", "大四喜", "Big Four Winds", 88,
           "Pungs or kongs of all four winds.",
           _ex("111222333444z5m", "5m", "tsumo"),
           ("big_three_winds", "all_pungs", "prevalent_wind", "seat_wind",
            "pung_of_terminals_or_honors")),
    FanDef("big_three_dragons", "大三元", "Big Three Dragons", 88,
           "Pungs or kongs of all three dragons.",
           _ex("555666777z123m9p", "9p"),
           ("two_dragon_pungs", "dragon_pung")),
    FanDef("all_green", "绿一色", "All Green", 88,
           "Only green tiles: 2, 3, 4, 6, 8 of bamboo and the green dragon.",
           _ex("22334466688s66z", "8s"),
           ("half_flush", "one_voided_suit")),
    FanDef("nine_gates", "九莲宝灯", "Nine Gates", 88,
           "Concealed 1112345678999 of one suit waiting on all nine tiles of that suit.",
           _ex("1112345678999m", "5m"),
           ("full_flush", "no_honors", "one_voided_suit", "concealed_hand",
            "fully_concealed_hand", "pung_of_terminals_or_honors:1")),
    FanDef("four_kongs", "四杠", "Four Kongs", 88,
           "Four kongs, exposed or concealed.",
           _ex("5z", "5z", "ron", ("kan 1111m", "kan 2222p", "ankan 3333s", "kan 4444z")),
           ("three_kongs", "two_melded_kongs", "two_concealed_kongs", "melded_kong",
            "concealed_kong", "all_pungs", "single_wait")),
    FanDef("seven_shifted_pairs", "连七对", "Seven Shifted Pairs", 88,
           "Seven pairs of one suit in consecutive ranks.",
           _ex("1122334455667m", "7m"),
           ("full_flush", "seven_pairs", "no_honors", "one_voided_suit")
           + _CONCEALED_SPECIAL),
    FanDef("thirteen_orphans", "十三幺", "Thirteen Orphans", 88,
           "One of each terminal and honour plus a second copy of one of them.",
           _ex("19m19p19s1234567z", "1m"),
           ("all_types", "all_terminals_and_honors", "outside_hand") + _CONCEALED_SPECIAL),
    # 64
    FanDef("all_terminals", "清幺九", "All Terminals", 64,
           "Only 1s and 9s of the suits.",
           _ex("111999m111999p1s", "1s"),
           ("all_pungs", "outside_hand", "pung_of_terminals_or_honors", "no_honors",
            "all_terminals_and_honors", "double_pung")),
    FanDef("little_four_winds", "小四喜", "Little Four Winds", 64,
           "Pungs or kongs of three winds and a pair of the fourth.",
           _ex("111222333z4z123m", "4z"),
           ("big_three_winds", "pung_of_terminals_or_honors")),
    FanDef("little_three_dragons", "小三元", "Little Three Dragons", 64,
           "Pungs or kongs of two dragons and a pair of the third.",
           _ex("55566677z123m45p", "6p"),
           ("two_dragon_pungs", "dragon_pung")),
    FanDef("all_honors", "字一色", "All Honors", 64,
           "Only winds and dragons.",
           _ex("1112223335556z", "6z"),
           ("all_pungs", "pung_of_terminals_or_honors", "outside_hand",
            "all_terminals_and_honors")),
    FanDef("four_concealed_pungs", "四暗刻", "Four Concealed Pungs", 64,
           "Four pungs or kongs made without claiming a discard.",
           _ex("111444m222p333s5p", "5p", "tsumo"),
           ("all_pungs", "concealed_hand", "fully_concealed_hand", "three_concealed_pungs",
            "two_concealed_pungs")),
    FanDef("pure_terminal_chows", "一色双龙会", "Pure Terminal Chows", 64,
           "Two 123 and two 789 chows of one suit with a pair of 5 of that suit.",
           _ex("1231237897895m", "5m"),
           ("seven_pairs", "full_flush", "all_chows", "pure_double_chow",
            "two_terminal_chows", "no_honors", "one_voided_suit")),
    # 48
    FanDef("quadruple_chow", "一色四同顺", "Quadruple Chow", 48,
           "Four identical chows of one suit.",
           _ex("123123123123m5p", "5p"),
           ("pure_shifted_pungs", "tile_hog", "pure_double_chow", "pure_triple_chow")),
    FanDef("four_pure_shifted_pungs", "一色四节高", "Four Pure Shifted Pungs", 48,
           "Four pungs or kongs of one suit in consecutive ranks.",
           _ex("111222333444m5p", "5p"),
           ("pure_triple_chow", "pure_shifted_pungs", "all_pungs")),
    # 32
    FanDef("four_pure_shifted_chows", "一色四步高", "Four Pure Shifted Chows", 32,
           "Four chows of one suit each one or each two ranks above the last.",
           _ex("123234345456m9p", "9p"),
           ("pure_shifted_chows", "short_straight", "two_terminal_chows")),
    FanDef("three_kongs", "三杠", "Three Kongs", 32,
           "Three kongs, exposed or concealed.",
           _ex("456m5p", "5p", "ron", ("kan 1111m", "kan 2222p", "kan 3333s")),
           ("two_melded_kongs", "two_concealed_kongs", "melded_kong", "concealed_kong")),
    FanDef("all_terminals_and_honors", "混幺九", "All Terminals and Honors", 32,
           "Only terminals and honours, both present.",
           _ex("111m999p111s1117z", "7z"),
           ("all_pungs", "pung_of_terminals_or_honors", "outside_hand")),
    # 24
    FanDef("seven_pairs", "七对", "Seven Pairs", 24,
           "Seven pairs; four identical tiles count as two pairs.",
           _ex("1133m5577p22s334z", "4z"),
           _CONCEALED_SPECIAL),
    FanDef("greater_honors_and_knitted_tiles", "七星不靠", "Greater Honors and Knitted Tiles",
           24, "All seven honours plus seven tiles of one knitted straight.",
           _ex("147m25p36s123456z", "7z"),
           ("lesser_honors_and_knitted_tiles", "all_types") + _CONCEALED_SPECIAL),
    FanDef("all_even_pungs", "全双刻", "All Even Pungs", 24,
           "Four pungs or kongs and the pair, all of 2, 4, 6 or 8.",
           _ex("222444m666p888s2s", "2s"),
           ("all_pungs", "all_simples", "no_honors")),
    FanDef("full_flush", "清一色", "Full Flush", 24,
           "Only tiles of one suit.",
           _ex("1122334567779m", "9m"),
           ("no_honors", "one_voided_suit")),
    FanDef("pure_triple_chow", "一色三同顺", "Pure Triple Chow", 24,
           "Three identical chows of one suit.",
           _ex("123123m456p9s", "9s", "ron", ("chi 123m",)),
           ("pure_shifted_pungs", "pure_double_chow")),
    FanDef("pure_shifted_pungs", "一色三节高", "Pure Shifted Pungs", 24,
           "Three pungs or kongs of one suit in consecutive ranks.",
           _ex("666777m123p9s", "9s", "ron", ("pon 555m",)),
           ("pure_triple_chow",)),
    FanDef("upper_tiles", "全大", "Upper Tiles", 24,
           "Only 7, 8 and 9 of the suits.",
           _ex("777888999m789p9s", "9s"),
           ("upper_four", "no_honors")),
    FanDef("middle_tiles", "全中", "Middle Tiles", 24,
           "Only 4, 5 and 6 of the suits.",
           _ex("444555666m456p5s", "5s"),
           ("all_simples", "no_honors")),
    FanDef("lower_tiles", "全小", "Lower Tiles", 24,
           "Only 1, 2 and 3 of the suits.",
           _ex("111222333m123p3s", "3s"),
           ("lower_four", "no_honors")),
    # 16
    FanDef("pure_straight", "清龙", "Pure Straight", 16,
           "Chows 123, 456 and 789 of one suit.",
           _ex("123456789m123p9s", "9s"),
           ("short_straight", "two_terminal_chows")),
    FanDef("three_suited_terminal_chows", "三色双龙会", "Three-Suited Terminal Chows", 16,
           "123 and 789 chows in two suits with a pair of 5 in the third.",
           _ex("123789m123789p5s", "5s"),
           ("mixed_double_chow", "two_terminal_chows", "no_honors", "all_chows")),
    FanDef("pure_shifted_chows", "一色三步高", "Pure Shifted Chows", 16,
           "Three chows of one suit each one or each two ranks above the last.",
           _ex("123234345m678p9s", "9s")),
    FanDef("all_fives", "全带五", "All Five", 16,
           "Every set and the pair contain a 5.",
           _ex("456555m3455p567s", "5p"),
           ("all_simples", "no_honors")),
    FanDef("triple_pung", "三同刻", "Triple Pung", 16,
           "Pungs or kongs of the same rank in all three suits.",
           _ex("222456m2229p222s", "9p"),
           ("double_pung",)),
    FanDef("three_concealed_pungs", "三暗刻", "Three Concealed Pungs", 16,
           "Three pungs or kongs made without claiming a discard.",
           _ex("111789m333p555s2z", "2z"),
           ("two_concealed_pungs",)),
    # 12
    FanDef("lesser_honors_and_knitted_tiles", "全不靠", "Lesser Honors and Knitted Tiles", 12,
           "Fourteen single tiles: honours and tiles of one knitted straight, no pairs.",
           _ex("147m258p36s12345z", "6z"),
           ("all_types",) + _CONCEALED_SPECIAL),
    FanDef("knitted_straight", "组合龙", "Knitted Straight", 12,
           "147, 258 and 369 in three different suits (nine tiles), plus a set and a pair.",
           _ex("147m258p369s456m9p", "9p")),
    FanDef("upper_four", "大于五", "Upper Four", 12,
           "Only 6, 7, 8 and 9 of the suits.",
           _ex("678m678p789666s9m", "9m"),
           ("no_honors",)),
    FanDef("lower_four", "小于五", "Lower Four", 12,
           "Only 1, 2, 3 and 4 of the suits.",
           _ex("111123m234p444s2s", "2s"),
           ("no_honors",)),
    FanDef("big_three_winds", "三风刻", "Big Three Winds", 12,
           "Pungs or kongs of three winds.",
           _ex("111222333z123m9p", "9p")),
    # 8
    FanDef("mixed_straight", "花龙", "Mixed Straight", 8,
           "Chows 123, 456 and 789, each in a different suit.",
           _ex("123m456p789s111z9m", "9m")),
    FanDef("reversible_tiles", "推不倒", "Reversible Tiles", 8,
           "Only tiles that look the same upside down: 1234589 dots, 245689 bamboo, "
           "white dragon.",
           _ex("123345p456888s5z", "5z"),
           ("one_voided_suit",)),
    FanDef("mixed_triple_chow", "三色三同顺", "Mixed Triple Chow", 8,
           "The same chow in all three suits.",
           _ex("123456m1239p123s", "9p"),
           ("mixed_double_chow",)),
    FanDef("mixed_shifted_pungs", "三色三节高", "Mixed Shifted Pungs", 8,
           "Pungs or kongs in three suits in consecutive ranks.",
           _ex("222567m333p444s9s", "9s")),
    FanDef("chicken_hand", "无番和", "Chicken Hand", 8,
           "A winning hand that scores no other fan (flowers aside).",
           _ex("45s11z", "3s", "ron", ("chi 234m", "pon 666p", "chi 789s"))),
    FanDef("last_tile_draw", "妙手回春", "Last Tile Draw", 8,
           "Winning by self-draw on the last tile of the wall.",
           _ex("123456789m123p9s", "9s", "tsumo", wall_last=True),
           ("self_drawn",)),
    FanDef("last_tile_claim", "海底捞月", "Last Tile Claim", 8,
           "Winning on the discard of the last tile of the wall.",
           _ex("123456789m123p9s", "9s", "ron", wall_last=True)),
    FanDef("out_with_replacement_tile", "杠上开花", "Out with Replacement Tile", 8,
           "Winning by self-draw on the replacement tile drawn after a kong.",
           _ex("123456789m9s", "9s", "tsumo", ("kan 5555p",), kong=True),
           ("self_drawn",)),
    FanDef("robbing_the_kong", "抢杠和", "Robbing the Kong", 8,
           "Winning on a tile another player adds to an exposed pung to make a kong.",
           _ex("123456m55p13s", "2s", "ron", ("pon 999s",), kong=True),
           ("last_tile",)),
    # 6
    FanDef("all_pungs", "碰碰和", "All Pungs", 6,
           "Four pungs or kongs and a pair.",
           _ex("555s777m2z", "2z", "ron", ("pon 111m", "pon 333p"))),
    FanDef("half_flush", "混一色", "Half Flush", 6,
           "One suit plus honours.",
           _ex("123345777m1115z", "5z"),
           ("one_voided_suit",)),
    FanDef("mixed_shifted_chows", "三色三步高", "Mixed Shifted Chows", 6,
           "Chows in three suits, each one rank above another.",
           _ex("123678m2349p345s", "9p")),
    FanDef("all_types", "五门齐", "All Types", 6,
           "Characters, dots, bamboo, winds and dragons all present.",
           _ex("123m345p567s111z5z", "5z")),
    FanDef("melded_hand", "全求人", "Melded Hand", 6,
           "Four exposed sets and winning on a discard as a single wait on the pair.",
           _ex("9m", "9m", "ron", ("chi 123m", "pon 555p", "chi 678s", "pon 111z")),
           ("single_wait",)),
    FanDef("two_concealed_kongs", "双暗杠", "Two Concealed Kongs", 6,
           "Two concealed kongs.",
           _ex("456789s5p", "5p", "ron", ("ankan 1111m", "ankan 2222p")),
           ("concealed_kong", "two_concealed_pungs")),
    FanDef("two_dragon_pungs", "双箭刻", "Two Dragon Pungs", 6,
           "Pungs or kongs of two dragons.",
           _ex("555666z123m456p9s", "9s"),
           ("dragon_pung",)),
    # 4
    FanDef("outside_hand", "全带幺", "Outside Hand", 4,
           "Every set and the pair contain a terminal or an honour.",
           _ex("123789m123p111z9s", "9s")),
    FanDef("fully_concealed_hand", "不求人", "Fully Concealed Hand", 4,
           "No claimed sets (concealed kongs allowed) and winning by self-draw.",
           _ex("555666777s5556p", "7p", "tsumo"),
           ("concealed_hand", "self_drawn")),
    FanDef("two_melded_kongs", "双明杠", "Two Melded Kongs", 4,
           "Two exposed kongs.",
           _ex("456789s5p", "5p", "ron", ("kan 1111m", "kan 2222p")),
           ("melded_kong",)),
    FanDef("last_tile", "和绝张", "Last Tile", 4,
           "Winning on the last copy of a tile when the other three are already exposed.",
           _ex("123456789m12p99s", "3p", "ron", last_tile=True)),
    # 2
    FanDef("dragon_pung", "箭刻", "Dragon Pung", 2,
           "A pung or kong of a dragon.",
           _ex("555z123m456p678s9p", "9p")),
    FanDef("prevalent_wind", "圈风刻", "Prevalent Wind", 2,
           "A pung or kong of the round wind.",
           _ex("111z123m456p678s9p", "9p", seat_wind="S", round_wind="E")),
    FanDef("seat_wind", "门风刻", "Seat Wind", 2,
           "A pung or kong of the player's own seat wind.",
           _ex("222z123m456p678s9p", "9p", seat_wind="S", round_wind="E")),
    FanDef("concealed_hand", "门前清", "Concealed Hand", 2,
           "No claimed sets (concealed kongs allowed) and winning on a discard.",
           _ex("123456m456p5688s", "7s")),
    FanDef("all_chows", "平和", "All Chows", 2,
           "Four chows and a pair of a suit.",
           _ex("123456m456p5688s", "7s"),
           ("no_honors",)),
    FanDef("tile_hog", "四归一", "Tile Hog", 2,
           "All four copies of a tile used without declaring them as a kong.",
           _ex("234444m567p5578s", "9s")),
    FanDef("double_pung", "双同刻", "Double Pung", 2,
           "Pungs or kongs of the same rank in two suits.",
           _ex("222m222p456789s5m", "5m")),
    FanDef("two_concealed_pungs", "双暗刻", "Two Concealed Pungs", 2,
           "Two pungs or kongs made without claiming a discard.",
           _ex("222m444p678s9s", "9s", "ron", ("chi 123m",))),
    FanDef("concealed_kong", "暗杠", "Concealed Kong", 2,
           "A concealed kong.",
           _ex("123m456p789s5m", "5m", "ron", ("ankan 2222s",))),
    FanDef("all_simples", "断幺", "All Simples", 2,
           "No terminals or honours.",
           _ex("234m456p678s4p", "4p", "ron", ("pon 666m",)),
           ("no_honors",)),
    # 1
    FanDef("pure_double_chow", "一般高", "Pure Double Chow", 1,
           "Two identical chows of one suit.",
           _ex("123123m456p678s5m", "5m")),
    FanDef("mixed_double_chow", "喜相逢", "Mixed Double Chow", 1,
           "The same chow in two suits.",
           _ex("123m123p789p4566s", "6s")),
    FanDef("short_straight", "连六", "Short Straight", 1,
           "Two chows of one suit making six consecutive ranks.",
           _ex("123456m1678p789s", "1p")),
    FanDef("two_terminal_chows", "老少副", "Two Terminal Chows", 1,
           "Chows 123 and 789 of one suit.",
           _ex("123789m456p4566s", "6s")),
    FanDef("pung_of_terminals_or_honors", "幺九刻", "Pung of Terminals or Honors", 1,
           "A pung or kong of 1 or 9, or of a wind; a wind pung scoring 圈风刻 or 门风刻 or "
           "belonging to 三风刻 is not also 幺九刻.",
           _ex("999m234p567s5s", "5s", "ron", ("chi 345m",))),
    FanDef("melded_kong", "明杠", "Melded Kong", 1,
           "An exposed kong.",
           _ex("123m456p789s5m", "5m", "ron", ("kan 2222s",))),
    FanDef("one_voided_suit", "缺一门", "One Voided Suit", 1,
           "One of the three suits is missing.",
           _ex("123456m456p5688p", "7p")),
    FanDef("no_honors", "无字", "No Honors", 1,
           "No winds or dragons.",
           _ex("111m234p567s5s", "5s", "ron", ("chi 345m",))),
    FanDef("edge_wait", "边张", "Edge Wait", 1,
           "Winning on a 3 completing 12 or a 7 completing 89, the only tile waited on.",
           _ex("12m456p678s555z99m", "3m")),
    FanDef("closed_wait", "坎张", "Closed Wait", 1,
           "Winning on the middle tile of a chow, the only tile waited on.",
           _ex("13m456p678s555z99m", "2m")),
    FanDef("single_wait", "单钓将", "Single Wait", 1,
           "Winning on the tile that completes the pair, the only tile waited on.",
           _ex("123m456p678s555z9m", "9m")),
    FanDef("self_drawn", "自摸", "Self-Drawn", 1,
           "Winning on a tile drawn oneself.",
           _ex("23m456p789s11z", "4m", "tsumo", ("chi 123p",))),
    FanDef("flower_tiles", "花牌", "Flower Tiles", 1,
           "Each flower drawn is worth one fan; flowers do not count toward the minimum.",
           _ex("123456m456p5688s", "7s", flowers=2)),
)

BY_ID: dict[str, FanDef] = {f.id: f for f in FANS}
BY_NAME_ZH: dict[str, FanDef] = {f.name_zh: f for f in FANS}
ORDER: dict[str, int] = {f.id: i for i, f in enumerate(FANS)}


def fan_table() -> list[dict[str, Any]]:
    """The 81 fans as JSON-ready dicts, highest first (the order of the official table)."""
    return [f.as_dict() for f in FANS]


def exclusion_pairs(fan: FanDef) -> list[tuple[str, int | None]]:
    """``excludes`` parsed into (fan id, how many or None for all)."""
    out: list[tuple[str, int | None]] = []
    for item in fan.excludes:
        name, _, n = item.partition(":")
        out.append((name, int(n) if n else None))
    return out
