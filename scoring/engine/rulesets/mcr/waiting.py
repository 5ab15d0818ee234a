"""Was the winning tile the only one the hand waited on (独听, for 边张/坎张/单钓将)?

Asked only when a reading puts the winning tile where a wait fan could be scored. The
standard waits come from the per-suit lookups of :mod:`.split`; seven pairs and the
special shapes are checked only when the tiles leave them possible, each by what the
shape needs rather than by trying every tile.
"""

from __future__ import annotations

from ...agari import is_win, is_win_linear
from ...agari import tables as agari_tables
from ...shapes import HONOURS_AND_KNITTED, KNITTED_SETS, KNITTED_STRAIGHT, THIRTEEN_ORPHANS
from ...tiles import TERMINALS_AND_HONOURS
from .facts import BIT, HONOUR_MASK, ORPHAN_MASK, SUITED_MASK, mask_of
from .request import WinRequest
from .split import GROUP_STARTS, waits_of_segments

KNITTED_MASKS = tuple(mask_of(ks) for ks in KNITTED_SETS)
_KNITTED_MASKS = KNITTED_MASKS


def _special_flags(mask13: int, n_melds: int) -> list[str]:
    """Special shapes (besides seven pairs) worth trying as waits: most hands are hopeless.

    ``mask13`` is the kind mask of the 13 concealed tiles before the win.
    """
    flags: list[str] = []
    if n_melds > 1:
        return flags
    if n_melds == 0:
        # Thirteen orphans: at least twelve different orphans and nothing else.
        if not mask13 & ~ORPHAN_MASK and mask13.bit_count() >= 12:
            flags.append(THIRTEEN_ORPHANS)
        # 全不靠: thirteen tiles, no two alike, the suited ones all in one knitted set.
        if mask13.bit_count() == 13 and any(
                not mask13 & SUITED_MASK & ~km for km in _KNITTED_MASKS):
            flags.append(HONOURS_AND_KNITTED)
    # A knitted straight one tile short still shows eight different suited kinds.
    if any((mask13 & km).bit_count() >= 8 for km in _KNITTED_MASKS):
        flags.append(KNITTED_STRAIGHT)
    return flags


def _kinds_in(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _seven_pairs_wait(c13: list[int], mask13: int) -> int | None:
    """The one kind that makes seven pairs (four alike count as two pairs), if any."""
    kinds = _kinds_in(mask13)
    odd = [k for k in kinds if c13[k] % 2]
    if len(odd) == 1 and sum(c13[k] // 2 for k in kinds) == 6:
        return odd[0]
    return None


def unique_wait(req: WinRequest) -> bool:
    """Was the winning tile the only kind that completed the hand (独听)?

    A kind of which the hand holds all four copies is not a wait (see waits.py), unless
    the ``dead_waits`` option counts waits by shape alone.
    """
    if req.options.dead_waits:
        return _unique_shape_wait(req)
    w = req.win_tile
    g = w // 9 if w < 27 else 3
    m, p, s, z = req.segments
    keys = [m.key, p.key, s.key, z.key]
    complete = [m.complete, p.complete, s.complete, z.complete]
    before = bytearray(keys[g])
    before[w - GROUP_STARTS[g]] -= 1
    keys[g] = bytes(before)
    complete[g] = agari_tables()[g == 3].get(keys[g])
    mask13 = req.concealed_mask if before[w - GROUP_STARTS[g]] else req.concealed_mask & ~BIT[w]
    held = req.held
    # Copies held before the win: the winning tile itself was not yet in the hand.
    found = {k for k in waits_of_segments(keys, complete) if held[k] - (k == w) < 4}
    if len(found) > 1:
        return False
    n_melds = len(req.melds)
    c13 = list(req.concealed14)
    c13[w] -= 1
    if not n_melds and mask13.bit_count() <= 7:
        k7 = _seven_pairs_wait(c13, mask13)
        if k7 is not None and held[k7] - (k7 == w) < 4:
            found.add(k7)
    flags = _special_flags(mask13, n_melds)
    if flags:
        found.update(k for k in _special_waits(c13, mask13, flags)
                     if held[k] - (k == w) < 4)
    return len(found) == 1


def _unique_shape_wait(req: WinRequest) -> bool:
    """独听 by shape alone: every kind that completes the concealed tiles counts, however
    many copies are in play, a fifth copy included (pymahjonggb's reading).

    Only asked under the ``dead_waits`` option, so plainly tried kind by kind.
    """
    w = req.win_tile
    c13 = list(req.concealed14)
    c13[w] -= 1
    mask13 = req.concealed_mask if c13[w] else req.concealed_mask & ~BIT[w]
    found: set[int] = set()
    for k in range(34):
        c13[k] += 1
        if is_win_linear(c13):
            found.add(k)
        c13[k] -= 1
        if len(found) > 1:
            return False
    n_melds = len(req.melds)
    if not n_melds and mask13.bit_count() <= 7:
        k7 = _seven_pairs_wait(c13, mask13)
        if k7 is not None:
            found.add(k7)
    flags = _special_flags(mask13, n_melds)
    if flags:
        found.update(_special_waits(c13, mask13, flags))
    return len(found) == 1


def _special_waits(c13: list[int], mask13: int, flags: list[str]) -> set[int]:
    """The kinds completing one of the special shapes ``flags`` (as :func:`_special_flags`
    found them possible), by what each shape needs rather than by trying every tile."""
    out: set[int] = set()
    if THIRTEEN_ORPHANS in flags:
        # Thirteen orphans only: each once (any orphan pairs up), or one pair and one gap.
        orphans = [c13[k] for k in TERMINALS_AND_HONOURS]
        if max(orphans) <= 2:
            gaps = [k for k, n in zip(TERMINALS_AND_HONOURS, orphans, strict=True) if not n]
            pairs = orphans.count(2)
            if not gaps and not pairs:
                out.update(TERMINALS_AND_HONOURS)
            elif len(gaps) == 1 and pairs == 1:
                out.add(gaps[0])
    if HONOURS_AND_KNITTED in flags:
        # Thirteen different tiles: any absent honour, or an absent kind of a knitted set
        # already holding every suited tile, makes fourteen.
        cand = HONOUR_MASK & ~mask13
        for km in _KNITTED_MASKS:
            if not mask13 & SUITED_MASK & ~km:
                cand |= km & ~mask13
        out.update(_kinds_in(cand))
    if KNITTED_STRAIGHT in flags:
        for ks, km in zip(KNITTED_SETS, _KNITTED_MASKS, strict=True):
            missing = km & ~mask13
            if missing.bit_count() > 1:
                continue
            rest = list(c13)
            for k in ks:
                rest[k] -= 1
            if missing:
                # Eight of the nine: only the ninth completes the knitted set (and then
                # ``rest`` below, one short of it, comes back to zero there).
                cands = _kinds_in(missing)
            else:
                # The whole set is there: the tile completes what is left over, so it is
                # one of the leftover kinds or a suited neighbour of one.
                near = 0
                for k in range(34):
                    if rest[k] > 0:
                        near |= _NEAR[k]
                cands = _kinds_in(near)
            for k in cands:
                rest[k] += 1
                if min(rest) >= 0 and is_win(rest):
                    out.add(k)
                rest[k] -= 1
    return out


# Kinds within two ranks of each kind in its own suit (itself only, for honours).
_NEAR = tuple(BIT[k] if k >= 27 else mask_of(
    j for j in range(k - 2, k + 3) if j // 9 == k // 9 and 0 <= j) for k in range(34))
