"""The ordinary yaku (役), one small class each, all with the same ``han(ctx, v)``.

``han`` returns the han the yaku is worth for that reading (0 when it does not apply);
open-hand reductions (食い下がり) are inside each class. Japanese names follow the
usual tables (and majiang-core's spelling, so golden data maps one to one).
"""

from __future__ import annotations

import re
from abc import abstractmethod

from ...items import Element, ItemInfo, info
from ...result import Item, Unit
from ...tiles import DRAGONS, HONOUR_NAMES, HONOURS, WINDS
from .fu import is_pinfu_shape
from .hand import YAOCHU, Reading, WinContext

View = tuple[WinContext, Reading]

WIND_JA = {27: "東", 28: "南", 29: "西", 30: "北"}
WIND_EN = {k: HONOUR_NAMES[k - HONOURS[0]] for k in WINDS}
DRAGON_JA = {31: "白", 32: "發", 33: "中"}
DRAGON_EN = {k: HONOUR_NAMES[k - HONOURS[0]] for k in DRAGONS}


class Yaku(Element[View]):
    """A yaku, declared like every scoring element (:class:`scoring.engine.items.Element`)
    with ``name`` (English) and ``native`` (Japanese); ``key`` defaults to the class name
    in snake case. Its worth depends on the hand (open hands lose a han), so the scorer
    asks :meth:`han` with the hand and the reading apart, the hot path, and each hit is one
    item worth its han (or its yakuman multiple)."""

    name = ""
    native = ""
    unit: Unit = "han"
    yakuman = False
    # Hand features (see :func:`.features.hand_features`) without which the yaku cannot
    # apply: the scorer skips it for such hands without calling ``han``.
    needs: frozenset[str] = frozenset()
    dynamic_name = False  # names() depends on the hand (seat and round wind)

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        if "key" not in cls.__dict__:
            cls.key = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()

    @abstractmethod
    def han(self, ctx: WinContext, v: Reading) -> int:
        """Han for this reading (yakuman: the multiple); 0 when it does not apply."""

    def count(self, v: View) -> int:
        return self.han(v[0], v[1])

    def worth(self, v: View, n: int) -> int:
        return n

    def item(self, v: View, n: int) -> Item:
        if self.dynamic_name:
            (native, name), key = self.names(v), self.key_for(v)
        else:
            native, name, key = self.native, self.name, self.key
        return Item(key=key, name=name, native=native, value=n, unit=self.unit, count=1)

    def key_for(self, v: View) -> str:
        """The item's key; a yaku named after the hand has one per name."""
        return self.key



class Riichi(Yaku):
    name, native = "Riichi", "立直"
    needs = frozenset({"riichi"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.flags["riichi"] and not ctx.flags["double_riichi"])


class DoubleRiichi(Yaku):
    name, native = "Double riichi", "ダブル立直"
    needs = frozenset({"double_riichi"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return 2 if ctx.flags["double_riichi"] else 0


class OpenRiichi(Yaku):
    name, native = "Open riichi", "オープン立直"
    needs = frozenset({"open_riichi"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.flags["open_riichi"] and ctx.options.open_riichi)


class Ippatsu(Yaku):
    name, native = "Ippatsu", "一発"
    needs = frozenset({"ippatsu"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.flags["ippatsu"])


class MenzenTsumo(Yaku):
    name, native = "Fully concealed hand", "門前清自摸和"
    needs = frozenset({"tsumo", "menzen"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.tsumo and ctx.menzen)


class Pinfu(Yaku):
    name, native = "Pinfu", "平和"
    needs = frozenset({"menzen"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        # ピンヅモなし: where tsumo earns its 2 fu, a pinfu shape on tsumo is not pinfu.
        if ctx.tsumo and ctx.options.pinfu_tsumo_fu:
            return 0
        return int(is_pinfu_shape(ctx, v))


class Tanyao(Yaku):
    name, native = "All simples", "断幺九"
    needs = frozenset({"simples"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        if not ctx.menzen and not ctx.options.kuitan:
            return 0
        return int(not ctx.yaochu)


class Iipeikou(Yaku):
    name, native = "Pure double sequence", "一盃口"
    needs = frozenset({"menzen"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.menzen and _peikou(v) == 1)


class Ryanpeikou(Yaku):
    name, native = "Twice pure double sequence", "二盃口"
    needs = frozenset({"menzen"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return 3 if ctx.menzen and _peikou(v) == 2 else 0


def _peikou(v: Reading) -> int:
    """How many pairs of identical runs (一盃口 = 1, 二盃口 = 2)."""
    runs = v.runs
    if len(set(runs)) == len(runs):
        return 0  # no run repeats: the usual case, decided without the walk
    ordered = sorted(runs)
    count, i = 0, 0
    while i + 1 < len(ordered):
        if ordered[i] == ordered[i + 1]:
            count += 1
            i += 2
        else:
            i += 1
    return count


class Dragon(Yaku):
    """A triplet of one dragon (役牌 白/發/中); one element per dragon."""

    def __init__(self, kind: int) -> None:
        self.kind = kind
        self.key = f"dragon_{DRAGON_EN[kind].lower()}"
        self.name = f"Dragon triplet {DRAGON_EN[kind]}"
        self.native = f"翻牌 {DRAGON_JA[kind]}"
        self.needs = frozenset({f"triplet{kind}"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(self.kind in v.triplets)


class SeatWind(Yaku):
    name, native = "Seat wind", "自風"
    dynamic_name = True
    needs = frozenset({"seat_triplet"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.seat_wind in v.triplets)

    def names(self, v: View) -> tuple[str, str]:
        k = v[0].seat_wind
        return f"自風 {WIND_JA[k]}", f"Seat wind {WIND_EN[k]}"

    def key_for(self, v: View) -> str:
        return f"seat_wind_{WIND_EN[v[0].seat_wind].lower()}"

    def listing(self) -> tuple[ItemInfo, ...]:
        return tuple(info(f"seat_wind_{WIND_EN[k].lower()}", f"Seat wind {WIND_EN[k]}",
                          f"自風 {WIND_JA[k]}", self.unit, self.value) for k in WIND_EN)


class RoundWind(Yaku):
    name, native = "Round wind", "場風"
    dynamic_name = True
    needs = frozenset({"round_triplet"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.round_wind in v.triplets)

    def names(self, v: View) -> tuple[str, str]:
        k = v[0].round_wind
        return f"場風 {WIND_JA[k]}", f"Round wind {WIND_EN[k]}"

    def key_for(self, v: View) -> str:
        return f"round_wind_{WIND_EN[v[0].round_wind].lower()}"

    def listing(self) -> tuple[ItemInfo, ...]:
        return tuple(info(f"round_wind_{WIND_EN[k].lower()}", f"Round wind {WIND_EN[k]}",
                          f"場風 {WIND_JA[k]}", self.unit, self.value) for k in WIND_EN)


class Haitei(Yaku):
    name, native = "Under the sea", "海底摸月"
    needs = frozenset({"haitei"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.flags["haitei"])


class Houtei(Yaku):
    name, native = "Under the river", "河底撈魚"
    needs = frozenset({"houtei"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.flags["houtei"])


class Rinshan(Yaku):
    name, native = "After a kan", "嶺上開花"
    needs = frozenset({"rinshan"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.flags["rinshan"])


class Chankan(Yaku):
    name, native = "Robbing a kan", "槍槓"
    needs = frozenset({"chankan"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return int(ctx.flags["chankan"])


class Chiitoitsu(Yaku):
    name, native = "Seven pairs", "七対子"
    needs = frozenset({"seven_pairs"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return 2 if v.form == "chiitoi" else 0


class Sanshoku(Yaku):
    name, native = "Mixed triple sequence", "三色同順"
    needs = frozenset({"three_suits"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        runs = set(v.runs)
        for k in runs:
            if k < 9 and k + 9 in runs and k + 18 in runs:
                return 2 if ctx.menzen else 1
        return 0


class SanshokuDoukou(Yaku):
    name, native = "Triple triplets", "三色同刻"
    needs = frozenset({"three_suits", "triplets3"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        t = v.triplets
        for k in t:
            if k < 9 and k + 9 in t and k + 18 in t:
                return 2
        return 0


class Ittsu(Yaku):
    name, native = "Pure straight", "一気通貫"
    needs = frozenset({"ittsu"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        runs = set(v.runs)
        for s in (0, 9, 18):
            if s in runs and s + 3 in runs and s + 6 in runs:
                return 2 if ctx.menzen else 1
        return 0


def _outside(v: Reading) -> tuple[bool, bool]:
    """(every group holds a terminal or honour, any honour used) for chanta/junchan."""
    pair = v.pair
    if pair not in YAOCHU:
        return False, False
    for k in v.runs:
        if k % 9 not in (0, 6):
            return False, False
    honour = pair >= 27
    for k in v.triplets:
        if k not in YAOCHU:
            return False, False
        honour = honour or k >= 27
    return True, honour


class Chanta(Yaku):
    name, native = "Half outside hand", "混全帯幺九"
    needs = frozenset({"outside"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        if v.form != "standard" or not v.runs:
            return 0
        ok, honour = _outside(v)
        return (2 if ctx.menzen else 1) if ok and honour else 0


class Junchan(Yaku):
    name, native = "Fully outside hand", "純全帯幺九"
    needs = frozenset({"outside", "no_honours"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        if v.form != "standard" or not v.runs:
            return 0
        ok, honour = _outside(v)
        return (3 if ctx.menzen else 2) if ok and not honour else 0


class Toitoi(Yaku):
    name, native = "All triplets", "対々和"
    needs = frozenset({"triplets4"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return 2 if v.form == "standard" and len(v.triplets) == 4 else 0


class Sanankou(Yaku):
    name, native = "Three concealed triplets", "三暗刻"
    needs = frozenset({"triplets3"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return 2 if v.concealed_triplets == 3 else 0


class Sankantsu(Yaku):
    name, native = "Three kans", "三槓子"
    needs = frozenset({"kans3"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return 2 if v.kans == 3 else 0


class Shousangen(Yaku):
    name, native = "Little three dragons", "小三元"
    needs = frozenset({"dragons8"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        if v.form != "standard" or v.pair not in DRAGONS:
            return 0
        return 2 if sum(k in DRAGONS for k in v.triplets) == 2 else 0


class Honroutou(Yaku):
    name, native = "All terminals and honours", "混老頭"
    needs = frozenset({"honroutou"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        if v.form == "kokushi" or not ctx.honours or not ctx.suits:
            return 0  # all honours or all terminals are yakuman (字一色 / 清老頭), not this
        return 2 if all(k in YAOCHU for k in ctx.kinds) else 0


ONE_SUIT = (1, 2, 4)


class Honitsu(Yaku):
    name, native = "Half flush", "混一色"
    needs = frozenset({"honitsu"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return (3 if ctx.menzen else 2) if ctx.suits in ONE_SUIT and ctx.honours else 0


class Chinitsu(Yaku):
    name, native = "Full flush", "清一色"
    needs = frozenset({"chinitsu"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        return (6 if ctx.menzen else 5) if ctx.suits in ONE_SUIT and not ctx.honours else 0


class Renhou(Yaku):
    """Ron before one's first draw, when the option makes it a limit rather than yakuman.

    As mangan it is worth 5 han and as baiman 8 (so it stacks with the hand's other
    yaku, the common club reading); as a yakuman it lives in :mod:`.yakuman`. Under
    ``mangan_or_hand`` it is also 5 han here and the score decides between it and the
    hand's own yaku (see ``score._renhou_or_hand``).
    """

    name, native = "Blessing of man", "人和"
    needs = frozenset({"renhou"})

    def han(self, ctx: WinContext, v: Reading) -> int:
        if not ctx.flags["renhou"]:
            return 0
        return {"mangan": 5, "mangan_or_hand": 5, "baiman": 8}.get(ctx.options.renhou, 0)


YAKU: tuple[Yaku, ...] = (
    Riichi(), DoubleRiichi(), OpenRiichi(), Ippatsu(), MenzenTsumo(), Pinfu(), Tanyao(),
    Iipeikou(), Dragon(31), Dragon(32), Dragon(33), SeatWind(), RoundWind(), Haitei(),
    Houtei(), Rinshan(), Chankan(), Chiitoitsu(), Sanshoku(), SanshokuDoukou(), Ittsu(),
    Chanta(), Junchan(), Toitoi(), Sanankou(), Sankantsu(), Shousangen(), Honroutou(),
    Honitsu(), Chinitsu(), Ryanpeikou(), Renhou(),
)

