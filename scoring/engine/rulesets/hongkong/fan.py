"""Hong Kong 番: one small class per item, evaluated over a registry for one reading.

``count(view)`` is the item's fan (0: does not apply). Limit hands (``limit``) are worth
the table's limit (爆棚) whatever else the hand holds; flower items (``bonus``) do not
count towards the minimum.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...registry import Counted
from ...tiles import DRAGONS, TERMINALS, WINDS
from ...winning_hand import FLOWERS, SEASONS, Reading, WinningHand, seat_flowers
from .options import Options

NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@dataclass(frozen=True, slots=True)
class WinContext:
    seat: int  # 0 East .. 3 North
    round_wind: int
    after_kong: bool  # 槓上開花
    double_kong: bool  # 槓上槓: the replacement of a second kong in a row
    robbing_kong: bool
    last_tile: bool  # 海底撈月: the wall's last tile, self-drawn
    first_turn: str | None  # "heavenly" 天糊 or "earthly" 地糊


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


class Fan(Counted[View]):
    key: ClassVar[str]
    limit: ClassVar[bool] = False
    bonus: ClassVar[bool] = False  # flowers: outside the minimum
    per: ClassVar[int | None] = None

    def times(self, v: View, value: int) -> int:
        return value // self.per if self.per else 1


# --- limit hands (爆棚) -------------------------------------------------------------------


class ThirteenOrphans(Fan):
    key, name_zh, name_en, limit = "thirteen_orphans", "十三么", "Thirteen orphans", True

    def count(self, v: View) -> int:
        return int(v.reading is None)


class NineGates(Fan):
    key, name_zh, name_en, limit = "nine_gates", "九子連環", "Nine gates", True

    def count(self, v: View) -> int:
        h = v.hand
        if h.melds or len(h.suits) != 1 or h.honours:
            return 0
        suit = min(h.suits) * 9
        return int(all(h.concealed[suit + i] >= NINE_GATES[i] for i in range(9)))


class AllKongs(Fan):
    key, name_zh, name_en, limit = "all_kongs", "十八羅漢", "Four kongs", True

    def count(self, v: View) -> int:
        return int(v.hand.kong_count == 4)


class Orphans(Fan):
    key, name_zh, name_en, limit = "orphans", "清么九", "All terminals", True

    def count(self, v: View) -> int:
        return int(v.reading is not None and v.hand.tiles_are(lambda k: k in TERMINALS))


class AllHonours(Fan):
    key, name_zh, name_en, limit = "all_honours", "字一色", "All honours", True

    def count(self, v: View) -> int:
        return int(v.reading is not None and not v.hand.suits)


class BigWinds(Fan):
    key, name_zh, name_en, limit = "big_winds", "大四喜", "Great winds", True

    def count(self, v: View) -> int:
        return int(v.count_of(WINDS) == 4)


class KaanKaan(Fan):
    key, name_zh, name_en, limit = "kaan_kaan", "坎坎糊", "All concealed triplets", True

    def count(self, v: View) -> int:
        r = v.reading
        return int(r is not None and v.hand.self_draw and not r.runs
                   and r.concealed_triplets == 4)


class DoubleKong(Fan):
    key, name_zh, name_en, limit = "double_kong", "槓上槓", "Win on a second kong in a row", True

    def count(self, v: View) -> int:
        return int(v.ctx.double_kong)


class FirstTurn(Fan):
    key, name_zh, name_en, limit = "first_turn", "天糊", "Heavenly hand", True

    def count(self, v: View) -> int:
        return int(v.ctx.first_turn is not None)

    def names(self, v: View) -> tuple[str, str]:
        if v.ctx.first_turn == "earthly":
            return "地糊", "Earthly hand"
        return self.name_zh, self.name_en


# --- hand patterns -----------------------------------------------------------------------


class CommonHand(Fan):
    key, name_zh, name_en = "common_hand", "平糊", "Common hand (all chows)"

    def count(self, v: View) -> int:
        return int(v.reading is not None and not v.triplets)


class AllTriplets(Fan):
    key, name_zh, name_en = "all_triplets", "對對糊", "All in triplets"

    def count(self, v: View) -> int:
        return 3 if v.reading is not None and not v.runs else 0


class HalfFlush(Fan):
    key, name_zh, name_en = "half_flush", "混一色", "Mixed one suit"

    def count(self, v: View) -> int:
        return 3 if len(v.hand.suits) == 1 and v.hand.honours else 0


class FullFlush(Fan):
    key, name_zh, name_en = "full_flush", "清一色", "All one suit"

    def count(self, v: View) -> int:
        return v.options.full_flush_fan if len(v.hand.suits) == 1 and not v.hand.honours else 0


class MixedOrphans(Fan):
    key, name_zh, name_en = "mixed_orphans", "花么九", "Mixed orphans"

    def count(self, v: View) -> int:
        h = v.hand
        return int(v.reading is not None and h.honours and bool(h.suits)
                   and h.tiles_are(lambda k: k >= 27 or k in TERMINALS))


class SmallDragons(Fan):
    key, name_zh, name_en = "small_dragons", "小三元", "Small dragons"

    def count(self, v: View) -> int:
        return 5 if v.count_of(DRAGONS) == 2 and v.pair in DRAGONS else 0


class BigDragons(Fan):
    key, name_zh, name_en = "big_dragons", "大三元", "Great dragons"

    def count(self, v: View) -> int:
        return 8 if v.count_of(DRAGONS) == 3 else 0


class SmallWinds(Fan):
    key, name_zh, name_en = "small_winds", "小四喜", "Small winds"

    def count(self, v: View) -> int:
        return 10 if v.count_of(WINDS) == 3 and v.pair in WINDS else 0


class Dragon(Fan):
    key, name_zh, name_en, per = "dragon", "三元牌", "Dragon pung", 1

    def count(self, v: View) -> int:
        n = v.count_of(DRAGONS)
        return 0 if n == 3 or (n == 2 and v.pair in DRAGONS) else n


class SeatWind(Fan):
    key, name_zh, name_en = "seat_wind", "門風", "Seat wind"

    def count(self, v: View) -> int:
        return int(27 + v.ctx.seat in v.triplets and v.count_of(WINDS) < 3)


class RoundWind(Fan):
    key, name_zh, name_en = "round_wind", "圈風", "Round wind"

    def count(self, v: View) -> int:
        return int(27 + v.ctx.round_wind in v.triplets and v.count_of(WINDS) < 3)


# --- how the hand was won ----------------------------------------------------------------


class SelfDraw(Fan):
    key, name_zh, name_en = "self_draw", "自摸", "Self-drawn"

    def count(self, v: View) -> int:
        return int(v.hand.self_draw)


class Concealed(Fan):
    key, name_zh, name_en = "concealed", "門前清", "Fully concealed hand"

    def count(self, v: View) -> int:
        return int(v.hand.concealed_hand)


class KongFlower(Fan):
    key, name_zh, name_en = "after_kong", "槓上開花", "Win by kong"

    def count(self, v: View) -> int:
        return int(v.ctx.after_kong)


class RobbingKong(Fan):
    key, name_zh, name_en = "robbing_kong", "搶槓", "Robbing a kong"

    def count(self, v: View) -> int:
        return int(v.ctx.robbing_kong)


class LastTile(Fan):
    key, name_zh, name_en = "last_tile", "海底撈月", "Win by last catch"

    def count(self, v: View) -> int:
        return int(v.ctx.last_tile)


# --- flowers -----------------------------------------------------------------------------


class NoFlowers(Fan):
    key, name_zh, name_en, bonus = "no_flowers", "無花", "No flowers", True

    def count(self, v: View) -> int:
        return int(v.options.flowers and v.options.no_flower_fan and not v.hand.flowers)


class SeatFlower(Fan):
    key, name_zh, name_en, bonus, per = "seat_flower", "正花", "Own flower", True, 1

    def count(self, v: View) -> int:
        held = set(v.hand.flowers)
        own = seat_flowers(v.ctx.seat)
        return sum(f in held and not set(group) <= held
                   for f, group in zip(own, (SEASONS, FLOWERS), strict=True))


class FlowerSet(Fan):
    key, name_zh, name_en, bonus = "flower_set", "一台花", "A complete set of flowers", True

    def count(self, v: View) -> int:
        return 2 * complete_sets(v.hand.flowers)

    def times(self, v: View, value: int) -> int:
        return complete_sets(v.hand.flowers)


def complete_sets(flowers: tuple[int, ...]) -> int:
    return sum(set(group) <= set(flowers) for group in (SEASONS, FLOWERS))


REGISTRY: tuple[Fan, ...] = (
    ThirteenOrphans(), NineGates(), AllKongs(), Orphans(), AllHonours(), BigWinds(),
    KaanKaan(), DoubleKong(), FirstTurn(),
    CommonHand(), AllTriplets(), HalfFlush(), FullFlush(), MixedOrphans(), SmallDragons(),
    BigDragons(), SmallWinds(), Dragon(), SeatWind(), RoundWind(), SelfDraw(), Concealed(),
    KongFlower(), RobbingKong(), LastTile(), NoFlowers(), SeatFlower(), FlowerSet())


@dataclass(frozen=True, slots=True)
class Tally:
    items: list[dict[str, object]]
    fan: int  # paid, capped at the limit
    hand_fan: int  # without flowers: what the minimum is checked against
    limit: bool


def tally(view: View) -> Tally:
    """The items of one reading; a limit hand lists only its limit items."""
    cap = view.options.max_fan
    found = [(item, item.count(view)) for item in REGISTRY]
    found = [(item, n) for item, n in found if n]
    limits = [item for item, _ in found if item.limit]
    if limits:
        items = [_item(view, item, cap) for item in limits]
        return Tally(items, cap, cap, True)
    items = [_item(view, item, n) for item, n in found]
    hand_fan = sum(n for item, n in found if not item.bonus)
    if not hand_fan:
        items.insert(0, {"key": "chicken", "name": "Chicken hand", "native": "雞糊",
                         "value": 0, "unit": "fan", "count": 1})
    total = sum(n for _, n in found)
    return Tally(items, min(total, cap), hand_fan, False)


def _item(view: View, item: Fan, value: int) -> dict[str, object]:
    native, name = item.names(view)
    return {"key": item.key, "name": name, "native": native, "value": value, "unit": "fan",
            "count": 1 if item.limit else item.times(view, value)}
