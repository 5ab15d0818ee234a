"""Yakuman (役満), same shape as :mod:`.yaku`: ``han`` returns the yakuman multiple.

The four hands that may count double (kokushi 13-sided, suuankou tanki, junsei chuuren,
daisuushii) consult ``options.double_yakuman`` and ``options.double_yakuman_hands``.
"""

from __future__ import annotations

from ...tiles import DRAGONS, WINDS
from .hand import Reading, WinContext
from .yaku import Yaku

GREEN = frozenset((19, 20, 21, 23, 25, 32))  # 2s 3s 4s 6s 8s and the green dragon
TERMINAL_KINDS = frozenset((0, 8, 9, 17, 18, 26))


def _multiple(ctx: WinContext, key: str) -> int:
    o = ctx.options
    return 2 if o.double_yakuman and key in o.double_yakuman_hands else 1


class Yakuman(Yaku):
    yakuman = True
    unit = "yakuman"


class Kokushi(Yakuman):
    name, native = "Thirteen orphans", "国士無双"
    needs = frozenset({"kokushi"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(v.form == "kokushi" and v.wait != "13")


class Kokushi13(Yakuman):
    name, native = "Thirteen orphans, 13-sided wait", "国士無双十三面"
    needs = frozenset({"kokushi"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return _multiple(ctx, "kokushi_13") if v.form == "kokushi" and v.wait == "13" else 0


class Suuankou(Yakuman):
    name, native = "Four concealed triplets", "四暗刻"
    needs = frozenset({"triplets4", "menzen"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(v.concealed_triplets == 4 and v.wait != "tanki")


class SuuankouTanki(Yakuman):
    name, native = "Four concealed triplets, pair wait", "四暗刻単騎"
    needs = frozenset({"triplets4", "menzen"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        if v.concealed_triplets == 4 and v.wait == "tanki":
            return _multiple(ctx, "suuankou_tanki")
        return 0


class Daisangen(Yakuman):
    name, native = "Big three dragons", "大三元"
    needs = frozenset({"dragons9"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(sum(k in DRAGONS for k in v.triplets) == 3)


class Shousuushii(Yakuman):
    name, native = "Little four winds", "小四喜"
    needs = frozenset({"winds11"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        if v.form != "standard" or v.pair not in WINDS:
            return 0
        return int(sum(k in WINDS for k in v.triplets) == 3)


class Daisuushii(Yakuman):
    name, native = "Big four winds", "大四喜"
    needs = frozenset({"winds12"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return _multiple(ctx, "daisuushii") if sum(k in WINDS for k in v.triplets) == 4 else 0


class Tsuuiisou(Yakuman):
    name, native = "All honours", "字一色"
    needs = frozenset({"all_honours"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(not ctx.suits)


class Chinroutou(Yakuman):
    name, native = "All terminals", "清老頭"
    needs = frozenset({"all_terminals"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(all(k in TERMINAL_KINDS for k in ctx.kinds))


class Ryuuiisou(Yakuman):
    name, native = "All green", "緑一色"
    needs = frozenset({"all_green"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(all(k in GREEN for k in ctx.kinds))


def _chuuren(ctx: WinContext) -> int:
    """0 = not nine gates, 1 = nine gates, 2 = the pure 9-sided form."""
    if ctx.melds or ctx.honours or ctx.suits not in (1, 2, 4):
        return 0
    suit = ctx.kinds[0] // 9
    c = ctx.concealed[suit * 9: suit * 9 + 9]
    if c[0] < 3 or c[8] < 3 or not all(c):
        return 0
    before = list(c)
    before[ctx.win_tile - suit * 9] -= 1
    return 2 if before == [3, 1, 1, 1, 1, 1, 1, 1, 3] else 1


class Chuuren(Yakuman):
    name, native = "Nine gates", "九蓮宝燈"
    needs = frozenset({"chinitsu", "no_melds"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(_chuuren(ctx) == 1)


class JunseiChuuren(Yakuman):
    name, native = "Pure nine gates", "純正九蓮宝燈"
    needs = frozenset({"chinitsu", "no_melds"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return _multiple(ctx, "junsei_chuuren") if _chuuren(ctx) == 2 else 0


class Suukantsu(Yakuman):
    name, native = "Four kans", "四槓子"
    needs = frozenset({"kans4"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(v.kans == 4)


class Tenhou(Yakuman):
    name, native = "Blessing of heaven", "天和"
    needs = frozenset({"tenhou"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.flags["tenhou"])


class Chiihou(Yakuman):
    name, native = "Blessing of earth", "地和"
    needs = frozenset({"chiihou"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.flags["chiihou"])


class RenhouYakuman(Yakuman):
    name, native = "Blessing of man", "人和"
    needs = frozenset({"renhou"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.flags["renhou"] and ctx.options.renhou == "yakuman")


class Daisharin(Yakuman):
    name, native = "Big wheels", "大車輪"
    needs = frozenset({"daisharin"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        if not ctx.options.daisharin or v.form != "chiitoi":
            return 0
        return int(v.pairs == tuple(range(10, 17)))


YAKUMAN: tuple[Yaku, ...] = (
    Kokushi(), Kokushi13(), Suuankou(), SuuankouTanki(), Daisangen(), Shousuushii(),
    Daisuushii(), Tsuuiisou(), Chinroutou(), Ryuuiisou(), Chuuren(), JunseiChuuren(),
    Suukantsu(), Tenhou(), Chiihou(), RenhouYakuman(), Daisharin(),
)
PAO_KEYS = {"Big three dragons": "daisangen", "Big four winds": "daisuushii",
            "Four kans": "suukantsu"}
