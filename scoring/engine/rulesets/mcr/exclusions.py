"""The exclusion principle (不重复原则) applied to a reading's raw fans, once per fan list."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .fans import BY_ID, FANS, ORDER, exclusion_pairs

RawFans = tuple[tuple[str, int], ...]

_EXCLUDES = {f.id: exclusion_pairs(f) for f in FANS}
_IDS = tuple(f.id for f in FANS)
_POINTS = tuple(f.points for f in FANS)
_DROPS = tuple(sum(1 << ORDER[o] for o, n in _EXCLUDES[f.id] if n is None) for f in FANS)
_LESS = tuple(tuple((ORDER[o], n) for o, n in _EXCLUDES[f.id] if n is not None) for f in FANS)
_PREFERRED_ON_TIE = ("pure_triple_chow", "triple_pung")
_MEMO_LIMIT = 20_000  # entries; a cache that fills up starts again empty


def apply_exclusions(raw: Mapping[str, int]) -> dict[str, int]:
    """不重复原则: walk the fans from the highest; a kept fan drops what it covers.

    A fan that is itself dropped covers nothing (四暗刻 drops 不求人, so 自摸 stays).
    """
    kept: dict[str, int] = {}
    dropped: set[str] = set()
    less: dict[str, int] = {}
    # Exclusions only ever point to lower fans, so the present fans in table order suffice.
    for fid in sorted(raw, key=ORDER.__getitem__):
        if fid in dropped:
            continue
        n = raw[fid] - less.get(fid, 0)
        if n <= 0:
            continue
        kept[fid] = n
        for other, count in _EXCLUDES[fid]:
            if count is None:
                dropped.add(other)
            else:
                less[other] = less.get(other, 0) + count
    return kept


def _total(fans: Mapping[str, int]) -> int:
    return sum(BY_ID[k].points * n for k, n in fans.items())


class Settled:
    """The fans a list of raw fans comes to: after exclusions (无番和 when nothing is left),
    in table order, with their total and whether a tie should prefer this reading.

    ``listed`` is the fans as the result lists them (made on first use): callers copy each
    dict, since results are handed out to be changed at will.
    """

    __slots__ = ("fans", "total", "preferred", "_listed")

    def __init__(self, raw: RawFans) -> None:
        # apply_exclusions with fans as table indexes and what each drops as a bit mask.
        kept: list[tuple[str, int]] = []
        total = dropped = 0
        less: dict[int, int] = {}
        for i, n in sorted([(ORDER[fid], n) for fid, n in raw]):
            if dropped >> i & 1:
                continue
            if less:
                n -= less.get(i, 0)
                if n <= 0:
                    continue
            kept.append((_IDS[i], n))
            total += _POINTS[i] * n
            dropped |= _DROPS[i]
            for j, count in _LESS[i]:
                less[j] = less.get(j, 0) + count
        if not kept:
            kept.append(("chicken_hand", 1))
            total = BY_ID["chicken_hand"].points
        self.fans = tuple(kept)
        self.total = total
        self.preferred = any(fid in _PREFERRED_ON_TIE for fid, _ in kept)
        self._listed: tuple[dict[str, Any], ...] | None = None

    @property
    def listed(self) -> tuple[dict[str, Any], ...]:
        if self._listed is None:
            self._listed = tuple(
                {"id": fid, "name_zh": BY_ID[fid].name_zh, "name_en": BY_ID[fid].name_en,
                 "points": BY_ID[fid].points, "count": n} for fid, n in self.fans)
        return self._listed


SETTLED: dict[RawFans, Settled] = {}


def settle(raw: RawFans) -> Settled:
    found = SETTLED.get(raw)
    if found is None:
        found = Settled(raw)
        if len(SETTLED) >= _MEMO_LIMIT:
            SETTLED.clear()
        SETTLED[raw] = found
    return found


def clear_settle_caches() -> None:
    SETTLED.clear()
