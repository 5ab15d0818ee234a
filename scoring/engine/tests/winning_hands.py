"""Hypothesis strategies for sets-and-pair wins, and the readings of a win found the long
way, for the "the best reading is paid" properties of every ruleset.

Most sets are drawn from a window of five ranks of one suit, so the winning tile often
fits several places (the pair or a run, the edge or the open side of two runs, a triplet
or a run): the hands where a scorer that keeps one place pays too little.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from hypothesis import assume
from hypothesis import strategies as st

from scoring.engine.decompose import Group, decompositions
from scoring.engine.tiles import format_kinds, tile_name


@dataclass(frozen=True)
class Win:
    """A win as a request's ``hand``, ``melds`` and ``win_tile``."""

    hand: str
    melds: tuple[str, ...]
    win_tile: str

    def request(self) -> dict[str, object]:
        return {"hand": self.hand, "melds": list(self.melds), "win_tile": self.win_tile}


@st.composite
def wins(draw: st.DrawFn, sets: int = 4, honours: bool = True, chi: bool = True,
         melds: bool = True, suits: Sequence[int] = (0, 1, 2)) -> Win:
    """``sets`` sets and a pair, some declared (chi only when ``chi``), four copies at
    most, the winning tile one of the concealed ones."""
    suit = draw(st.sampled_from(list(suits)))
    low = suit * 9 + draw(st.integers(0, 4))
    window = list(range(low, low + 5))  # five ranks the sets crowd into

    def suited() -> int:
        if draw(st.integers(0, 3)):
            return draw(st.sampled_from(window))
        return 9 * draw(st.sampled_from(list(suits))) + draw(st.integers(0, 8))

    held = [0] * 34

    def fits(kinds: Sequence[int]) -> bool:
        return all(held[k] + kinds.count(k) <= 4 for k in kinds)

    groups: list[tuple[str, int]] = []
    for _ in range(sets):
        for _attempt in range(4):  # a set that would need a fifth copy is drawn again
            roll = draw(st.integers(0, 9))
            if honours and roll == 0:
                shape, k = "triplet", draw(st.integers(27, 33))
            elif roll <= 3:
                shape, k = "triplet", suited()
            else:
                k = suited()
                shape, k = "run", min(k, k // 9 * 9 + 6)
            kinds = [k, k + 1, k + 2] if shape == "run" else [k, k, k]
            if fits(kinds):
                break
        assume(fits(kinds))
        for j in kinds:
            held[j] += 1
        groups.append((shape, k))
    for _attempt in range(4):
        pair = draw(st.integers(27, 33)) if honours and not draw(st.integers(0, 4)) \
            else suited()
        if held[pair] <= 2:
            break
    assume(held[pair] <= 2)
    held[pair] += 2
    concealed: list[int] = [pair, pair]
    meld_texts: list[str] = []
    for shape, k in groups:
        kinds = [k, k + 1, k + 2] if shape == "run" else [k, k, k]
        declare = melds and not draw(st.integers(0, 3))
        if declare and shape == "run" and chi:
            meld_texts.append("chi " + format_kinds(kinds))
        elif declare and shape == "triplet":
            if held[k] == 3 and not draw(st.integers(0, 3)):
                held[k] += 1
                word = draw(st.sampled_from(["kan", "ankan"]))
                meld_texts.append(f"{word} " + format_kinds([k] * 4))
            else:
                meld_texts.append("pon " + format_kinds(kinds))
        else:
            concealed.extend(kinds)
    win = draw(st.sampled_from(sorted(set(concealed))))
    concealed.remove(win)
    return Win(format_kinds(sorted(concealed)), tuple(meld_texts), tile_name(win))


def place_of(group: Group, tile: int) -> str:
    """The shape ``tile`` completed ``group`` in: written out here, apart from the engine."""
    if group.shape == "triplet":
        return "triplet"
    at = tile - group.kind
    rank = group.kind % 9
    if at == 1:
        return "closed"
    if (at == 2 and rank == 0) or (at == 0 and rank == 6):
        return "edge"
    return "open"


def placed_readings(concealed: Sequence[int], tile: int
                    ) -> Iterator[tuple[int, tuple[Group, ...], str]]:
    """Every (pair, concealed sets, place of the winning tile) of a win: each split of
    the concealed tiles, once for the pair and once for every set the tile is in."""
    for d in decompositions(concealed):
        if d.pair == tile:
            yield d.pair, d.groups, "pair"
        for g in d.groups:
            if tile in g.kinds:
                yield d.pair, d.groups, place_of(g, tile)
