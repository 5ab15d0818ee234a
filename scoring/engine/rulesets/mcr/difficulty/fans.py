"""The fans of the difficulty index, one small class each, over one shared signature.

Each fan tells the counting engine (:mod:`.engine`) four things about a
group's reading ``r`` (kinds are group-local: suits 0-8 are ranks 1-9; honours 0-6 are
East South West North White Green Red):

``local(r)``
    a small summary of what this group contributes, or ``None`` if the reading cannot be
    part of a hand showing the fan (e.g. an honour pung for 清一色);
``step(acc, g, loc)``
    the summary of groups 0..g from that of groups 0..g-1 (groups are joined in the
    order m, p, s, honours), or ``None`` if the fan can no longer appear;
``final(acc, w)``
    the hand's weight given the joined summary and the product of the reading weights,
    0 if the fan is not shown;
``weight(r)``
    the seed's meld factor of the reading's sets.

``core`` is the (sets, pairs) the 组牌 index counts for a fan that names only some of
the hand's tiles; ``None`` marks a whole-hand fan, whose two indices coincide.
"""

from __future__ import annotations

from abc import ABC
from typing import ClassVar

from ....tiles import DRAGONS as DRAGON_KINDS
from ....tiles import HONOURS
from ....tiles import WINDS as WIND_KINDS
from .engine import Count
from .readings import FORMS, HONOUR_GROUP, Reading, Tally

ALL_FORMS = frozenset(FORMS)
STD = frozenset({"std"})
STD_7P = frozenset({"std", "7p"})

# Winds and dragons as group-local honour kinds (0-6), from the engine's tile kinds.
WINDS = frozenset(k - HONOURS[0] for k in WIND_KINDS)
DRAGONS = frozenset(k - HONOURS[0] for k in DRAGON_KINDS)
TERMINAL_RANKS = frozenset({0, 8})


class DifficultyFan(ABC):
    """Defaults: every winning form, claimable sets, summary ``True`` everywhere."""

    name_zh: ClassVar[str]
    forms: ClassVar[frozenset[str]] = ALL_FORMS
    core_forms: ClassVar[frozenset[str]] = STD
    core: ClassVar[tuple[int, int] | None] = None
    kongs: ClassVar[int] = 0
    pung_factor: ClassVar[int] = 4
    chow_factor: ClassVar[int] = 2
    kong_factor: ClassVar[int] = 4
    concealed: ClassVar[bool] = False
    init: ClassVar[Tally] = True
    note: ClassVar[str] = ""

    @property
    def hand_size(self) -> int:
        return 14 + self.kongs

    @property
    def core_size(self) -> int:
        if self.core is None:
            return self.hand_size
        sets, pairs = self.core
        return 3 * sets + 2 * pairs + self.kongs

    def local(self, r: Reading) -> Tally | None:
        return True

    def step(self, acc: Tally, g: int, loc: Tally) -> Tally | None:
        return acc

    def final(self, acc: Tally, w: int) -> int:
        return w

    def weight(self, r: Reading) -> int:
        if r.form in ("7p", "13o", "knit") or self.concealed:
            return 1
        return int(
            self.pung_factor ** len(r.pungs)
            * self.chow_factor ** len(r.chows)
            * self.kong_factor ** len(r.kongs)
        )

    def core_count(self) -> Count | None:
        """A closed-form 组牌 count for cores that are not sets and pairs."""
        return None


# --- whole-hand tile properties -------------------------------------------------------

Allowed = tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]]
SUIT_ALL = frozenset(range(9))
HON_ALL = frozenset(range(7))
NONE: frozenset[int] = frozenset()


class TileProperty(DifficultyFan):
    """Every tile from ``allowed`` (per group); ``present`` tests which groups are used.

    The summary is a presence mask: bit g for a non-empty suit g, bit 3 for winds and
    bit 4 for dragons.
    """

    allowed: ClassVar[Allowed] = (SUIT_ALL, SUIT_ALL, SUIT_ALL, HON_ALL)
    init = 0

    def local(self, r: Reading) -> Tally | None:
        ok = self.allowed[r.g]
        if any(c and k not in ok for k, c in enumerate(r.counts)):
            return None
        if r.g != HONOUR_GROUP:
            return (1 << r.g) if r.size else 0
        winds = any(r.counts[k] for k in WINDS)
        dragons = any(r.counts[k] for k in DRAGONS)
        return (8 if winds else 0) | (16 if dragons else 0)

    def step(self, acc: Tally, g: int, loc: Tally) -> Tally | None:
        return acc | loc

    def present(self, mask: int) -> bool:
        return True

    def final(self, acc: Tally, w: int) -> int:
        return w if self.present(acc) else 0


def _suits_used(mask: int) -> int:
    return bin(mask & 7).count("1")


def _only_suit(ranks: frozenset[int]) -> Allowed:
    return (ranks, ranks, ranks, NONE)


class AllGreen(TileProperty):
    name_zh = "绿一色"
    allowed = (NONE, NONE, frozenset({1, 2, 3, 5, 7}), frozenset({5}))


class AllTerminals(TileProperty):
    name_zh = "清幺九"
    allowed = _only_suit(TERMINAL_RANKS)


class AllHonors(TileProperty):
    name_zh = "字一色"
    allowed = (NONE, NONE, NONE, HON_ALL)


class AllTerminalsAndHonors(TileProperty):
    name_zh = "混幺九"
    forms = STD_7P
    allowed = (TERMINAL_RANKS, TERMINAL_RANKS, TERMINAL_RANKS, HON_ALL)
    note = "Pungs and pair or seven pairs with both terminals and honours; 十三幺 is apart."

    def present(self, mask: int) -> bool:
        return bool(mask & 7) and bool(mask & 24)


class FullFlush(TileProperty):
    name_zh = "清一色"
    allowed = _only_suit(SUIT_ALL)

    def present(self, mask: int) -> bool:
        return _suits_used(mask) == 1


class UpperTiles(TileProperty):
    name_zh = "全大"
    allowed = _only_suit(frozenset({6, 7, 8}))


class MiddleTiles(TileProperty):
    name_zh = "全中"
    allowed = _only_suit(frozenset({3, 4, 5}))


class LowerTiles(TileProperty):
    name_zh = "全小"
    allowed = _only_suit(frozenset({0, 1, 2}))


class UpperFour(TileProperty):
    name_zh = "大于五"
    allowed = _only_suit(frozenset({5, 6, 7, 8}))


class LowerFour(TileProperty):
    name_zh = "小于五"
    allowed = _only_suit(frozenset({0, 1, 2, 3}))


class ReversibleTiles(TileProperty):
    name_zh = "推不倒"
    allowed = (
        NONE,
        frozenset({0, 1, 2, 3, 4, 7, 8}),
        frozenset({1, 3, 4, 5, 7, 8}),
        frozenset({4}),
    )


class HalfFlush(TileProperty):
    name_zh = "混一色"

    def present(self, mask: int) -> bool:
        return _suits_used(mask) == 1 and bool(mask & 24)


class AllTypes(TileProperty):
    name_zh = "五门齐"

    def present(self, mask: int) -> bool:
        return mask == 31


class AllSimples(TileProperty):
    name_zh = "断幺"
    allowed = _only_suit(frozenset(range(1, 8)))


class OneVoidedSuit(TileProperty):
    name_zh = "缺一门"
    note = "At least one suit absent (exclusions ignored, so 混一色 hands count too)."

    def present(self, mask: int) -> bool:
        return _suits_used(mask) <= 2


class NoHonors(TileProperty):
    name_zh = "无字"
    allowed = _only_suit(SUIT_ALL)


class ConcealedHand(DifficultyFan):
    name_zh = "门前清"
    concealed = True
    note = "Every winning hand, no set claimable: the meld factor is 1 throughout."


class FullyConcealedHand(ConcealedHand):
    name_zh = "不求人"
    note = (
        "Same count as 门前清: the self-draw half is an event, outside the tile model "
        "(the seed leaves win-time factors out)."
    )


class MeldedHand(DifficultyFan):
    name_zh = "全求人"
    forms = STD
    pung_factor = 3
    chow_factor = 1
    note = "Every set claimed: a pung only by claim (x3), a chow only from the left (x1)."


class TileHog(DifficultyFan):
    name_zh = "四归一"
    init = False
    core = (0, 0)  # not sets: the four tiles, counted by core_count
    note = "组牌: the four equal tiles alone (34 combinations, no meld factor)."

    def local(self, r: Reading) -> Tally | None:
        return 4 in r.counts

    def step(self, acc: Tally, g: int, loc: Tally) -> Tally | None:
        return bool(acc or loc)

    def final(self, acc: Tally, w: int) -> int:
        return w if acc else 0

    @property
    def core_size(self) -> int:
        return 4

    def core_count(self) -> Count | None:
        return Count(34, 34)


NOT_COUNTABLE: dict[str, str] = {
    "无番和": "defined by the absence of every other fan, events and waits included",
    "妙手回春": "an event at the win (last tile of the wall), not a tile combination",
    "海底捞月": "an event at the win (last discard), not a tile combination",
    "杠上开花": "an event at the win (kong replacement), not a tile combination",
    "抢杠和": "an event at the win (robbing a kong), not a tile combination",
    "和绝张": "depends on the tiles already visible on the table",
    "边张": "a wait shape: depends on which tile won, which the model does not draw",
    "坎张": "a wait shape: depends on which tile won, which the model does not draw",
    "单钓将": "a wait shape: depends on which tile won, which the model does not draw",
    "自摸": "an event at the win (self-draw); the seed leaves win-time factors out",
    "花牌": "flowers take no part in the hand (the seed: 花牌不参与组牌)",
}


# The fans this module models, one instance each (joined in the package's MODELS).
MODELS: tuple[DifficultyFan, ...] = (
    AllGreen(), AllTerminals(), AllHonors(), AllTerminalsAndHonors(), FullFlush(),
    UpperTiles(), MiddleTiles(), LowerTiles(), UpperFour(), LowerFour(), ReversibleTiles(),
    HalfFlush(), AllTypes(), AllSimples(), OneVoidedSuit(), NoHonors(), ConcealedHand(),
    FullyConcealedHand(), MeldedHand(), TileHog(),
)
