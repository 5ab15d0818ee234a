"""Reading a hand's ledger rows in table-rule tests."""

from __future__ import annotations

from scoring.engine.game import HandSettlement
from scoring.engine.result import Contract, Headline


def headline_of(result: Contract) -> Headline:
    """A win's headline (a result that is no win has none)."""
    assert result["headline"] is not None, result
    return result["headline"]


def totals(result: HandSettlement) -> list[int]:
    """Each player's change over all the hand's rows."""
    out = [0, 0, 0, 0]
    for row in result["rows"]:
        out[row["player"]] += row["amount"]
    return out


def by_reason(result: HandSettlement, reason: str) -> list[int]:
    """Each player's change over the rows of one reason."""
    out = [0, 0, 0, 0]
    for row in result["rows"]:
        if row["reason"] == reason:
            out[row["player"]] += row["amount"]
    return out
