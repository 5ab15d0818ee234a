"""Random 血战到底 hands: every event balances, players who won stop paying."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.game import assert_zero_sum
from scoring.engine.rulesets.sichuan import game


@st.composite
def hands(draw: st.DrawFn, flow: bool = False) -> tuple[dict[str, Any], list[int]]:
    """A valid random hand and the order in which players first won; with ``flow``
    (血流成河) winners stay in, win again and keep paying."""
    in_play = [0, 1, 2, 3]
    events: list[dict[str, Any]] = []
    won: list[int] = []
    # Kongs whose income has not yet moved to a winner: each 杠上炮 呼叫转移 uses one up,
    # so a second 杠上炮 by the same player needs a second kong.
    kongs: dict[int, int] = {}
    for _ in range(draw(st.integers(0, 9 if flow else 7))):
        if len(in_play) <= 1:
            break
        p = draw(st.sampled_from(in_play))
        others = [q for q in in_play if q != p]
        if draw(st.booleans()):
            kind = draw(st.sampled_from(["concealed", "added", "direct"]))
            ev: dict[str, Any] = {"kind": "kong", "player": p, "kong": kind}
            if kind == "direct":
                ev["feeder"] = draw(st.sampled_from(others))
            kongs[p] = kongs.get(p, 0) + 1
        else:
            d = draw(st.one_of(st.none(), st.sampled_from(others)))
            kong_discard = d is not None and kongs.get(d, 0) > 0 and draw(st.booleans())
            if kong_discard and d is not None:
                kongs[d] -= 1
            ev = {"kind": "win", "winner": p, "discarder": d,
                  "quick": {"fan": draw(st.integers(0, 6))},
                  "kong_discard": kong_discard}
            if not flow:
                in_play.remove(p)
            if p not in won:
                won.append(p)
        events.append(ev)
    extra: dict[str, Any] = {"events": events}
    judged = [p for p in in_play if p not in won]
    if len(in_play) > 1:
        extra["draw"] = [
            {"player": p, "flower_pig": pig, "ready_fan": None if pig else fan}
            for p in judged
            for pig, fan in [(draw(st.booleans()), draw(st.one_of(st.none(),
                                                                  st.integers(0, 5))))]]
    return {"type": "hand", "extra": extra}, won


@settings(max_examples=80, deadline=None)
@given(hands(), st.sampled_from([{}, {"preset": "chengdu_five"},
                                 {"preset": "chengdu_add_fan", "refund_kongs": False,
                                  "kong_flower_fed": "feeder_pays"}]))
def test_random_hands_are_zero_sum(case: tuple[dict[str, Any], list[int]],
                                   options: dict[str, Any]) -> None:
    outcome, won = case
    state = game.initial_state(options)
    result = game.apply(state, outcome, options)
    assert_zero_sum(result)
    assert sum(result["state"]["scores"]) == 0
    assert result["state"]["dealer"] == (won[0] if won else 0)


@settings(max_examples=40, deadline=None)
@given(hands())
def test_a_player_who_won_first_is_paid_nothing_after_winning(
        case: tuple[dict[str, Any], list[int]]) -> None:
    outcome, won = case
    if not won:
        return
    first = won[0]
    events = outcome["extra"]["events"]
    cut = next(i for i, ev in enumerate(events) if ev["kind"] == "win")
    upto = {**outcome, "extra": {"events": events[:cut + 1],
                                 "draw": [{"player": p, "ready_fan": None}
                                          for p in range(4) if p != first]}}
    options = {"refund_kongs": False}
    before = game.apply(game.initial_state(options), upto, options)
    full = game.apply(game.initial_state(options), outcome, options)
    assert full["state"]["scores"][first] == before["state"]["scores"][first]


@settings(max_examples=80, deadline=None)
@given(hands(flow=True), st.sampled_from([{}, {"preset": "chengdu_five"},
                                         {"refund_kongs": False, "self_draw": "add_fan"}]))
def test_random_blood_flow_hands_are_zero_sum(case: tuple[dict[str, Any], list[int]],
                                              options: dict[str, Any]) -> None:
    outcome, won = case
    options = {**options, "blood_flow": True}
    result = game.apply(game.initial_state(options), outcome, options)
    assert_zero_sum(result)
    assert sum(result["state"]["scores"]) == 0
    assert result["state"]["dealer"] == (won[0] if won else 0)
