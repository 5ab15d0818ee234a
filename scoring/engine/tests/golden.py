"""Checking a golden case of the 台/番 rulesets: ``{"in": request, "items": {native:
worth}, "out": {field: value}}`` against what ``score`` returns, contract included; and
what their entry specs refuse at the table."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from scoring.engine.errors import StrictError
from scoring.engine.options import build_options
from scoring.engine.result import check


def golden_cases(data: Path) -> list[dict[str, Any]]:
    """A package's golden cases: one per item (golden.json) and per payment rule
    (payments.json)."""
    return [case for name in ("golden.json", "payments.json")
            for case in json.loads((data / name).read_text("utf-8"))]


def refused(pkg: ModuleType, outcome: Mapping[str, Any], **overrides: Any) -> StrictError:
    """The strict error ``pkg``'s table rules raise for ``outcome`` on a fresh table with
    the options ``overrides``."""
    options = build_options(pkg.Options, overrides)
    with pytest.raises(StrictError) as info:
        pkg.game.apply(pkg.game.initial_state(options), outcome, options)
    return info.value


def worth_by_native(result: Mapping[str, Any]) -> dict[str, int]:
    """Each item's worth (value × count) by its native name, summed over repeats."""
    out: dict[str, int] = {}
    for item in result["items"]:
        out[item["native"]] = out.get(item["native"], 0) + item["value"] * item["count"]
    return out


def deltas(result: Mapping[str, Any]) -> list[int]:
    """Each player's change in a result: its ledger summed by player."""
    out = [0] * result["players"]
    for p in result["ledger"]:
        out[p["player"]] += p["amount"]
    return out


def check_case(case: Mapping[str, Any], score: Callable[[dict[str, Any]], Any]
               ) -> dict[str, Any]:
    """The case against the result contract ``score`` returns: its items' worth by native
    name, and its ``out``: each player's ``deltas`` (the ledger by player) and the
    headline's ``fan``."""
    got = score(case["in"])
    check(got)
    assert worth_by_native(got) == case["items"]
    figures = {"deltas": deltas(got), "fan": got["headline"]["value"]}
    for key, want in case.get("out", {}).items():
        assert figures[key] == want, (key, figures[key], want)
    assert sum(figures["deltas"]) == 0
    assert got["headline"]["points"] == figures["deltas"][got["winner"]]
    return dict(got)
