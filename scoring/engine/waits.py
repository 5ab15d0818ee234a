"""Waits (听牌) of a 3n+1 hand: every tile kind that would complete it.

A kind of which the hand already holds all four copies (concealed tiles and declared
melds together) is never a wait: nobody can draw or claim a fifth copy. This is also the
convention under which seed 002's counts come out (one 13-tile one-suit hand waits on nine
kinds, 16 on eight, 79 on seven; for 16 tiles 11, 94 and 532), see ``test_waits``.

Standard wins are found with :func:`scoring.engine.agari.is_win`; special shapes are
tried only when the caller names them (flags of :mod:`scoring.engine.shapes`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .agari import TABLE_MAX_TILES, is_win_linear, tables
from .errors import WrongTileCount
from .shapes import (
    HONOURS_AND_KNITTED,
    KNITTED_SETS,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS,
    SEVEN_PAIRS_QUADS,
    THIRTEEN_LAN,
    THIRTEEN_ORPHANS,
    check_shapes,
    special_shapes,
)
from .tiles import TERMINALS_AND_HONOURS, Hand, Meld, tile_name

STANDARD = "standard"


@dataclass(frozen=True, slots=True)
class Wait:
    """One winning tile: its kind, how many copies are not in the hand, the shapes it makes."""

    kind: int
    remaining: int
    shapes: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"tile": tile_name(self.kind), "remaining": self.remaining,
                "shapes": list(self.shapes)}


def held_counts(counts: Sequence[int], melds: Iterable[Meld] = ()) -> list[int]:
    """Copies of each kind in the hand: concealed plus every tile of the declared melds."""
    held = list(counts[:34])
    for m in melds:
        for k in m.kinds:
            held[k] += 1
    return held


def _candidates(c: Sequence[int]) -> list[int]:
    """Kinds that could complete a standard hand: held ones and suited neighbours within 2.

    A tile with no tile of its own kind or within two ranks could only be the pair, which
    needs a second copy, so it can never complete the hand.
    """
    out = []
    for k in range(34):
        if c[k]:
            out.append(k)
        elif k < 27:
            r = k % 9
            lo, hi = k - min(r, 2), k + min(8 - r, 2)
            if any(c[j] for j in range(lo, hi + 1)):
                out.append(k)
    return out


_GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))


def standard_waits(counts: Sequence[int]) -> set[int]:
    """Kinds completing sets + pair, ignoring the four-copy limit of melds.

    Adding one tile changes one suit only, so the other three must already be complete
    (by table lookup) and hold together 0 or 1 pairs; only the changed suit is looked up
    again per candidate rank. That keeps a wait scan to a handful of dict lookups.
    """
    suit, honour = tables()
    b = bytes(counts)
    if len(b) != 34:
        raise ValueError("a 34-long count vector is expected")
    if sum(b) >= TABLE_MAX_TILES or max(b) > 4:
        c = list(b)
        out = set()
        for k in _candidates(c):
            c[k] += 1
            if is_win_linear(c):
                out.add(k)
            c[k] -= 1
        return out
    tabs = (suit, suit, suit, honour)
    cls = [t.get(b[lo:hi]) for t, (lo, hi) in zip(tabs, _GROUPS, strict=True)]
    broken = [g for g in range(4) if cls[g] is None]
    if len(broken) > 1:
        return set()
    found: set[int] = set()
    for g in broken or range(4):
        pairs_elsewhere = sum(x for j, x in enumerate(cls) if j != g and x is not None)
        need = 1 - pairs_elsewhere
        if need < 0:
            continue
        lo, hi = _GROUPS[g]
        table = tabs[g]
        seg = bytearray(b[lo:hi])
        for r in range(hi - lo):
            if seg[r] < 4:
                seg[r] += 1
                if table.get(bytes(seg)) == need:
                    found.add(lo + r)
                seg[r] -= 1
    return found


def _special_candidates(c: Sequence[int], flags: Sequence[str], n_melds: int) -> set[int]:
    """Kinds worth trying for the special shapes: most hands rule every shape out at once.

    Seven pairs wait on the one odd kind; thirteen orphans need nothing but orphans; the
    knitted and loose shapes need no pair yet (or, for 组合龙, eight of a knitted nine).
    """
    out: set[int] = set()
    b = bytes(c)
    zeros = b.count(0)
    closed = n_melds == 0 and sum(b) == 13
    if closed and (SEVEN_PAIRS in flags or SEVEN_PAIRS_QUADS in flags):
        odd = [k for k in range(34) if b[k] & 1]
        if len(odd) == 1:
            out.add(odd[0])
    # Thirteen orphans: 12 or 13 different kinds, all of them orphans.
    if closed and THIRTEEN_ORPHANS in flags and zeros in (21, 22):
        if not any(b[k] for k in range(34) if k not in TERMINALS_AND_HONOURS):
            out.update(TERMINALS_AND_HONOURS)
    # The knitted and loose shapes: thirteen different kinds, no pair yet.
    if closed and (HONOURS_AND_KNITTED in flags or THIRTEEN_LAN in flags) and zeros == 21:
        out.update(k for k in range(34) if not b[k])
    if KNITTED_STRAIGHT in flags and any(
        sum(1 for k in kinds if b[k]) >= 8 for kinds in KNITTED_SETS
    ):
        out.update(range(34))
    return out


def _check_size(counts: Sequence[int], n_melds: int) -> None:
    size = sum(counts[:34]) + 3 * n_melds
    if size % 3 != 1:
        raise WrongTileCount(
            f"waits are asked of a waiting hand of 3n+1 tiles (counting each meld as 3), "
            f"but this one has {size}", params={"count": size, "reason": "waiting"}
        )


def wait_details(counts: Sequence[int], melds: Sequence[Meld] = (),
                 shapes: Iterable[str] = ()) -> list[Wait]:
    """Every wait of the concealed ``counts`` with declared ``melds``, in kind order.

    ``shapes`` names the special shapes the ruleset allows besides sets + pair.
    """
    flags = check_shapes(shapes)
    _check_size(counts, len(melds))
    held = held_counts(counts, melds)
    c = list(counts[:34])
    standard = standard_waits(c)
    if not flags:
        return [Wait(k, 4 - held[k], (STANDARD,)) for k in sorted(standard) if held[k] < 4]
    special = _special_candidates(c, flags, len(melds))
    out = []
    for k in sorted(standard | special):
        if held[k] >= 4:
            continue
        made = [STANDARD] if k in standard else []
        if k in special:
            c[k] += 1
            made.extend(dict.fromkeys(m.name for m in special_shapes(c, flags, len(melds))))
            c[k] -= 1
        if made:
            out.append(Wait(k, 4 - held[k], tuple(made)))
    return out


def waits(counts: Sequence[int], melds: Sequence[Meld] = (),
          shapes: Iterable[str] = ()) -> list[int]:
    """The kinds that complete the hand (see :func:`wait_details`)."""
    return [w.kind for w in wait_details(counts, melds, shapes)]


def hand_waits(hand: Hand, shapes: Iterable[str] = ()) -> list[Wait]:
    return wait_details(hand.counts, hand.melds, shapes)


def is_ready(counts: Sequence[int], melds: Sequence[Meld] = (),
             shapes: Iterable[str] = ()) -> bool:
    """Tenpai: at least one wait."""
    return bool(wait_details(counts, melds, shapes))
