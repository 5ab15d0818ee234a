"""Sichuan / Chengdu (成麻) options and presets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import BadOption
from ...options import opt


@dataclass(frozen=True, slots=True)
class Options:
    base: int = field(default=1, metadata=opt(
        "Base (底)", "Stake of a 0-fan hand; every payment is base × 2^fan.", minimum=1))
    cap_fan: int | None = field(default=4, metadata=opt(
        "Cap (封顶) in fan", "Fan above this are not paid; empty for no cap.", minimum=0,
        maximum=20))
    self_draw: str = field(default="add_base", metadata=opt(
        "Self-draw bonus", "自摸加底 adds one base per payer; 自摸加番 adds one fan.",
        choices=("add_base", "add_fan"),
        labels={"add_base": "One more base (自摸加底)", "add_fan": "One more fan (自摸加番)"}))
    direct_kong: int = field(default=2, metadata=opt(
        "Direct kong (直杠) payment", "Bases the feeder pays for a kong on their discard.",
        minimum=1, maximum=3))
    concealed_kong: int = field(default=2, metadata=opt(
        "Concealed kong (暗杠, 下雨) payment", "Bases each player still in pays.", minimum=0,
        maximum=4))
    added_kong: int = field(default=1, metadata=opt(
        "Added kong (补杠, 刮风) payment", "Bases each player still in pays.", minimum=0,
        maximum=4))
    transfer_on_kong_discard: bool = field(default=True, metadata=opt(
        "杠上炮 呼叫转移", "A discard right after a kong hands that kong's income to the winner."))
    kong_flower_fed: str = field(default="self_draw", metadata=opt(
        "点杠花", "A win on the replacement tile of a direct kong: a self-draw paid by all, "
        "or a discard win paid by the player who fed the kong.",
        choices=("self_draw", "feeder_pays"),
        labels={"self_draw": "A self-draw paid by all",
                "feeder_pays": "The player who fed the kong pays"}))
    last_discard_fan: bool = field(default=False, metadata=opt(
        "海底炮", "Also count +1 fan for a win on the last discard (海底捞月 always counts)."))
    all_triplets_fan: int = field(default=1, metadata=opt(
        "对子胡 fan", "1, or 2 where 对对胡 is played at two fan (碰碰胡两番); 金钩钓, 将对 and "
        "十八学士 build on it and move up with it.", minimum=1, maximum=2))
    concealed_simples: bool = field(default=False, metadata=opt(
        "门清 and 中张", "+1 fan for a hand without pon or exposed kong (门清; a concealed "
        "kong keeps it), +1 for a hand without any 1 or 9 (中张)."))
    terminals_fan: int = field(default=0, metadata=opt(
        "带幺九 fan", "Fan for a hand whose every set and pair holds a 1 or a 9; 0: not "
        "played.", minimum=0, maximum=6))
    jiang_seven_pairs: bool = field(default=False, metadata=opt(
        "将七对", "+2 fan for seven pairs made only of 2, 5 and 8."))
    middle_five: bool = field(default=False, metadata=opt(
        "夹心五", "+1 fan when the winning tile is a 5 in the middle of a 4-5-6 run."))
    heavenly_fan: int = field(default=0, metadata=opt(
        "天胡 fan", "Fan for the dealer winning on the dealt fourteen tiles; 0: not played.",
        minimum=0, maximum=20))
    earthly_fan: int = field(default=0, metadata=opt(
        "地胡 fan", "Fan for a player other than the dealer winning at their first chance, "
        "before any kong or claim; 0: not played.", minimum=0, maximum=20))
    blood_flow: bool = field(default=False, metadata=opt(
        "血流成河", "A player who has won stays in and may win again until the wall is empty; "
        "the hand always ends with the wall (血战到底 when off: it ends at the third win)."))
    exchange_three: bool = field(default=False, metadata=opt(
        "换三张", "Each hand records the direction of the three-tile exchange made before "
        "定缺 (clockwise, counter-clockwise or across); it changes no payment."))
    huazhu_fan: int | None = field(default=None, metadata=opt(
        "花猪 penalty in fan", "Fan a 花猪 pays each other player; empty means the cap.",
        minimum=0, maximum=20))
    refund_kongs: bool = field(default=True, metadata=opt(
        "退税", "At an exhaustive draw a player who is not ready gives back this hand's "
        "kong income."))
    game_hands: int = field(default=0, metadata=opt(
        "Hands per game", "0 plays until the table ends the game.", minimum=0))
    players: int = field(default=4, metadata=opt(
        "Players", "4, or 3 for 三人两房: three players and two suits.", choices=(3, 4)))
    removed_suit: str = field(default="m", metadata=opt(
        "Suit taken out (三人两房)", "With three players one suit is not played, usually the "
        "characters (万).", choices=("m", "p", "s"),
        labels={"m": "Characters (万)", "p": "Dots (筒)", "s": "Bamboo (条)"}))

    def validate(self) -> None:
        if self.cap_fan is None and self.huazhu_fan is None:
            raise BadOption("without a cap (cap_fan empty) set huazhu_fan, the 花猪 penalty")

    @property
    def penalty_fan(self) -> int:
        return self.huazhu_fan if self.huazhu_fan is not None else int(self.cap_fan or 0)


# 三人两房: three players with two suits (the characters, 万, taken out: 72 tiles). No
# written rule text was at hand; the conventions are the four-player ones with what two
# suits imply: nobody declares a missing suit (定缺), since every hand already lacks
# one, so there is no 花猪 for holding three suits; the hand goes on until two players
# have won (血战到底) or the wall runs out.
PRESETS: dict[str, dict[str, Any]] = {
    "chengdu": {
        "title": "成都血战 (4 fan cap, 自摸加底)",
        "options": {},
    },
    "chengdu_five": {
        "title": "成麻五元 (base 5, no cap; 花猪 pays 4 fan)",
        "options": {"base": 5, "cap_fan": None, "huazhu_fan": 4},
    },
    "chengdu_add_fan": {
        "title": "自摸加番, 3 fan cap, 直杠 3",
        "options": {"self_draw": "add_fan", "cap_fan": 3, "direct_kong": 3},
    },
    "three_two_suits": {
        "title": "三人两房 (three players, 条 and 筒 only)",
        "options": {"players": 3, "removed_suit": "m"},
    },
}
