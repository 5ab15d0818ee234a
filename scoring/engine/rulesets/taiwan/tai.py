"""Taiwan 台: one small class per 台 item, evaluated over a registry for one reading.

``count(view)`` is the item's 台 for the hand (0: does not apply); items worth 1 台 per
tile or set (正花, 三元牌, 花槓) also say how many via ``times``. The dealer's 莊家 and
連莊 台 are not here: they belong to the payments the dealer takes part in (:mod:`.score`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...registry import Counted
from ...tiles import DRAGONS, WINDS
from ...winning_hand import FLOWERS, SEASONS, Reading, WinningHand, seat_flowers
from .options import Options


@dataclass(frozen=True, slots=True)
class WinContext:
    seat: int  # 0 East .. 3 North, from the winner and the dealer
    round_wind: int
    after_kong: bool  # 槓上開花: the replacement tile of a kong or a flower
    robbing_kong: bool
    last_tile: bool  # the wall's last tile: drawn (海底撈月) or discarded (河底撈魚)
    first_turn: str | None  # "heavenly", "earthly" or "human" (天胡, 地胡, 人胡)


@dataclass(frozen=True, slots=True)
class View:
    hand: WinningHand
    reading: Reading
    ctx: WinContext
    options: Options

    @property
    def special_start(self) -> bool:
        """天胡 or 地胡: the win on the first draw stands instead of 自摸, 門清 and the wait."""
        return self.ctx.first_turn in ("heavenly", "earthly")

    @property
    def all_melded(self) -> bool:
        h = self.hand
        return len(h.melds) == 5 and all(m.is_open for m in h.melds) and not h.self_draw

    def dragon_triplets(self) -> int:
        return sum(k in DRAGONS for k in self.reading.triplets)

    def wind_triplets(self) -> int:
        return sum(k in WINDS for k in self.reading.triplets)


class Tai(Counted[View]):
    key: ClassVar[str]
    per: ClassVar[int | None] = None  # 台 per tile or set, for items counted more than once

    def times(self, v: View, value: int) -> int:
        return value // self.per if self.per else 1


class SelfDraw(Tai):
    key, name_zh, name_en = "self_draw", "自摸", "Self-drawn"

    def count(self, v: View) -> int:
        return int(v.hand.self_draw and not v.hand.concealed_hand and not v.special_start)


class Concealed(Tai):
    key, name_zh, name_en = "concealed", "門清", "Concealed hand"

    def count(self, v: View) -> int:
        return int(v.hand.concealed_hand and not v.hand.self_draw)


class ConcealedSelfDraw(Tai):
    key, name_zh, name_en = "concealed_self_draw", "門清自摸", "Concealed self-drawn"

    def count(self, v: View) -> int:
        if v.hand.concealed_hand and v.hand.self_draw and not v.special_start:
            return v.options.concealed_self_draw_tai
        return 0


class SingleWait(Tai):
    key, name_zh, name_en = "single_wait", "獨聽", "Single wait"
    NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "pair": ("單吊", "Single wait on the pair"), "closed": ("中洞", "Closed wait"),
        "edge": ("邊張", "Edge wait")}

    def count(self, v: View) -> int:
        return int(len(v.hand.waits) == 1 and not v.all_melded and not v.special_start)

    def names(self, v: View) -> tuple[str, str]:
        return self.NAMES.get(v.reading.wait_shape, (self.name_zh, self.name_en))


class RoundWind(Tai):
    key, name_zh, name_en = "round_wind", "圈風", "Round wind"

    def count(self, v: View) -> int:
        return int(27 + v.ctx.round_wind in v.reading.triplets and v.wind_triplets() < 3)


class SeatWind(Tai):
    key, name_zh, name_en = "seat_wind", "門風", "Seat wind"

    def count(self, v: View) -> int:
        return int(27 + v.ctx.seat in v.reading.triplets and v.wind_triplets() < 3)


class DragonTriplet(Tai):
    key, name_zh, name_en = "dragon", "三元牌", "Dragon triplet"
    per = 1

    def count(self, v: View) -> int:
        n = v.dragon_triplets()
        return 0 if n == 3 or (n == 2 and v.reading.pair in DRAGONS) else n


class SeatFlower(Tai):
    key, name_zh, name_en = "seat_flower", "正花", "Own flower"
    per = 1

    def count(self, v: View) -> int:
        return len(flower_tai_tiles(v.hand.flowers, v.ctx.seat, v.options))

    def names(self, v: View) -> tuple[str, str]:
        if v.options.flower_tai == "each":
            return "花牌", "Flower"
        return self.name_zh, self.name_en


class FlowerKong(Tai):
    key, name_zh, name_en = "flower_kong", "花槓", "Four seasons or four flowers"

    def count(self, v: View) -> int:
        return complete_flower_sets(v.hand.flowers) * v.options.flower_kong_tai

    def times(self, v: View, value: int) -> int:
        return complete_flower_sets(v.hand.flowers)


class RobbingKong(Tai):
    key, name_zh, name_en = "robbing_kong", "搶槓", "Robbing a kong"

    def count(self, v: View) -> int:
        return int(v.ctx.robbing_kong)


class KongFlower(Tai):
    key, name_zh, name_en = "after_kong", "槓上開花", "Win on a replacement tile"

    def count(self, v: View) -> int:
        return int(v.ctx.after_kong)


class LastDraw(Tai):
    key, name_zh, name_en = "last_draw", "海底撈月", "Win on the last tile"

    def count(self, v: View) -> int:
        return int(v.ctx.last_tile and v.hand.self_draw)


class LastDiscard(Tai):
    key, name_zh, name_en = "last_discard", "河底撈魚", "Win on the last discard"

    def count(self, v: View) -> int:
        return int(v.ctx.last_tile and not v.hand.self_draw)


class AllChows(Tai):
    key, name_zh, name_en = "all_chows", "平胡", "All chows"

    def count(self, v: View) -> int:
        h, r = v.hand, v.reading
        ok = (not r.triplets and r.pair < 27 and not h.flowers and not h.self_draw
              and len(h.waits) >= 2 and r.wait_shape == "open")
        return 2 if ok else 0


class AllMelded(Tai):
    key, name_zh, name_en = "all_melded", "全求人", "All melded"

    def count(self, v: View) -> int:
        return 2 if v.all_melded else 0


class AllTriplets(Tai):
    key, name_zh, name_en = "all_triplets", "碰碰胡", "All triplets"

    def count(self, v: View) -> int:
        return 4 if not v.reading.runs and v.hand.suits else 0


class HalfFlush(Tai):
    key, name_zh, name_en = "half_flush", "混一色", "Half flush"

    def count(self, v: View) -> int:
        return 4 if len(v.hand.suits) == 1 and v.hand.honours else 0


class FullFlush(Tai):
    key, name_zh, name_en = "full_flush", "清一色", "Full flush"

    def count(self, v: View) -> int:
        return 8 if len(v.hand.suits) == 1 and not v.hand.honours else 0


class AllHonours(Tai):
    key, name_zh, name_en = "all_honours", "字一色", "All honours"

    def count(self, v: View) -> int:
        return 16 if not v.hand.suits else 0


class SmallDragons(Tai):
    key, name_zh, name_en = "small_dragons", "小三元", "Little three dragons"

    def count(self, v: View) -> int:
        return 4 if v.dragon_triplets() == 2 and v.reading.pair in DRAGONS else 0


class BigDragons(Tai):
    key, name_zh, name_en = "big_dragons", "大三元", "Big three dragons"

    def count(self, v: View) -> int:
        return 8 if v.dragon_triplets() == 3 else 0


class SmallWinds(Tai):
    key, name_zh, name_en = "small_winds", "小四喜", "Little four winds"

    def count(self, v: View) -> int:
        return 8 if v.wind_triplets() == 3 and v.reading.pair in WINDS else 0


class BigWinds(Tai):
    key, name_zh, name_en = "big_winds", "大四喜", "Big four winds"

    def count(self, v: View) -> int:
        return 16 if v.wind_triplets() == 4 else 0


class ConcealedTriplets(Tai):
    key, name_zh, name_en = "concealed_triplets", "暗刻", "Concealed triplets"
    TAI: ClassVar[dict[int, tuple[int, str, str]]] = {
        3: (2, "三暗刻", "Three concealed triplets"),
        4: (5, "四暗刻", "Four concealed triplets"),
        5: (8, "五暗刻", "Five concealed triplets")}

    def count(self, v: View) -> int:
        found = self.TAI.get(v.reading.concealed_triplets)
        return found[0] if found else 0

    def names(self, v: View) -> tuple[str, str]:
        _, zh, en = self.TAI[v.reading.concealed_triplets]
        return zh, en


class FirstTurn(Tai):
    key, name_zh, name_en = "first_turn", "天胡", "Heavenly hand"
    NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "heavenly": ("天胡", "Heavenly hand"), "earthly": ("地胡", "Earthly hand"),
        "human": ("人胡", "Human hand")}

    def count(self, v: View) -> int:
        kind = v.ctx.first_turn
        if kind == "heavenly":
            return v.options.heavenly_tai
        return {"earthly": 16, "human": 8}.get(kind or "", 0)

    def names(self, v: View) -> tuple[str, str]:
        return self.NAMES[v.ctx.first_turn or "heavenly"]


REGISTRY: tuple[Tai, ...] = (
    FirstTurn(), SelfDraw(), Concealed(), ConcealedSelfDraw(), SingleWait(), AllChows(),
    AllMelded(), AllTriplets(), HalfFlush(), FullFlush(), AllHonours(), SmallDragons(),
    BigDragons(), SmallWinds(), BigWinds(), ConcealedTriplets(), RoundWind(), SeatWind(),
    DragonTriplet(), SeatFlower(), FlowerKong(), RobbingKong(), KongFlower(), LastDraw(),
    LastDiscard())


def flower_tai_tiles(flowers: tuple[int, ...], seat: int, options: Options) -> list[int]:
    """The flowers worth a 台 each: the seat's own two, or every one (見花見台)."""
    if options.flower_tai == "each":
        return list(flowers)
    own = seat_flowers(seat)
    return [f for f in flowers if f in own]


def complete_flower_sets(flowers: tuple[int, ...]) -> int:
    return sum(set(group) <= set(flowers) for group in (SEASONS, FLOWERS))


def items_of(view: View) -> list[dict[str, object]]:
    """The contract's items for one reading: key, English and native name, 台 and count."""
    out: list[dict[str, object]] = []
    for item in REGISTRY:
        value = item.count(view)
        if value:
            native, name = item.names(view)
            out.append({"key": item.key, "name": name, "native": native, "value": value,
                        "unit": "tai", "count": item.times(view, value)})
    return out
