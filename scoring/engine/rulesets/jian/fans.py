"""Ji'an fans: one small class per fan, counted for one payer at a time.

Fans depend on who pays: 庄家 counts when the dealer wins or pays, 点炮 only for the
discarder. Each class has the same signature, ``count(view) -> int``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...registry import Counted, tally

SHAPES = {
    "plain": ("平胡", "Plain win", 0),
    "thirteen_lan": ("十三烂", "Thirteen loose tiles", 1),
    "seven_star_lan": ("七星十三烂", "Seven-star thirteen loose tiles", 2),
    "small_seven": ("小七", "Seven pairs", 1),
    "big_seven": ("大七", "All triplets (大七对)", 2),
}


@dataclass(frozen=True, slots=True)
class Win:
    shape: str
    deguo: bool  # 德国: won without using 精 as wild
    jingdiao: bool  # 精调: the hand waited on anything with a lone 精
    after_kong: bool  # 杠开
    self_draw: bool
    winner: int
    dealer: int
    discarder: int | None


@dataclass(frozen=True, slots=True)
class View:
    win: Win
    payer: int


class Fan(Counted[View]):
    """A Ji'an fan, counted for one payer."""


class Shape(Fan):
    name_zh, name_en = "牌型", "Hand shape"

    def count(self, v: View) -> int:
        return SHAPES[v.win.shape][2]

    def names(self, v: View) -> tuple[str, str]:
        return SHAPES[v.win.shape][0], SHAPES[v.win.shape][1]


class Deguo(Fan):
    name_zh, name_en = "德国", "Without wild 精 (德国)"

    def count(self, v: View) -> int:
        return 1 if v.win.deguo else 0


class SelfDraw(Fan):
    name_zh, name_en = "自摸", "Self-draw"

    def count(self, v: View) -> int:
        return 1 if v.win.self_draw and not v.win.jingdiao else 0


class Discard(Fan):
    name_zh, name_en = "点炮", "Discarded the winning tile"

    def count(self, v: View) -> int:
        w = v.win
        return 1 if not w.self_draw and not w.jingdiao and v.payer == w.discarder else 0


class Jingdiao(Fan):
    name_zh, name_en = "精调", "Waiting on anything with a 精"

    def count(self, v: View) -> int:
        return 2 if v.win.jingdiao and not v.win.after_kong else 0


class KongFlower(Fan):
    name_zh, name_en = "杠开", "Win on a kong replacement"

    def count(self, v: View) -> int:
        return 1 if v.win.after_kong and not v.win.jingdiao else 0


class KongJingdiao(Fan):
    name_zh, name_en = "扛调", "精调 won on a kong replacement"

    def count(self, v: View) -> int:
        return 3 if v.win.after_kong and v.win.jingdiao else 0


class Dealer(Fan):
    name_zh, name_en = "庄家", "Dealer wins or pays"

    def count(self, v: View) -> int:
        return 1 if v.win.dealer in (v.win.winner, v.payer) else 0


REGISTRY: tuple[Fan, ...] = (Shape(), Deguo(), SelfDraw(), Discard(), Jingdiao(), KongFlower(),
                             KongJingdiao(), Dealer())


def fans_for(win: Win, payer: int) -> list[dict[str, object]]:
    return tally(REGISTRY, View(win, payer))
