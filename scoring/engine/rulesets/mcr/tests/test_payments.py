"""MCR payments: base + fan from the discarder or from each player on a self-draw."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.rulesets.mcr import Options, payments


def test_self_draw_each_of_three_pays_base_plus_fan() -> None:
    assert payments(48, 2, "tsumo", None, Options()) == {0: -56, 1: -56, 2: 168, 3: -56}


def test_discard_discarder_pays_base_plus_fan_others_pay_base() -> None:
    assert payments(10, 1, "ron", 3, Options()) == {0: -8, 1: 34, 2: -8, 3: -18}


def test_quanchong_discarder_pays_for_all_three() -> None:
    assert payments(10, "S", "ron", "N", Options(quanchong=True)) == {
        "E": 0, "S": 34, "W": 0, "N": -34}


def test_base_option_changes_every_share() -> None:
    assert payments(8, "E", "tsumo", None, Options(base=0)) == {
        "E": 24, "S": -8, "W": -8, "N": -8}


@pytest.mark.parametrize("quanchong", [False, True])
def test_every_settlement_is_zero_sum(quanchong: bool) -> None:
    opts = Options(quanchong=quanchong)
    for fan, winner, loser in itertools.product((8, 9, 33, 88, 320), range(4), range(4)):
        if winner != loser:
            assert sum(payments(fan, winner, "ron", loser, opts).values()) == 0
        assert sum(payments(fan, winner, "tsumo", None, opts).values()) == 0


@pytest.mark.parametrize(("args", "code"), [
    ((8, 0, "ron", None), "bad_input"),
    ((8, 0, "ron", 0), "bad_input"),
    ((8, 5, "tsumo", None), "bad_input"),
    ((8, "X", "tsumo", None), "bad_input"),
    ((-1, 0, "tsumo", None), "bad_input"),
    ((8, 0, "draw", None), "bad_input"),
])
def test_payment_errors_say_what_is_wrong(args: tuple[Any, ...], code: str) -> None:
    with pytest.raises(EngineError) as err:
        total, winner, win, discarder = args
        payments(total, winner, win, discarder, Options())
    assert err.value.code == code and err.value.message


def test_every_scored_random_hand_settles_zero_sum_with_the_base_per_loser() -> None:
    from scoring.engine.rulesets.mcr.scorer import scored
    from scoring.engine.rulesets.mcr.tests.randomhands import random_hands
    from scoring.engine.tiles import WIND_LETTERS

    for hand in random_hands(404, 1500):
        request = dict(hand["request"])
        seat = request["seat_wind"]
        if request["win"] == "ron":
            request["discarder"] = WIND_LETTERS[(WIND_LETTERS.index(seat) + 2) % 4]
        result = scored(request)
        deltas = result["deltas"]
        assert sum(deltas.values()) == 0
        total = result["total"]
        expected = 3 * (8 + total) if request["win"] == "tsumo" else 8 + total + 16
        assert deltas[seat] == expected
