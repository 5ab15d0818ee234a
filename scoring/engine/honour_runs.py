"""Honour chows (字牌吃), played in Ji'an and some other Jiangxi tables: any three
different winds make a run (东南西, 东西北...), and so do the three dragons (中发白).

:func:`need_honours` is the honours' share of a win check: the fewest wilds that turn the
seven honour counts into such runs and triplets (plus the pair when asked). Like the
suits in :mod:`.wildcards`, the lowest honour present must sit in a pair, a triplet or a
run; using a real tile rather than a wild wherever both fit is never worse.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from .tiles import DRAGONS as DRAGON_KINDS
from .tiles import HONOURS, Meld, Tile
from .tiles import WINDS as WIND_KINDS

WINDS = tuple(k - HONOURS[0] for k in WIND_KINDS)  # indices within the seven honours
DRAGONS = tuple(k - HONOURS[0] for k in DRAGON_KINDS)  # white, green, red
HONOUR_RUNS: tuple[tuple[int, ...], ...] = (*combinations(WINDS, 3), DRAGONS)
_INF = 1 << 20


@lru_cache(maxsize=1 << 14)
def need_honours(key: bytes, pair: bool) -> int:
    """Fewest wilds turning the seven honour counts ``key`` into sets (+ pair), honour
    runs allowed."""
    i = next((j for j, n in enumerate(key) if n), None)
    if i is None:
        return 2 if pair else 0
    c = key[i]
    best = _INF
    if pair:
        d = bytearray(key)
        d[i] -= min(c, 2)
        best = 2 - min(c, 2) + need_honours(bytes(d), False)
    d = bytearray(key)
    d[i] -= min(c, 3)
    best = min(best, 3 - min(c, 3) + need_honours(bytes(d), pair))
    for run in HONOUR_RUNS:
        if i not in run:
            continue
        d = bytearray(key)
        used = 0
        for j in run:
            if d[j]:
                d[j] -= 1
            else:
                used += 1
        best = min(best, used + need_honours(bytes(d), pair))
    return best


def is_honour_run(tiles: tuple[Tile, ...]) -> bool:
    """Three different winds, or the three dragons."""
    kinds = sorted(t.kind - 27 for t in tiles)
    return len(kinds) == 3 and tuple(kinds) in HONOUR_RUNS


def honour_chow(tiles: tuple[Tile, ...], source: str | None) -> Meld:
    """A declared honour chow (``chi 124z``), already checked by :func:`is_honour_run`."""
    return Meld("chi", tiles, source)
