"""Wuhu (芜湖) options and presets: the 30-point (315), 50-point, 2468 and 100-point
tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import BadOption
from ...options import opt


@dataclass(frozen=True, slots=True)
class Options:
    stake: int = field(default=30, metadata=opt(
        "Stake (字码子)", "Chips each player starts with: 30, 50 or 100.", minimum=1))
    n_plain: int = field(default=2, metadata=opt(
        "支番 factor, not self-drawn", "支番 = (支数 + 押) × N rounded half up to tens, "
        "÷ 10: 2 in the 30-point game, 5 in the 50-point and 2468 games, 10 in the "
        "100-point game.", minimum=1))
    n_self_draw: int = field(default=4, metadata=opt(
        "支番 factor, self-drawn", "4 in the 30-point game, 10 in the 50-point and 2468 "
        "games, 20 in the 100-point game.", minimum=1))
    base_points: tuple[int, ...] = field(default=(1, 2, 3, 4), metadata=opt(
        "底番 by win type", "平胡, 押档, 自摸, 自摸押档: 1 2 3 4, or 2 4 6 8."))
    mouth_points: int = field(default=2, metadata=opt(
        "嘴子 points", "Each 嘴子 (四活, 通天, 对对胡, 杠开, 混一色); doubled on a self-draw. "
        "2 in the 30-point game, 5 in the 50-point and 2468 games, 10 in the 100-point "
        "game.", minimum=0))
    exposed_kong: int = field(default=1, metadata=opt(
        "明杠 points", "1 in the 30-point game, 2 in the 50-point, 2468 and 100-point games.",
        minimum=0))
    concealed_kong: int = field(default=2, metadata=opt(
        "暗杠 points", "2 in the 30-point game, 4 in the 50-point, 2468 and 100-point games.",
        minimum=0))
    full_points: int = field(default=15, metadata=opt(
        "全交 payment", "What each loser pays for a hand with two 嘴子 (315: 15).", minimum=0))
    full_self_draw_extra: int = field(default=5, metadata=opt(
        "全交 self-draw extra", "Added per payer when a 全交 hand is self-drawn (315: 5).",
        minimum=0))
    discard_payment: str = field(default="all_pay", metadata=opt(
        "Discard payment", "Who pays for a win on a discard.",
        choices=("all_pay", "discarder_as_dealer", "discarder_only"),
        labels={"all_pay": "All three pay (一家点炮三家给)",
                "discarder_as_dealer": "All pay, the discarder like the dealer (放炮跟庄家一样付)",
                "discarder_only": "The discarder alone pays"}))
    closed_wait: str = field(default="single_wait", metadata=opt(
        "押档 rule", "When the winning tile that fills the middle of a run counts as 押档.",
        choices=("single_wait", "any_reading"),
        labels={"single_wait": "Only when it is the hand's only wait",
                "any_reading": "In any reading of the hand"}))
    edge_wait: bool = field(default=False, metadata=opt(
        "边张 counts as 押档", "A 12-3 or 89-7 wait also counts as a closed wait."))
    full_hand: bool = field(default=True, metadata=opt(
        "全交", "Two 嘴子 make 全交: every loser pays the 全交 payment instead of the hand's "
        "value. Off: every 嘴子 is paid as points, however many (the 30/50/100 算法 text)."))
    kong_flower_double: bool = field(default=False, metadata=opt(
        "杠开 is a double 嘴子", "杠开 counts as two 嘴子 like 清一色 and 双八支 (the "
        "\"后三种\": 4, 10 or 20 points in the 30, 50 or 100 game); with 全交 on, it then "
        "makes 全交 by itself."))
    cap_at_chips: bool = field(default=False, metadata=opt(
        "Pay no more than one's chips", "A loser never pays more than the chips they have "
        "left, so nobody goes below zero; off: a 全交 can take a player below zero."))
    extra_full_hands: bool = field(default=False, metadata=opt(
        "混一色自摸 and 杠开押档 are 全交", "Some tables treat these as 全交 hands too."))
    end_when_broke: bool = field(default=True, metadata=opt(
        "End when a player is out of chips", "The game ends after the hand that leaves a "
        "player with no chips."))
    dealer_on_draw: str = field(default="stay", metadata=opt(
        "Dealer after a drawn hand", "Whether the dealer deals again after a drawn hand.",
        choices=("stay", "pass"),
        labels={"stay": "The dealer stays", "pass": "Passes to the next player"}))
    game_hands: int = field(default=0, metadata=opt(
        "Hands per game", "0 plays until a player is out of chips or the table stops.",
        minimum=0))

    def validate(self) -> None:
        if len(self.base_points) != 4 or any(
                isinstance(v, bool) or not isinstance(v, int) or v < 0
                for v in self.base_points):
            raise BadOption("base_points must be four whole numbers: 平胡, 押档, 自摸, 自摸押档")


FIFTY = {"stake": 50, "n_plain": 5, "n_self_draw": 10, "mouth_points": 5, "exposed_kong": 2,
         "concealed_kong": 4, "full_points": 50, "full_self_draw_extra": 0}
# The 100 game of the 30/50/100 算法 text: 底番 2 4 6 8, 支番 the 支数 itself (N = 10, doubled
# on a self-draw), 嘴子 10 and the 后三种 20, 明杠 2, 暗杠 4, no 全交.
HUNDRED = {"stake": 100, "n_plain": 10, "n_self_draw": 20, "base_points": [2, 4, 6, 8],
           "mouth_points": 10, "exposed_kong": 2, "concealed_kong": 4, "full_hand": False,
           "kong_flower_double": True, "full_points": 100, "full_self_draw_extra": 0}

PRESETS: dict[str, dict[str, Any]] = {
    "wuhu_315": {"title": "芜湖 315 (30 chips, 全交 15, self-drawn 全交 +5)", "options": {}},
    "wuhu_30": {"title": "芜湖 30-point (全交 pays the whole 30)",
                "options": {"full_points": 30, "full_self_draw_extra": 0}},
    "wuhu_50": {"title": "芜湖 50-point (底番 1 2 3 4)", "options": FIFTY},
    "wuhu_2468": {"title": "芜湖 2468 (50 chips, 底番 2 4 6 8)",
                  "options": {**FIFTY, "base_points": [2, 4, 6, 8]}},
    "wuhu_100": {"title": "芜湖 100-point (底番 2 4 6 8, 嘴子 10/20, no 全交)",
                 "options": HUNDRED},
}
