"""Hong Kong 番: one :class:`scoring.engine.items.Element` per item, over one reading.

``count(view)`` is how many times the hand holds the item (三元牌 per dragon pung, 正花
per flower, 一台花 per set) and ``each(view)`` the fan of one. Limit hands
(:data:`LIMIT_HANDS`) are worth the table's limit (爆棚) whatever else the hand holds; the
flowers' fan (:data:`FLOWER_FANS`) do not count towards the minimum.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...items import Element, hits, info, items_of, listed, total
from ...result import Item, Unit
from ...tiles import DRAGONS, TERMINALS, WINDS
from ...winning_hand import FLOWERS, SEASONS, Reading, WinContext, WinningHand, seat_flowers
from .options import Options

NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@dataclass(frozen=True, slots=True)
class View:
    hand: WinningHand
    reading: Reading | None  # None for 十三么, which has no sets
    ctx: WinContext
    options: Options

    @property
    def triplets(self) -> list[int]:
        return self.reading.triplets if self.reading else []

    @property
    def runs(self) -> list[int]:
        return self.reading.runs if self.reading else []

    @property
    def pair(self) -> int | None:
        return self.reading.pair if self.reading else None

    def count_of(self, kinds: tuple[int, ...]) -> int:
        return sum(k in kinds for k in self.triplets)

    @property
    def four_winds(self) -> bool:
        """小四喜 or 大四喜, which stand instead of the winds' own fan."""
        n = self.count_of(WINDS)
        return n == 4 or (n == 3 and self.pair in WINDS)


class Fan(Element[View]):
    unit: Unit = "fan"


# --- limit hands (爆棚) -------------------------------------------------------------------


class Limit(Fan):
    """A limit hand: worth the table's limit, whatever it is (so ``value`` is 0)."""

    value = 0

    def each(self, v: View) -> int:
        return v.options.max_fan


class ThirteenOrphans(Limit):
    key, name, native = "thirteen_orphans", "Thirteen orphans", "十三么"

    def count(self, v: View) -> int:
        return int(v.reading is None)


class NineGates(Limit):
    key, name, native = "nine_gates", "Nine gates", "九子連環"

    def count(self, v: View) -> int:
        h = v.hand
        if h.melds or len(h.suits) != 1 or h.honours:
            return 0
        suit = min(h.suits) * 9
        return int(all(h.concealed[suit + i] >= NINE_GATES[i] for i in range(9)))


class AllKongs(Limit):
    key, name, native = "all_kongs", "Four kongs", "十八羅漢"

    def count(self, v: View) -> int:
        return int(v.hand.kong_count == 4)


class Orphans(Limit):
    key, name, native = "orphans", "All terminals", "清么九"

    def count(self, v: View) -> int:
        return int(v.reading is not None and v.hand.tiles_are(lambda k: k in TERMINALS))


class AllHonours(Limit):
    key, name, native = "all_honours", "All honours", "字一色"

    def count(self, v: View) -> int:
        return int(v.reading is not None and not v.hand.suits)


class BigWinds(Limit):
    key, name, native = "big_winds", "Great winds", "大四喜"

    def count(self, v: View) -> int:
        return int(v.count_of(WINDS) == 4)


class KaanKaan(Limit):
    key, name, native = "kaan_kaan", "All concealed triplets", "坎坎糊"

    def count(self, v: View) -> int:
        r = v.reading
        return int(r is not None and v.hand.self_draw and not r.runs
                   and r.concealed_triplets == 4)


class DoubleKong(Limit):
    key, name, native = "double_kong", "Win on a second kong in a row", "槓上槓"

    def count(self, v: View) -> int:
        return int(v.ctx.double_kong)


class FirstTurn(Limit):
    key, name, native = "first_turn", "Heavenly hand", "天糊"

    def count(self, v: View) -> int:
        return int(v.ctx.first_turn is not None)

    def names(self, v: View) -> tuple[str, str]:
        if v.ctx.first_turn == "earthly":
            return "地糊", "Earthly hand"
        return self.native, self.name


# --- hand patterns -----------------------------------------------------------------------


class CommonHand(Fan):
    key, name, native = "common_hand", "Common hand (all chows)", "平糊"

    def count(self, v: View) -> int:
        return int(v.reading is not None and not v.triplets)


class AllTriplets(Fan):
    key, name, native, value = "all_triplets", "All in triplets", "對對糊", 3

    def count(self, v: View) -> int:
        return int(v.reading is not None and not v.runs)


class HalfFlush(Fan):
    key, name, native, value = "half_flush", "Mixed one suit", "混一色", 3

    def count(self, v: View) -> int:
        return int(len(v.hand.suits) == 1 and v.hand.honours)


class FullFlush(Fan):
    key, name, native = "full_flush", "All one suit", "清一色"
    value = 0  # the table's option (7 by default)

    def count(self, v: View) -> int:
        return int(len(v.hand.suits) == 1 and not v.hand.honours)

    def each(self, v: View) -> int:
        return v.options.full_flush_fan


class MixedOrphans(Fan):
    key, name, native = "mixed_orphans", "Mixed orphans", "花么九"

    def count(self, v: View) -> int:
        h = v.hand
        return int(v.reading is not None and h.honours and bool(h.suits)
                   and h.tiles_are(lambda k: k >= 27 or k in TERMINALS))


class SmallDragons(Fan):
    key, name, native, value = "small_dragons", "Small dragons", "小三元", 5

    def count(self, v: View) -> int:
        return int(v.count_of(DRAGONS) == 2 and v.pair in DRAGONS)


class BigDragons(Fan):
    key, name, native, value = "big_dragons", "Great dragons", "大三元", 8

    def count(self, v: View) -> int:
        return int(v.count_of(DRAGONS) == 3)


class SmallWinds(Fan):
    key, name, native, value = "small_winds", "Small winds", "小四喜", 10

    def count(self, v: View) -> int:
        return int(v.count_of(WINDS) == 3 and v.pair in WINDS)


class Dragon(Fan):
    key, name, native = "dragon", "Dragon pung", "三元牌"

    def count(self, v: View) -> int:
        n = v.count_of(DRAGONS)
        return 0 if n == 3 or (n == 2 and v.pair in DRAGONS) else n


class SeatWind(Fan):
    key, name, native = "seat_wind", "Seat wind", "門風"

    def count(self, v: View) -> int:
        return int(27 + v.ctx.seat in v.triplets and not v.four_winds)


class RoundWind(Fan):
    key, name, native = "round_wind", "Round wind", "圈風"

    def count(self, v: View) -> int:
        return int(27 + v.ctx.round_wind in v.triplets and not v.four_winds)


# --- how the hand was won ----------------------------------------------------------------


class SelfDraw(Fan):
    key, name, native = "self_draw", "Self-drawn", "自摸"

    def count(self, v: View) -> int:
        return int(v.hand.self_draw)


class Concealed(Fan):
    key, name, native = "concealed", "Fully concealed hand", "門前清"

    def count(self, v: View) -> int:
        return int(v.hand.concealed_hand)


class KongFlower(Fan):
    key, name, native = "after_kong", "Win by kong", "槓上開花"

    def count(self, v: View) -> int:
        return int(v.ctx.after_kong)


class RobbingKong(Fan):
    key, name, native = "robbing_kong", "Robbing a kong", "搶槓"

    def count(self, v: View) -> int:
        return int(v.ctx.robbing_kong)


class LastTile(Fan):
    key, name, native = "last_tile", "Win by last catch", "海底撈月"

    def count(self, v: View) -> int:
        return int(v.ctx.last_tile)


# --- flowers -----------------------------------------------------------------------------


class NoFlowers(Fan):
    key, name, native = "no_flowers", "No flowers", "無花"

    def count(self, v: View) -> int:
        return int(v.options.flowers and v.options.no_flower_fan and not v.hand.flowers)


class SeatFlower(Fan):
    key, name, native = "seat_flower", "Own flower", "正花"

    def count(self, v: View) -> int:
        held = set(v.hand.flowers)
        own = seat_flowers(v.ctx.seat)
        return sum(f in held and not set(group) <= held
                   for f, group in zip(own, (SEASONS, FLOWERS), strict=True))


class FlowerSet(Fan):
    key, name, native, value = "flower_set", "A complete set of flowers", "一台花", 2

    def count(self, v: View) -> int:
        return complete_sets(v.hand.flowers)


def complete_sets(flowers: tuple[int, ...]) -> int:
    return sum(set(group) <= set(flowers) for group in (SEASONS, FLOWERS))


LIMIT_HANDS: tuple[Fan, ...] = (
    ThirteenOrphans(), NineGates(), AllKongs(), Orphans(), AllHonours(), BigWinds(),
    KaanKaan(), DoubleKong(), FirstTurn())
HAND_FANS: tuple[Fan, ...] = (
    CommonHand(), AllTriplets(), HalfFlush(), FullFlush(), MixedOrphans(), SmallDragons(),
    BigDragons(), SmallWinds(), Dragon(), SeatWind(), RoundWind(), SelfDraw(), Concealed(),
    KongFlower(), RobbingKong(), LastTile())
FLOWER_FANS: tuple[Fan, ...] = (NoFlowers(), SeatFlower(), FlowerSet())
ELEMENTS: tuple[Fan, ...] = (*LIMIT_HANDS, *HAND_FANS, *FLOWER_FANS)


# The items beside the registry's: 雞糊 (a hand of no fan), the flower wins, which have no
# hand to read (:mod:`.score`), and quick mode's fan.
CHICKEN = info("chicken", "Chicken hand", "雞糊", "fan", 0)
FLOWER_HAND = info("flower_hand", "Flower hand (seven flowers)", "花糊", "fan", 3)
EIGHT_FLOWERS = info("eight_flowers", "Eight immortals crossing the sea", "八仙過海", "fan", 0)
ENTERED = info("fan", "Fan (entered at the table)", "番", "fan", 0)
EXTRA_ITEMS = (CHICKEN, FLOWER_HAND, EIGHT_FLOWERS, ENTERED)

# Every English item name a Hong Kong result can carry: the registry's, 地糊 (the package's
# ITEMS list one name per key), and the items above.
ITEM_NAMES: tuple[str, ...] = (
    *(e.name for e in ELEMENTS), "Earthly hand", *(i["name"] for i in EXTRA_ITEMS))


@dataclass(frozen=True, slots=True)
class Tally:
    items: list[Item]
    fan: int  # paid, capped at the limit
    hand_fan: int  # without flowers: what the minimum is checked against
    limit: bool


def tally(view: View) -> Tally:
    """The items of one reading; a limit hand lists only its limit items."""
    cap = view.options.max_fan
    limits = hits(LIMIT_HANDS, view)
    if limits:
        return Tally([e.item(view, 1) for e, _ in limits], cap, cap, True)
    found, flowers = hits(HAND_FANS, view), hits(FLOWER_FANS, view)
    items = items_of([*found, *flowers], view)
    hand_fan = total(found, view)
    if not hand_fan:
        items.insert(0, listed(CHICKEN))
    return Tally(items, min(hand_fan + total(flowers, view), cap), hand_fan, False)
