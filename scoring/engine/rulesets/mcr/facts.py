"""What is true of a whole MCR hand, whatever its reading, in forms that are cheap to test.

Many fans only look at which kinds the hand holds (清一色, 断幺, 绿一色…) or at how it was
won and declared (自摸, 明杠, 和绝张…). Those facts are packed into two small integers,
:class:`TileFacts` and :class:`Situation`: few hands differ in them, so the scorer works
out the fans of each value once and reuses them (see :mod:`.scorer`). A detector of such a
fan is handed a :class:`TileFacts` or :class:`Situation` rebuilt from the integer alone,
so it cannot depend on anything the integer does not hold.

Kinds are 0-8 characters, 9-17 dots, 18-26 bamboo, 27-30 winds, 31-33 dragons; a *kind
mask* has bit ``k`` set when kind ``k`` is present.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

GREEN = frozenset({19, 20, 21, 23, 25, 32})  # 2 3 4 6 8 bamboo, green dragon
REVERSIBLE = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31})
TERMINAL_KINDS = frozenset({0, 8, 9, 17, 18, 26})


def mask_of(kinds: Iterable[int]) -> int:
    out = 0
    for k in kinds:
        out |= 1 << k
    return out


BIT = tuple(1 << k for k in range(34))
SUIT_MASKS = (0x1FF, 0x1FF << 9, 0x1FF << 18)
SUITED_MASK = (1 << 27) - 1
HONOUR_MASK = 0x7F << 27
WIND_MASK = 0xF << 27
DRAGON_MASK = 0x7 << 31
GREEN_MASK = mask_of(GREEN)
REVERSIBLE_MASK = mask_of(REVERSIBLE)
TERMINAL_MASK = mask_of(TERMINAL_KINDS)
ORPHAN_MASK = TERMINAL_MASK | HONOUR_MASK

def ranks_mask(ranks: Iterable[int]) -> int:
    """Ranks as a 9-bit mask: bit r-1 for rank r."""
    return mask_of(r - 1 for r in ranks)


# The only sets of ranks fans ask a hand to stay within. TileFacts keeps one bit per set
# rather than the ranks themselves: far fewer hands differ in those seven bits.
RANKS_1_9 = ranks_mask((1, 9))
RANKS_2_8 = ranks_mask(range(2, 9))
UPPER_RANKS = ranks_mask((7, 8, 9))
MIDDLE_RANKS = ranks_mask((4, 5, 6))
LOWER_RANKS = ranks_mask((1, 2, 3))
UPPER_FOUR_RANKS = ranks_mask((6, 7, 8, 9))
LOWER_FOUR_RANKS = ranks_mask((1, 2, 3, 4))
RANK_SETS = (RANKS_1_9, RANKS_2_8, UPPER_RANKS, MIDDLE_RANKS, LOWER_RANKS, UPPER_FOUR_RANKS,
             LOWER_FOUR_RANKS)
_RANK_SET_BIT = {ranks: i for i, ranks in enumerate(RANK_SETS)}


def _beyond_of(ranks: int) -> int:
    """Bit i set when some rank of ``ranks`` is outside ``RANK_SETS[i]``."""
    return sum(1 << i for i, allowed in enumerate(RANK_SETS) if ranks & ~allowed)


_BEYOND = tuple(_beyond_of(ranks) for ranks in range(512))


class TileFacts(NamedTuple):
    """Which kinds the hand holds (concealed and declared), as far as any fan asks."""

    suits: int  # bit s for suit s (0 characters, 1 dots, 2 bamboo) present
    has_winds: bool
    has_dragons: bool
    beyond: int  # bit i: some suited tile's rank is outside RANK_SETS[i]
    green: bool  # every tile is green (绿一色)
    reversible: bool  # every tile looks the same upside down (推不倒)

    @property
    def n_suits(self) -> int:
        return self.suits.bit_count()

    @property
    def honours(self) -> bool:
        return self.has_winds or self.has_dragons

    def ranks_within(self, allowed: int) -> bool:
        """Every suited tile has one of the ranks of ``allowed`` (one of ``RANK_SETS``)."""
        bit = _RANK_SET_BIT.get(allowed)
        if bit is None:
            raise KeyError(f"rank mask {allowed:09b} is not one of RANK_SETS; add it there")
        return not self.beyond >> bit & 1

    def only_ranks(self, allowed: int) -> bool:
        """No honours, and every suited tile has one of the ranks of ``allowed``."""
        return not self.honours and self.ranks_within(allowed)

    @staticmethod
    def key_of(mask: int) -> int:
        """The packed facts of a hand whose kind mask is ``mask``.

        Green and reversible are packed as their opposites, so that the key of a hand is
        the bitwise or of the keys of its parts (suits, honours, declared melds). Which
        winds or dragons are present is left out on purpose: no fan of the tiles asks, and
        fewer distinct keys mean fewer first-time evaluations.
        """
        suits = (bool(mask & 0x1FF) | bool(mask & 0x3FE00) << 1
                 | bool(mask & 0x7FC0000) << 2)
        ranks = (mask | mask >> 9 | mask >> 18) & 0x1FF
        return (suits | bool(mask & WIND_MASK) << 3 | bool(mask & DRAGON_MASK) << 4
                | _BEYOND[ranks] << 5 | bool(mask & ~GREEN_MASK) << 12
                | bool(mask & ~REVERSIBLE_MASK) << 13)

    @classmethod
    def from_key(cls, key: int) -> TileFacts:
        return cls(key & 7, bool(key & 8), bool(key & 16), key >> 5 & 0x7F,
                   not key >> 12 & 1, not key >> 13 & 1)


class Situation(NamedTuple):
    """How the hand was won and what it declared: everything but the tiles' kinds."""

    tsumo: bool
    wall_last: bool  # 海底捞月 / 妙手回春
    kong: bool  # 抢杠和 / 杠上开花
    last_tile: bool  # 和绝张
    exposed_melds: int  # claimed melds (a concealed kong is not one)
    melded_kongs: int
    concealed_kongs: int
    hogs: int  # kinds held four times without being a declared kong (四归一)

    @staticmethod
    def key_of(tsumo: bool, wall_last: bool, kong: bool, last_tile: bool, exposed_melds: int,
               melded_kongs: int, concealed_kongs: int, hogs: int) -> int:
        return (tsumo | wall_last << 1 | kong << 2 | last_tile << 3 | exposed_melds << 4
                | melded_kongs << 7 | concealed_kongs << 10 | hogs << 13)

    @classmethod
    def from_key(cls, key: int) -> Situation:
        return cls(bool(key & 1), bool(key & 2), bool(key & 4), bool(key & 8), key >> 4 & 7,
                   key >> 7 & 7, key >> 10 & 7, key >> 13)

    @property
    def kongs(self) -> int:
        return self.melded_kongs + self.concealed_kongs


class Facts:
    """The rest of what reading-level fans may ask of the hand (kept per hand, not packed)."""

    __slots__ = ("counts", "concealed14", "mask", "win_tile", "tsumo", "seat_wind",
                 "round_wind", "n_melds", "_wait_check", "_unique_wait")

    def __init__(self, counts: list[int], concealed14: list[int], mask: int, win_tile: int,
                 tsumo: bool, seat_wind: int, round_wind: int, n_melds: int,
                 wait_check: Callable[[], bool]) -> None:
        self.counts = counts  # every tile of the hand, kongs as four
        self.concealed14 = concealed14  # concealed tiles including the winning tile
        self.mask = mask  # kind mask of ``counts``
        self.win_tile = win_tile
        self.tsumo = tsumo
        self.seat_wind = seat_wind  # 27..30
        self.round_wind = round_wind  # 27..30
        self.n_melds = n_melds
        self._wait_check = wait_check
        self._unique_wait: bool | None = None

    @property
    def kinds(self) -> tuple[int, ...]:
        return tuple(k for k in range(34) if self.mask >> k & 1)

    @property
    def unique_wait(self) -> bool:
        """Was the winning tile the only wait? Asked lazily: few readings need to know."""
        if self._unique_wait is None:
            self._unique_wait = self._wait_check()
        return self._unique_wait
