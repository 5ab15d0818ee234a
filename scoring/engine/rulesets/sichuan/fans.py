"""Sichuan fan (番): one small class per fan, declared as :class:`scoring.engine.items.Element`.

``value`` is a fan's worth and ``count(view)`` how many times the hand holds it (0 when
it does not apply; kongs and 根 count each one).
The all-triplets family (对子胡, 将对, 金钩钓, 十八学士) is exclusive: only the
highest applies, so 将对 and 金钩钓 are each worth their own fan, not 对子胡's plus theirs.
Fans played only at some tables (门清, 中张, 带幺九, 将七对, 夹心五, 天胡, 地胡) count
when their option says so; those whose fan is the table's to set (:class:`SetFan`) take
their value from the options.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...items import Element, hits, items_of, legacy, total
from ...result import Item, Unit
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


class Fan(Element[View]):
    """A Sichuan fan."""

    unit: Unit = "fan"


class SetFan(Fan):
    """A fan whose worth the table's options set (``fan_of``) rather than the class."""

    def fan_of(self, v: View) -> int:
        return self.value

    def worth(self, v: View, n: int) -> int:
        return self.fan_of(v) * n

    def item(self, v: View, n: int) -> Item:
        return {**super().item(v, n), "value": self.fan_of(v)}


class Family(SetFan):
    def count(self, v: View) -> int:
        return 1 if v.triplet_family == self.native else 0

    def fan_of(self, v: View) -> int:
        # Where 对子胡 is played at two fan, the hands built on it move up with it.
        return self.value + v.options.all_triplets_fan - 1


class AllTriplets(Family):
    key, name, native, value = "all_triplets", "All triplets", "对子胡", 1


class GoldenHook(Family):
    key, name, native, value = ("golden_hook", "Golden hook (single wait after four melds)",
                                "金钩钓", 2)


class EighteenScholars(Family):
    key, name, native, value = ("eighteen_scholars",
                                "Eighteen scholars (four kongs, single wait)", "十八学士", 2)


class JiangTriplets(Family):
    key, name, native, value = "jiang_triplets", "All 2-5-8 triplets", "将对", 3


class FullFlush(Fan):
    key, name, native, value = "full_flush", "Full flush", "清一色", 2

    def count(self, v: View) -> int:
        return 1 if len(suits_held(v.ctx.counts)) == 1 else 0


class SevenPairs(Fan):
    key, name, native, value = "seven_pairs", "Seven pairs", "暗七对", 2

    def count(self, v: View) -> int:
        return 1 if v.reading.seven_pairs and not v.dragon_pairs else 0


class DragonSevenPairs(Fan):
    key, name, native, value = ("dragon_seven_pairs", "Dragon seven pairs (with four of a "
                                "kind)", "龙七对", 3)

    def count(self, v: View) -> int:
        return 1 if v.dragon_pairs else 0


class Kong(Fan):
    key, name, native = "kong", "Kong", "杠"

    def count(self, v: View) -> int:
        return v.kongs


class Root(Fan):
    key, name, native = "root", "Root (four of a kind not declared)", "根"

    def count(self, v: View) -> int:
        # 龙七对's own four of a kind is already in its fan.
        return v.fours - v.kongs - (1 if v.dragon_pairs else 0)


class KongFlower(Fan):
    key, name, native = "kong_flower", "Win on a kong replacement", "杠上花"

    def count(self, v: View) -> int:
        return 1 if v.ctx.after_kong else 0


class KongCannon(Fan):
    key, name, native = "kong_cannon", "Win on a discard right after a kong", "杠上炮"

    def count(self, v: View) -> int:
        return 1 if v.ctx.kong_discard else 0


class RobbingKong(Fan):
    key, name, native = "robbing_kong", "Robbing a kong", "抢杠"

    def count(self, v: View) -> int:
        return 1 if v.ctx.robbing_kong else 0


class LastTile(Fan):
    key, name, native = "last_tile", "Last tile", "海底"

    def count(self, v: View) -> int:
        if not v.ctx.last_tile:
            return 0
        return 1 if v.ctx.self_draw or v.options.last_discard_fan else 0


class SelfDrawFan(Fan):
    key, name, native = "self_draw", "Self-draw (自摸加番)", "自摸"

    def count(self, v: View) -> int:
        return 1 if v.ctx.self_draw and v.options.self_draw == "add_fan" else 0


class Concealed(Fan):
    key, name, native = "concealed", "Concealed hand (no pon or exposed kong)", "门清"

    def count(self, v: View) -> int:
        return 1 if v.options.concealed_simples and all(
            m.kind == "ankan" for m in v.ctx.melds) else 0


class AllSimples(Fan):
    key, name, native = "all_simples", "All simples (no 1 or 9)", "中张"

    def count(self, v: View) -> int:
        return 1 if v.options.concealed_simples and all(
            k % 9 not in TERMINAL_RANKS for k in v.kinds_held) else 0


class Terminals(SetFan):
    key, name, native = "terminals", "Terminals in every set and the pair", "带幺九"

    def count(self, v: View) -> int:
        r = v.reading
        if not v.options.terminals_fan or r.seven_pairs or r.pair is None:
            return 0
        kinds = [(r.pair,)] + [g.kinds for g in r.groups] + [m.kinds for m in v.ctx.melds]
        return 1 if all(any(k % 9 in TERMINAL_RANKS for k in ks) for ks in kinds) else 0

    def fan_of(self, v: View) -> int:
        return v.options.terminals_fan


class JiangSevenPairs(Fan):
    key, name, native, value = "jiang_seven_pairs", "Seven pairs of 2, 5 and 8", "将七对", 2

    def count(self, v: View) -> int:
        return 1 if v.options.jiang_seven_pairs and v.reading.seven_pairs and all(
            k % 9 in JIANG_RANKS for k in v.kinds_held) else 0


class MiddleFive(Fan):
    key, name, native = "middle_five", "Winning 5 in the middle of 4-5-6", "夹心五"

    def count(self, v: View) -> int:
        w = v.ctx.win_tile
        if not v.options.middle_five or not 0 <= w < 27 or w % 9 != 4:
            return 0
        return 1 if any(g.shape == "run" and g.kind == w - 1 for g in v.reading.groups) else 0


class FirstChance(SetFan):
    """天胡 and 地胡: a win flag whose fan the table sets (its option; 0 is not played)."""

    def __init__(self, key: str, name: str, native: str, option: str) -> None:
        self.key, self.name, self.native, self.option = key, name, native, option

    def count(self, v: View) -> int:
        return 1 if getattr(v.ctx, self.key) and self.fan_of(v) else 0

    def fan_of(self, v: View) -> int:
        return int(getattr(v.options, self.option))


Found = list[tuple[Element[View], int]]  # fans present with their counts

ELEMENTS: tuple[Fan, ...] = (
    FullFlush(), AllTriplets(), JiangTriplets(), GoldenHook(), EighteenScholars(),
    SevenPairs(), DragonSevenPairs(), Kong(), Root(), KongFlower(), KongCannon(),
    RobbingKong(), LastTile(), SelfDrawFan(), Concealed(), AllSimples(), Terminals(),
    JiangSevenPairs(), MiddleFive(),
    FirstChance("heavenly_hand", "Heavenly hand (the dealer wins on the deal)", "天胡",
                "heavenly_fan"),
    FirstChance("earthly_hand", "Earthly hand (a first-chance win)", "地胡", "earthly_fan"),
)


def fans_of(view: View) -> tuple[Found, int]:
    """The fans the reading holds, with their counts, and their total."""
    found = hits(ELEMENTS, view)
    return found, total(found, view)


def fan_items(found: Found, view: View) -> list[Item]:
    return items_of(found, view)


def legacy_fans(found: Found, view: View) -> list[dict[str, object]]:
    return legacy(found, view)
