"""Settling up: who pays whom, in the fewest transfers (pure Python, no Django).

Net balances (in a currency's minor units, summing to zero) are settled by transfers.
A set of transfers that settles everything is a graph on the players with a non-zero
net; each of its connected components must itself sum to zero, and a component of k
players needs at least k - 1 transfers. So the fewest transfers is

    (players with a non-zero net) - (the largest number of disjoint zero-sum groups
    they can be split into),

and that bound is reached by settling each group in k - 1 transfers. The split is found
exactly by dynamic programming over subsets (``best[mask]`` = most zero-sum groups a
chain of removals from ``mask`` passes), O(2^n · n): instant for the 12 or so players of
a home game. This is the known reduction of "optimal account balancing" to a maximum
partition into zero-sum subsets (the problem is NP-hard in general, hence the limit
below; beyond it a greedy plan still settles exactly in at most n - 1 transfers).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)

# 2^14 masks × 14 steps: a few milliseconds in CPython, so a page view can afford it.
EXACT_LIMIT = 14


class Unbalanced(ValueError):
    """The nets do not add up to zero, so no set of transfers settles them."""

    code = "unbalanced"


@dataclass(frozen=True)
class Transfer(Generic[K]):
    payer: K
    payee: K
    amount: int


@dataclass(frozen=True)
class Plan(Generic[K]):
    transfers: list[Transfer[K]]
    exact: bool  # True when the number of transfers is proven minimal


def _zero_sum_groups(amounts: list[int]) -> list[list[int]]:
    """Indices of ``amounts`` split into the most groups that each sum to zero."""
    n = len(amounts)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        i = low.bit_length() - 1
        total[mask] = total[mask ^ low] + amounts[i]
        most = 0
        rest = mask
        while rest:
            bit = rest & -rest
            most = max(most, best[mask ^ bit])
            rest ^= bit
        best[mask] = most + (1 if total[mask] == 0 else 0)
    # Walk back down one removal at a time along a best chain; the zero-sum masks met on
    # the way are nested, and the differences between consecutive ones are the groups.
    groups: list[list[int]] = []
    mask, boundary = full, full
    while mask:
        gained = 1 if total[mask] == 0 else 0
        if gained and mask != boundary:
            groups.append(_members(boundary ^ mask))
            boundary = mask
        rest = mask
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] == best[mask] - gained:
                mask ^= bit
                break
            rest ^= bit
    groups.append(_members(boundary))
    return groups


def _members(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _settle_group(keys: list[K], amounts: list[int]) -> list[Transfer[K]]:
    """Largest debtor pays largest creditor until all are even: at most len - 1
    transfers, since each one clears at least one player (the last clears two)."""
    debtors = sorted(((-a, k) for k, a in zip(keys, amounts, strict=True) if a < 0),
                     key=lambda x: -x[0])
    creditors = sorted(((a, k) for k, a in zip(keys, amounts, strict=True) if a > 0),
                       key=lambda x: -x[0])
    out: list[Transfer[K]] = []
    d, c = 0, 0
    owe = [x[0] for x in debtors]
    due = [x[0] for x in creditors]
    while d < len(owe) and c < len(due):
        amount = min(owe[d], due[c])
        out.append(Transfer(debtors[d][1], creditors[c][1], amount))
        owe[d] -= amount
        due[c] -= amount
        if owe[d] == 0:
            d += 1
        if due[c] == 0:
            c += 1
    return out


def settle(nets: Mapping[K, int], exact_limit: int = EXACT_LIMIT) -> Plan[K]:
    """Transfers that bring every net to zero, as few as possible.

    ``nets`` maps each player to what they won (+) or lost (−), in whole minor units;
    they must add up to zero (:class:`Unbalanced` otherwise). Players at zero take no
    part. With more than ``exact_limit`` players owing or owed, the plan is greedy (still
    exact in amounts, at most n - 1 transfers) and ``exact`` is False.
    """
    if sum(nets.values()) != 0:
        raise Unbalanced(f"the nets add up to {sum(nets.values())}, not zero")
    keys = [k for k, v in nets.items() if v]
    amounts = [nets[k] for k in keys]
    if not keys:
        return Plan([], True)
    if len(keys) > exact_limit:
        return Plan(_settle_group(keys, amounts), False)
    transfers: list[Transfer[K]] = []
    for group in _zero_sum_groups(amounts):
        transfers += _settle_group([keys[i] for i in group], [amounts[i] for i in group])
    return Plan(transfers, True)
