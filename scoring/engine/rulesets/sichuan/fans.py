"""Sichuan fan (番): one small class per fan, evaluated over a registry.

Every fan has the same signature, ``count(view) -> int`` (0 when it does not apply).
The all-triplets family (对子胡, 将对, 金钩钓, 十八学士) is exclusive: only the
highest applies, so 将对 and 金钩钓 are each worth their own fan, not 对子胡's plus theirs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...registry import Counted, tally
from .hand import Reading, WinContext, suits_held
from .options import Options

JIANG_RANKS = (1, 4, 7)  # rank index of 2, 5, 8


@dataclass(frozen=True, slots=True)
class View:
    ctx: WinContext
    reading: Reading
    options: Options

    @property
    def kongs(self) -> int:
        return sum(m.is_kan for m in self.ctx.melds)

    @property
    def fours(self) -> int:
        """Kinds held four times: declared kongs plus hidden 根."""
        return sum(n == 4 for n in self.ctx.counts)

    @property
    def all_triplets(self) -> bool:
        r = self.reading
        return (not r.seven_pairs and all(g.shape == "triplet" for g in r.groups)
                and all(m.kind != "chi" for m in self.ctx.melds))

    @property
    def triplet_family(self) -> str | None:
        if not self.all_triplets:
            return None
        if all(k % 9 in JIANG_RANKS for k in range(27) if self.ctx.counts[k]):
            return "将对"
        if len(self.ctx.melds) == 4:
            return "十八学士" if self.kongs == 4 else "金钩钓"
        return "对子胡"

    @property
    def dragon_pairs(self) -> bool:
        return self.reading.seven_pairs and self.fours > 0


class Fan(Counted[View]):
    """A Sichuan fan; ``count`` is its fan."""


class Family(Fan):
    value: ClassVar[int]

    def count(self, v: View) -> int:
        return self.value if v.triplet_family == self.name_zh else 0


class AllTriplets(Family):
    name_zh, name_en, value = "对子胡", "All triplets", 1


class GoldenHook(Family):
    name_zh, name_en, value = "金钩钓", "Golden hook (single wait after four melds)", 2


class EighteenScholars(Family):
    name_zh, name_en, value = "十八学士", "Eighteen scholars (four kongs, single wait)", 2


class JiangTriplets(Family):
    name_zh, name_en, value = "将对", "All 2-5-8 triplets", 3


class FullFlush(Fan):
    name_zh, name_en = "清一色", "Full flush"

    def count(self, v: View) -> int:
        return 2 if len(suits_held(v.ctx.counts)) == 1 else 0


class SevenPairs(Fan):
    name_zh, name_en = "暗七对", "Seven pairs"

    def count(self, v: View) -> int:
        return 2 if v.reading.seven_pairs and not v.dragon_pairs else 0


class DragonSevenPairs(Fan):
    name_zh, name_en = "龙七对", "Dragon seven pairs (with four of a kind)"

    def count(self, v: View) -> int:
        return 3 if v.dragon_pairs else 0


class Kong(Fan):
    name_zh, name_en = "杠", "Kong"

    def count(self, v: View) -> int:
        return v.kongs


class Root(Fan):
    name_zh, name_en = "根", "Root (four of a kind not declared)"

    def count(self, v: View) -> int:
        # 龙七对's own four of a kind is already in its fan.
        return v.fours - v.kongs - (1 if v.dragon_pairs else 0)


class KongFlower(Fan):
    name_zh, name_en = "杠上花", "Win on a kong replacement"

    def count(self, v: View) -> int:
        return 1 if v.ctx.after_kong else 0


class KongCannon(Fan):
    name_zh, name_en = "杠上炮", "Win on a discard right after a kong"

    def count(self, v: View) -> int:
        return 1 if v.ctx.kong_discard else 0


class RobbingKong(Fan):
    name_zh, name_en = "抢杠", "Robbing a kong"

    def count(self, v: View) -> int:
        return 1 if v.ctx.robbing_kong else 0


class LastTile(Fan):
    name_zh, name_en = "海底", "Last tile"

    def count(self, v: View) -> int:
        if not v.ctx.last_tile:
            return 0
        return 1 if v.ctx.self_draw or v.options.last_discard_fan else 0


class SelfDrawFan(Fan):
    name_zh, name_en = "自摸", "Self-draw (自摸加番)"

    def count(self, v: View) -> int:
        return 1 if v.ctx.self_draw and v.options.self_draw == "add_fan" else 0


REGISTRY: tuple[Fan, ...] = (
    FullFlush(), AllTriplets(), JiangTriplets(), GoldenHook(), EighteenScholars(),
    SevenPairs(), DragonSevenPairs(), Kong(), Root(), KongFlower(), KongCannon(),
    RobbingKong(), LastTile(), SelfDrawFan(),
)


def fans_of(view: View) -> list[dict[str, object]]:
    return tally(REGISTRY, view)
