"""Riichi pays the reading and wait that pay most (fu and yaku both depend on the wait):
checked against every split of the hand and every place of the winning tile, built here
apart from the scorer's own readings."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.errors import NoYaku
from scoring.engine.rulesets.riichi.features import active, hand_features
from scoring.engine.rulesets.riichi.hand import Reading, chiitoi_reading, kokushi_reading
from scoring.engine.rulesets.riichi.request import build_context, resolve_options
from scoring.engine.rulesets.riichi.score import _evaluate, scored
from scoring.engine.tests.winning_hands import Win, placed_readings, wins

# The engine's words for the places of the winning tile.
WAIT_WORDS = {"pair": "tanki", "triplet": "shanpon", "closed": "kanchan", "edge": "penchan",
              "open": "ryanmen"}


def best_by_every_place(request: dict[str, Any]) -> tuple[int, int, int]:
    """(base points, han, fu) of the best split and place of the winning tile."""
    options = resolve_options(request["options"])
    ctx, _ = build_context(request, options)
    ron = not ctx.tsumo
    w = ctx.win_tile
    readings: list[Reading] = []
    for pair, groups, place in placed_readings(ctx.concealed, w):
        runs = tuple(sorted(g.kind for g in groups if g.shape == "run"))
        closed = tuple(sorted(g.kind for g in groups if g.shape == "triplet"))
        on_triplet = ron and place == "triplet"
        readings.append(Reading(
            "standard", pair, WAIT_WORDS[place], runs + ctx.meld_runs,
            closed + ctx.meld_triplets, closed, w if on_triplet else -1,
            len(closed) + ctx.ankans - on_triplet, ctx.kans))
    readings.extend(r for r in (chiitoi_reading(ctx), kokushi_reading(ctx)) if r is not None)
    registry = active(hand_features(ctx))
    found = [c.key for r in readings if (c := _evaluate(ctx, r, 0, registry)) is not None]
    return max(found) if found else (0, 0, 0)


@settings(max_examples=100, deadline=None)
@given(wins(sets=4), st.sampled_from(["ron", "tsumo"]), st.booleans())
def test_the_points_paid_are_the_most_of_every_reading_and_wait(win: Win, how: str,
                                                                riichi: bool) -> None:
    request: dict[str, Any] = {**win.request(), "win": how, "seat_wind": "S",
                               "round_wind": "E", "options": {"red_fives": 0}}
    if how == "ron":
        request["discarder"] = "E"
    if riichi and not any(m.startswith(("chi", "pon", "kan ")) for m in win.melds):
        request["riichi"] = True
    best = best_by_every_place(request)
    if best == (0, 0, 0):  # no reading has a yaku
        with pytest.raises(NoYaku):
            scored(request)
        return
    result = scored(request)
    assert (result["base_points"], result["han"], result["fu"]) == best
