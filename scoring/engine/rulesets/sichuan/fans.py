"""Sichuan fan (番): one small class per fan, evaluated over a registry.

Every fan has the same signature, ``count(view) -> int`` (0 when it does not apply).
The all-triplets family (对子胡, 将对, 金钩钓, 十八学士) is exclusive: only the
highest applies, so 将对 and 金钩钓 are each worth their own fan, not 对子胡's plus theirs.
Fans played only at some tables (门清, 中张, 带幺九, 将七对, 夹心五, 天胡, 地胡) count
when their option says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...registry import Counted, tally
from .hand import Reading, WinContext, suits_held
from .options import Options

JIANG_RANKS = (1, 4, 7)  # rank index of 2, 5, 8
TERMINAL_RANKS = (0, 8)  # rank index of 1 and 9


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

    @property
    def kinds_held(self) -> list[int]:
        return [k for k in range(27) if self.ctx.counts[k]]


class Fan(Counted[View]):
    """A Sichuan fan; ``count`` is its fan."""


class Family(Fan):
    value: ClassVar[int]

    def count(self, v: View) -> int:
        if v.triplet_family != self.name_zh:
            return 0
        # Where 对子胡 is played at two fan, the hands built on it move up with it.
        return self.value + v.options.all_triplets_fan - 1


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


class Concealed(Fan):
    name_zh, name_en = "门清", "Concealed hand (no pon or exposed kong)"

    def count(self, v: View) -> int:
        return 1 if v.options.concealed_simples and all(
            m.kind == "ankan" for m in v.ctx.melds) else 0


class AllSimples(Fan):
    name_zh, name_en = "中张", "All simples (no 1 or 9)"

    def count(self, v: View) -> int:
        return 1 if v.options.concealed_simples and all(
            k % 9 not in TERMINAL_RANKS for k in v.kinds_held) else 0


class Terminals(Fan):
    name_zh, name_en = "带幺九", "Terminals in every set and the pair"

    def count(self, v: View) -> int:
        r = v.reading
        if not v.options.terminals_fan or r.seven_pairs or r.pair is None:
            return 0
        kinds = [(r.pair,)] + [g.kinds for g in r.groups] + [m.kinds for m in v.ctx.melds]
        every = all(any(k % 9 in TERMINAL_RANKS for k in ks) for ks in kinds)
        return v.options.terminals_fan if every else 0


class JiangSevenPairs(Fan):
    name_zh, name_en = "将七对", "Seven pairs of 2, 5 and 8"

    def count(self, v: View) -> int:
        return 2 if v.options.jiang_seven_pairs and v.reading.seven_pairs and all(
            k % 9 in JIANG_RANKS for k in v.kinds_held) else 0


class MiddleFive(Fan):
    name_zh, name_en = "夹心五", "Winning 5 in the middle of 4-5-6"

    def count(self, v: View) -> int:
        w = v.ctx.win_tile
        if not v.options.middle_five or not 0 <= w < 27 or w % 9 != 4:
            return 0
        return 1 if any(g.shape == "run" and g.kind == w - 1 for g in v.reading.groups) else 0


class Heavenly(Fan):
    name_zh, name_en = "天胡", "Heavenly hand (the dealer wins on the deal)"

    def count(self, v: View) -> int:
        return v.options.heavenly_fan if v.ctx.heavenly_hand else 0


class Earthly(Fan):
    name_zh, name_en = "地胡", "Earthly hand (a first-chance win)"

    def count(self, v: View) -> int:
        return v.options.earthly_fan if v.ctx.earthly_hand else 0


REGISTRY: tuple[Fan, ...] = (
    FullFlush(), AllTriplets(), JiangTriplets(), GoldenHook(), EighteenScholars(),
    SevenPairs(), DragonSevenPairs(), Kong(), Root(), KongFlower(), KongCannon(),
    RobbingKong(), LastTile(), SelfDrawFan(), Concealed(), AllSimples(), Terminals(),
    JiangSevenPairs(), MiddleFive(), Heavenly(), Earthly(),
)


def fans_of(view: View) -> list[dict[str, object]]:
    return tally(REGISTRY, view)
