"""Wildcards (癞子 / 百搭 / 精): win detection, decompositions and waits with wild tiles.

The caller names the wild kinds (a Shanghai 百搭 ``5z``, Ji'an's 正精 and 副精 kinds...).
Every tile of those kinds in the hand is wild: it may stand for any tile, itself included.
A wild can also make a tile of which four copies are already in play; regional rules that
forbid this are rare, and the brute-force reference in the tests substitutes freely too.

Win detection with ``w`` wilds works per suit, as in seed 004's 癞子 algorithm, but instead
of trying substitutions it asks how few wilds each suit needs to become sets (and sets plus
the pair): the smallest real tile must sit in a pair, a triplet or a run whose lower slots
are wild, and using a real tile rather than a wild where both fit is never worse (swap
them). A hand wins when, with the pair in some suit (or made of two wilds), the needs add
up to at most ``w``; wilds left over form whole sets of their own, three at a time.

Besides the win, :func:`analyse_wild` reports whether the hand also wins with every wild
standing for itself: Ji'an pays 德国 for that.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from .agari import is_win, is_win_linear
from .errors import BadInput, WrongTileCount
from .honour_runs import need_honours
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
from .tiles import TERMINALS_AND_HONOURS, Meld, tile_name
from .waits import STANDARD, Wait, held_counts

_INF = 1 << 20
_GROUPS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def split_wilds(counts: Sequence[int], wild_kinds: Iterable[int]) -> tuple[list[int], int]:
    """(counts of the tiles that are not wild, number of wild tiles)."""
    c = list(counts[:34])
    w = 0
    for k in set(wild_kinds):
        if not 0 <= k < 34:
            raise BadInput(f"{tile_name(k)} cannot be a wildcard: flowers are never wild")
        w += c[k]
        c[k] = 0
    return c, w


@lru_cache(maxsize=1 << 18)
def _need(key: bytes, pair: bool, runs: bool) -> int:
    """Fewest wilds that turn ``key`` (one suit, or the honours) into sets (+ pair)."""
    i = 0
    n = len(key)
    while i < n and key[i] == 0:
        i += 1
    if i == n:
        return 2 if pair else 0
    c = key[i]
    best = _INF
    if pair:
        k = min(c, 2)
        d = bytearray(key)
        d[i] -= k
        best = min(best, 2 - k + _need(bytes(d), False, runs))
    k = min(c, 3)
    d = bytearray(key)
    d[i] -= k
    best = min(best, 3 - k + _need(bytes(d), pair, runs))
    if runs:
        for start in range(max(0, i - 2), min(i, n - 3) + 1):
            d = bytearray(key)
            d[i] -= 1
            used = i - start  # slots below the lowest real tile can only be wild
            for j in range(i + 1, start + 3):
                if d[j]:
                    d[j] -= 1
                else:
                    used += 1
            best = min(best, used + _need(bytes(d), pair, runs))
    return best


def _group_need(key: bytes, pair: bool, runs: bool, suited: bool, honour_runs: bool) -> int:
    if not suited and runs and honour_runs:
        return need_honours(key, pair)
    return _need(key, pair, runs and suited)


def min_wilds(counts: Sequence[int], *, runs: bool = True, honour_runs: bool = False) -> int:
    """Fewest wilds that complete ``counts`` (non-wild tiles) as sets + one pair.

    ``runs=False`` allows triplets only (all-triplets hands such as 对对胡 / Ji'an 大七);
    ``honour_runs`` also allows honour chows (:mod:`.honour_runs`). Leftover wilds beyond
    this number must come in threes.
    """
    b = bytes(counts[:34])
    plain = [_group_need(b[lo:hi], False, runs, suited, honour_runs)
             for lo, hi, suited in _GROUPS]
    base = sum(plain)
    best = base + 2  # the pair made of two wilds
    for g, (lo, hi, suited) in enumerate(_GROUPS):
        best = min(best, base - plain[g]
                   + _group_need(b[lo:hi], True, runs, suited, honour_runs))
    return best


def is_win_wild(counts: Sequence[int], wild_count: int, *, runs: bool = True,
                honour_runs: bool = False) -> bool:
    """Sets + pair from the non-wild ``counts`` and ``wild_count`` wilds (melds excluded)."""
    if wild_count < 0:
        raise ValueError("wild_count cannot be negative")
    total = sum(counts[:34]) + wild_count
    if total % 3 != 2:
        return False
    if wild_count == 0 and runs and not honour_runs:
        return is_win_linear(counts)
    return min_wilds(counts, runs=runs, honour_runs=honour_runs) <= wild_count


# --- special shapes with wilds -----------------------------------------------------------


def seven_pairs_wild(counts: Sequence[int], wild_count: int, *, quads: bool = False) -> bool:
    """Seven pairs: each odd kind takes a wild; spare wilds pair up among themselves."""
    if sum(counts[:34]) + wild_count != 14:
        return False
    if not quads and max(counts[:34]) > 2:
        return False
    singles = sum(n % 2 for n in counts[:34])
    return singles <= wild_count


def thirteen_orphans_wild(counts: Sequence[int], wild_count: int) -> bool:
    if sum(counts[:34]) + wild_count != 14:
        return False
    if any(counts[k] for k in range(34) if k not in TERMINALS_AND_HONOURS):
        return False
    return sum(counts[k] == 2 for k in TERMINALS_AND_HONOURS) <= 1 and max(counts[:34]) <= 2


@lru_cache(maxsize=512)
def _lan_room(ranks: tuple[int, ...]) -> int:
    """Most tiles a suit can hold, all three or more apart, keeping ``ranks``."""
    best = -1
    for mask in range(1 << 9):
        chosen = [r for r in range(9) if mask >> r & 1]
        if all(r in chosen for r in ranks) and all(
            b - a >= 3 for a, b in zip(chosen, chosen[1:], strict=False)
        ):
            best = max(best, len(chosen))
    return best


def thirteen_lan_wild(counts: Sequence[int], wild_count: int) -> tuple[bool, bool]:
    """(十三烂 possible, 七星十三烂 possible) when wilds fill the missing loose tiles."""
    if sum(counts[:34]) + wild_count != 14 or max(counts[:34]) > 1:
        return False, False
    room = 0
    for s in range(3):
        r = _lan_room(tuple(r for r in range(9) if counts[9 * s + r]))
        if r < 0:
            return False, False
        room += r
    # At most seven honours, so the suits must make room for at least seven tiles; for
    # 七星 the honours take exactly seven, so the real suited tiles must not exceed seven.
    if room < 7:
        return False, False
    return True, sum(counts[:27]) <= 7


def honours_and_knitted_wild(counts: Sequence[int], wild_count: int) -> bool:
    if sum(counts[:34]) + wild_count != 14 or max(counts[:34]) > 1:
        return False
    suited = {k for k in range(27) if counts[k]}
    return any(suited <= set(kinds) for kinds in KNITTED_SETS)


def knitted_straight_wild(counts: Sequence[int], wild_count: int, melds: int = 0) -> bool:
    if sum(counts[:34]) + wild_count + 3 * melds != 14 or melds > 1:
        return False
    for kinds in KNITTED_SETS:
        rest = list(counts[:34])
        missing = 0
        for k in kinds:
            if rest[k]:
                rest[k] -= 1
            else:
                missing += 1
        if missing <= wild_count and is_win_wild(rest, wild_count - missing):
            return True
    return False


def _shapes_wild(c: Sequence[int], w: int, flags: Sequence[str], melds: int) -> list[str]:
    closed = melds == 0
    out: list[str] = []
    if closed and (SEVEN_PAIRS in flags or SEVEN_PAIRS_QUADS in flags):
        if seven_pairs_wild(c, w, quads=SEVEN_PAIRS_QUADS in flags):
            out.append(SEVEN_PAIRS)
    if closed and THIRTEEN_ORPHANS in flags and thirteen_orphans_wild(c, w):
        out.append(THIRTEEN_ORPHANS)
    if closed and HONOURS_AND_KNITTED in flags and honours_and_knitted_wild(c, w):
        out.append(HONOURS_AND_KNITTED)
    if KNITTED_STRAIGHT in flags and knitted_straight_wild(c, w, melds):
        out.append(KNITTED_STRAIGHT)
    if closed and THIRTEEN_LAN in flags and thirteen_lan_wild(c, w)[0]:
        out.append(THIRTEEN_LAN)
    return out


@dataclass(frozen=True, slots=True)
class WildWin:
    """What a hand with wilds makes.

    ``shapes``: shapes reachable with wilds standing for anything ("standard" = sets +
    pair). ``natural_shapes``: shapes made with every wild standing for itself (德国).
    ``all_triplets``: sets + pair with triplets only is reachable (对对胡, Ji'an 大七).
    ``seven_stars``: 七星十三烂 is reachable.
    """

    wilds: int
    shapes: tuple[str, ...]
    natural_shapes: tuple[str, ...]
    all_triplets: bool
    seven_stars: bool

    @property
    def win(self) -> bool:
        return bool(self.shapes)

    @property
    def natural(self) -> bool:
        return bool(self.natural_shapes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "win": self.win,
            "natural": self.natural,
            "wilds": self.wilds,
            "shapes": list(self.shapes),
            "natural_shapes": list(self.natural_shapes),
            "all_triplets": self.all_triplets,
            "seven_stars": self.seven_stars,
        }


def analyse_wild(counts: Sequence[int], wild_kinds: Iterable[int], melds: int = 0,
                 shapes: Iterable[str] = (), *, honour_runs: bool = False) -> WildWin:
    """Win analysis of a 3n+2 hand whose tiles of ``wild_kinds`` are wild.

    ``counts`` is the concealed hand with wild tiles under their own kinds;
    ``honour_runs`` lets the standard shape use honour chows.
    """
    flags = check_shapes(shapes)
    c, w = split_wilds(counts, wild_kinds)
    made = ([STANDARD] if is_win_wild(c, w, honour_runs=honour_runs) else []) + _shapes_wild(
        c, w, flags, melds)
    natural_win = (is_win_wild(counts, 0, honour_runs=True) if honour_runs
                   else is_win(counts))
    natural = [STANDARD] if natural_win else []
    natural.extend(dict.fromkeys(m.name for m in special_shapes(counts, flags, melds)))
    triplets = is_win_wild(c, w, runs=False)
    stars = THIRTEEN_LAN in flags and melds == 0 and thirteen_lan_wild(c, w)[1]
    return WildWin(w, tuple(made), tuple(natural), triplets, bool(stars))


def wild_wait_details(counts: Sequence[int], wild_kinds: Iterable[int],
                      melds: Sequence[Meld] = (), shapes: Iterable[str] = (), *,
                      honour_runs: bool = False) -> list[Wait]:
    """Every wait of a 3n+1 hand with wilds; a drawn tile of a wild kind is itself wild.

    As everywhere, a kind of which the hand holds all four copies is not a wait. Each
    :class:`~scoring.engine.waits.Wait` lists the shapes the wilds can make with that tile.
    """
    flags = check_shapes(shapes)
    size = sum(counts[:34]) + 3 * len(melds)
    if size % 3 != 1:
        raise WrongTileCount(
            f"waits are asked of a waiting hand of 3n+1 tiles (counting each meld as 3), "
            f"but this one has {size}", params={"count": size, "reason": "waiting"}
        )
    wild = set(wild_kinds)
    base, w = split_wilds(counts, wild)
    held = held_counts(counts, melds)
    out = []
    for k in range(34):
        if held[k] >= 4:
            continue
        c, n = base, w + 1
        if k not in wild:
            c = list(base)
            c[k] += 1
            n = w
        made = ([STANDARD] if is_win_wild(c, n, honour_runs=honour_runs) else []) + \
            _shapes_wild(c, n, flags, len(melds))
        if made:
            out.append(Wait(k, 4 - held[k], tuple(made)))
    return out


def waits_wild(counts: Sequence[int], wild_kinds: Iterable[int], melds: Sequence[Meld] = (),
               shapes: Iterable[str] = (), *, honour_runs: bool = False) -> list[int]:
    """The kinds completing a 3n+1 hand with wilds (see :func:`wild_wait_details`)."""
    return [w.kind for w in wild_wait_details(counts, wild_kinds, melds, shapes,
                                              honour_runs=honour_runs)]


# --- decompositions with wilds -----------------------------------------------------------

GroupShape = Literal["pair", "run", "triplet"]


@dataclass(frozen=True, slots=True, order=True)
class WildGroup:
    """A pair or set with some slots filled by wilds.

    ``kind`` is the run's first kind or the pair's/triplet's kind; ``wild`` lists the kinds
    the wilds stand for. An all-wild pair or set has ``kind`` None: it can be anything.
    """

    shape: GroupShape
    kind: int | None
    wild: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        if self.kind is None:
            return {"shape": self.shape, "tiles": None, "wild": None}
        k = self.kind
        kinds = {"pair": (k, k), "triplet": (k, k, k), "run": (k, k + 1, k + 2)}[self.shape]
        return {
            "shape": self.shape,
            "tiles": "".join(tile_name(x)[0] for x in kinds) + tile_name(k)[1],
            "wild": [tile_name(x) for x in self.wild],
        }


@dataclass(frozen=True, slots=True)
class WildDecomposition:
    pair: WildGroup
    groups: tuple[WildGroup, ...]  # all-wild sets last, with kind None

    @property
    def wilds_used(self) -> int:
        return sum(len(g.wild) if g.kind is not None else 3 for g in self.groups) + (
            len(self.pair.wild) if self.pair.kind is not None else 2
        )

    def to_dict(self) -> dict[str, Any]:
        return {"pair": self.pair.to_dict(), "sets": [g.to_dict() for g in self.groups]}


def _sets_wild(c: list[int], w: int, acc: list[WildGroup],
               out: list[tuple[tuple[WildGroup, ...], int]]) -> None:
    i = 0
    while i < 34 and c[i] == 0:
        i += 1
    if i == 34:
        if w % 3 == 0:
            out.append((tuple(acc), w // 3))
        return
    n = c[i]
    k = min(n, 3)
    if 3 - k <= w:
        c[i] -= k
        acc.append(WildGroup("triplet", i, (i,) * (3 - k)))
        _sets_wild(c, w - (3 - k), acc, out)
        acc.pop()
        c[i] += k
    if i >= 27:
        return
    lo = i - i % 9
    for start in range(max(lo, i - 2), min(i, lo + 6) + 1):
        wild = list(range(start, i))
        taken = [i]
        for j in range(i + 1, start + 3):
            if c[j] - taken.count(j) > 0:
                taken.append(j)
            else:
                wild.append(j)
        if len(wild) > w:
            continue
        for j in taken:
            c[j] -= 1
        acc.append(WildGroup("run", start, tuple(wild)))
        _sets_wild(c, w - len(wild), acc, out)
        acc.pop()
        for j in taken:
            c[j] += 1


def wild_decompositions(counts: Sequence[int], wild_count: int) -> list[WildDecomposition]:
    """Every reading of non-wild ``counts`` plus ``wild_count`` wilds as sets + one pair.

    Real tiles fill a group before wilds do (a reading that swaps a wild for an equal real
    tile is the same hand), so each reading lists which kinds its wilds stand for.
    """
    c = list(counts[:34])
    if (sum(c) + wild_count) % 3 != 2:
        return []
    found: set[WildDecomposition] = set()
    pairs: list[tuple[WildGroup, int, int | None, int]] = []
    for p in range(34):
        if c[p] >= 2:
            pairs.append((WildGroup("pair", p), 0, p, 2))
        elif c[p] == 1 and wild_count >= 1:
            pairs.append((WildGroup("pair", p, (p,)), 1, p, 1))
    if wild_count >= 2:
        pairs.append((WildGroup("pair", None), 2, None, 0))
    for pair, cost, kind, take in pairs:
        if kind is not None:
            c[kind] -= take
        sets: list[tuple[tuple[WildGroup, ...], int]] = []
        _sets_wild(c, wild_count - cost, [], sets)
        if kind is not None:
            c[kind] += take
        for groups, free in sets:
            body = tuple(sorted(groups)) + (WildGroup("triplet", None),) * free
            found.add(WildDecomposition(pair, body))
    return sorted(found, key=lambda d: (d.wilds_used, repr(d)))
