"""MCR pays the reading, and the place of the winning tile, that pay most: 边张, 坎张 and
单钓将 come from where the tile can sit when it was the only tile waited on."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.decompose import Group, decompositions
from scoring.engine.rulesets.mcr.fans import BY_ID
from scoring.engine.rulesets.mcr.request import parse_request
from scoring.engine.rulesets.mcr.scorer import evaluate, full_context, readings, scored
from scoring.engine.shapes import SEVEN_PAIRS_QUADS
from scoring.engine.tests.winning_hands import Win, place_of, wins
from scoring.engine.tiles import parse_hand
from scoring.engine.waits import waits

WAIT_FANS = {"pair": "single_wait", "closed": "closed_wait", "edge": "edge_wait"}


def best_by_every_place(request: dict[str, Any]) -> int:
    """The most fan (flowers apart) of any reading and any place of the winning tile."""
    req = parse_request(request)
    w = req.win_tile
    hand = parse_hand(request["hand"], request["melds"])
    # 独听: the winning tile was the only kind the 13 tiles waited on (worked out here).
    unique = waits(hand.counts, hand.melds, (SEVEN_PAIRS_QUADS,)) == [w]
    best = 0
    found = readings(req)
    standard = sorted((r.pair, tuple(sorted((s.shape, s.kind) for s in r.sets
                                            if not s.declared)))
                      for r in found if r.form == "standard")
    concealed = list(hand.counts)
    concealed[w] += 1
    assert standard == sorted((d.pair, tuple(sorted(
        ("chow" if g.shape == "run" else "pung", g.kind) for g in d.groups)))
        for d in decompositions(concealed))
    for reading in found:
        places: set[str | None] = {None}
        if unique and reading.form == "standard":
            if reading.pair == w:
                places.add("single_wait")
            for s in reading.sets:
                if s.shape == "chow" and not s.declared and s.kind <= w <= s.kind + 2:
                    places.add(WAIT_FANS.get(place_of(Group("run", s.kind), w)))
        for place in places:
            ctx = full_context(req, reading)
            ctx._wait = place  # where this reading puts the winning tile
            fans = evaluate(ctx)
            best = max(best, sum(BY_ID[f].points * n for f, n in fans.items()))
    return best


@settings(max_examples=80, deadline=None)
@given(wins(sets=4), st.sampled_from(["ron", "tsumo"]))
def test_the_fan_paid_are_the_most_of_every_reading_and_wait(win: Win, how: str) -> None:
    request: dict[str, Any] = {**win.request(), "win": how, "seat_wind": "S",
                               "round_wind": "E", "options": {"min_fan": 0}}
    if how == "ron":
        request["discarder"] = "E"
    assert scored(request)["hand_fan"] == best_by_every_place(request)


def test_a_null_seat_wind_is_east() -> None:
    request = {"hand": "123m456p789s1122z", "win_tile": "2z", "win": "tsumo",
               "options": {"min_fan": 0}}
    assert scored({**request, "seat_wind": None, "round_wind": None}) == scored(request)
