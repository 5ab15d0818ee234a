"""The fewest-transfers settle-up, checked on random nets against a brute force."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubs.settle import Plan, Unbalanced, settle


def _balanced(draw: st.DrawFn, low: int, high: int, amount: int = 5000) -> dict[str, int]:
    n = draw(st.integers(low, high))
    values = draw(st.lists(st.integers(-amount, amount), min_size=n - 1, max_size=n - 1))
    return {f"p{i}": v for i, v in enumerate([*values, -sum(values)])}


@st.composite
def nets(draw: st.DrawFn, low: int = 1, high: int = 12) -> dict[str, int]:
    return _balanced(draw, low, high)


@st.composite
def clustered_nets(draw: st.DrawFn) -> dict[str, int]:
    """Nets made of small amounts, so that many subsets sum to zero (the hard case)."""
    return _balanced(draw, 2, 8, amount=4)


def _apply(nets: dict[str, int], plan: Plan[str]) -> Counter[str]:
    left: Counter[str] = Counter(nets)
    for t in plan.transfers:
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return left


def _partitions(items: list[int]) -> Iterator[list[list[int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        for i in range(len(part)):
            yield [*part[:i], [first, *part[i]], *part[i + 1:]]
        yield [[first], *part]


def brute_force_minimum(nets: dict[str, int]) -> int:
    """Every set partition of the non-zero players; the one with the most zero-sum
    blocks (all blocks zero-sum) gives n - blocks transfers."""
    values = [v for v in nets.values() if v]
    most = 0
    for part in _partitions(list(range(len(values)))):
        if all(sum(values[i] for i in block) == 0 for block in part):
            most = max(most, len(part))
    return len(values) - most


@settings(max_examples=300, deadline=None)
@given(nets())
def test_transfers_settle_every_balance_exactly_in_at_most_n_minus_1(nets: dict[str, int]) -> None:
    plan = settle(nets)
    assert all(v == 0 for v in _apply(nets, plan).values())
    assert all(t.amount > 0 and t.payer != t.payee for t in plan.transfers)
    involved = sum(1 for v in nets.values() if v)
    assert len(plan.transfers) <= max(involved - 1, 0)
    assert plan.exact


@settings(max_examples=300, deadline=None)
@given(st.one_of(nets(high=7), clustered_nets()))
def test_transfers_are_as_few_as_a_brute_force_finds(nets: dict[str, int]) -> None:
    assert len(settle(nets).transfers) == brute_force_minimum(nets)


def test_two_pairs_that_cancel_settle_in_two_transfers_not_three() -> None:
    plan = settle({"a": 300, "b": -300, "c": 500, "d": -500})
    assert sorted((t.payer, t.payee, t.amount) for t in plan.transfers) == [
        ("b", "a", 300), ("d", "c", 500)]


def test_greedy_beyond_the_exact_limit_still_settles_exactly() -> None:
    values = {f"p{i}": (i % 5 - 2) * 100 for i in range(10)}
    values["p9"] -= sum(values.values())
    plan = settle(values, exact_limit=4)
    assert not plan.exact
    assert all(v == 0 for v in _apply(values, plan).values())


def test_nets_that_do_not_add_up_are_refused_by_name() -> None:
    with pytest.raises(Unbalanced) as info:
        settle({"a": 100, "b": -90})
    assert info.value.code == "unbalanced"


def test_everyone_even_needs_no_transfer() -> None:
    assert settle({"a": 0, "b": 0}).transfers == []
