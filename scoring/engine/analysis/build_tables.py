"""Build the shipped suit table ``data/suit_costs.bin`` (``python -m
scoring.engine.analysis.build_tables [--max-tiles 11]``).

Every suit of nine counts (each 0-4) holding at most ``--max-tiles`` tiles gets its closed
``D(m, p)`` array from the same programme the lazy tables run
(:func:`.tables._step`), by a depth-first walk over the counts rank by rank that shares
each prefix's states with all its extensions. Suits with more tiles, and any suit whose
copies are capped by declared melds, are still computed lazily at run time.

File layout: ``MJSUIT1\\n``, max tiles (u16), number of distinct arrays ``K`` (u16),
``K * WIDTH`` bytes of arrays, then the zlib-compressed little-endian u16 table indexed by
``sum(count[r] * 5**r)``: 0 = not covered, ``i + 1`` = distinct array ``i``.
"""

from __future__ import annotations

import argparse
import struct
import sys
import time
import zlib
from array import array
from pathlib import Path

from . import tables

PATH = tables.SHIPPED_PATH
MAGIC = tables.SHIPPED_MAGIC


def build(max_tiles: int) -> tuple[list[tuple[int, ...]], array[int]]:
    flat = array("H", bytes(2 * 5**9))
    arrays: list[tuple[int, ...]] = []
    ids: dict[tuple[int, ...], int] = {}
    h = [0] * 9

    def walk(i: int, states: tables.State, total: int, idx: int) -> None:
        # h[0 .. min(i + 2, 8)] are chosen: a run starting at rank i can see its tiles.
        can_run = i + 2 < 9 and bool(h[i] or h[i + 1] or h[i + 2])
        new = tables._step(states, h[i], 4, can_run)
        if i == 8:
            arr = tables._close(tables._finish(new))
            k = ids.get(arr)
            if k is None:
                k = ids[arr] = len(arrays)
                arrays.append(arr)
            flat[idx] = k + 1
            return
        if i + 3 <= 8:
            for c in range(min(4, max_tiles - total) + 1):
                h[i + 3] = c
                walk(i + 1, new, total + c, idx + c * 5 ** (i + 3))
            h[i + 3] = 0
        else:
            walk(i + 1, new, total, idx)

    for h0 in range(5):
        for h1 in range(5):
            for h2 in range(5):
                if h0 + h1 + h2 <= max_tiles:
                    h[0], h[1], h[2] = h0, h1, h2
                    walk(0, {(0, 0, 0, 0): 0}, h0 + h1 + h2, h0 + 5 * h1 + 25 * h2)
    return arrays, flat


def write(arrays: list[tuple[int, ...]], flat: array[int], max_tiles: int,
          path: Path) -> None:
    if sys.byteorder != "little":
        flat.byteswap()
    body = b"".join(bytes(a) for a in arrays)
    path.write_bytes(MAGIC + struct.pack("<HH", max_tiles, len(arrays)) + body
                     + zlib.compress(flat.tobytes(), 9))


def main() -> None:
    parser = argparse.ArgumentParser(description="build the shipped shanten suit table")
    parser.add_argument("--max-tiles", type=int, default=11)
    parser.add_argument("--out", type=Path, default=PATH)
    args = parser.parse_args()
    start = time.perf_counter()
    arrays, flat = build(args.max_tiles)
    write(arrays, flat, args.max_tiles, args.out)
    print(f"{sum(1 for v in flat if v)} suits, {len(arrays)} distinct arrays, "
          f"{args.out.stat().st_size} bytes, {time.perf_counter() - start:.1f}s")


if __name__ == "__main__":
    main()
