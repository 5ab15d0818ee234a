"""Sichuan pays the reading that pays most (sets and a pair, or seven pairs with four of a
kind as two pairs); 夹心五 is the 5 in the middle of 4-5-6 in any reading."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.decompose import decompositions
from scoring.engine.rulesets.sichuan import Options
from scoring.engine.rulesets.sichuan.fans import View, fans_of
from scoring.engine.rulesets.sichuan.hand import Reading, parse_request
from scoring.engine.rulesets.sichuan.score import scored
from scoring.engine.tests.winning_hands import Win, placed_readings, wins


def best_by_every_reading(request: dict[str, Any], options: Options) -> int:
    """The most fan of any split, found apart from the scorer's own readings; 夹心五 only
    where a split puts the winning tile in the middle of a run."""
    ctx = parse_request(request)
    found = [Reading(False, d.pair, d.groups) for d in decompositions(ctx.concealed)]
    if not ctx.melds and all(n % 2 == 0 for n in ctx.concealed):
        found.append(Reading(True))
    middles = {(pair, groups) for pair, groups, place in
               placed_readings(ctx.concealed, ctx.win_tile) if place == "closed"}
    best = 0
    for reading in found:
        fans, total = fans_of(View(ctx, reading, options))
        five = any(f.key == "middle_five" for f, _ in fans)
        assert not five or (reading.pair, reading.groups) in middles
        best = max(best, total)
    return best


@settings(max_examples=80, deadline=None)
@given(wins(sets=4, honours=False, chi=False, suits=(0, 1)),
       st.sampled_from(["discard", "self_draw"]), st.booleans())
def test_the_fan_paid_are_the_most_of_every_reading(win: Win, how: str, five: bool) -> None:
    request = {**win.request(), "win": how, "options": {"middle_five": five}}
    options = Options(middle_five=five)
    assert scored(request)["fan"] == best_by_every_reading(request, options)
