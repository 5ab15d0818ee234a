"""Checking a golden case of the 台/番 rulesets: ``{"in": request, "items": {native:
worth}, "out": {field: value}}`` against what ``score`` returns, contract included."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring.engine.result import check


def worth_by_native(result: Mapping[str, Any]) -> dict[str, int]:
    """Each item's worth (value × count) by its native name, summed over repeats."""
    out: dict[str, int] = {}
    for item in result["items"]:
        out[item["native"]] = out.get(item["native"], 0) + item["value"] * item["count"]
    return out


def check_case(case: Mapping[str, Any], score: Callable[[dict[str, Any]], dict[str, Any]]
               ) -> dict[str, Any]:
    got = score(case["in"])
    check(got)
    assert worth_by_native(got) == case["items"]
    for key, want in case.get("out", {}).items():
        assert got[key] == want
    assert sum(got["deltas"]) == 0
    assert got["headline"]["points"] == got["deltas"][got["winner"]]
    return got
