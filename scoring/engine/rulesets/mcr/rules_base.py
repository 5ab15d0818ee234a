"""What every fan detector shares: the base class, the registry and small tile tests.

The detectors themselves are in :mod:`.rules_high` (88 to 12 fan) and :mod:`.rules_low`
(8 to 1 fan); :mod:`.rules` loads both.

One small class per fan, one shared signature.

Each detector says how many times its fan is present in one reading *before* the
exclusion principles are applied; :mod:`.scorer` then drops what the table's ``excludes``
says a higher fan already covers (不重复原则). Fans between sets (一般高, 三色三同顺, 三同刻…)
come from :mod:`.reading`, which applies 不拆移, 套算一次 and 不得相同 when combining sets.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from .fans import BY_ID, FanDef
from .reading import Ctx

TERMINAL_KINDS = frozenset({0, 8, 9, 17, 18, 26})


class Fan(ABC):
    id: ClassVar[str]
    # What a reading must have for the fan to be possible at all: "chows" (two or more),
    # "pungs" (two or more) or "special" (any reading but plain sets and a pair). The scorer
    # skips the fan's detector on readings without it; "" means always ask.
    needs: ClassVar[str] = ""

    @property
    def info(self) -> FanDef:
        return BY_ID[self.id]

    @abstractmethod
    def count(self, ctx: Ctx) -> int:
        """How many times the fan is present in this reading, before exclusions."""


REGISTRY: list[Fan] = []


def fan(cls: type[Fan]) -> type[Fan]:
    if cls.id not in BY_ID:
        raise KeyError(f"fan {cls.id!r} is not in the fan table")
    REGISTRY.append(cls())
    return cls


class ChowCombination(Fan):
    needs = "chows"

    def count(self, ctx: Ctx) -> int:
        return ctx.chow_fans.get(self.id, 0)


class PungCombination(Fan):
    needs = "pungs"

    def count(self, ctx: Ctx) -> int:
        return ctx.pung_fans.get(self.id, 0)


def all_kinds(ctx: Ctx, allowed: frozenset[int]) -> bool:
    return all(k in allowed for k in ctx.facts.kinds)


def suited_in(ctx: Ctx, ranks: frozenset[int]) -> bool:
    return not ctx.facts.has_honours and ctx.facts.ranks <= ranks
