"""Wuhu pays the reading that pays most; 押档 is the winning tile in the middle of a run
(or on an edge, option ``edge_wait``) of any reading, when it was the only tile waited on
(option ``closed_wait``)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.errors import NotEightOfASuit
from scoring.engine.request import resolve_options
from scoring.engine.rulesets.wuhu import PRESETS, Options
from scoring.engine.rulesets.wuhu.hand import Reading, parse_request
from scoring.engine.rulesets.wuhu.mouths import View, mouths_of
from scoring.engine.rulesets.wuhu.score import Win, scored, value_of
from scoring.engine.tests.winning_hands import Win as Tiles
from scoring.engine.tests.winning_hands import placed_readings, wins
from scoring.engine.waits import waits


def best_by_every_place(request: dict[str, Any]) -> tuple[bool, int] | None:
    """(全交, value) of the best split and place of the winning tile; None under 八支."""
    options = resolve_options(Options, PRESETS, request["options"])
    ctx = parse_request(request)
    zhi = max(ctx.suit_tiles)
    if zhi < 8:
        return None
    w = ctx.win_tile
    before = list(ctx.concealed)
    before[w] -= 1
    only = waits(before, ctx.melds) == [w]
    gaps = {"closed", "edge"} if options.edge_wait else {"closed"}
    exposed = sum(m.kind in ("kan", "kakan") for m in ctx.melds)
    hidden = sum(m.kind == "ankan" for m in ctx.melds)
    best: tuple[bool, int] | None = None
    for pair, groups, place in placed_readings(ctx.concealed, w):
        gap = place in gaps and (only or options.closed_wait != "single_wait")
        reading = Reading(pair, groups, w % 9 + 1 if gap else 0)
        value = value_of(Win(zhi, reading.ya, ctx.self_draw,
                             tuple(mouths_of(View(ctx, reading, options))), exposed, hidden,
                             ctx.after_kong), options)
        key = (bool(value["full"]), int(value["value"]))
        best = key if best is None else max(best, key)
    return best


@settings(max_examples=80, deadline=None)
@given(wins(sets=4, suits=(0,)), st.sampled_from(["discard", "self_draw"]),
       st.sampled_from(sorted(PRESETS)), st.booleans(),
       st.sampled_from(["single_wait", "any_reading"]))
def test_the_value_paid_is_the_most_of_every_reading_and_wait(
        tiles: Tiles, how: str, preset: str, edge: bool, closed: str) -> None:
    request = {**tiles.request(), "win": how, "winner": 1, "dealer": 0,
               "options": {"preset": preset, "edge_wait": edge, "closed_wait": closed}}
    if how == "discard":
        request["discarder"] = 2
    best = best_by_every_place(request)
    if best is None:
        try:
            scored(request)
        except NotEightOfASuit:
            return
        raise AssertionError("a hand without eight of a suit won")
    result = scored(request)
    assert (bool(result["full"]), result["value"]) == best
