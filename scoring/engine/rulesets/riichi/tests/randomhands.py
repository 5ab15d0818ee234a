"""Seeded random riichi wins, written both as our request and as ``mahjong`` package input.

Hands are built from winning shapes (four random sets and a pair, some called; seven
pairs; thirteen orphans) with random conditions, so nearly every one is a real win.
Red fives are the first copy of a five (the ``mahjong`` package's 136-tile convention).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from scoring.engine.tiles import (
    TERMINALS_AND_HONOURS,
    WIND_LETTERS,
    Tile,
    format_tiles,
    tile_name,
)

FIVES = (4, 13, 22)


@dataclass
class RandomWin:
    request: dict[str, Any]
    tiles136: list[int]  # every tile, melds included (the mahjong package's convention)
    win136: int
    melds136: list[tuple[str, list[int], bool]] = field(default_factory=list)  # type, tiles, open
    dora136: list[int] = field(default_factory=list)
    ura136: list[int] = field(default_factory=list)


class _Wall:
    """Hands out distinct physical copies (kind * 4 + copy) of each kind."""

    def __init__(self, rng: random.Random, red: bool) -> None:
        self.used = [0] * 34
        self.rng = rng
        self.red = red

    def free(self, kind: int, n: int = 1) -> bool:
        return self.used[kind] + n <= 4

    def take(self, kind: int) -> int:
        copy = self.used[kind]
        self.used[kind] += 1
        return kind * 4 + copy


def _name(t136: int, red: bool) -> str:
    kind = t136 // 4
    if red and kind in FIVES and t136 % 4 == 0:
        return "0" + tile_name(kind)[1]
    return tile_name(kind)


def _tile(t136: int, red: bool) -> Tile:
    kind = t136 // 4
    return Tile(kind, red=red and kind in FIVES and t136 % 4 == 0)


def _shape(rng: random.Random) -> tuple[str, list[list[int]], list[int]] | None:
    """(form, concealed-or-called groups as kind lists, pair) for a random winning shape."""
    roll = rng.random()
    used = [0] * 34
    if roll < 0.02:
        pair = rng.choice(TERMINALS_AND_HONOURS)
        return "kokushi", [[k] for k in TERMINALS_AND_HONOURS], [pair]
    if roll < 0.12:
        kinds = rng.sample(range(34), 7)
        return "chiitoi", [[k, k] for k in kinds], []
    suit = rng.randrange(3)
    if roll < 0.14:  # nine gates: 1112345678999 plus any tile of the suit
        extra = suit * 9 + rng.randrange(9)
        tiles = [suit * 9 + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [extra]
        return "special", [[k] for k in tiles], []
    theme = _theme(rng)
    groups: list[list[int]] = []
    suit_bias = rng.random() < 0.25  # push some hands towards flushes
    for _ in range(4):
        for _attempt in range(20):
            if theme is not None:
                g = theme(rng)
            elif rng.random() < 0.6:
                s = suit if suit_bias else rng.randrange(3)
                start = s * 9 + rng.randrange(7)
                g = [start, start + 1, start + 2]
            else:
                k = (suit * 9 + rng.randrange(9)) if suit_bias and rng.random() < 0.7 \
                    else rng.randrange(34)
                g = [k, k, k]
            if all(used[k] + g.count(k) <= 4 for k in set(g)):
                for k in g:
                    used[k] += 1
                groups.append(g)
                break
        else:
            return None
    for _attempt in range(20):
        p = rng.choice(PAIR_POOL[theme]) if theme is not None else rng.randrange(34)
        if used[p] <= 2:
            return "standard", groups, [p, p]
    return None


GREEN_KINDS = (19, 20, 21, 23, 25, 32)
HONOURS = tuple(range(27, 34))
TERMINAL_HONOURS = tuple(TERMINALS_AND_HONOURS)


def _honour_set(rng: random.Random) -> list[int]:
    if rng.random() < 0.2:
        start = rng.randrange(3) * 9 + rng.choice((0, 6))
        return [start, start + 1, start + 2]
    return [rng.choice(HONOURS)] * 3


def _green_set(rng: random.Random) -> list[int]:
    return [19, 20, 21] if rng.random() < 0.4 else [rng.choice(GREEN_KINDS)] * 3


def _terminal_set(rng: random.Random) -> list[int]:
    return [rng.choice(TERMINAL_HONOURS)] * 3


PAIR_POOL = {_honour_set: HONOURS + TERMINAL_HONOURS, _green_set: GREEN_KINDS,
             _terminal_set: TERMINAL_HONOURS}


def _theme(rng: random.Random) -> Any:
    """Now and then a hand drawn from few tiles, so the rarer yakuman and yaku occur."""
    roll = rng.random()
    if roll < 0.08:
        return _honour_set
    if roll < 0.11:
        return _green_set
    if roll < 0.15:
        return _terminal_set
    return None


def random_win(rng: random.Random, red: bool = True) -> RandomWin | None:
    shaped = _shape(rng)
    if shaped is None:
        return None
    form, groups, pair = shaped
    wall = _Wall(rng, red)
    concealed: list[int] = []
    melds: list[tuple[str, list[int], bool]] = []
    meld_texts: list[str] = []
    open_rate = rng.choice((0.0, 0.0, 0.3, 0.6)) if form == "standard" else 0.0
    total = [0] * 34
    for g in groups + [pair]:
        for k in g:
            total[k] += 1
    for g in groups:
        if form == "standard" and rng.random() < open_rate:
            is_run = g[0] != g[1]
            if is_run:
                tiles = [wall.take(k) for k in g]
                melds.append(("chi", tiles, True))
                kind = "chi"
            else:
                r = rng.random()
                if r < 0.15 and total[g[0]] == 3:  # the 4th copy is free for a kan
                    tiles = [wall.take(g[0]) for _ in range(4)]
                    kind = rng.choice(("kan", "ankan"))
                    melds.append(("kan", tiles, kind == "kan"))
                else:
                    tiles = [wall.take(k) for k in g]
                    kind = "pon"
                    melds.append(("pon", tiles, True))
            meld_texts.append(f"{kind} " + "".join(_name(t, red) for t in tiles))
        else:
            concealed.extend(wall.take(k) for k in g)
    concealed.extend(wall.take(k) for k in pair)
    if len(concealed) + 3 * len(melds) != 14:
        return None
    win136 = rng.choice(concealed)
    hand = [t for t in concealed if t != win136]
    tiles136 = concealed + [t for _, ts, _ in melds for t in ts]
    has_open = any(o for _, _, o in melds)
    tsumo = rng.random() < 0.45
    seat = rng.choice(WIND_LETTERS)
    req: dict[str, Any] = {
        "hand": format_tiles(sorted(_tile(t, red) for t in hand)),  # compact: 123m45p
        "melds": meld_texts,
        "win_tile": _name(win136, red),
        "win": "tsumo" if tsumo else "ron",
        "seat_wind": seat,
        "round_wind": rng.choice(("E", "E", "S")),
        "honba": rng.choice((0, 0, 1, 2, 5)),
        "riichi_sticks": rng.choice((0, 0, 1, 2)),
    }
    if not tsumo:
        req["discarder"] = rng.choice([s for s in WIND_LETTERS if s != seat])
    if not has_open and rng.random() < 0.5:
        req["riichi"] = True
        if rng.random() < 0.2:
            req["ippatsu"] = True
    last = rng.random()
    has_kan = any(len(ts) == 4 for _, ts, _ in melds)
    if last < 0.04:
        req["haitei" if tsumo else "houtei"] = True
    elif last < 0.5 and tsumo and has_kan:
        req["rinshan"] = True
    elif last < 0.06 and not tsumo:
        req["chankan"] = True
    def indicator() -> int:  # a copy left in the wall: a fifth copy is refused
        while True:
            kind = rng.randrange(34)
            if wall.free(kind):
                return wall.take(kind)

    dora = [indicator() for _ in range(rng.choice((1, 1, 2)))]
    ura = [indicator() for _ in dora] if req.get("riichi") else []
    req["dora_indicators"] = [tile_name(t // 4) for t in dora]
    req["ura_indicators"] = [tile_name(t // 4) for t in ura]
    return RandomWin(req, tiles136, win136, melds, dora, ura)


def corpus(seed: int, n: int, red: bool = True) -> list[RandomWin]:
    """``n`` random wins from ``seed`` (indicators are copies the hand does not hold)."""
    rng = random.Random(seed)
    out: list[RandomWin] = []
    while len(out) < n:
        w = random_win(rng, red)
        if w is not None:
            out.append(w)
    return out
