"""Wuhu 嘴子: one small class per 嘴子, evaluated over a registry.

``count(view)`` is how many 嘴子 a hand holds of that kind (0 when it does not apply);
清一色 and 双八支 count as two, so either alone makes the hand 全交.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...registry import Counted, tally
from .hand import Reading, WinContext


@dataclass(frozen=True, slots=True)
class View:
    ctx: WinContext
    reading: Reading

    @property
    def runs(self) -> list[int]:
        """First kind of every run: concealed runs and chi melds."""
        out = [g.kind for g in self.reading.groups if g.shape == "run"]
        return out + [m.base for m in self.ctx.melds if m.kind == "chi"]

    @property
    def suits_used(self) -> int:
        return sum(n > 0 for n in self.ctx.suit_tiles)


class Mouth(Counted[View]):
    """A Wuhu 嘴子; ``count`` is how many 嘴子 it makes."""


class FourAlive(Mouth):
    name_zh, name_en = "四活", "Four alive (all four copies of a tile, not a kong)"

    def count(self, v: View) -> int:
        held = list(v.ctx.counts)
        for m in v.ctx.melds:
            if m.is_kan:
                held[m.base] -= 4
        return sum(n == 4 for n in held)


class Dragon(Mouth):
    name_zh, name_en = "通天", "Pure straight (一条龙, 1-9 of one suit)"

    def count(self, v: View) -> int:
        runs = v.runs
        return 1 if any(s in runs and s + 3 in runs and s + 6 in runs
                        for s in (0, 9, 18)) else 0


class AllTriplets(Mouth):
    name_zh, name_en = "对对胡", "All triplets"

    def count(self, v: View) -> int:
        return 1 if not v.runs else 0


class KongFlower(Mouth):
    name_zh, name_en = "杠开", "Win on a kong replacement"

    def count(self, v: View) -> int:
        return 1 if v.ctx.after_kong else 0


class HalfFlush(Mouth):
    name_zh, name_en = "混一色", "Half flush (one suit and honours)"

    def count(self, v: View) -> int:
        return 1 if v.suits_used == 1 and v.ctx.honours else 0


class FullFlush(Mouth):
    name_zh, name_en = "清一色", "Full flush (counts as two 嘴子)"

    def count(self, v: View) -> int:
        return 2 if v.suits_used == 1 and not v.ctx.honours else 0


class DoubleEight(Mouth):
    name_zh, name_en = "双八支", "Two suits of eight (counts as two 嘴子)"

    def count(self, v: View) -> int:
        return 2 if sum(n >= 8 for n in v.ctx.suit_tiles) >= 2 else 0


REGISTRY: tuple[Mouth, ...] = (FourAlive(), Dragon(), AllTriplets(), KongFlower(), HalfFlush(),
                               FullFlush(), DoubleEight())

BY_NAME = {m.name_zh: m for m in REGISTRY}


def mouths_of(view: View) -> list[dict[str, object]]:
    return tally(REGISTRY, view, "count")
