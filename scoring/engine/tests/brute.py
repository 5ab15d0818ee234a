"""Deliberately naive reference searches the fast engine code is checked against."""

from __future__ import annotations

from functools import lru_cache


def _sets(c: tuple[int, ...]) -> bool:
    return _sets_cached(c)


@lru_cache(maxsize=200_000)
def _sets_cached(c: tuple[int, ...]) -> bool:
    # Remove ANY set anywhere (not only at the lowest tile): exponential but obviously right.
    if not any(c):
        return True
    for i in range(34):
        if c[i] >= 3:
            d = list(c)
            d[i] -= 3
            if _sets_cached(tuple(d)):
                return True
        if i < 27 and i % 9 <= 6 and c[i] and c[i + 1] and c[i + 2]:
            d = list(c)
            d[i] -= 1
            d[i + 1] -= 1
            d[i + 2] -= 1
            if _sets_cached(tuple(d)):
                return True
    return False


def brute_is_win(counts: list[int] | tuple[int, ...]) -> bool:
    c = list(counts)
    if sum(c) % 3 != 2:
        return False
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            ok = _sets(tuple(c))
            c[p] += 2
            if ok:
                return True
    return False


def brute_waits(counts: list[int], held: list[int] | None = None) -> list[int]:
    held = held or counts
    out = []
    for k in range(34):
        if held[k] >= 4:
            continue
        c = list(counts)
        c[k] += 1
        if brute_is_win(c):
            out.append(k)
    return out
