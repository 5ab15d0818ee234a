"""A fast constructive generator of seeded random MCR winning hands.

Hands are built from their parts (sets, pair or a special shape), never by drawing tiles
and testing for a win, so tens of thousands take well under a second. Sets are often made
*related* to an earlier one (the same chow, a shifted one, the same rank in another suit)
and suits are often restricted, so the rarer combination fans and flushes turn up too.
Every request also carries the matching arguments for ``MahjongGB.MahjongFanCalculator``.
"""

from __future__ import annotations

import random
from typing import Any

from ....shapes import KNITTED_SETS
from ....tiles import TERMINALS_AND_HONOURS, WIND_LETTERS, tile_name

# Botzone notation of pymahjonggb: W characters, B dots, T bamboo, F winds, J1 red, J2 green,
# J3 white.
_REF_HONOURS = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")


def ref_tile(kind: int) -> str:
    if kind < 27:
        return "WBT"[kind // 9] + str(kind % 9 + 1)
    return _REF_HONOURS[kind - 27]


def _related(rng: random.Random, kind: int, chow: bool) -> int:
    """A kind near ``kind``: the same, shifted by 1-3 ranks, or the same rank in another suit."""
    if kind >= 27:
        return rng.randrange(27, 34)
    suit, rank = divmod(kind, 9)
    move = rng.random()
    if move < 0.3:
        return kind
    if move < 0.65:
        rank += rng.choice((1, 2, 3, -1, -2, -3, 6, -6))
    else:
        suit = rng.choice([s for s in range(3) if s != suit])
    top = 6 if chow else 8
    if not 0 <= rank <= top:
        rank = rng.randrange(top + 1)
    return 9 * suit + rank


class HandMaker:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    # --- tile pools ------------------------------------------------------------------
    def _pick_kind(self, chow: bool, suits: tuple[int, ...], honours: bool) -> int:
        rng = self.rng
        if not chow and honours and rng.random() < 0.3:
            return rng.randrange(27, 34)
        suit = rng.choice(suits)
        return 9 * suit + rng.randrange(7 if chow else 9)

    def _sets(self, counts: list[int], n: int) -> list[tuple[str, int]] | None:
        rng = self.rng
        r = rng.random()
        if r < 0.25:
            suits: tuple[int, ...] = (rng.randrange(3),)
        elif r < 0.45:
            suits = tuple(rng.sample(range(3), 2))
        else:
            suits = (0, 1, 2)
        honours = rng.random() < 0.6
        out: list[tuple[str, int]] = []
        for _ in range(n):
            for _attempt in range(20):
                x = rng.random()
                shape = "chow" if x < 0.5 else ("pung" if x < 0.85 else "kong")
                chow = shape == "chow"
                if out and rng.random() < 0.55:
                    kind = _related(rng, rng.choice(out)[1], chow)
                else:
                    kind = self._pick_kind(chow, suits, honours)
                if chow and (kind >= 27 or kind % 9 > 6):
                    continue
                need = [kind, kind + 1, kind + 2] if chow else [kind] * (4 if shape == "kong"
                                                                         else 3)
                if all(counts[k] + need.count(k) <= 4 for k in set(need)):
                    for k in need:
                        counts[k] += 1
                    out.append((shape, kind))
                    break
            else:
                return None
        return out

    def _pair(self, counts: list[int], sets: list[tuple[str, int]]) -> int | None:
        rng = self.rng
        for _ in range(30):
            if sets and rng.random() < 0.5:
                kind = _related(rng, rng.choice(sets)[1], False)
            else:
                kind = rng.randrange(34)
            if counts[kind] <= 2:
                counts[kind] += 2
                return kind
        return None

    # --- shapes ------------------------------------------------------------------------
    def standard(self) -> dict[str, Any] | None:
        counts = [0] * 34
        sets = self._sets(counts, 4)
        if sets is None:
            return None
        pair = self._pair(counts, sets)
        if pair is None:
            return None
        return self._meld_some(sets, pair)

    def _meld_some(self, sets: list[tuple[str, int]], pair: int) -> dict[str, Any]:
        rng = self.rng
        n_melds = rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4))
        n_melds = max(n_melds, sum(1 for s, _ in sets if s == "kong"))
        rng.shuffle(sets)
        sets.sort(key=lambda s: s[0] != "kong")  # kongs are always declared
        melds, concealed = sets[:n_melds], sets[n_melds:]
        tiles: list[int] = [pair, pair]
        for shape, kind in concealed:
            tiles.extend([kind, kind + 1, kind + 2] if shape == "chow" else [kind] * 3)
        return self._finish(tiles, melds)

    def themed(self) -> dict[str, Any] | None:
        """Hands of the fans a random draw almost never makes."""
        rng = self.rng
        suit = 9 * rng.randrange(3)
        other = [9 * s for s in range(3) if 9 * s != suit]
        theme = rng.randrange(5)
        if theme == 0:  # nine gates
            tiles = [suit + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
            tiles.append(suit + rng.randrange(9))
            return self._finish(tiles, [])
        if theme == 1:  # all green
            greens = [("chow", 19), ("pung", 19), ("pung", 20), ("pung", 21), ("pung", 23),
                      ("pung", 25), ("pung", 32), ("kong", 23), ("kong", 32)]
            counts = [0] * 34
            sets: list[tuple[str, int]] = []
            while len(sets) < 4:
                shape, kind = rng.choice(greens)
                need = [kind, kind + 1, kind + 2] if shape == "chow" else [kind] * (
                    4 if shape == "kong" else 3)
                if all(counts[k] + need.count(k) <= 4 for k in need):
                    for k in need:
                        counts[k] += 1
                    sets.append((shape, kind))
            pair = rng.choice([k for k in (19, 20, 21, 23, 25, 32) if counts[k] <= 2] or [25])
            if counts[pair] > 2:
                return None
            return self._meld_some(sets, pair)
        if theme == 2:  # pure terminal chows
            return self._meld_some([("chow", suit), ("chow", suit), ("chow", suit + 6),
                                    ("chow", suit + 6)], suit + 4)
        if theme == 3:  # three-suited terminal chows
            return self._meld_some([("chow", other[0]), ("chow", other[0] + 6),
                                    ("chow", other[1]), ("chow", other[1] + 6)], suit + 4)
        order = rng.sample(range(3), 3)  # mixed straight plus one more set
        sets = [("chow", 9 * order[i] + 3 * i) for i in range(3)]
        counts = [0] * 34
        for _, kind in sets:
            for k in (kind, kind + 1, kind + 2):
                counts[k] += 1
        more = self._sets(counts, 1)
        if more is None:
            return None
        found = self._pair(counts, sets)
        if found is None:
            return None
        return self._meld_some(sets + more, found)

    def seven_pairs(self) -> dict[str, Any] | None:
        rng = self.rng
        suits = rng.choice(((0, 1, 2), (rng.randrange(3),)))
        pool = [k for k in range(34) if k >= 27 and rng.random() < 0.5 or
                (k < 27 and k // 9 in suits)]
        if rng.random() < 0.15:
            s = 9 * rng.randrange(3)
            start = s + rng.randrange(3)
            kinds = list(range(start, start + 7))
        else:
            kinds = rng.sample(pool, 7) if len(pool) >= 7 else []
            if not kinds:
                return None
            if rng.random() < 0.2:
                kinds[6] = kinds[5]  # four of a kind as two pairs
        tiles = [k for k in kinds for _ in range(2)]
        return self._finish(tiles, [])

    def thirteen_orphans(self) -> dict[str, Any] | None:
        tiles = list(TERMINALS_AND_HONOURS) + [self.rng.choice(TERMINALS_AND_HONOURS)]
        return self._finish(tiles, [])

    def honours_knitted(self) -> dict[str, Any] | None:
        rng = self.rng
        knitted = rng.choice(KNITTED_SETS)
        n = rng.choice((7, 8, 9))
        tiles = rng.sample(list(knitted), n) + rng.sample(range(27, 34), 14 - n)
        return self._finish(tiles, [])

    def knitted_straight(self) -> dict[str, Any] | None:
        rng = self.rng
        counts = [0] * 34
        for k in rng.choice(KNITTED_SETS):
            counts[k] += 1
        tiles = [k for k in range(34) if counts[k]]
        sets = self._sets(counts, 1)
        if sets is None:
            return None
        pair = self._pair(counts, sets)
        if pair is None:
            return None
        tiles += [pair, pair]
        melds: list[tuple[str, int]] = []
        shape, kind = sets[0]
        if shape == "kong" or rng.random() < 0.3:
            melds = sets
        else:
            tiles.extend([kind, kind + 1, kind + 2] if shape == "chow" else [kind] * 3)
        return self._finish(tiles, melds)

    # --- flags and both requests -----------------------------------------------------------
    def _finish(self, tiles: list[int], melds: list[tuple[str, int]]) -> dict[str, Any]:
        rng = self.rng
        win = rng.choice(tiles)
        before = list(tiles)
        before.remove(win)
        tsumo = rng.random() < 0.5
        seat = rng.randrange(4)
        rnd = rng.randrange(4)
        meld_texts: list[str] = []
        packs: list[tuple[str, str, int]] = []
        total = [0] * 34
        for k in tiles:
            total[k] += 1
        for shape, kind in melds:
            src = WIND_LETTERS[(seat + rng.randrange(1, 4)) % 4]
            offer = rng.randrange(1, 4)
            if shape == "chow":
                left = WIND_LETTERS[(seat - 1) % 4]
                meld_texts.append(f"chi {tile_name(kind)[0]}{tile_name(kind + 1)[0]}"
                                  f"{tile_name(kind + 2)} from {left}")
                packs.append(("CHI", ref_tile(kind + 1), offer))
                for k in (kind, kind + 1, kind + 2):
                    total[k] += 1
            elif shape == "pung":
                meld_texts.append(f"pon {tile_name(kind)[0] * 3}{tile_name(kind)[1]} from {src}")
                packs.append(("PENG", ref_tile(kind), offer))
                total[kind] += 3
            else:
                name = tile_name(kind)
                x = rng.random()
                if x < 0.4:
                    meld_texts.append(f"ankan {name[0] * 4}{name[1]}")
                    packs.append(("GANG", ref_tile(kind), 0))
                else:
                    kind_text = "kan" if x < 0.7 else "kakan"
                    suffix = f" from {src}" if kind_text == "kan" else ""
                    meld_texts.append(f"{kind_text} {name[0] * 4}{name[1]}{suffix}")
                    packs.append(("GANG", ref_tile(kind), offer))
                total[kind] += 4
        has_kong = any(p[0] == "GANG" for p in packs)
        concealed_win = tiles.count(win)
        kong = False
        if tsumo and has_kong:
            kong = rng.random() < 0.3
        elif not tsumo and total[win] == 1:
            kong = rng.random() < 0.15
        last_tile = concealed_win == 1 and rng.random() < 0.2
        wall_last = rng.random() < 0.12
        flowers = rng.choice((0, 0, 0, 1, 2, 3, 8))
        request: dict[str, Any] = {
            "hand": "".join(tile_name(k) for k in sorted(before)),
            "melds": meld_texts,
            "win_tile": tile_name(win),
            "win": "tsumo" if tsumo else "ron",
            "seat_wind": WIND_LETTERS[seat],
            "round_wind": WIND_LETTERS[rnd],
            "flowers": flowers,
            "last_tile": last_tile,
            "kong": kong,
            "wall_last": wall_last,
            "options": {"min_fan": 0},
        }
        ref = {
            "pack": tuple(packs),
            "hand": tuple(ref_tile(k) for k in sorted(before)),
            "winTile": ref_tile(win),
            "flowerCount": flowers,
            "isSelfDrawn": tsumo,
            "is4thTile": last_tile,
            "isAboutKong": kong,
            "isWallLast": wall_last,
            "seatWind": seat,
            "prevalentWind": rnd,
            "verbose": True,
        }
        return {"request": request, "ref": ref}

    def hand(self) -> dict[str, Any]:
        while True:
            x = self.rng.random()
            if x < 0.77:
                made = self.standard()
            elif x < 0.80:
                made = self.themed()
            elif x < 0.88:
                made = self.seven_pairs()
            elif x < 0.91:
                made = self.thirteen_orphans()
            elif x < 0.94:
                made = self.honours_knitted()
            else:
                made = self.knitted_straight()
            if made is not None:
                return made


def random_hands(seed: int, n: int) -> list[dict[str, Any]]:
    maker = HandMaker(seed)
    return [maker.hand() for _ in range(n)]
