"""Seeded random sets-and-pair hands for the differential tests of the 台/番 rulesets."""

from __future__ import annotations

import random

from scoring.engine.tiles import tile_name


def winning_kinds(rng: random.Random, sets: int, honours: bool = True,
                  suits: tuple[int, ...] = (0, 1, 2)) -> tuple[list[list[int]], int]:
    """``sets`` random sets (each a list of kinds) and a pair kind, four copies at most."""
    while True:
        held = [0] * 34
        out: list[list[int]] = []
        for _ in range(sets):
            if honours and rng.random() < 0.2:
                k = rng.randrange(27, 34)
                group = [k, k, k]
            elif rng.random() < 0.4:
                k = 9 * rng.choice(suits) + rng.randrange(9)
                group = [k, k, k]
            else:
                k = 9 * rng.choice(suits) + rng.randrange(7)
                group = [k, k + 1, k + 2]
            out.append(group)
            for g in group:
                held[g] += 1
        pair = (rng.randrange(27, 34) if honours and rng.random() < 0.3
                else 9 * rng.choice(suits) + rng.randrange(9))
        held[pair] += 2
        if max(held) <= 4:
            return out, pair


def names(kinds: list[int]) -> list[str]:
    return [tile_name(k) for k in sorted(kinds)]
