"""Riichi rule variants: one frozen object covering hand scoring and table settlement.

Defaults follow the most common online/club convention (Tenhou-style): open tanyao on,
three red fives, double yakuman for the four "pure" hands, stacked yakuman, kazoe yakuman,
no kiriage, double-wind pair 4 fu, double ron allowed, pao for daisangen and daisuushii,
25,000 start / 30,000 return, uma +20/+10/-10/-20 thousand.

Units: every point figure (``noten_payment_total``, ``start_points``, ``return_points``,
``uma``, ``chombo_points``) is in table points, not thousands.

Presets and their sources. Each preset spells out every option that a federation or
site fixes, so that a later change of the defaults above cannot silently change a published
rule; ``tests/test_presets.py`` pins the published values. We summarise the texts (no more
than short phrases quoted); where no text we could read settles a point, the choice is
listed under "assumed".

* ``ema`` — EMA Riichi Competition Rules, 2016 edition (in force since 1 April 2016), with
  the EMA's own announcement of the revision ("Revised EMA Riichi rules are ready",
  mahjong-europe.org, December 2015), which lists the changes from 2012 and the remaining
  differences from the WRC rules of 2015. Sourced: no red fives; open tanyao; renhou "a
  strict mangan only" (riichi.wiki's summary of the 2016 changes): paid as a mangan, or
  by the hand's own yaku and dora when those pay more (``renhou=mangan_or_hand``; WRC
  instead adds it to the other yaku);
  daisuushii a single yakuman and no accumulated or double yakuman (the announcement
  explains both were removed to keep luck out of tournament results); 13+ han is a
  sanbaiman; no abortive draws; no nagashi mangan; uma +15/+5/-5/-15 thousand; chombo a
  20,000-point deduction after uma; multiple winners allowed, the discarder paying each
  (chapter 3.4.9; also riichi.wiki's summary of the 2016 rules); 4 han 30 fu *not* rounded
  up to mangan; riichi sticks left at the end go to the winner of the game (3.6.1 "Winner
  bonus"); liability (3.3.9) for the third dragon and fourth wind pung. 30,000 start with
  no oka (session score = points - 30,000). Ties share the uma (also the EMA preset of
  the Pantheon tournament software). Assumed: a double-wind pair is 2 fu (not read in
  4.1.1); each ron winner gets the honba and the pot goes to the winner nearest the
  discarder's right (Pantheon's EMA preset; riichi.wiki); no bust, no agari-yame, the
  full East-South game.
* ``wrc`` — World Riichi Championship Rules (rule book 2015 by Sylvain Malbec, with the
  2022 revision used at WRC 2022 and the 2025 wording). Sourced: open tanyao, no red
  fives, 30,000 start and return, uma +15/+5/-5/-15 shared on ties (riichi.wiki's WRC
  page); no abortive draws; only one winner on a discard, the first in turn after the
  discarder (2015 book 5.7.6; "double and triple ron are resolved by turn order" in the
  2025 text); 4 han 30 fu rounded up to mangan (the EMA announcement lists it as a WRC
  difference); 13+ han capped at sanbaiman (2014 errata, 2022 revision); since 2022
  different yakuman in one hand add up, but no hand is double for its wait
  (suuankou tanki, junsei chuuren, kokushi 13-sided are single; Mahjong Belgium's summary
  of the 2022 changes, 2025 wording); liability for daisangen and daisuushii (6.2); "no
  agari yame" (5.9.1); renhou a yaku that adds to the other yaku (2014 errata; the 2015
  book lists it among the mangan yaku); chombo 30,000 points off the overall score since
  2022 (Mahjong Belgium's summary; penalties apply to the overall score, 2014 errata).
  Assumed: no nagashi mangan (not among the 2015 yaku; Pantheon's WRC preset); no bust
  (riichi.wiki's box says "game end" on a negative score but Pantheon's WRC preset and
  the session-score formula play on; we follow the latter); leftover riichi sticks go to
  the top player (Pantheon's current WRC preset; under the 2015 book they were lost,
  which the EMA's 2015 list of differences names as one); a double-wind pair is 2 fu.
* ``tenhou`` — Tenhou ranked rules (天鳳 段位戦, 東南戦 喰赤): kuitan and atozuke on, one red
  five per suit, kazoe yakuman, no kiriage, no double yakuman for any hand (suuankou
  tanki, kokushi 13-sided, junsei chuuren and daisuushii are single) but different
  yakuman add up (riichi.wiki "Multiple yakuman": Tenhou is the example of "cumulative
  single yakuman"), double-wind pair 4 fu (hagurin-tenhou.com, "天鳳における連風牌の雀頭は何
  符?", 2021), pinfu tsumo 20 fu, double ron with the honba
  and the pot to the winner nearest the discarder (上家取り) and triple ron an abortive
  draw (三家和), all five abortive draws, nagashi mangan, noten payments 3,000, 25,000
  start / 30,000 return, uma +20/+10/-10/-20 (10-20), bust below zero ends the game (0 is
  safe), West round sudden death when nobody has 30,000 after South 4 (西入), automatic
  agari-yame / tenpai-yame for an all-last dealer on top, ties by seat order, leftover
  sticks to the top. Cross-checked with the Tenhou presets of Pantheon and of
  riichienv-core and with majiang-core, which models Tenhou. Assumed: pao for daisangen
  and daisuushii only (Pantheon also lists suukantsu); the discarder pays the honba when
  a third player deals in to a pao hand (majiang-core's published results); chombo as a
  reverse mangan (Tenhou's client makes chombo impossible; a real table needs a rule).
  The uma is the one point where our sources disagree: 10-20 as above (the commonly
  quoted ranked rule, also MJ Stars' Tenhou-style rules) against +15/+5/-5/-15 in
  Pantheon's Tenhou preset; lobbies with another uma override ``uma``.
* ``mleague`` — M-League official rules (Mリーグ公式ルール, 2018 onward), read through
  summaries that quote them (majannavi, mahjong-space, majyan-item, k-bys,
  ojisan-gyakushu, top3776's list of M-League yakuman): 25,000 start / 30,000 return, uma
  +30/+10/-10/-30 (順位点 +50/+10/-10/-30 with the oka), tied players share the uma (同着
  は順位点を分ける), open tanyao, one red five per suit, no bust (飛びなし), no double or
  triple ron (all head bump), no abortive draws, no agari-yame or tenpai-yame, 4 han 30 fu
  rounded up to mangan (7700は切り上げ), no kazoe yakuman (13+ han is a sanbaiman), no
  double yakuman for a wait but different yakuman add up, pao for daisangen, daisuushii
  and suukantsu with the responsible player paying the honba when a third player deals
  in and covering only the confirmed yakuman of a multiple-yakuman hand, chombo 20,000
  points (罰符 20,000 点相当), a double-wind pair 2 fu (the same hagurin-tenhou post lists
  M-League among the 2-fu leagues). Assumed: nagashi mangan on, paid as a mangan tsumo
  (listed among the summaries' rule points, not quoted); leftover sticks to the top
  player. (One summary calls the chombo a mangan payment; two say 20,000; we
  take the latter, off the final score.)
* ``majiang_core`` — the defaults of kobalab/majiang-core v1.3.2 (``lib/rule.js``; its game
  loop in ``lib/game.js``), the source of the golden test data: open tanyao, one red five
  per suit, double yakuman on (kokushi 13-sided, suuankou tanki, junsei chuuren,
  daisuushii), different yakuman add up, kazoe yakuman, no kiriage, double-wind pair 4 fu
  (its 連風牌は2符 is off), pao (役満パオ) for daisangen and daisuushii with the discarder
  paying the honba on ron, abortive draws and nagashi mangan on, noten payments on, at
  most two winners (a third makes 三家和) with the honba and the sticks going to the first
  winner only (the table's honba and pot are cleared after the first payment), bust ends
  the game, agari-yame on (オーラス止め), sudden-death extension, 25,000 start, uma
  +20/+10/-10/-20 counted from 30,000 with the top taking the rest (so the 20,000 oka),
  ties by seat order from the first dealer, leftover sticks to the top. Assumed: chombo as a
  reverse mangan (an online game has none).

Three players (``players = 3``, sanma 三麻). What every source agrees on (riichi.wiki
"Sanma"; the sanma page of vg-mjg/riichi_advanced's documentation; mjstars.net's "Rules
for 3-player Ranking Match"; mahjong-portal.com's 三人麻雀 rules): three seats East,
South and West (no North seat, so the dealer passes E -> S -> W and a round has three
hands), 2m-8m taken out (1m and 9m stay, and a 1m indicator makes 9m the dora), no chi,
North set aside as a dora (抜きドラ, ``kita``) with a replacement draw from the dead wall
(a win on it is rinshan kaihou, riichi.wiki "Sanma": "If the player wins off of the dead
wall draw from calling a nukidora tile, they are awarded rinshan"; so ``rinshan`` needs a
kan or a kita), 35,000 start. The
tsumo: by default the absent North's share is simply not paid (ツモ損: a non-dealer
mangan tsumo is 4,000 + 2,000; tenhou.club's 天鳳三麻 ツモ損 table), or with
``sanma_tsumo = split`` the two payers share it (5,000 + 3,000), honba 100 per payer
either way. Noten payments keep their total, shared by the noten and the tenpai players.
The ``by_sinking`` uma tables are four-player tables; three players use ``uma`` as is.

* ``sanma`` — mjstars.net 3-player ranking match: 35,000 start, 40,000 return, uma
  +20/0/-20, North nukidora, no chi, 2m-8m out; tsumo loss (riichi.wiki, tenhou.club).
  Assumed: one red 5p and one red 5s (mahjong-portal's 赤ドラ 2枚), the four-player Tenhou
  table rules otherwise (double ron, abortive draws, bust ends the game).
* ``sanma_split`` — the same with the North share split (北家折半), the other common way.
* ``sanma_portal`` — mahjong-portal.com 三人麻雀: 35,000 start and return (no oka), uma
  15-0-15 (+15/0/-15 thousand), two red fives, North nukidora, tsumo loss.
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
        "Red fives", "How many red fives the set has (0, 3 = one per suit, 4 = two red 5p, "
        "2 = one 5p and one 5s, as three players use).",
        choices=(0, 2, 3, 4)))
    double_yakuman: bool = field(default=True, metadata=opt(
        "Double yakuman", "The hands ticked under 'Hands that count double' count as two "
        "yakuman."))
    double_yakuman_hands: tuple[str, ...] = field(default=DOUBLE_YAKUMAN_HANDS, metadata=opt(
        "Hands that count double", "Yakuman worth two when won on their best wait.",
        choices=DOUBLE_YAKUMAN_HANDS,
        labels={"kokushi_13": "Thirteen orphans, 13-sided wait",
                "suuankou_tanki": "Four concealed triplets, pair wait",
                "junsei_chuuren": "Nine gates, 9-sided wait", "daisuushii": "Big four winds"}))
    yakuman_stacking: bool = field(default=True, metadata=opt(
        "Yakuman stack", "Different yakuman in one hand add up (daisangen + tsuuiisou = 2x)."))
    kazoe_limit: str = field(default="yakuman", metadata=opt(
        "Counted yakuman (kazoe)",
        "What 13 han or more without a yakuman is worth; with no cap every further 13 han "
        "adds a yakuman.", choices=("yakuman", "sanbaiman", "none"),
        labels={"yakuman": "Yakuman", "sanbaiman": "Sanbaiman (capped)", "none": "No cap"}))
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
        # The help text is a translated msgid (scoring/engine_texts.py); the choices say
        # the rest: mangan and baiman add 5 or 8 han to the other yaku, mangan_or_hand
        # pays a mangan or the hand's own value when that is more (EMA).
        "Renhou (人和)", "Ron before your first draw: not a yaku, a mangan, or a yakuman.",
        choices=("off", "mangan", "mangan_or_hand", "baiman", "yakuman"),
        labels={"off": "Not a yaku", "mangan": "Mangan (adds 5 han)",
                "mangan_or_hand": "Mangan, or the hand when worth more",
                "baiman": "Baiman (adds 8 han)", "yakuman": "Yakuman"}))
    daisharin: bool = field(default=False, metadata=opt(
        "Daisharin (大車輪)", "2233445566778p as seven pairs counts as a yakuman."))
    open_riichi: bool = field(default=False, metadata=opt(
        "Open riichi (オープン立直)", "Declaring riichi with the hand shown is worth 2 han."))
    nagashi_mangan: bool = field(default=True, metadata=opt(
        "Nagashi mangan", "At an exhaustive draw, a discard pile of only terminals and honours "
        "none of which was called is paid as a mangan tsumo."))
    # --- three players (sanma) ---------------------------------------------------
    players: int = field(default=4, metadata=opt(
        "Players", "4, or 3 for sanma (三麻): no North seat, 2m-8m taken out, no chi.",
        choices=(3, 4)))
    sanma_tsumo: str = field(default="loss", metadata=opt(
        "Sanma tsumo payments", "What becomes of the absent North's share of a tsumo.",
        choices=("loss", "split"),
        labels={"loss": "Not paid (ツモ損)", "split": "Shared by the two payers (北家折半)"}))
    nukidora: bool = field(default=True, metadata=opt(
        "North as nukidora (抜きドラ)", "Three players: each North set aside (kita) counts "
        "as a dora; off: North is an ordinary wind tile."))
    # --- table settlement ---------------------------------------------------------
    multi_ron: str = field(default="double", metadata=opt(
        "Multiple ron", "When several players ron the same discard.",
        choices=("head_bump", "double", "triple"),
        labels={"head_bump": "Head bump: the first winner only",
                "double": "Double ron; three abort the hand", "triple": "Every winner is paid"}))
    multi_ron_honba: str = field(default="nearest", metadata=opt(
        "Honba on multiple ron", "Who gets the honba when several players ron.",
        choices=("nearest", "each"),
        labels={"nearest": "Winner nearest the discarder's right", "each": "Every winner"}))
    multi_ron_sticks: str = field(default="nearest", metadata=opt(
        "Riichi sticks on multiple ron", "Who takes the riichi sticks when several players "
        "ron.", choices=("nearest", "split"),
        labels={"nearest": "Winner nearest the discarder's right",
                "split": "Shared evenly (remainder to the nearest)"}))
    pao_yakuman: tuple[str, ...] = field(default=("daisangen", "daisuushii"), metadata=opt(
        "Pao yakuman (包)", "Yakuman where the player who fed the last meld is responsible.",
        choices=PAO_YAKUMAN,
        labels={"daisangen": "Big three dragons", "daisuushii": "Big four winds",
                "suukantsu": "Four kans (suukantsu)"}))
    pao_scope: str = field(default="yakuman", metadata=opt(
        "What pao covers", "What the responsible player pays for.",
        choices=("yakuman", "whole_hand"),
        labels={"yakuman": "Only the pao yakuman", "whole_hand": "The whole hand"}))
    pao_ron_honba: str = field(default="discarder", metadata=opt(
        "Honba under pao on ron", "Who pays the honba when a third player deals in to a pao "
        "hand: the discarder, the responsible player, or split.",
        choices=("discarder", "responsible", "split"),
        labels={"discarder": "The discarder", "responsible": "The responsible player",
                "split": "Split"}))
    noten_payment_total: int = field(default=3000, metadata=opt(
        "Noten payments total", "Points the noten players pay the tenpai players in total "
        "at an exhaustive draw (0 turns noten payments off).", minimum=0))
    abortive_draws: bool = field(default=True, metadata=opt(
        "Abortive draws", "Nine terminals, four winds, four riichi, four kans, triple ron."))
    leftover_sticks: str = field(default="top", metadata=opt(
        "Leftover riichi sticks", "At game end the pot goes to the top player, is void, or "
        "is split among players tied for top.", choices=("top", "void", "split"),
        labels={"top": "To the top player", "void": "Void",
                "split": "Split among those tied for top"}))
    tie_break: str = field(default="seat_order", metadata=opt(
        "Ties", "Equal final scores: the earlier seat (from the first dealer) ranks higher, "
        "or the tied places' uma is split.", choices=("seat_order", "split"),
        labels={"seat_order": "The earlier seat ranks higher",
                "split": "The tied places share the uma"}))
    start_points: int = field(default=25000, metadata=opt("Start points", minimum=0))
    return_points: int = field(default=30000, metadata=opt(
        "Return points (oka)", "The top player gets (return - start) from every player, "
        "themselves included, as oka.", minimum=0))
    uma: tuple[int, ...] = field(default=(20000, 10000, -10000, -20000), metadata=opt(
        "Uma", "Placement bonus in points for 1st..4th, or 1st..3rd with three players "
        "(must sum to zero)."))
    uma_style: str = field(default="simple", metadata=opt(
        "Uma style", "Simple: the uma as listed; by players below start: the uma depends "
        "on how many players finish below the start points.",
        choices=("simple", "by_sinking"),
        labels={"simple": "Simple", "by_sinking": "By players below start"}))
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
        choices=("east", "east_south"),
        labels={"east": "East round (tonpuusen)", "east_south": "East and South (hanchan)"}))
    chombo: str = field(default="reverse_mangan", metadata=opt(
        "Chombo", "The penalty for a chombo.",
        choices=("reverse_mangan", "final_points", "none"),
        labels={"reverse_mangan": "Reverse mangan: a mangan tsumo to the others",
                "final_points": "Points off the final score", "none": "None"}))
    chombo_points: int = field(default=20000, metadata=opt(
        "Chombo final-score penalty", "Used when Chombo is 'Points off the final score'.",
        minimum=0))

    def validate(self) -> None:
        n = self.players
        if len(self.uma) != n:
            raise BadOption(f"option 'uma' needs {n} numbers (one per place, 1st first) for "
                            f"{n} players, got {len(self.uma)}",
                            params={"option": "uma", "needed": [n], "count": len(self.uma),
                                    "reason": "per_place"})
        if any(isinstance(u, bool) or not isinstance(u, int) for u in self.uma):
            raise BadOption(f"option 'uma' must be {n} whole numbers of points")
        if sum(self.uma) != 0:
            raise BadOption(f"option 'uma' must sum to zero, got {list(self.uma)}")
        if self.return_points < self.start_points:
            raise BadOption("option 'return_points' cannot be below 'start_points'")
        if len(set(self.double_yakuman_hands)) != len(self.double_yakuman_hands):
            raise BadOption("option 'double_yakuman_hands' lists a hand twice")


# The rules every preset below shares with the published texts it cites (pinfu tsumo 20 fu,
# open pinfu shape 30 fu on ron, noten payments 3,000, no optional yaku).
_COMMON: dict[str, Any] = {
    "open_pinfu_ron_fu_30": True, "pinfu_tsumo_fu": 0, "daisharin": False,
    "open_riichi": False, "noten_payment_total": 3000, "uma_style": "simple",
    "length": "east_south", "players": 4, "sanma_tsumo": "loss", "nukidora": True,
}
_NO_DOUBLE = {"double_yakuman": False, "double_yakuman_hands": []}
_CLASSIC_PAO = ["daisangen", "daisuushii"]

# Three-player (sanma) rules as documented: 35,000 start, no chi, 2m-8m taken out, North
# set aside as a dora (riichi.wiki "Sanma"; vg-mjg/riichi_advanced documentation/sanma.md);
# tsumo loss (天鳳 三麻 ツモ損 score table, tenhou.club/sanma-tumo-tensuu).
_SANMA: dict[str, Any] = {
    **_COMMON, **_NO_DOUBLE,
    "players": 3, "nukidora": True, "red_fives": 2, "kuitan": True, "yakuman_stacking": True,
    "kazoe_limit": "yakuman", "kiriage": False, "double_wind_pair_fu": 4, "renhou": "off",
    "nagashi_mangan": True, "multi_ron": "double", "multi_ron_honba": "nearest",
    "multi_ron_sticks": "nearest", "pao_yakuman": _CLASSIC_PAO, "pao_scope": "yakuman",
    "pao_ron_honba": "discarder", "abortive_draws": True, "leftover_sticks": "top",
    "tie_break": "seat_order", "bust_ends_game": True, "agari_yame": False,
    "west_extension": False, "chombo": "reverse_mangan", "chombo_points": 20000,
}

PRESETS: dict[str, dict[str, Any]] = {
    "ema": {"title": "EMA Riichi Competition Rules (2016)", "options": {
        **_COMMON, **_NO_DOUBLE,
        "kuitan": True, "red_fives": 0, "yakuman_stacking": False,
        "kazoe_limit": "sanbaiman", "kiriage": False, "double_wind_pair_fu": 2,
        "renhou": "mangan_or_hand", "nagashi_mangan": False,
        "multi_ron": "triple", "multi_ron_honba": "each", "multi_ron_sticks": "nearest",
        "pao_yakuman": _CLASSIC_PAO, "pao_scope": "yakuman", "pao_ron_honba": "discarder",
        "abortive_draws": False, "leftover_sticks": "top", "tie_break": "split",
        "start_points": 30000, "return_points": 30000, "uma": [15000, 5000, -5000, -15000],
        "bust_ends_game": False, "agari_yame": False, "west_extension": False,
        "chombo": "final_points", "chombo_points": 20000}},
    "wrc": {"title": "World Riichi Championship rules (2022)", "options": {
        **_COMMON, **_NO_DOUBLE,
        "kuitan": True, "red_fives": 0, "yakuman_stacking": True,
        "kazoe_limit": "sanbaiman", "kiriage": True, "double_wind_pair_fu": 2,
        "renhou": "mangan", "nagashi_mangan": False,
        "multi_ron": "head_bump", "multi_ron_honba": "nearest", "multi_ron_sticks": "nearest",
        "pao_yakuman": _CLASSIC_PAO, "pao_scope": "yakuman", "pao_ron_honba": "discarder",
        "abortive_draws": False, "leftover_sticks": "top", "tie_break": "split",
        "start_points": 30000, "return_points": 30000, "uma": [15000, 5000, -5000, -15000],
        "bust_ends_game": False, "agari_yame": False, "west_extension": False,
        "chombo": "final_points", "chombo_points": 30000}},
    "tenhou": {"title": "Tenhou-like (東南戦 喰赤)", "options": {
        **_COMMON, **_NO_DOUBLE,
        "kuitan": True, "red_fives": 3, "yakuman_stacking": True,
        "kazoe_limit": "yakuman", "kiriage": False, "double_wind_pair_fu": 4,
        "renhou": "off", "nagashi_mangan": True,
        "multi_ron": "double", "multi_ron_honba": "nearest", "multi_ron_sticks": "nearest",
        "pao_yakuman": _CLASSIC_PAO, "pao_scope": "yakuman", "pao_ron_honba": "discarder",
        "abortive_draws": True, "leftover_sticks": "top", "tie_break": "seat_order",
        "start_points": 25000, "return_points": 30000, "uma": [20000, 10000, -10000, -20000],
        "bust_ends_game": True, "agari_yame": True, "west_extension": True,
        "chombo": "reverse_mangan", "chombo_points": 20000}},
    "mleague": {"title": "M-League-like", "options": {
        **_COMMON, **_NO_DOUBLE,
        "kuitan": True, "red_fives": 3, "yakuman_stacking": True,
        "kazoe_limit": "sanbaiman", "kiriage": True, "double_wind_pair_fu": 2,
        "renhou": "off", "nagashi_mangan": True,
        "multi_ron": "head_bump", "multi_ron_honba": "nearest", "multi_ron_sticks": "nearest",
        "pao_yakuman": ["daisangen", "daisuushii", "suukantsu"], "pao_scope": "yakuman",
        "pao_ron_honba": "responsible",
        "abortive_draws": False, "leftover_sticks": "top", "tie_break": "split",
        "start_points": 25000, "return_points": 30000, "uma": [30000, 10000, -10000, -30000],
        "bust_ends_game": False, "agari_yame": False, "west_extension": False,
        "chombo": "final_points", "chombo_points": 20000}},
    "majiang_core": {"title": "majiang-core defaults (kobalab)", "options": {
        **_COMMON,
        "kuitan": True, "red_fives": 3, "double_yakuman": True,
        "double_yakuman_hands": list(DOUBLE_YAKUMAN_HANDS), "yakuman_stacking": True,
        "kazoe_limit": "yakuman", "kiriage": False, "double_wind_pair_fu": 4,
        "renhou": "off", "nagashi_mangan": True,
        "multi_ron": "double", "multi_ron_honba": "nearest", "multi_ron_sticks": "nearest",
        "pao_yakuman": _CLASSIC_PAO, "pao_scope": "yakuman", "pao_ron_honba": "discarder",
        "abortive_draws": True, "leftover_sticks": "top", "tie_break": "seat_order",
        "start_points": 25000, "return_points": 30000, "uma": [20000, 10000, -10000, -20000],
        "bust_ends_game": True, "agari_yame": True, "west_extension": True,
        "chombo": "reverse_mangan", "chombo_points": 20000}},
    # Three players. "sanma": the ranking-match rules of mjstars.net ("Rules for
    # 3-player Ranking Match": 35,000 start, 40,000 return, uma +20/0/-20, North as
    # nukidora, no chi, 2m-8m out) with tsumo loss.
    "sanma": {"title": "Sanma (三麻): tsumo loss, 35,000/40,000, uma 20", "options": {
        **_SANMA, "sanma_tsumo": "loss", "start_points": 35000, "return_points": 40000,
        "uma": [20000, 0, -20000]}},
    # The same with the absent North's share split between the two payers (a non-dealer
    # mangan tsumo paid 5,000 and 3,000: the "5000-3000" reckoning contrasted with the
    # parlour's own in ameblo.jp/junction2024/entry-12858428717.html).
    "sanma_split": {"title": "Sanma (三麻): North's share split, 35,000/40,000, uma 20",
                    "options": {**_SANMA, "sanma_tsumo": "split", "start_points": 35000,
                                "return_points": 40000, "uma": [20000, 0, -20000]}},
    # mahjong-portal.com (?p=10869) 三人麻雀: 35,000 start and return (no oka), uma
    # 15-0-15, two red fives, North nukidora, 自摸損 (tsumo loss).
    "sanma_portal": {"title": "Sanma (三麻): mahjong-portal, 35,000 flat, uma 15",
                     "options": {**_SANMA, "sanma_tsumo": "loss", "start_points": 35000,
                                 "return_points": 35000, "uma": [15000, 0, -15000]}},
}
