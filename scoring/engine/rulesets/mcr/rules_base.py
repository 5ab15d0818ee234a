"""What every fan detector shares: the base class and the reading features.

The detectors themselves are in :mod:`.rules_high` (88 to 12 fan) and :mod:`.rules_low`
(8 to 1 fan); :mod:`.rules` loads both.

One small class per fan, one shared signature ``count(ctx)``.

Each detector says how many times its fan is present *before* the exclusion principles
are applied; :mod:`.scorer` then drops what the table's ``excludes`` says a higher fan
already covers (不重复原则). Fans between sets (一般高, 三色三同顺, 三同刻…) come from
:mod:`.reading`, which applies 不拆移, 套算一次 and 不得相同 when combining sets.

A detector's ``scope`` says what it may look at, and so how often the scorer asks it:

``"tiles"``
    only ``ctx.tiles`` (:class:`.facts.TileFacts`, which kinds the hand holds);
``"situation"``
    only ``ctx.situation`` (:class:`.facts.Situation`, how the hand was won and declared);
``"reading"``
    anything of :class:`.reading.Ctx`: one reading of the hand.

The first two are answered once per distinct value of those facts, not once per hand.
A reading-level detector also names in ``needs`` the reading features (below) without
which its fan cannot be present; the scorer only asks it on readings that have them all.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar, Literal

from ...items import Element
from ...result import Unit
from .facts import TERMINAL_KINDS
from .fans import BY_ID, FanDef
from .reading import Ctx

Scope = Literal["tiles", "situation", "reading"]

# --- reading features: bits the scorer works out for every reading -----------------------
STANDARD = 1 << 0  # four sets and a pair
SETS = 1 << 1  # a standard or knitted-straight reading (it has sets)
SPECIAL = 1 << 2  # any other form
SEVEN_PAIRS = 1 << 3
THIRTEEN_ORPHANS = 1 << 4
HONOURS_KNITTED = 1 << 5
KNITTED = 1 << 6  # 组合龙 plus a set and a pair
WIND_PUNG = 1 << 7  # at least one pung or kong of a wind
DRAGON_PUNG = 1 << 8
TERMINAL_PUNG = 1 << 9  # at least one pung or kong of a terminal or a wind
CONCEALED_PUNGS2 = 1 << 10  # at least two concealed pungs or kongs
FOUR_PUNGS = 1 << 11
NO_PUNGS = 1 << 12
ALL_FIVES = 1 << 13  # every set and the pair hold a 5
OUTSIDE = 1 << 14  # every set and the pair hold a terminal or an honour
WAIT = 1 << 15  # the winning tile is in a concealed chow or is the pair
NINE = 1 << 16  # nothing declared, one suit, no honours (九莲宝灯 territory)

FORM_FEATURES = {
    "standard": STANDARD | SETS,
    "knitted": KNITTED | SETS | SPECIAL,
    "seven_pairs": SEVEN_PAIRS | SPECIAL,
    "thirteen_orphans": THIRTEEN_ORPHANS | SPECIAL,
    "honours_knitted": HONOURS_KNITTED | SPECIAL,
}


class Fan(Element[Ctx]):
    """A fan detector, declared like every scoring element
    (:class:`scoring.engine.items.Element`): a class naming its ``id`` takes its key, names
    and points from the fan table (:mod:`.fans`) when it is defined, so they are written
    once; :mod:`.rules_high` and :mod:`.rules_low` list one instance of each."""

    id: ClassVar[str]
    unit: Unit = "fan"
    scope: ClassVar[Scope] = "reading"
    needs: ClassVar[int] = 0  # reading features required (reading scope only)
    # Fans between sets are read off one shared table per reading instead ("chows" or
    # "pungs"): see ChowCombination and PungCombination.
    family: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "id" in cls.__dict__:  # a fan (the bases below name none)
            if cls.id not in BY_ID:
                raise KeyError(f"fan {cls.id!r} is not in the fan table")
            found = BY_ID[cls.id]
            cls.key, cls.name, cls.native = found.id, found.name_en, found.name_zh
            cls.value = found.points

    @property
    def info(self) -> FanDef:
        return BY_ID[self.id]

    @abstractmethod
    def count(self, ctx: Ctx) -> int:
        """How many times the fan is present, before exclusions."""


class ChowCombination(Fan):
    """A fan between chows: the scorer merges :func:`.reading.chow_combination_fans` at once."""

    family = "chows"

    def count(self, ctx: Ctx) -> int:
        return ctx.chow_fans.get(self.id, 0) if len(ctx.chows) >= 2 else 0


class PungCombination(Fan):
    """A fan between pungs: the scorer merges :func:`.reading.pung_combination_fans` at once."""

    family = "pungs"

    def count(self, ctx: Ctx) -> int:
        return ctx.pung_fans.get(self.id, 0) if len(ctx.pungs) >= 2 else 0


class TilesFan(Fan):
    scope = "tiles"


class SituationFan(Fan):
    scope = "situation"


__all__ = ["TERMINAL_KINDS", "ChowCombination", "Fan", "PungCombination", "SituationFan",
           "TilesFan"]
