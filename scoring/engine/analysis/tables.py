"""Per-suit distance tables behind the standard-shape shanten number.

The standard shanten number is one less than the *distance* of the concealed tiles to the
nearest complete hand: the fewest tiles that must be drawn (each draw replacing a useless
tile) to hold ``M`` sets and a pair. That distance splits by suit, because sets never mix
suits: if ``D_g(m, p)`` is the fewest tiles suit ``g`` is missing to hold ``m`` sets and
``p`` pairs, the hand's distance is the minimum of ``sum D_g(m_g, p_g)`` over the ways to
share ``M`` sets and one pair between the three suits and the honours.

``D_g`` is computed exactly, by a left-to-right dynamic programme over the ranks of the
suit whose target counts never exceed the copies that exist (four, fewer when some are in
declared melds). This is what the classic "sets + partial sets" count gets wrong on hands
like ``1111m``-heavy shapes that would need a fifth copy; the caps make it exact.

Speed comes from memoising at three levels, all keyed by ``bytes``:

* a suit's nine counts -> the interned id of its ``D`` array, read from the table shipped
  in ``data/suit_costs.bin`` (every suit of up to 11 tiles, built by
  :mod:`.build_tables` with this same programme) or computed on first sight;
* two ids -> the id of their min-plus combination (manzu+pinzu, souzu+honours);
* so a warm lookup of a whole hand is four dict hits for the suits and three for the
  combinations, with no arithmetic per tile.

Distinct suit shapes in real play number a few thousand, so the tables stay small; they
fill lazily and :func:`table_sizes` reports how far.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Sequence
from pathlib import Path

# Largest number of sets in one concealed hand the tables cover: 16-tile hands need five.
MAX_SETS = 5
WIDTH = 2 * (MAX_SETS + 1)  # one cost per (sets, pair) with index 2 * sets + pair
INF = 99
# Placing a set or a pair where the hand has no tiles at all costs its full size; there is
# always an untouched kind with four free copies for it in a hand of at most 17 tiles.
FREE_SET = 3
FREE_PAIR = 2

SHIPPED_PATH = Path(__file__).parent / "data" / "suit_costs.bin"
SHIPPED_MAGIC = b"MJSUIT1\n"

FULL_CAPS_SUIT = bytes([4] * 9)
FULL_CAPS_HONOURS = bytes([4] * 7)

_arrays: list[tuple[int, ...]] = []
_array_ids: dict[tuple[int, ...], int] = {}
_suit_ids: dict[bytes, int] = {}
_honour_ids: dict[bytes, int] = {}
_combo_ids: dict[tuple[int, int], int] = {}


State = dict[tuple[int, int, int, int], int]


def _step(states: State, hi: int, cap: int, can_run: bool, max_sets: int = MAX_SETS) -> State:
    """One rank of the programme: place runs, a triplet and the pair at this rank.

    State: runs begun two ranks ago and one rank ago (both still need a tile here), sets
    so far, pair placed. Only sets and pairs that touch a held tile are placed (the caller
    says whether a run starting here would: ``can_run``); the others are priced as free
    sets when the arrays are closed.
    """
    new: State = {}
    get = new.get
    for (a, b, m, p), cost in states.items():
        base = a + b
        for t in (0, 1) if hi and m < max_sets else (0,):
            for q in (0, 1) if hi and not p else (0,):
                target = base + 3 * t + 2 * q
                r_max = max_sets - m - t if can_run else 0
                for r in range(r_max + 1):
                    if target > cap:
                        break
                    c = cost + (target - hi if target > hi else 0)
                    m2 = m + t + r
                    # Already as dear as free sets: a state with these sets dropped
                    # (and its looser caps) does at least as well from here on.
                    if c and c >= 3 * m2 + 2 * (p + q):
                        target += 1
                        continue
                    key = (b, r, m2, p + q)
                    old = get(key)
                    if old is None or c < old:
                        new[key] = c
                    target += 1
    return new


def _finish(states: State) -> list[int]:
    out = [INF] * WIDTH
    for (a, b, m, p), cost in states.items():
        if a == 0 and b == 0 and cost < out[2 * m + p]:
            out[2 * m + p] = cost
    return out


def _segment_costs(h: bytes, caps: bytes, runs: bool) -> list[int]:
    """Exact ``D(m, p)`` for one suit (``runs``) or the honours (no runs)."""
    n = len(h)
    # A set that uses no held tile is no better than a free set, so at most one set per
    # held tile is worth placing.
    max_sets = min(MAX_SETS, sum(h))
    states: State = {(0, 0, 0, 0): 0}
    for i in range(n):
        can_run = runs and i + 2 < n and bool(h[i] or h[i + 1] or h[i + 2])
        states = _step(states, h[i], caps[i], can_run, max_sets)
    return _finish(states)


def _close(costs: Sequence[int]) -> tuple[int, ...]:
    """Allow free sets and a free pair: ``D'(m, p) = min D(k, q) + 3(m-k) + 2(p-q)``."""
    out = list(costs)
    for m in range(MAX_SETS + 1):
        for p in (0, 1):
            best = out[2 * m + p]
            if m:
                best = min(best, out[2 * (m - 1) + p] + FREE_SET)
            if p:
                best = min(best, out[2 * m] + FREE_PAIR)
            out[2 * m + p] = best
    return tuple(out)


def _intern(arr: tuple[int, ...]) -> int:
    idx = _array_ids.get(arr)
    if idx is None:
        idx = len(_arrays)
        _arrays.append(arr)
        _array_ids[arr] = idx
    return idx


def _combine(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
    """Min-plus combination of two closed arrays (at most one pair between them)."""
    out = [INF] * WIDTH
    for m1 in range(MAX_SETS + 1):
        x0 = x[2 * m1]
        x1 = x[2 * m1 + 1]
        for m2 in range(MAX_SETS + 1 - m1):
            y0 = y[2 * m2]
            y1 = y[2 * m2 + 1]
            k = 2 * (m1 + m2)
            v = x0 + y0
            if v < out[k]:
                out[k] = v
            v = x0 + y1
            w = x1 + y0
            if w < v:
                v = w
            if v < out[k + 1]:
                out[k + 1] = v
    return tuple(out)


class _Shipped:
    """The prebuilt table of ``data/suit_costs.bin`` (see :mod:`.build_tables`), read once."""

    def __init__(self) -> None:
        self.max_tiles = -1
        self.arrays: list[tuple[int, ...]] = []
        self.flat = array("H")
        self.ids: list[int | None] = []
        try:
            data = SHIPPED_PATH.read_bytes()
        except OSError:
            return  # no file: every suit is computed lazily
        if not data.startswith(SHIPPED_MAGIC):
            return
        pos = len(SHIPPED_MAGIC)
        max_tiles, count = struct.unpack_from("<HH", data, pos)
        pos += 4
        self.arrays = [tuple(data[pos + WIDTH * i: pos + WIDTH * (i + 1)]) for i in range(count)]
        pos += WIDTH * count
        self.flat.frombytes(zlib.decompress(data[pos:]))
        if sys.byteorder != "little":
            self.flat.byteswap()
        self.ids = [None] * count
        self.max_tiles = max_tiles

    def lookup(self, key: bytes) -> int | None:
        if sum(key) > self.max_tiles:
            return None
        v = self.flat[key[0] + 5 * (key[1] + 5 * (key[2] + 5 * (key[3] + 5 * (
            key[4] + 5 * (key[5] + 5 * (key[6] + 5 * (key[7] + 5 * key[8])))))))]
        if not v:
            return None
        idx = self.ids[v - 1]
        if idx is None:
            idx = self.ids[v - 1] = _intern(self.arrays[v - 1])
        return idx


_shipped: _Shipped | None = None


def _shipped_table() -> _Shipped:
    global _shipped
    if _shipped is None:
        _shipped = _Shipped()
    return _shipped


def suit_id(key: bytes, caps: bytes = FULL_CAPS_SUIT) -> int:
    """Interned closed ``D`` array of one suit's nine counts."""
    memo_key = key if caps == FULL_CAPS_SUIT else key + caps
    idx = _suit_ids.get(memo_key)
    if idx is None:
        if caps == FULL_CAPS_SUIT:
            idx = _shipped_table().lookup(key)
        if idx is None:
            # Sets read the same backwards (rank r <-> 10-r), so a mirrored suit has the
            # same costs: half the cold misses need no programme run.
            mirror = key[::-1] if caps == FULL_CAPS_SUIT else key[::-1] + caps[::-1]
            idx = _suit_ids.get(mirror)
        if idx is None:
            idx = _intern(_close(_segment_costs(key, caps, True)))
        _suit_ids[memo_key] = idx
    return idx


def honour_id(key: bytes, caps: bytes = FULL_CAPS_HONOURS) -> int:
    memo_key = key if caps == FULL_CAPS_HONOURS else key + caps
    idx = _honour_ids.get(memo_key)
    if idx is None:
        # Honours form no runs, so only the multiset of (count, cap) pairs matters: the
        # sorted form is shared by every arrangement of the same counts.
        pairs = sorted(zip(key, caps, strict=True))
        canon = bytes(c for c, _ in pairs) + bytes(k for _, k in pairs)
        idx = _honour_ids.get(b"sorted:" + canon)
        if idx is None:
            idx = _intern(_close(_segment_costs(canon[:7], canon[7:], False)))
            _honour_ids[b"sorted:" + canon] = idx
        _honour_ids[memo_key] = idx
    return idx


def combo_id(i: int, j: int) -> int:
    idx = _combo_ids.get((i, j))
    if idx is None:
        idx = _intern(_combine(_arrays[i], _arrays[j]))
        _combo_ids[(i, j)] = idx
    return idx


def hand_costs(b: bytes, caps: bytes | None = None) -> tuple[int, ...]:
    """Closed ``D`` array of a whole 34-count vector (``bytes``): index ``2 * sets + pair``."""
    if caps is None:
        suits = _suit_ids
        honours = _honour_ids
        m = suits.get(b[0:9])
        if m is None:
            m = suit_id(b[0:9])
        p = suits.get(b[9:18])
        if p is None:
            p = suit_id(b[9:18])
        s = suits.get(b[18:27])
        if s is None:
            s = suit_id(b[18:27])
        z = honours.get(b[27:34])
        if z is None:
            z = honour_id(b[27:34])
    else:
        m = suit_id(b[0:9], caps[0:9])
        p = suit_id(b[9:18], caps[9:18])
        s = suit_id(b[18:27], caps[18:27])
        z = honour_id(b[27:34], caps[27:34])
    combos = _combo_ids
    mp = combos.get((m, p))
    if mp is None:
        mp = combo_id(m, p)
    sz = combos.get((s, z))
    if sz is None:
        sz = combo_id(s, z)
    whole = combos.get((mp, sz))
    if whole is None:
        whole = combo_id(mp, sz)
    return _arrays[whole]


def table_sizes() -> dict[str, int]:
    """How many entries each memo holds (for the benchmark and for curiosity)."""
    return {
        "suits": len(_suit_ids),
        "honours": len(_honour_ids),
        "combinations": len(_combo_ids),
        "distinct_arrays": len(_arrays),
    }


def clear() -> None:
    """Empty every memo (the benchmark's cold run; nothing else needs it)."""
    _arrays.clear()
    _array_ids.clear()
    _suit_ids.clear()
    _honour_ids.clear()
    _combo_ids.clear()
    if _shipped is not None:
        _shipped.ids = [None] * len(_shipped.arrays)
