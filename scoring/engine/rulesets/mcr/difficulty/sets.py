"""Difficulty-index fans that name some of the sets (see :mod:`.fans`).

Their 组牌 index counts only the named sets (``core``); the rest of the hand is free in
the 和牌 index.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar

from .fans import DRAGONS, STD, TERMINAL_RANKS, WINDS, DifficultyFan
from .readings import HONOUR_GROUP, Reading, Tally


class SuitPattern(DifficultyFan):
    """Sets of one suit matching ``has``; the rest of the hand is free."""

    forms = STD
    init = False

    @abstractmethod
    def has(self, chows: list[int], pungs: list[int]) -> bool:
        """Whether one suit's chows and pungs (sorted ranks 0-8) show the pattern."""

    def local(self, r: Reading) -> Tally | None:
        return r.is_suit and self.has(sorted(r.chows), sorted(r.pungs))

    def step(self, acc: Tally, g: int, loc: Tally) -> Tally | None:
        return bool(acc or loc)

    def final(self, acc: Tally, w: int) -> int:
        return w if acc else 0


def _repeats(items: list[int], n: int) -> bool:
    return any(items.count(x) >= n for x in set(items))


def _progression(items: list[int], n: int, steps: tuple[int, ...]) -> bool:
    have = set(items)
    return any(all(x + i * d in have for i in range(n)) for x in have for d in steps)


class PureDoubleChow(SuitPattern):
    name_zh = "一般高"
    core = (2, 0)

    def has(self, chows: list[int], pungs: list[int]) -> bool:
        return _repeats(chows, 2)


class PureTripleChow(SuitPattern):
    name_zh = "一色三同顺"
    core = (3, 0)

    def has(self, chows: list[int], pungs: list[int]) -> bool:
        return _repeats(chows, 3)


class QuadrupleChow(SuitPattern):
    name_zh = "一色四同顺"
    core = (4, 0)

    def has(self, chows: list[int], pungs: list[int]) -> bool:
        return _repeats(chows, 4)


class PureShiftedPungs(SuitPattern):
    name_zh = "一色三节高"
    core = (3, 0)

    def has(self, chows: list[int], pungs: list[int]) -> bool:
        return _progression(pungs, 3, (1,))


class FourPureShiftedPungs(SuitPattern):
    name_zh = "一色四节高"
    core = (4, 0)

    def has(self, chows: list[int], pungs: list[int]) -> bool:
        return _progression(pungs, 4, (1,))


class PureShiftedChows(SuitPattern):
    name_zh = "一色三步高"
    core = (3, 0)

    def has(self, chows: list[int], pungs: list[int]) -> bool:
        return _progression(chows, 3, (1, 2))


class FourPureShiftedChows(SuitPattern):
    name_zh = "一色四步高"
    core = (4, 0)

    def has(self, chows: list[int], pungs: list[int]) -> bool:
        return _progression(chows, 4, (1, 2))


class PureStraight(SuitPattern):
    name_zh = "清龙"
    core = (3, 0)

    def has(self, chows: list[int], pungs: list[int]) -> bool:
        return {0, 3, 6} <= set(chows)


class ShortStraight(SuitPattern):
    name_zh = "连六"
    core = (2, 0)

    def has(self, chows: list[int], pungs: list[int]) -> bool:
        return _progression(chows, 2, (3,))


class TwoTerminalChows(SuitPattern):
    name_zh = "老少副"
    core = (2, 0)

    def has(self, chows: list[int], pungs: list[int]) -> bool:
        return {0, 6} <= set(chows)


class CountedPungs(DifficultyFan):
    """At least ``need`` pungs of kinds passing ``kind_ok``; optionally the pair too."""

    forms = STD
    need: ClassVar[int]
    pair_needed: ClassVar[bool] = False
    init = (0, False)

    @abstractmethod
    def kind_ok(self, g: int, k: int) -> bool:
        """Whether a pung (or the pair) of this kind counts toward the fan."""

    def local(self, r: Reading) -> Tally | None:
        n = sum(1 for k in r.pungs if self.kind_ok(r.g, k))
        return (n, r.pair >= 0 and self.kind_ok(r.g, r.pair))

    def step(self, acc: Tally, g: int, loc: Tally) -> Tally | None:
        return (acc[0] + loc[0], acc[1] or loc[1])

    def final(self, acc: Tally, w: int) -> int:
        n, pair = acc
        return w if n >= self.need and (pair or not self.pair_needed) else 0


class WindPungs(CountedPungs):
    def kind_ok(self, g: int, k: int) -> bool:
        return g == HONOUR_GROUP and k in WINDS


class DragonPungs(CountedPungs):
    def kind_ok(self, g: int, k: int) -> bool:
        return g == HONOUR_GROUP and k in DRAGONS


class BigFourWinds(WindPungs):
    name_zh = "大四喜"
    need = 4
    core = (4, 0)


class BigThreeDragons(DragonPungs):
    name_zh = "大三元"
    need = 3
    core = (3, 0)


class LittleFourWinds(WindPungs):
    name_zh = "小四喜"
    need = 3
    pair_needed = True
    core = (3, 1)


class LittleThreeDragons(DragonPungs):
    name_zh = "小三元"
    need = 2
    pair_needed = True
    core = (2, 1)


class BigThreeWinds(WindPungs):
    name_zh = "三风刻"
    need = 3
    core = (3, 0)


class TwoDragonPungs(DragonPungs):
    name_zh = "双箭刻"
    need = 2
    core = (2, 0)


class DragonPung(DragonPungs):
    name_zh = "箭刻"
    need = 1
    core = (1, 0)


class PrevalentWind(CountedPungs):
    name_zh = "圈风刻"
    need = 1
    core = (1, 0)
    note = "Counted for one given wind (East); any single wind gives the same count."

    def kind_ok(self, g: int, k: int) -> bool:
        return g == HONOUR_GROUP and k == 0


class SeatWind(PrevalentWind):
    name_zh = "门风刻"


class PungOfTerminalsOrHonors(CountedPungs):
    name_zh = "幺九刻"
    need = 1
    core = (1, 0)

    def kind_ok(self, g: int, k: int) -> bool:
        return g == HONOUR_GROUP or k in TERMINAL_RANKS


class ConcealedPungs(DifficultyFan):
    """``need`` of the pungs concealed: they take factor 1 instead of 4."""

    forms = STD
    need: ClassVar[int]
    init = 0

    def local(self, r: Reading) -> Tally | None:
        return len(r.pungs)

    def step(self, acc: Tally, g: int, loc: Tally) -> Tally | None:
        return acc + loc

    def final(self, acc: Tally, w: int) -> int:
        if acc < self.need:
            return 0
        return w // int(self.pung_factor**self.need)


class FourConcealedPungs(ConcealedPungs):
    name_zh = "四暗刻"
    need = 4
    core = (4, 0)


class ThreeConcealedPungs(ConcealedPungs):
    name_zh = "三暗刻"
    need = 3
    core = (3, 0)


class TwoConcealedPungs(ConcealedPungs):
    name_zh = "双暗刻"
    need = 2
    core = (2, 0)


class CrossSuit(DifficultyFan):
    """Chows (or pungs) across suits: the triples of ranks, one per suit, that qualify.

    Summary after m: its mask; after p: the mask of s ranks that would finish a triple;
    after s: whether one did.
    """

    forms = STD
    pungs: ClassVar[bool] = False
    init = 0
    core = (3, 0)

    @abstractmethod
    def triples(self) -> list[tuple[int, int, int]]:
        """The rank triples, one per suit in any order, that show the fan."""

    def local(self, r: Reading) -> Tally | None:
        if not r.is_suit:
            return 0
        mask = 0
        for x in r.pungs if self.pungs else r.chows:
            mask |= 1 << x
        return mask

    def step(self, acc: Tally, g: int, loc: Tally) -> Tally | None:
        if g == 0:
            return loc
        if g == 1:
            need = 0
            for a, b, c in _all_orders(self.triples()):
                if acc >> a & 1 and loc >> b & 1:
                    need |= 1 << c
            return need
        if g == 2:
            return bool(acc & loc)
        return acc

    def final(self, acc: Tally, w: int) -> int:
        return w if acc is True else 0


def _all_orders(triples: list[tuple[int, int, int]]) -> set[tuple[int, int, int]]:
    out = set()
    for a, b, c in triples:
        out |= {(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)}
    return out


class MixedTripleChow(CrossSuit):
    name_zh = "三色三同顺"

    def triples(self) -> list[tuple[int, int, int]]:
        return [(n, n, n) for n in range(7)]


class MixedShiftedChows(CrossSuit):
    name_zh = "三色三步高"

    def triples(self) -> list[tuple[int, int, int]]:
        return [(n, n + 1, n + 2) for n in range(5)]


class MixedStraight(CrossSuit):
    name_zh = "花龙"

    def triples(self) -> list[tuple[int, int, int]]:
        return [(0, 3, 6)]


class TriplePung(CrossSuit):
    name_zh = "三同刻"
    pungs = True

    def triples(self) -> list[tuple[int, int, int]]:
        return [(n, n, n) for n in range(9)]


class MixedShiftedPungs(CrossSuit):
    name_zh = "三色三节高"
    pungs = True

    def triples(self) -> list[tuple[int, int, int]]:
        return [(n, n + 1, n + 2) for n in range(7)]


class TwoSuits(DifficultyFan):
    """The same rank of chow (or pung) in two different suits."""

    forms = STD
    pungs: ClassVar[bool] = False
    init = (0, False)
    core = (2, 0)

    def local(self, r: Reading) -> Tally | None:
        if not r.is_suit:
            return 0
        mask = 0
        for x in r.pungs if self.pungs else r.chows:
            mask |= 1 << x
        return mask

    def step(self, acc: Tally, g: int, loc: Tally) -> Tally | None:
        seen, done = acc
        if done or seen & loc:
            return (0, True)
        return (seen | loc, False)

    def final(self, acc: Tally, w: int) -> int:
        return w if acc[1] else 0


class MixedDoubleChow(TwoSuits):
    name_zh = "喜相逢"


class DoublePung(TwoSuits):
    name_zh = "双同刻"
    pungs = True


class Kongs(DifficultyFan):
    """Exactly ``kongs`` kongs; the hand has that many extra tiles."""

    forms = STD


class FourKongs(Kongs):
    name_zh = "四杠"
    kongs = 4
    core = (4, 0)


class ThreeKongs(Kongs):
    name_zh = "三杠"
    kongs = 3
    core = (3, 0)


class TwoConcealedKongs(Kongs):
    name_zh = "双暗杠"
    kongs = 2
    kong_factor = 1
    core = (2, 0)


class TwoMeldedKongs(Kongs):
    name_zh = "双明杠"
    kongs = 2
    kong_factor = 3
    core = (2, 0)


class ConcealedKong(Kongs):
    name_zh = "暗杠"
    kongs = 1
    kong_factor = 1
    core = (1, 0)


class MeldedKong(Kongs):
    name_zh = "明杠"
    kongs = 1
    kong_factor = 3
    core = (1, 0)


# The fans this module models, one instance each (joined in the package's MODELS).
MODELS: tuple[DifficultyFan, ...] = (
    PureDoubleChow(), PureTripleChow(), QuadrupleChow(), PureShiftedPungs(),
    FourPureShiftedPungs(), PureShiftedChows(), FourPureShiftedChows(), PureStraight(),
    ShortStraight(), TwoTerminalChows(), BigFourWinds(), BigThreeDragons(),
    LittleFourWinds(), LittleThreeDragons(), BigThreeWinds(), TwoDragonPungs(),
    DragonPung(), PrevalentWind(), SeatWind(), PungOfTerminalsOrHonors(),
    FourConcealedPungs(), ThreeConcealedPungs(), TwoConcealedPungs(), MixedTripleChow(),
    MixedShiftedChows(), MixedStraight(), TriplePung(), MixedShiftedPungs(),
    MixedDoubleChow(), DoublePung(), FourKongs(), ThreeKongs(), TwoConcealedKongs(),
    TwoMeldedKongs(), ConcealedKong(), MeldedKong(),
)
