"""Riichi rule variants: one frozen object covering hand scoring and table settlement.

Defaults follow the most common online/club convention (Tenhou-style): open tanyao on,
three red fives, double yakuman for the four "pure" hands, stacked yakuman, kazoe yakuman,
no kiriage, double-wind pair 4 fu, double ron allowed, pao for daisangen and daisuushii,
25,000 start / 30,000 return, uma +20/+10/-10/-20 thousand.

Units: every point figure (``noten_payment_total``, ``start_points``, ``return_points``,
``uma``, ``chombo_points``) is in table points, not thousands.

Presets and their sources (summarised, not copied; where a published text was silent we
wrote our assumption):

* ``ema`` — EMA Riichi Competition Rules 2016: no red fives, open tanyao allowed, renhou a
  mangan, a single yakuman is the maximum (no double, no stacking), 13+ han is sanbaiman,
  no kiriage, no nagashi mangan, no abortive draws, double and triple ron (discarder pays
  each winner), 30,000 start and return (no oka), uma +15/+5/-5/-15 thousand, no bust,
  ties split the uma, chombo -20,000 on the final score. Double-wind pair counted 2 fu
  (assumption shared with WRC).
* ``wrc`` — World Riichi Championship rules 2022: as EMA in the points frame (30,000
  start/return, uma 15/5/-5/-15, ties split, no bust, chombo -20,000), no red fives,
  kuitan on, kiriage mangan on, no double yakuman, no renhou, no nagashi mangan.
* ``tenhou`` — Tenhou ranked rules (東南戦 喰断・赤あり): kuitan on, 3 red fives, kazoe
  yakuman, double yakuman off in the classic rules but stacking of different yakuman on
  (we follow Tenhou's yakuman list: suuankou tanki etc. count single), no kiriage,
  double-wind pair 4 fu, double ron allowed (triple ron aborts), nagashi mangan on, 25,000
  start / 30,000 return, uma +20/+10/-10/-20, bust (below zero) ends the game, ties by
  seat order, leftover sticks to the top player.
* ``mleague`` — M-League official rules: kuitan on, 3 red fives, head bump (atamahane)
  on multiple ron, no double yakuman, kiriage off, double-wind pair 2 fu, no nagashi
  mangan, 25,000 / 30,000, uma +30/+10/-10/-30 thousand, no bust, ties by seat order,
  chombo -20,000 on the final score, pao for daisangen, daisuushii and suukantsu.
* ``majiang_core`` — the defaults of kobalab/majiang-core v1.3.2 (its golden test data):
  kuitan on, one red five per suit, double yakuman on, kazoe yakuman on, kiriage off,
  double-wind pair 4 fu, pao for daisangen and daisuushii with the discarder paying the
  honba on ron, 25,000 / 30,000, uma +20/+10/-10/-20 thousand (its default 順位点).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import BadOption
from ...options import opt

DOUBLE_YAKUMAN_HANDS = ("kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii")
PAO_YAKUMAN = ("daisangen", "daisuushii", "suukantsu")


@dataclass(frozen=True)
class Options:
    # --- hand scoring -------------------------------------------------------------
    kuitan: bool = field(default=True, metadata=opt(
        "Open tanyao (kuitan)", "All Simples also counts with open melds."))
    red_fives: int = field(default=3, metadata=opt(
        "Red fives", "How many red fives the set has (0, 3 = one per suit, 4 = two red 5p).",
        choices=(0, 3, 4)))
    double_yakuman: bool = field(default=True, metadata=opt(
        "Double yakuman", "The hands listed in 'double_yakuman_hands' count as two yakuman."))
    double_yakuman_hands: tuple[str, ...] = field(default=DOUBLE_YAKUMAN_HANDS, metadata=opt(
        "Hands that count double",
        "kokushi_13: thirteen orphans 13-sided wait; suuankou_tanki: four concealed "
        "triplets on a pair wait; junsei_chuuren: nine gates 9-sided wait; daisuushii.",
        choices=DOUBLE_YAKUMAN_HANDS))
    yakuman_stacking: bool = field(default=True, metadata=opt(
        "Yakuman stack", "Different yakuman in one hand add up (daisangen + tsuuiisou = 2x)."))
    kazoe_limit: str = field(default="yakuman", metadata=opt(
        "Counted yakuman (kazoe)",
        "What 13+ han without a yakuman is worth: yakuman; sanbaiman (capped); none (no cap: "
        "every further 13 han adds a yakuman).", choices=("yakuman", "sanbaiman", "none")))
    kiriage: bool = field(default=False, metadata=opt(
        "Kiriage mangan", "4 han 30 fu and 3 han 60 fu are rounded up to mangan."))
    open_pinfu_ron_fu_30: bool = field(default=True, metadata=opt(
        "Open pinfu-shape ron is 30 fu",
        "An open hand won by ron with no fu beyond the base counts 30 fu (off: 20 fu)."))
    pinfu_tsumo_fu: int = field(default=0, metadata=opt(
        "Tsumo fu with pinfu", "0: pinfu tsumo is 20 fu; 2: no pinfu on tsumo (ピンヅモなし), "
        "the shape takes the tsumo 2 fu instead (22 -> 30).",
        choices=(0, 2)))
    double_wind_pair_fu: int = field(default=4, metadata=opt(
        "Double-wind pair fu", "Fu for a pair that is both seat and round wind.",
        choices=(2, 4)))
    renhou: str = field(default="off", metadata=opt(
        "Renhou (人和)", "Ron before your first draw: not a yaku, a mangan, or a yakuman.",
        choices=("off", "mangan", "baiman", "yakuman")))
    daisharin: bool = field(default=False, metadata=opt(
        "Daisharin (大車輪)", "2233445566778p as seven pairs counts as a yakuman."))
    open_riichi: bool = field(default=False, metadata=opt(
        "Open riichi (オープン立直)", "Declaring riichi with the hand shown is worth 2 han."))
    nagashi_mangan: bool = field(default=True, metadata=opt(
        "Nagashi mangan", "At an exhaustive draw, a discard pile of only terminals and honours "
        "none of which was called is paid as a mangan tsumo."))
    # --- table settlement ---------------------------------------------------------
    multi_ron: str = field(default="double", metadata=opt(
        "Multiple ron",
        "head_bump: only the first winner after the discarder wins; double: two winners "
        "allowed, three abort the hand; triple: all winners are paid.",
        choices=("head_bump", "double", "triple")))
    multi_ron_honba: str = field(default="nearest", metadata=opt(
        "Honba on multiple ron", "nearest: only the winner nearest the discarder's right "
        "gets the honba; each: every winner gets it.", choices=("nearest", "each")))
    multi_ron_sticks: str = field(default="nearest", metadata=opt(
        "Riichi sticks on multiple ron", "nearest: the winner nearest the discarder's right "
        "takes the pot; split: shared evenly (remainder to the nearest).",
        choices=("nearest", "split")))
    pao_yakuman: tuple[str, ...] = field(default=("daisangen", "daisuushii"), metadata=opt(
        "Pao yakuman (包)", "Yakuman where the player who fed the last meld is responsible.",
        choices=PAO_YAKUMAN))
    pao_scope: str = field(default="yakuman", metadata=opt(
        "What pao covers", "yakuman: only the pao yakuman's value; whole_hand: the whole hand.",
        choices=("yakuman", "whole_hand")))
    pao_ron_honba: str = field(default="discarder", metadata=opt(
        "Honba under pao on ron", "Who pays the honba when a third player deals in to a pao "
        "hand: the discarder, the responsible player, or split.",
        choices=("discarder", "responsible", "split")))
    noten_payment_total: int = field(default=3000, metadata=opt(
        "Noten payments total", "Points the noten players pay the tenpai players in total "
        "at an exhaustive draw (0 turns noten payments off).", minimum=0))
    abortive_draws: bool = field(default=True, metadata=opt(
        "Abortive draws", "Nine terminals, four winds, four riichi, four kans, triple ron."))
    leftover_sticks: str = field(default="top", metadata=opt(
        "Leftover riichi sticks", "At game end the pot goes to the top player, is void, or "
        "is split among players tied for top.", choices=("top", "void", "split")))
    tie_break: str = field(default="seat_order", metadata=opt(
        "Ties", "Equal final scores: the earlier seat (from the first dealer) ranks higher, "
        "or the tied places' uma is split.", choices=("seat_order", "split")))
    start_points: int = field(default=25000, metadata=opt("Start points", minimum=0))
    return_points: int = field(default=30000, metadata=opt(
        "Return points (oka)", "The top player gets 4 x (return - start) as oka.", minimum=0))
    uma: tuple[int, ...] = field(default=(20000, 10000, -10000, -20000), metadata=opt(
        "Uma", "Placement bonus in points for 1st..4th (must sum to zero)."))
    uma_style: str = field(default="simple", metadata=opt(
        "Uma style", "simple: the uma list as is; by_sinking: the uma depends on how many "
        "players finish below start (1 below: +uma[1]... 3 below: ...).",
        choices=("simple", "by_sinking")))
    bust_ends_game: bool = field(default=True, metadata=opt(
        "Bust ends the game", "A player below zero points ends the game (tobi)."))
    agari_yame: bool = field(default=False, metadata=opt(
        "Agari-yame / tenpai-yame", "In the last hand, a dealer who wins or is tenpai while "
        "strictly on top may end the game instead of repeating."))
    west_extension: bool = field(default=False, metadata=opt(
        "West round extension", "If nobody has reached the return points after the last "
        "hand, play on into the next wind round as sudden death (ends once someone reaches "
        "them, or after that round's fourth hand)."))
    length: str = field(default="east_south", metadata=opt(
        "Game length", "East round only (tonpuusen) or East and South (hanchan).",
        choices=("east", "east_south")))
    chombo: str = field(default="reverse_mangan", metadata=opt(
        "Chombo", "reverse_mangan: the offender pays a mangan tsumo to the others; "
        "final_points: chombo_points off the final score; none.",
        choices=("reverse_mangan", "final_points", "none")))
    chombo_points: int = field(default=20000, metadata=opt(
        "Chombo final-score penalty", "Used when chombo = final_points.", minimum=0))

    def validate(self) -> None:
        if len(self.uma) != 4:
            raise BadOption(f"option 'uma' needs 4 numbers (1st..4th), got {len(self.uma)}")
        if any(isinstance(u, bool) or not isinstance(u, int) for u in self.uma):
            raise BadOption("option 'uma' must be 4 whole numbers of points")
        if sum(self.uma) != 0:
            raise BadOption(f"option 'uma' must sum to zero, got {list(self.uma)}")
        if self.return_points < self.start_points:
            raise BadOption("option 'return_points' cannot be below 'start_points'")
        if len(set(self.double_yakuman_hands)) != len(self.double_yakuman_hands):
            raise BadOption("option 'double_yakuman_hands' lists a hand twice")


PRESETS: dict[str, dict[str, Any]] = {
    "ema": {"title": "EMA Riichi Competition Rules (2016)", "options": {
        "kuitan": True, "red_fives": 0, "double_yakuman": False, "yakuman_stacking": False,
        "kazoe_limit": "sanbaiman", "kiriage": False, "double_wind_pair_fu": 2,
        "renhou": "mangan", "nagashi_mangan": False, "multi_ron": "triple",
        "multi_ron_honba": "each", "multi_ron_sticks": "nearest", "abortive_draws": False,
        "start_points": 30000, "return_points": 30000, "uma": [15000, 5000, -5000, -15000],
        "tie_break": "split", "leftover_sticks": "top", "bust_ends_game": False,
        "chombo": "final_points", "chombo_points": 20000}},
    "wrc": {"title": "World Riichi Championship rules (2022)", "options": {
        "kuitan": True, "red_fives": 0, "double_yakuman": False, "yakuman_stacking": True,
        "kazoe_limit": "sanbaiman", "kiriage": True, "double_wind_pair_fu": 2,
        "renhou": "off", "nagashi_mangan": False, "multi_ron": "triple",
        "multi_ron_honba": "each", "abortive_draws": False, "start_points": 30000,
        "return_points": 30000, "uma": [15000, 5000, -5000, -15000], "tie_break": "split",
        "bust_ends_game": False, "chombo": "final_points", "chombo_points": 20000}},
    "tenhou": {"title": "Tenhou-like (東南戦 喰赤)", "options": {
        "kuitan": True, "red_fives": 3, "double_yakuman": False, "yakuman_stacking": True,
        "kazoe_limit": "yakuman", "kiriage": False, "double_wind_pair_fu": 4,
        "renhou": "off", "nagashi_mangan": True, "multi_ron": "double",
        "multi_ron_honba": "each", "start_points": 25000, "return_points": 30000,
        "uma": [20000, 10000, -10000, -20000], "tie_break": "seat_order",
        "leftover_sticks": "top", "bust_ends_game": True, "chombo": "reverse_mangan"}},
    "mleague": {"title": "M-League-like", "options": {
        "kuitan": True, "red_fives": 3, "double_yakuman": False, "yakuman_stacking": True,
        "kazoe_limit": "yakuman", "kiriage": False, "double_wind_pair_fu": 2,
        "renhou": "off", "nagashi_mangan": False, "multi_ron": "head_bump",
        "pao_yakuman": ["daisangen", "daisuushii", "suukantsu"], "start_points": 25000,
        "return_points": 30000, "uma": [30000, 10000, -10000, -30000],
        "tie_break": "seat_order", "leftover_sticks": "top", "bust_ends_game": False,
        "chombo": "final_points", "chombo_points": 20000}},
    "majiang_core": {"title": "majiang-core defaults (kobalab)", "options": {
        "kuitan": True, "red_fives": 3, "double_yakuman": True,
        "double_yakuman_hands": list(DOUBLE_YAKUMAN_HANDS), "yakuman_stacking": True,
        "kazoe_limit": "yakuman", "kiriage": False, "double_wind_pair_fu": 4,
        "renhou": "off", "pao_yakuman": ["daisangen", "daisuushii"],
        "pao_scope": "yakuman", "pao_ron_honba": "discarder", "start_points": 25000,
        "return_points": 30000, "uma": [20000, 10000, -10000, -20000]}},
}
