"""Taiwan 台: one :class:`scoring.engine.items.Element` per 台 item, over one reading.

``count(view)`` is how many times the hand holds the item (正花 per flower, 三元牌 per
dragon triplet, 花槓 per set of four) and ``each(view)`` the 台 of one: ``value``, or an
option's figure (門清自摸, 花槓, 天胡; their ``value`` is 0, the figure depending on the
table or the hand). The dealer's 莊家 and 連莊 台 are declared at the end, with the flower
wins: :mod:`.score` counts them only in the payments the dealer takes part in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...items import Element, hits, info
from ...result import Item, Unit
from ...tiles import DRAGONS, WINDS
from ...winning_hand import FLOWERS, SEASONS, Reading, WinContext, WinningHand, seat_flowers
from .options import Options


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

    @property
    def four_winds(self) -> bool:
        """小四喜 or 大四喜, which stand instead of the winds' own 台."""
        n = self.wind_triplets()
        return n == 4 or (n == 3 and self.reading.pair in WINDS)


class Tai(Element[View]):
    unit: Unit = "tai"


class SelfDraw(Tai):
    key, name, native = "self_draw", "Self-drawn", "自摸"

    def count(self, v: View) -> int:
        return int(v.hand.self_draw and not v.hand.concealed_hand and not v.special_start)


class Concealed(Tai):
    key, name, native = "concealed", "Concealed hand", "門清"

    def count(self, v: View) -> int:
        return int(v.hand.concealed_hand and not v.hand.self_draw)


class ConcealedSelfDraw(Tai):
    key, name, native = "concealed_self_draw", "Concealed self-drawn", "門清自摸"
    value = 0  # the table's option (3 by default)

    def count(self, v: View) -> int:
        return int(v.hand.concealed_hand and v.hand.self_draw and not v.special_start)

    def each(self, v: View) -> int:
        return v.options.concealed_self_draw_tai


class SingleWait(Tai):
    key, name, native = "single_wait", "Single wait", "獨聽"
    NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "pair": ("單吊", "Single wait on the pair"), "closed": ("中洞", "Closed wait"),
        "edge": ("邊張", "Edge wait")}

    def count(self, v: View) -> int:
        return int(len(v.hand.waits) == 1 and not v.all_melded and not v.special_start)

    def names(self, v: View) -> tuple[str, str]:
        return self.NAMES.get(v.reading.wait_shape, (self.native, self.name))


class RoundWind(Tai):
    key, name, native = "round_wind", "Round wind", "圈風"

    def count(self, v: View) -> int:
        return int(27 + v.ctx.round_wind in v.reading.triplets and not v.four_winds)


class SeatWind(Tai):
    key, name, native = "seat_wind", "Seat wind", "門風"

    def count(self, v: View) -> int:
        return int(27 + v.ctx.seat in v.reading.triplets and not v.four_winds)


class DragonTriplet(Tai):
    key, name, native = "dragon", "Dragon triplet", "三元牌"

    def count(self, v: View) -> int:
        n = v.dragon_triplets()
        return 0 if n == 3 or (n == 2 and v.reading.pair in DRAGONS) else n


class SeatFlower(Tai):
    key, name, native = "seat_flower", "Own flower", "正花"

    def count(self, v: View) -> int:
        return len(flower_tai_tiles(v.hand.flowers, v.ctx.seat, v.options))

    def names(self, v: View) -> tuple[str, str]:
        if v.options.flower_tai == "each":
            return "花牌", "Flower"
        return self.native, self.name


class FlowerKong(Tai):
    key, name, native = "flower_kong", "Four seasons or four flowers", "花槓"
    value = 0  # the table's option (2 by default)

    def count(self, v: View) -> int:
        return complete_flower_sets(v.hand.flowers)

    def each(self, v: View) -> int:
        return v.options.flower_kong_tai


class RobbingKong(Tai):
    key, name, native = "robbing_kong", "Robbing a kong", "搶槓"

    def count(self, v: View) -> int:
        return int(v.ctx.robbing_kong)


class KongFlower(Tai):
    key, name, native = "after_kong", "Win on a replacement tile", "槓上開花"

    def count(self, v: View) -> int:
        return int(v.ctx.after_kong)


class LastDraw(Tai):
    key, name, native = "last_draw", "Win on the last tile", "海底撈月"

    def count(self, v: View) -> int:
        return int(v.ctx.last_tile and v.hand.self_draw)


class LastDiscard(Tai):
    key, name, native = "last_discard", "Win on the last discard", "河底撈魚"

    def count(self, v: View) -> int:
        return int(v.ctx.last_tile and not v.hand.self_draw)


class AllChows(Tai):
    key, name, native, value = "all_chows", "All chows", "平胡", 2

    def count(self, v: View) -> int:
        h, r = v.hand, v.reading
        return int(not r.triplets and r.pair < 27 and not h.flowers and not h.self_draw
                   and len(h.waits) >= 2 and r.wait_shape == "open")


class AllMelded(Tai):
    key, name, native, value = "all_melded", "All melded", "全求人", 2

    def count(self, v: View) -> int:
        return int(v.all_melded)


class AllTriplets(Tai):
    key, name, native, value = "all_triplets", "All triplets", "碰碰胡", 4

    def count(self, v: View) -> int:
        return int(not v.reading.runs and bool(v.hand.suits))


class HalfFlush(Tai):
    key, name, native, value = "half_flush", "Half flush", "混一色", 4

    def count(self, v: View) -> int:
        return int(len(v.hand.suits) == 1 and v.hand.honours)


class FullFlush(Tai):
    key, name, native, value = "full_flush", "Full flush", "清一色", 8

    def count(self, v: View) -> int:
        return int(len(v.hand.suits) == 1 and not v.hand.honours)


class AllHonours(Tai):
    key, name, native, value = "all_honours", "All honours", "字一色", 16

    def count(self, v: View) -> int:
        return int(not v.hand.suits)


class SmallDragons(Tai):
    key, name, native, value = "small_dragons", "Little three dragons", "小三元", 4

    def count(self, v: View) -> int:
        return int(v.dragon_triplets() == 2 and v.reading.pair in DRAGONS)


class BigDragons(Tai):
    key, name, native, value = "big_dragons", "Big three dragons", "大三元", 8

    def count(self, v: View) -> int:
        return int(v.dragon_triplets() == 3)


class SmallWinds(Tai):
    key, name, native, value = "small_winds", "Little four winds", "小四喜", 8

    def count(self, v: View) -> int:
        return int(v.wind_triplets() == 3 and v.reading.pair in WINDS)


class BigWinds(Tai):
    key, name, native, value = "big_winds", "Big four winds", "大四喜", 16

    def count(self, v: View) -> int:
        return int(v.wind_triplets() == 4)


class ConcealedTriplets(Tai):
    key, name, native = "concealed_triplets", "Concealed triplets", "暗刻"
    value = 0  # 2, 5 or 8 by how many
    TAI: ClassVar[dict[int, tuple[int, str, str]]] = {
        3: (2, "三暗刻", "Three concealed triplets"),
        4: (5, "四暗刻", "Four concealed triplets"),
        5: (8, "五暗刻", "Five concealed triplets")}

    def count(self, v: View) -> int:
        return int(v.reading.concealed_triplets in self.TAI)

    def each(self, v: View) -> int:
        return self.TAI[v.reading.concealed_triplets][0]

    def names(self, v: View) -> tuple[str, str]:
        _, native, name = self.TAI[v.reading.concealed_triplets]
        return native, name


class FirstTurn(Tai):
    key, name, native = "first_turn", "Heavenly hand", "天胡"
    value = 0  # by which first-turn win (天胡 the table's option)
    KINDS: ClassVar[dict[str, tuple[int, str, str]]] = {
        "earthly": (16, "地胡", "Earthly hand"), "human": (8, "人胡", "Human hand")}

    def count(self, v: View) -> int:
        return int(v.ctx.first_turn is not None)

    def each(self, v: View) -> int:
        kind = v.ctx.first_turn or "heavenly"
        return self.KINDS[kind][0] if kind in self.KINDS else v.options.heavenly_tai

    def names(self, v: View) -> tuple[str, str]:
        _, native, name = self.KINDS.get(v.ctx.first_turn or "", (0, self.native, self.name))
        return native, name


ELEMENTS: tuple[Tai, ...] = (
    FirstTurn(), SelfDraw(), Concealed(), ConcealedSelfDraw(), SingleWait(), AllChows(),
    AllMelded(), AllTriplets(), HalfFlush(), FullFlush(), AllHonours(), SmallDragons(),
    BigDragons(), SmallWinds(), BigWinds(), ConcealedTriplets(), RoundWind(), SeatWind(),
    DragonTriplet(), SeatFlower(), FlowerKong(), RobbingKong(), KongFlower(), LastDraw(),
    LastDiscard())


# The items :mod:`.score` adds beside the hand's: the dealer's (in the payments the dealer
# takes part in), the flower wins, which have no hand to read, and quick mode's 台.
DEALER = info("dealer", "Dealer", "莊家", "tai")
DEALER_STREAK = info("dealer_streak", "Dealer's extra deals (連莊)", "連莊", "tai", 2)
EIGHT_FLOWERS = info("eight_flowers", "Eight immortals (all eight flowers)", "八仙過海", "tai",
                     8)
SEVEN_ROB_ONE = info("seven_rob_one", "Seven flowers robbing the eighth", "七搶一", "tai", 8)
ENTERED = info("tai", "台 (entered at the table)", "台", "tai", 0)
EXTRA_ITEMS = (DEALER, DEALER_STREAK, EIGHT_FLOWERS, SEVEN_ROB_ONE, ENTERED)

# Every English item name a Taiwan result can carry: the registry's, the names an item
# takes after the hand (邊張, 四暗刻, 地胡...; the package's ITEMS list one per key), and
# the items above.
ITEM_NAMES: tuple[str, ...] = tuple(dict.fromkeys([
    *(e.name for e in ELEMENTS), *(n for _, n in SingleWait.NAMES.values()),
    *(n for _, _, n in ConcealedTriplets.TAI.values()),
    *(n for _, _, n in FirstTurn.KINDS.values()), "Flower",
    *(i["name"] for i in EXTRA_ITEMS)]))


def flower_tai_tiles(flowers: tuple[int, ...], seat: int, options: Options) -> list[int]:
    """The flowers worth a 台 each: the seat's own two, or every one (見花見台)."""
    if options.flower_tai == "each":
        return list(flowers)
    own = seat_flowers(seat)
    return [f for f in flowers if f in own]


def complete_flower_sets(flowers: tuple[int, ...]) -> int:
    return sum(set(group) <= set(flowers) for group in (SEASONS, FLOWERS))


def items_of(view: View) -> list[Item]:
    """The contract's items of one reading."""
    return [e.item(view, n) for e, n in hits(ELEMENTS, view)]
