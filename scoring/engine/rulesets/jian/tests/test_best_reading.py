"""Ji'an pays the shape that pays most: a hand of triplets is 大七 rather than 平胡, seven
pairs 小七, whichever way the tiles are read (the wait is worth nothing here)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.decompose import decompositions
from scoring.engine.rulesets.jian import Options
from scoring.engine.rulesets.jian.fans import Win
from scoring.engine.rulesets.jian.score import scored, settle
from scoring.engine.shapes import seven_pairs
from scoring.engine.tests.winning_hands import Win as Tiles
from scoring.engine.tests.winning_hands import wins
from scoring.engine.tiles import counts_of, parse_meld

# 精 the generated hands never hold (they have no honours): every win is natural (德国).
JING = {"zheng": "5z", "fu": "6z"}


def best_by_every_shape(tiles: Tiles, self_draw: bool) -> int:
    concealed = list(counts_of(tiles.hand + tiles.win_tile))
    melds = [parse_meld(m) for m in tiles.melds]
    shapes = []
    splits = decompositions(concealed)
    if splits:
        shapes.append("plain")
    if any(all(g.shape == "triplet" for g in d.groups) for d in splits) and all(
            not m.is_run for m in melds):
        shapes.append("big_seven")
    if not melds and seven_pairs(concealed, 0, quads=True):
        shapes.append("small_seven")
    discarder = None if self_draw else 2
    return max(int(settle(Win(shape, True, False, False, self_draw, 1, 0, discarder),
                          Options())["total"]) for shape in shapes)


@settings(max_examples=80, deadline=None)
@given(wins(sets=4, honours=False), st.booleans())
def test_the_chips_paid_are_the_most_of_every_shape(tiles: Tiles, self_draw: bool) -> None:
    request = {**tiles.request(), "jing": JING, "winner": 1, "dealer": 0,
               "win": "self_draw" if self_draw else "discard"}
    if not self_draw:
        request["discarder"] = 2
    assert scored(request)["total"] == best_by_every_shape(tiles, self_draw)
