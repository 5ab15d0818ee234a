"""Difficulty-index fans whose shape fills the whole hand (see :mod:`.fans`)."""

from __future__ import annotations

from abc import abstractmethod

from .fans import STD, TERMINAL_RANKS, DifficultyFan
from .readings import Reading, Tally


class SetsRule(DifficultyFan):
    """Standard hands whose every set and pair passes ``fits``."""

    forms = STD

    @abstractmethod
    def fits(self, r: Reading) -> bool:
        """Whether this group's sets and pair fit the fan."""

    def local(self, r: Reading) -> Tally | None:
        return True if self.fits(r) else None


class AllPungs(SetsRule):
    name_zh = "碰碰和"

    def fits(self, r: Reading) -> bool:
        return not r.chows


class AllChows(SetsRule):
    name_zh = "平和"

    def fits(self, r: Reading) -> bool:
        return not r.pungs and (r.is_suit or r.size == 0)


class AllEvenPungs(SetsRule):
    name_zh = "全双刻"

    def fits(self, r: Reading) -> bool:
        even = {1, 3, 5, 7}
        if not r.is_suit:
            return r.size == 0
        return not r.chows and all(k in even for k in r.pungs) and r.pair in (-1, *even)


class OutsideHand(SetsRule):
    name_zh = "全带幺"

    def fits(self, r: Reading) -> bool:
        if not r.is_suit:
            return True
        return (
            all(s in (0, 6) for s in r.chows)
            and all(k in TERMINAL_RANKS for k in r.pungs)
            and r.pair in (-1, 0, 8)
        )


class AllFives(SetsRule):
    name_zh = "全带五"

    def fits(self, r: Reading) -> bool:
        if not r.is_suit:
            return r.size == 0
        return (
            all(s in (2, 3, 4) for s in r.chows)
            and all(k == 4 for k in r.pungs)
            and r.pair in (-1, 4)
        )


class OneSuitWhole(DifficultyFan):
    """The whole hand sits in one suit and that suit passes ``shape``; others empty."""

    init = 0

    @abstractmethod
    def shape(self, r: Reading) -> bool:
        """Whether the one suit holding the whole hand has the fan's shape."""

    def local(self, r: Reading) -> Tally | None:
        if r.size == 0:
            return 0
        return 1 if r.is_suit and self.shape(r) else None

    def step(self, acc: Tally, g: int, loc: Tally) -> Tally | None:
        return acc + loc

    def final(self, acc: Tally, w: int) -> int:
        return w if acc == 1 else 0


class NineGates(OneSuitWhole):
    name_zh = "九莲宝灯"
    forms = STD
    concealed = True

    def shape(self, r: Reading) -> bool:
        base = (3, 1, 1, 1, 1, 1, 1, 1, 3)
        return r.size == 14 and all(c >= b for c, b in zip(r.counts, base, strict=True))


class SevenShiftedPairs(OneSuitWhole):
    name_zh = "连七对"
    forms = frozenset({"7p"})

    def shape(self, r: Reading) -> bool:
        s = "".join(map(str, r.counts))
        return "2222222" in s and r.size == 14


class PureTerminalChows(OneSuitWhole):
    name_zh = "一色双龙会"
    forms = STD

    def shape(self, r: Reading) -> bool:
        return sorted(r.chows) == [0, 0, 6, 6] and r.pair == 4


class ThirteenOrphans(DifficultyFan):
    name_zh = "十三幺"
    forms = frozenset({"13o"})


class SevenPairs(DifficultyFan):
    name_zh = "七对"
    forms = frozenset({"7p"})


class LesserHonorsAndKnittedTiles(DifficultyFan):
    name_zh = "全不靠"
    forms = frozenset({"knit"})


class GreaterHonorsAndKnittedTiles(DifficultyFan):
    name_zh = "七星不靠"
    forms = frozenset({"knit"})

    def local(self, r: Reading) -> Tally | None:
        return True if r.is_suit or r.size == 7 else None


class KnittedStraight(DifficultyFan):
    name_zh = "组合龙"
    forms = frozenset({"kstd", "knit"})
    core_forms = frozenset({"kstd"})
    core = (0, 0)
    note = "组牌: the nine knitted tiles (6 suit orders x 4^9), never claimable (x1)."

    @property
    def core_size(self) -> int:
        return 9

    def local(self, r: Reading) -> Tally | None:
        if r.form == "knit" and r.is_suit and r.size != 3:
            return None
        return True


class ThreeSuitedTerminalChows(DifficultyFan):
    name_zh = "三色双龙会"
    forms = STD
    init = (0, 0)

    def local(self, r: Reading) -> Tally | None:
        if not r.is_suit:
            return (0, 0) if r.size == 0 else None
        if sorted(r.chows) == [0, 6] and not r.pungs and r.pair < 0:
            return (1, 0)
        if r.nsets == 0 and r.pair == 4:
            return (0, 1)
        return None

    def step(self, acc: Tally, g: int, loc: Tally) -> Tally | None:
        return (acc[0] + loc[0], acc[1] + loc[1])

    def final(self, acc: Tally, w: int) -> int:
        return w if acc == (2, 1) else 0


# The fans this module models, one instance each (joined in the package's MODELS).
MODELS: tuple[DifficultyFan, ...] = (
    AllPungs(), AllChows(), AllEvenPungs(), OutsideHand(), AllFives(), NineGates(),
    SevenShiftedPairs(), PureTerminalChows(), ThirteenOrphans(), SevenPairs(),
    LesserHonorsAndKnittedTiles(), GreaterHonorsAndKnittedTiles(), KnittedStraight(),
    ThreeSuitedTerminalChows(),
)
