"""Wuhu 嘴子: one small class per 嘴子, declared as :class:`scoring.engine.items.Element`.

``count(view)`` is how many times a hand holds that 嘴子 (0 when it does not apply) and
``value`` how many 嘴子 each makes: 清一色 and 双八支 count as two, so either alone makes
the hand 全交; 杠开 counts as two too where the table plays it as one of the "后三种"
(option ``kong_flower_double``), which :meth:`Mouth.value_for` reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...items import Element, hits, items_of
from ...result import Item, Unit
from .hand import Reading, WinContext
from .options import Options


@dataclass(frozen=True, slots=True)
class View:
    ctx: WinContext
    reading: Reading
    options: Options

    @property
    def runs(self) -> list[int]:
        """First kind of every run: concealed runs and chi melds."""
        out = [g.kind for g in self.reading.groups if g.shape == "run"]
        return out + [m.base for m in self.ctx.melds if m.kind == "chi"]

    @property
    def suits_used(self) -> int:
        return sum(n > 0 for n in self.ctx.suit_tiles)


class Mouth(Element[View]):
    """A Wuhu 嘴子."""

    unit: Unit = "mouth"

    def value_for(self, options: Options) -> int:
        """How many 嘴子 one occurrence makes under ``options``."""
        return self.value

    def worth(self, v: View, n: int) -> int:
        return self.value_for(v.options) * n

    def item(self, v: View, n: int) -> Item:
        return {**super().item(v, n), "value": self.value_for(v.options)}


class FourAlive(Mouth):
    key, name, native = ("four_alive", "Four alive (all four copies of a tile, not a kong)",
                         "四活")

    def count(self, v: View) -> int:
        held = list(v.ctx.counts)
        for m in v.ctx.melds:
            if m.is_kan:
                held[m.base] -= 4
        return sum(n == 4 for n in held)


class Dragon(Mouth):
    key, name, native = "pure_straight", "Pure straight (一条龙, 1-9 of one suit)", "通天"

    def count(self, v: View) -> int:
        runs = v.runs
        return 1 if any(s in runs and s + 3 in runs and s + 6 in runs
                        for s in (0, 9, 18)) else 0


class AllTriplets(Mouth):
    key, name, native = "all_triplets", "All triplets", "对对胡"

    def count(self, v: View) -> int:
        return 1 if not v.runs else 0


class KongFlower(Mouth):
    key, name, native = "kong_flower", "Win on a kong replacement", "杠开"

    def count(self, v: View) -> int:
        return 1 if v.ctx.after_kong else 0

    def value_for(self, options: Options) -> int:
        return 2 if options.kong_flower_double else 1


class HalfFlush(Mouth):
    key, name, native = "half_flush", "Half flush (one suit and honours)", "混一色"

    def count(self, v: View) -> int:
        return 1 if v.suits_used == 1 and v.ctx.honours else 0


class FullFlush(Mouth):
    key, name, native, value = "full_flush", "Full flush (counts as two 嘴子)", "清一色", 2

    def count(self, v: View) -> int:
        return 1 if v.suits_used == 1 and not v.ctx.honours else 0


class DoubleEight(Mouth):
    key, name, native, value = ("double_eight", "Two suits of eight (counts as two 嘴子)",
                                "双八支", 2)

    def count(self, v: View) -> int:
        return 1 if sum(n >= 8 for n in v.ctx.suit_tiles) >= 2 else 0


ELEMENTS: tuple[Mouth, ...] = (FourAlive(), Dragon(), AllTriplets(), KongFlower(), HalfFlush(),
                               FullFlush(), DoubleEight())

BY_NAME = {m.native: m for m in ELEMENTS}


def mouths_of(view: View) -> list[Item]:
    return items_of(hits(ELEMENTS, view), view)
