"""The result contract's own helpers: the ledger by cause and the contract check."""

from __future__ import annotations

import pytest

from scoring.engine.game import Rows
from scoring.engine.result import (
    REASON_OF,
    ContractError,
    Ledger,
    check,
    contract,
    headline,
    item,
    payments_of,
    shifted,
)


def _valid() -> dict[str, object]:
    return dict(contract([item("riichi", "Riichi", "立直", 1, "han")],
                         headline(1, "han", 1000, fu=30, limits=(None, None)),
                         payments_of([1000, -1000, 0, 0])))


def test_ledger_keeps_ins_and_outs_of_one_cause_apart() -> None:
    ledger = Ledger()
    ledger.add(0, -1000, "sticks")
    ledger.add(0, 2000, "sticks")
    ledger.pay(1, 0, 300, "honba")
    assert ledger.payments() == [
        {"player": 0, "amount": -1000, "cause": "sticks"},
        {"player": 0, "amount": 2000, "cause": "sticks"},
        {"player": 1, "amount": -300, "cause": "honba"},
        {"player": 0, "amount": 300, "cause": "honba"},
    ]


def test_zero_payments_are_dropped() -> None:
    assert payments_of([0, 0, 5, -5], "kong") == [
        {"player": 2, "amount": 5, "cause": "kong"},
        {"player": 3, "amount": -5, "cause": "kong"}]


def test_rows_collect_the_same_payments_by_cause() -> None:
    rows = Rows()
    rows.add(0, -1000, "sticks")
    rows.add(1, 1000, "sticks")
    rows.add(2, -400, "draw", "chajiao")
    rows.add(3, 400, "draw", "chajiao")
    assert sum(r["amount"] for r in rows.rows()) == 0
    causes = [(p["player"], p["cause"]) for p in rows.ledger.payments()]
    assert causes == [(0, "sticks"), (1, "sticks"), (2, "chajiao"), (3, "chajiao")]
    assert {REASON_OF[p["cause"]] for p in rows.ledger.payments()} == {"sticks", "draw"}


def test_seats_are_renamed_to_table_players() -> None:
    pays = payments_of([100, -100, 0, 0])
    assert shifted(pays, [2, 3, 0, 1]) == [
        {"player": 2, "amount": 100, "cause": "hand"},
        {"player": 3, "amount": -100, "cause": "hand"}]


def test_a_valid_result_passes_the_check() -> None:
    check(_valid())


def test_three_players_are_as_valid_as_four() -> None:
    result = dict(contract([], headline(0, "fan", 8), payments_of([8, -4, -4]), players=3))
    check(result)


@pytest.mark.parametrize("breakage", [
    {"ledger": [{"player": 0, "amount": 5, "cause": "hand"}]},  # not zero-sum
    {"ledger": [{"player": 4, "amount": 0, "cause": "hand"}]},  # no such player
    {"ledger": [{"player": 0, "amount": 0, "cause": "gift"}]},  # unknown cause
    {"items": [{"key": "x", "name": "X", "native": "", "value": 1, "unit": "apples",
                "count": 1}]},
    {"items": [{"key": "x", "name": "X", "native": "", "value": True, "unit": "han",
                "count": 1}]},
    {"headline": {"value": 1, "unit": "han"}},
    {"players": 1},
])
def test_a_broken_result_fails_the_check(breakage: dict[str, object]) -> None:
    with pytest.raises(ContractError):
        check({**_valid(), **breakage})


def test_missing_keys_fail_the_check() -> None:
    result = _valid()
    del result["pot_change"]
    with pytest.raises(ContractError, match="pot_change"):
        check(result)
