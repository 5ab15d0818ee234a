"""Taiwan 16-tile hands against the npm package ``mahjong-tile-efficiency`` ("Taiwan" rule
set): whether 17 tiles are a win, and what 16 tiles wait on.

No open Taiwan 台 scorer is published on PyPI or npm (see the package docstring), so the
台 themselves are covered by the golden cases; this compares the hand reading they stand on.
"""

from __future__ import annotations

import random

from scoring.engine.decompose import decompositions
from scoring.engine.tests.peers import run
from scoring.engine.tests.randomwins import names, winning_kinds
from scoring.engine.tiles import counts_of, tile_name
from scoring.engine.waits import waits


def counts(tiles: list[str]) -> list[int]:
    return counts_of("".join(tiles))


def test_wins_and_waits_of_16_tile_hands_agree_with_mahjong_tile_efficiency() -> None:
    rng = random.Random(18)
    hands: list[list[str]] = []
    for i in range(240):
        suits = (0,) if i % 3 == 0 else (0, 1, 2)  # one-suit hands wait on many tiles
        sets, pair = winning_kinds(rng, 5, honours=i % 3 != 0, suits=suits)
        kinds = [k for s in sets for k in s] + [pair, pair]
        hands.append(names(kinds))  # 17 tiles: a win
        kinds.remove(rng.choice(kinds))
        hands.append(names(kinds))  # 16 tiles: ready
        kinds[rng.randrange(16)] = rng.choice(suits) * 9 + rng.randrange(9)
        if max(counts(names(kinds))) <= 4:
            hands.append(names(kinds))  # 16 tiles, often not ready
    answers = run("tile_efficiency.mjs", [{"tiles": h} for h in hands])
    ready = 0
    for tiles, answer in zip(hands, answers, strict=True):
        c = counts(tiles)
        if len(tiles) == 17:
            assert (answer["shanten"] == -1) == bool(decompositions(c)), tiles
        else:
            ours = [tile_name(k) for k in waits(c)]
            theirs = sorted(answer["ukeire"], key=lambda t: counts_of(t).index(1)) \
                if answer["shanten"] == 0 else []
            assert ours == theirs, tiles
            ready += bool(ours)
    assert ready > 200
