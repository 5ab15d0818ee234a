"""Exact weighted counting of the hands that show a fan, group by group.

The quantity is ``sum over physical hands h of max over readings r of h that show the fan
of weight(r)`` where weight is the seed's meld factor. A hand is a choice of one vector
per group (m, p, s, honours), so the sum is folded group by group:

* each group vector becomes a *profile*: for every feature a reading of it can carry
  (winning form, set/pair tally, the fan's own per-group summary) the best weight;
* vectors with equal size and profile are pooled into one class, adding their physical
  multiplicities (this pooling is what makes the count fast: ~22,000 suit vectors fall
  into a few hundred classes for most fans);
* two partial hands are joined by combining every pair of features (the fan decides how
  its summaries combine, or that they cannot) and keeping the best weight per combined
  feature, then pooled again.

Because the best weight is kept per feature and weights multiply across groups, the max
over the readings of the whole hand is taken exactly, never summed: a physical hand with
several readings is counted once.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .readings import GROUPS, HONOUR_GROUP, Reading, Tally, group_vectors

if TYPE_CHECKING:
    from .fans import DifficultyFan

Feature = tuple[str | None, Tally, Tally]
Profile = frozenset[tuple[Feature, int]]


@dataclass(frozen=True, slots=True)
class Count:
    """A weighted count (the index's denominator) and the plain number of hands."""

    weighted: int
    hands: int


def _tally(r: Reading) -> Tally:
    """The per-form structure a reading contributes, combined by :func:`_join_tally`."""
    if r.form == "std":
        return (r.nsets, r.npair, len(r.kongs))
    if r.form == "7p":
        return r.pairs
    if r.form == "13o":
        return r.dups
    mask = 0 if r.residue < 0 else 1 << r.residue
    if r.form == "knit":
        return mask
    return (mask, r.nsets, r.npair)


def _join_tally(form: str | None, a: Tally, b: Tally) -> Tally | None:
    if a is None:
        return b
    if form == "std":
        s = (a[0] + b[0], a[1] + b[1], a[2] + b[2])
        return s if s[0] <= 4 and s[1] <= 1 else None
    if form == "7p":
        return a + b
    if form == "13o":
        d = a + b
        return d if d <= 1 else None
    if form == "knit":
        return None if a & b else a | b
    ma, sa, pa = a
    mb, sb, pb = b
    if ma & mb or sa + sb > 1 or pa + pb > 1:
        return None
    return (ma | mb, sa + sb, pa + pb)


def _complete(form: str | None, tally: object, fan: DifficultyFan, whole: bool) -> bool:
    """Whether the joined structure is a full winning hand (or exactly the fan's core)."""
    if not whole:
        if form == "kstd":
            return tally == (7, 0, 0)
        if fan.core is None:  # only fans that name a core are counted without the rest
            return False
        sets, pairs = fan.core
        return tally == (sets, pairs, fan.kongs)
    if form == "std":
        return tally == (4, 1, fan.kongs)
    if form == "7p":
        return tally == 7
    if form == "13o":
        return tally == 1
    if form == "knit":
        return tally == 7
    return tally == (7, 1, 1)


def _profiles(
    fan: DifficultyFan, g: int, limit: int, whole: bool
) -> dict[tuple[int, Profile], int]:
    forms = fan.forms if whole else fan.core_forms
    pooled: dict[tuple[int, Profile], int] = defaultdict(int)
    for gv in group_vectors(g, fan.kongs > 0):
        size = sum(gv.counts)
        if size > limit:
            continue
        best: dict[Feature, int] = {}
        for r in gv.readings:
            if r.form not in forms:
                continue
            loc = fan.local(r)
            if loc is None:
                continue
            key = (r.form, _tally(r), loc)
            w = fan.weight(r)
            if best.get(key, 0) < w:
                best[key] = w
        if best:
            pooled[(size, frozenset(best.items()))] += gv.mult
    return pooled


def _join(fan: DifficultyFan, g: int, a: Profile, b: Profile) -> dict[Feature, int]:
    out: dict[Feature, int] = {}
    for (fa, ta, sa), wa in a:
        for (fb, tb, sb), wb in b:
            if fa is not None and fa != fb:
                continue
            tally = _join_tally(fb, ta, tb)
            if tally is None:
                continue
            state = fan.step(sa, g, sb)
            if state is None:
                continue
            key = (fb, tally, state)
            w = wa * wb
            if out.get(key, 0) < w:
                out[key] = w
    return out


def count(fan: DifficultyFan, whole: bool) -> Count:
    """Weighted and plain counts of the hands (``whole``) or cores showing ``fan``."""
    total = fan.hand_size if whole else fan.core_size
    start: Profile = frozenset({((None, None, fan.init), 1)})
    acc: dict[tuple[int, Profile], int] = {(0, start): 1}
    weighted = hands = 0
    for g in GROUPS:
        last = g == HONOUR_GROUP
        nxt: dict[tuple[int, Profile], int] = defaultdict(int)
        for (sb, pb), mb in _profiles(fan, g, total, whole).items():
            for (sa, pa), ma in acc.items():
                size = sa + sb
                if size > total or (last and size != total):
                    continue
                joined = _join(fan, g, pa, pb)
                if not joined:
                    continue
                if not last:
                    nxt[(size, frozenset(joined.items()))] += ma * mb
                    continue
                w = 0
                for (form, tally, state), wj in joined.items():
                    if _complete(form, tally, fan, whole):
                        w = max(w, fan.final(state, wj))
                if w:
                    weighted += ma * mb * w
                    hands += ma * mb
        acc = nxt
    return Count(weighted, hands)
