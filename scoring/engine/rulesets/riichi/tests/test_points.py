"""Base points, limits and payments (seed 001: 4a / 6a, 2a / a, round up per payer)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.engine.errors import BadInput
from scoring.engine.options import build_options
from scoring.engine.rulesets.riichi import Options
from scoring.engine.rulesets.riichi.points import base_points, win_payments

DEFAULT = Options()


def balanced(deltas: dict[str, int], sticks: int) -> bool:
    return sum(deltas.values()) == 1000 * sticks


def test_seed_001_non_dealer_tsumo_4_han_30_fu_is_2000_2000_3900() -> None:
    base, limit = base_points(4, 30, 0, DEFAULT)
    assert (base, limit) == (1920, None)
    deltas = win_payments(base, "S", "tsumo", None, 0, 0, DEFAULT)
    # The dealer pays 2a = 3840 rounded up to 3900, not twice the rounded 2000.
    assert deltas == {"E": -3900, "S": 7900, "W": -2000, "N": -2000}
    assert balanced(deltas, 0)


def test_base_points_are_fu_times_two_to_the_han_plus_two() -> None:
    assert base_points(1, 30, 0, DEFAULT) == (240, None)
    assert base_points(2, 25, 0, DEFAULT) == (400, None)
    assert base_points(3, 70, 0, DEFAULT) == (2000, "mangan")


@pytest.mark.parametrize(("han", "fu", "base", "limit"), [
    (4, 40, 2000, "mangan"), (5, 20, 2000, "mangan"), (6, 30, 3000, "haneman"),
    (7, 30, 3000, "haneman"), (8, 30, 4000, "baiman"), (10, 30, 4000, "baiman"),
    (11, 30, 6000, "sanbaiman"), (12, 30, 6000, "sanbaiman"), (13, 30, 8000, "kazoe yakuman"),
])
def test_limits_by_han(han: int, fu: int, base: int, limit: str) -> None:
    assert base_points(han, fu, 0, DEFAULT) == (base, limit)


def test_yakuman_multiples_are_named() -> None:
    assert base_points(0, 0, 1, DEFAULT) == (8000, "yakuman")
    assert base_points(0, 0, 2, DEFAULT) == (16000, "double yakuman")
    assert base_points(0, 0, 3, DEFAULT) == (24000, "triple yakuman")


def test_kazoe_capped_at_sanbaiman_when_the_option_says_so() -> None:
    capped = build_options(Options, {"kazoe_limit": "sanbaiman"})
    assert base_points(15, 30, 0, capped) == (6000, "sanbaiman")


def test_kazoe_without_cap_counts_another_yakuman_every_13_han() -> None:
    uncapped = build_options(Options, {"kazoe_limit": "none"})
    assert base_points(26, 30, 0, uncapped) == (16000, "kazoe double yakuman")


def test_kiriage_rounds_4_han_30_fu_and_3_han_60_fu_up_to_mangan() -> None:
    kiriage = build_options(Options, {"kiriage": True})
    assert base_points(4, 30, 0, kiriage) == (2000, "mangan")
    assert base_points(3, 60, 0, kiriage) == (2000, "mangan")
    assert base_points(4, 30, 0, DEFAULT) == (1920, None)


def test_non_dealer_ron_is_4a_from_the_discarder() -> None:
    deltas = win_payments(960, "W", "ron", "N", 0, 0, DEFAULT)
    assert deltas == {"E": 0, "S": 0, "W": 3900, "N": -3900}


def test_dealer_ron_is_6a_from_the_discarder() -> None:
    deltas = win_payments(960, "E", "ron", "S", 0, 0, DEFAULT)
    assert deltas == {"E": 5800, "S": -5800, "W": 0, "N": 0}


def test_dealer_tsumo_pays_each_player_double() -> None:
    deltas = win_payments(960, "E", "tsumo", None, 0, 0, DEFAULT)
    assert deltas == {"E": 6000, "S": -2000, "W": -2000, "N": -2000}


def test_non_dealer_tsumo_dealer_pays_double_the_others_single() -> None:
    deltas = win_payments(2000, "N", "tsumo", None, 0, 0, DEFAULT)
    assert deltas == {"E": -4000, "S": -2000, "W": -2000, "N": 8000}


def test_honba_adds_300_on_ron_from_the_discarder() -> None:
    deltas = win_payments(240, "S", "ron", "W", 2, 0, DEFAULT)
    assert deltas == {"E": 0, "S": 1000 + 600, "W": -1600, "N": 0}


def test_honba_adds_100_per_payer_on_tsumo() -> None:
    deltas = win_payments(240, "S", "tsumo", None, 3, 0, DEFAULT)
    assert deltas == {"E": -800, "S": 1100 + 900, "W": -600, "N": -600}


def test_winner_takes_the_riichi_sticks_from_the_pot() -> None:
    deltas = win_payments(240, "S", "ron", "W", 0, 2, DEFAULT)
    assert deltas["S"] == 1000 + 2000 and deltas["W"] == -1000
    assert balanced(deltas, 2)


def test_pao_dealer_tsumo_daisangen_fed_by_north_majiang_core() -> None:
    deltas = win_payments(8000, "E", "tsumo", None, 1, 1, DEFAULT, pao="N", pao_base=8000)
    assert [deltas[s] for s in "ESWN"] == [49300, 0, 0, -48300]
    assert balanced(deltas, 1)


def test_pao_ron_by_third_player_splits_and_discarder_pays_honba_majiang_core() -> None:
    deltas = win_payments(8000, "E", "ron", "W", 1, 1, DEFAULT, pao="N", pao_base=8000)
    assert [deltas[s] for s in "ESWN"] == [49300, 0, -24300, -24000]
    assert balanced(deltas, 1)


def test_pao_ron_from_the_responsible_player_pays_all_majiang_core() -> None:
    deltas = win_payments(8000, "E", "ron", "N", 1, 1, DEFAULT, pao="N", pao_base=8000)
    assert [deltas[s] for s in "ESWN"] == [49300, 0, 0, -48300]


def test_pao_honba_can_go_to_the_responsible_player() -> None:
    rules = build_options(Options, {"pao_ron_honba": "responsible"})
    deltas = win_payments(8000, "S", "ron", "W", 2, 0, rules, pao="N", pao_base=8000)
    assert deltas == {"E": 0, "S": 32600, "W": -16000, "N": -16600}


def test_pao_on_stacked_yakuman_covers_only_the_pao_part_on_tsumo() -> None:
    # Daisangen (pao) + tsuuiisou, non-dealer tsumo: N pays the daisangen as a ron
    # (32000); the tsuuiisou is an ordinary tsumo split 16000 / 8000 / 8000.
    deltas = win_payments(16000, "S", "tsumo", None, 0, 0, DEFAULT, pao="N", pao_base=8000)
    assert deltas == {"E": -16000, "S": 64000, "W": -8000, "N": -40000}
    assert balanced(deltas, 0)


def test_tsumo_with_a_discarder_is_refused() -> None:
    with pytest.raises(BadInput):
        win_payments(240, "S", "tsumo", "W", 0, 0, DEFAULT)


def test_ron_from_yourself_is_refused() -> None:
    with pytest.raises(BadInput):
        win_payments(240, "S", "ron", "S", 0, 0, DEFAULT)


@settings(max_examples=400, deadline=None)
@given(
    han=st.integers(1, 30), fu=st.sampled_from([20, 25, 30, 40, 50, 60, 70, 80, 90, 110]),
    yakuman=st.integers(0, 3), winner=st.sampled_from("ESWN"),
    win=st.sampled_from(["ron", "tsumo"]),
    other=st.sampled_from("ESWN"), pao=st.sampled_from([None, "E", "S", "W", "N"]),
    honba=st.integers(0, 8), sticks=st.integers(0, 5),
    pao_honba=st.sampled_from(["discarder", "responsible", "split"]),
)
def test_every_payment_balances_against_the_pot(han: int, fu: int, yakuman: int, winner: str,
                                               win: str, other: str, pao: str | None,
                                               honba: int, sticks: int, pao_honba: str) -> None:
    rules = build_options(Options, {"pao_ron_honba": pao_honba})
    base, _ = base_points(han, fu, yakuman, rules)
    discarder = other if win == "ron" else None
    assume(discarder != winner and pao != winner)  # refused inputs: tested above
    deltas = win_payments(base, winner, win, discarder, honba, sticks, rules,
                          pao=pao, pao_base=8000 if pao else 0)
    assert balanced(deltas, sticks)
    assert deltas[winner] >= 1000 * sticks + 300 * honba
    assert all(v <= 0 for s, v in deltas.items() if s != winner)
