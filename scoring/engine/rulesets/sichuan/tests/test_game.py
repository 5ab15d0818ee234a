"""Sichuan table rules (血战到底): every event is zero-sum, winners leave the hand."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.game import HandSettlement, assert_zero_sum
from scoring.engine.result import payers
from scoring.engine.rulesets.sichuan import game
from scoring.engine.tests.ledger import by_reason, headline_of, totals

FIVE = {"base": 5, "cap_fan": 4}


def settle(events: list[dict[str, Any]], options: dict[str, Any] | None = None,
           draw: list[dict[str, Any]] | None = None, dealer: int = 0,
           missing: list[str | None] | None = None) -> HandSettlement:
    state = game.initial_state(options or FIVE)
    state["dealer"] = dealer
    extra: dict[str, Any] = {"events": events}
    if draw is not None:
        extra["draw"] = draw
    if missing is not None:
        extra["missing_suits"] = missing
    result = game.apply(state, {"type": "hand", "extra": extra}, options or FIVE)
    assert_zero_sum(result)
    return result


def win(winner: int, discarder: int | None, fan: int = 0, **flags: Any) -> dict[str, Any]:
    return {"kind": "win", "winner": winner, "discarder": discarder, "quick": {"fan": fan},
            **flags}


ALL_WON = [win(1, 0), win(2, 0), win(3, None)]


def test_concealed_kong_collects_two_bases_from_each_player_still_in() -> None:
    r = settle([{"kind": "kong", "player": 1, "kong": "concealed"}] + ALL_WON[1:]
               + [win(0, None)])
    assert by_reason(r, "kong") == [-10, 30, -10, -10]


def test_added_kong_collects_one_base_from_each() -> None:
    r = settle([{"kind": "kong", "player": 2, "kong": "added"}, win(1, 0), win(2, 0),
                win(3, None)])
    assert by_reason(r, "kong") == [-5, -5, 15, -5]


def test_direct_kong_is_paid_by_the_feeder_two_bases_or_three_by_option() -> None:
    events = [{"kind": "kong", "player": 3, "kong": "direct", "feeder": 0}, *ALL_WON]
    assert by_reason(settle(events), "kong") == [-10, 0, 0, 10]
    assert by_reason(settle(events, {**FIVE, "direct_kong": 3}), "kong") == [-15, 0, 0, 15]


def test_kong_after_a_win_is_not_paid_by_the_winner() -> None:
    r = settle([win(1, 0), {"kind": "kong", "player": 2, "kong": "concealed"}, win(2, 0),
                win(3, None)])
    assert by_reason(r, "kong") == [-10, 0, 20, -10]


def test_discard_win_is_paid_by_the_discarder_only() -> None:
    r = settle([win(1, 0, fan=2), win(2, 3), win(3, None)])
    assert by_reason(r, "hand")[1] == 20


def test_self_draw_after_a_win_is_paid_by_the_two_players_still_in() -> None:
    r = settle([win(1, 0), win(2, None, fan=1), win(3, 0)])
    # P2 self-draws 1 fan: 10 + 5 (自摸加底) from P0 and P3; P1 has already won.
    assert totals(r) == [-5 - 15 - 5, 5, 30, -15 + 5]


def test_a_player_who_has_won_cannot_win_or_pay_again() -> None:
    with pytest.raises(EngineError) as info:
        settle([win(1, 0), win(2, 1)])
    assert info.value.code == "bad_event"


def test_events_after_the_third_win_are_refused() -> None:
    with pytest.raises(EngineError) as info:
        settle([*ALL_WON, {"kind": "kong", "player": 0, "kong": "concealed"}])
    assert info.value.code == "bad_event"


def test_kong_cannon_transfers_the_kong_income_to_the_winner() -> None:
    events = [{"kind": "kong", "player": 0, "kong": "concealed"},
              win(1, 0, kong_discard=True), win(2, 0), win(3, 0)]
    r = settle(events)
    # P0 got 30 from the concealed kong and hands it all to P1 (呼叫转移).
    assert by_reason(r, "kong") == [0, 20, -10, -10]
    assert by_reason(r, "hand")[1] == 5  # quick mode: the fan typed in already counts 杠上炮
    off = settle(events, {**FIVE, "transfer_on_kong_discard": False})
    assert by_reason(off, "kong") == [30, -10, -10, -10]


def test_kong_flower_after_a_direct_kong_is_a_self_draw_by_default() -> None:
    events = [{"kind": "kong", "player": 1, "kong": "direct", "feeder": 2},
              win(1, None, fan=1, after_kong=True), win(2, 0), win(3, 0)]
    r = settle(events)
    assert by_reason(r, "hand")[1] == 3 * 15


def test_kong_flower_fed_by_a_discard_is_paid_by_the_feeder_by_option() -> None:
    events = [{"kind": "kong", "player": 1, "kong": "direct", "feeder": 2},
              win(1, None, fan=1, after_kong=True), win(2, 0), win(3, 0)]
    r = settle(events, {**FIVE, "kong_flower_fed": "feeder_pays"})
    assert payers(r["results"][0]) == [2] and headline_of(r["results"][0])["points"] == 10


def test_next_dealer_is_the_first_winner() -> None:
    assert settle([win(2, 0), win(1, 0), win(3, None)])["state"]["dealer"] == 2


def test_next_dealer_after_one_discard_with_several_winners_is_the_discarder() -> None:
    r = settle([win(2, 0), win(3, 0, with_previous=True), win(1, None)])
    assert r["state"]["dealer"] == 0


def test_with_previous_needs_the_same_discard() -> None:
    with pytest.raises(EngineError):
        settle([win(2, 0), win(3, 1, with_previous=True), win(1, None)])


def test_dealer_stays_when_nobody_wins() -> None:
    draw = [{"player": p, "ready_fan": None} for p in range(4)]
    r = settle([], draw=draw, dealer=3)
    assert r["state"]["dealer"] == 3 and totals(r) == [0, 0, 0, 0]


def test_flower_pig_pays_every_other_player_the_cap() -> None:
    draw: list[dict[str, Any]] = [{"player": 0, "flower_pig": True},
                                  {"player": 1, "ready_fan": None},
            {"player": 2, "ready_fan": 1}, {"player": 3, "ready_fan": None}]
    r = settle([], draw=draw)
    assert by_reason(r, "penalty") == [-240, 80, 80, 80]
    # 查大叫: P1 and P3 are not ready and pay P2 its 1-fan value; the 花猪 does not.
    assert by_reason(r, "draw") == [0, -10, 20, -10]


def test_checking_for_ready_hands_uses_the_tiles_and_the_best_wait() -> None:
    draw = [{"player": 0, "hand": "1112345678999m"},           # ready, best 3 fan
            {"player": 1, "hand": "1357m2468p13599m"},         # not ready
            {"player": 3, "hand": "123m456m789p1357s"}]        # three suits: 花猪
    r = settle([win(2, 1)], draw=draw)
    assert by_reason(r, "penalty") == [80, 80, 0, -160]
    assert by_reason(r, "draw") == [40, -40, 0, 0]


def test_declared_missing_suit_still_held_makes_a_flower_pig() -> None:
    draw = [{"player": 0, "hand": "1112345678999m"}, {"player": 1, "hand": "1112345678999p"},
            {"player": 3, "hand": "1112345678999s"}]
    r = settle([win(2, 1)], draw=draw, missing=["p", "m", None, "s"])
    assert by_reason(r, "penalty") == [80, 80, 0, -160]


def test_kong_income_of_a_player_not_ready_is_refunded() -> None:
    events = [{"kind": "kong", "player": 1, "kong": "concealed"}, win(2, 0)]
    draw: list[dict[str, Any]] = [{"player": 0, "ready_fan": 0},
                                  {"player": 1, "ready_fan": None},
                                  {"player": 3, "ready_fan": None}]
    r = settle(events, draw=draw)
    assert by_reason(r, "kong") == [0, 0, 0, 0]
    assert by_reason(r, "draw") == [10, -5, 0, -5]
    kept = settle(events, {**FIVE, "refund_kongs": False}, draw=draw)
    assert by_reason(kept, "kong") == [-10, 30, -10, -10]


def test_the_wall_running_out_needs_every_remaining_player_described() -> None:
    with pytest.raises(EngineError) as info:
        settle([win(2, 0)], draw=[{"player": 0, "ready_fan": None}])
    assert info.value.code == "bad_input"


def test_tiles_mode_win_checks_the_declared_missing_suit() -> None:
    hand = {"hand": "123456789m1122p", "win_tile": "2p"}
    with pytest.raises(EngineError) as info:
        settle([{"kind": "win", "winner": 1, "discarder": 0, "hand": hand}, win(2, 0),
                win(3, 0)], missing=[None, "p", None, None])
    assert info.value.code == "not_missing_a_suit"


def test_apply_does_not_mutate_its_inputs() -> None:
    state = game.initial_state(FIVE)
    outcome = {"type": "hand", "extra": {"events": list(ALL_WON)}}
    before = repr((state, outcome))
    game.apply(state, outcome, FIVE)
    assert repr((state, outcome)) == before


def test_replay_of_a_short_game_gives_the_final_standings() -> None:
    hands = [
        # Hand 1: P1 concealed kong (30), P2 wins 清一色 on P0's discard (20), P1 self-draws
        # 对子胡 with that kong (2 fan: 20 + 5 from P0 and P3), P3 wins on P0 (0 fan, 5).
        [{"kind": "kong", "player": 1, "kong": "concealed"},
         {"kind": "win", "winner": 2, "discarder": 0,
          "hand": {"hand": "1112345678999m", "win_tile": "5m"}},
         {"kind": "win", "winner": 1, "discarder": None,
          "hand": {"hand": "222333p555p9s", "melds": ["ankan 7777p"], "win_tile": "9s"}},
         win(3, 0)],
        # Hand 2 (P2 deals): P0 self-draws 1 fan (15 each), P3 and P1 win on P2's discards.
        [win(0, None, fan=1), win(3, 2), win(1, 2, fan=2)],
    ]
    state = game.initial_state(FIVE)
    for events in hands:
        result = game.apply(state, {"type": "hand", "extra": {"events": events}}, FIVE)
        assert_zero_sum(result)
        state = result["state"]
    assert state["scores"] == [-10 - 20 - 25 - 5 + 45, 30 + 50 - 15 + 20,
                               -10 + 20 - 15 - 5 - 20, -10 - 25 + 5 - 15 + 5]
    assert sum(state["scores"]) == 0 and state["dealer"] == 0
    assert state["hands_played"] == 2
    assert game.final_settlement(state, FIVE) == []


def test_kong_cannon_flag_inside_the_tiles_hand_also_transfers_the_kong() -> None:
    hand = {"hand": "123456789m1122p", "win_tile": "2p", "kong_discard": True}
    events = [{"kind": "kong", "player": 0, "kong": "added"},
              {"kind": "win", "winner": 1, "discarder": 0, "hand": hand}, win(2, 0), win(3, 0)]
    r = settle(events)
    assert by_reason(r, "kong") == [0, 10, -5, -5]
    assert headline_of(r["results"][0])["value"] == 1
