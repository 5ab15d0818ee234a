"""Ji'an fans: one small class per fan (:class:`scoring.engine.items.Element`), counted
for one payer at a time.

Fans depend on who pays: 庄家 counts when the dealer wins or pays, 点炮 only for the
discarder. The hand shape's fan depends on the shape, so :class:`Shape` says its own
worth and names.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...items import Element, ItemInfo, hits, info, items_of, legacy, total
from ...result import Item, Unit

# shape: (native, English, fan)
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
    heavenly: bool = False  # 天胡: the dealer's win on the deal (no 自摸 fan)
    earthly: bool = False  # 地胡: on the dealer's first discard (no 点炮 fan)
    robbing_kong: bool = False  # 抢杠 where it doubles: the robbed player pays one more fan
    dezhongde: bool = False  # 德中德 where it is played: no other player holds 精


@dataclass(frozen=True, slots=True)
class View:
    win: Win
    payer: int


class Fan(Element[View]):
    """A Ji'an fan, counted for one payer."""

    unit: Unit = "fan"

    def item(self, v: View, n: int) -> Item:
        out = super().item(v, n)
        out["payer"] = v.payer
        return out


class Shape(Fan):
    key, name, native = "shape", "Hand shape", "牌型"

    def count(self, v: View) -> int:
        return 1 if SHAPES[v.win.shape][2] else 0

    def worth(self, v: View, n: int) -> int:
        return SHAPES[v.win.shape][2] * n

    def names(self, v: View) -> tuple[str, str]:
        return SHAPES[v.win.shape][0], SHAPES[v.win.shape][1]

    def item(self, v: View, n: int) -> Item:
        native, name = self.names(v)
        return Item(key=v.win.shape, name=name, native=native, value=SHAPES[v.win.shape][2],
                    unit="fan", count=n, payer=v.payer)

    def listing(self) -> tuple[ItemInfo, ...]:
        # The shapes stand for the one shape element: an item per shape, by its key.
        return tuple(info(key, en, zh, "fan", fan) for key, (zh, en, fan) in SHAPES.items())


class Deguo(Fan):
    key, name, native = "deguo", "Without wild 精 (德国)", "德国"

    def count(self, v: View) -> int:
        return 1 if v.win.deguo else 0


class DeZhongDe(Fan):
    key, name, native = "dezhongde", "德国 while nobody else holds 精 (德中德)", "德中德"

    def count(self, v: View) -> int:
        return 1 if v.win.deguo and v.win.dezhongde else 0


class SelfDraw(Fan):
    key, name, native = "self_draw", "Self-draw", "自摸"

    def count(self, v: View) -> int:
        w = v.win
        return 1 if w.self_draw and not w.jingdiao and not w.heavenly else 0


class Discard(Fan):
    key, name, native = "discard", "Discarded the winning tile", "点炮"

    def count(self, v: View) -> int:
        w = v.win
        return 1 if (not w.self_draw and not w.jingdiao and not w.earthly
                     and v.payer == w.discarder) else 0


class RobbingKong(Fan):
    key, name, native = "robbing_kong", "Robbed kong (paid double by the robbed player)", "抢杠"

    def count(self, v: View) -> int:
        return 1 if v.win.robbing_kong and v.payer == v.win.discarder else 0


class Jingdiao(Fan):
    key, name, native, value = "jingdiao", "Waiting on anything with a 精", "精调", 2

    def count(self, v: View) -> int:
        return 1 if v.win.jingdiao and not v.win.after_kong else 0


class KongFlower(Fan):
    key, name, native = "kong_flower", "Win on a kong replacement", "杠开"

    def count(self, v: View) -> int:
        return 1 if v.win.after_kong and not v.win.jingdiao else 0


class KongJingdiao(Fan):
    key, name, native, value = ("kong_jingdiao", "精调 won on a kong replacement", "扛调",
                                3)

    def count(self, v: View) -> int:
        return 1 if v.win.after_kong and v.win.jingdiao else 0


class Dealer(Fan):
    key, name, native = "dealer", "Dealer wins or pays", "庄家"

    def count(self, v: View) -> int:
        return 1 if v.win.dealer in (v.win.winner, v.payer) else 0


ELEMENTS: tuple[Fan, ...] = (Shape(), Deguo(), DeZhongDe(), SelfDraw(), Discard(),
                             RobbingKong(), Jingdiao(), KongFlower(), KongJingdiao(), Dealer())


def fans_for(win: Win, payer: int) -> tuple[list[dict[str, object]], int, list[Item]]:
    """One payer's fans (older shape), their total and their contract items."""
    view = View(win, payer)
    found = hits(ELEMENTS, view)
    return legacy(found, view), total(found, view), items_of(found, view)
