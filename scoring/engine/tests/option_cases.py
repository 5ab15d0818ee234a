"""Golden cases of ruleset options: one JSON list per ruleset, each case one setting.

A case names the option it exercises and the options it is scored under (the exercised
option always spelled out, its default included), then either

* ``"score"``: a score request, and ``"out"`` the part of the response it must give; or
* ``"table"``: ``{"outcomes": [...], "scores": [...]}`` applied in order from the
  ruleset's initial state (``scores`` optionally replacing the starting scores), and
  ``"out"`` with any of ``totals`` (each player's change over the outcomes),
  ``by_reason`` ({reason: four changes}), ``scores`` (the final scores), ``state`` (part
  of the final state), ``results`` (a list of partial result dicts of the last outcome)
  and ``summary`` (the last outcome's summary line); or
* ``"error"``: the code the request or table refuses it with.

Every settlement checked here is zero-sum (and carries the result contract where the
ruleset has it); :func:`missing_settings` tells which settings of
the named options no case covers, so each test module can require all of them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.game import assert_zero_sum
from scoring.engine.options import options_schema
from scoring.engine.tests.figures import figures_of


def load(path: Path) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(path.read_text("utf-8"))
    return cases


def case_id(case: Mapping[str, Any]) -> str:
    return f"{case['option']}={json.dumps(case['options'][case['option']])}: {case['name']}"


def _contains(got: Any, want: Any) -> bool:
    """``want``'s keys (recursively, lists item by item) have ``got``'s values."""
    if isinstance(want, Mapping):
        return isinstance(got, Mapping) and all(
            k in got and _contains(got[k], v) for k, v in want.items())
    if isinstance(want, list) and want and isinstance(want[0], Mapping):
        return isinstance(got, list) and len(got) == len(want) and all(
            _contains(g, w) for g, w in zip(got, want, strict=True))
    return bool(got == want)


def _balance(deltas: Any) -> int:
    return sum(deltas.values()) if isinstance(deltas, Mapping) else sum(deltas)


def _table(ruleset: ModuleType, case: Mapping[str, Any]) -> dict[str, Any]:
    options = case["options"]
    table = case["table"]
    state = ruleset.game.initial_state(options)
    if "scores" in table:
        state = {**state, "scores": list(table["scores"])}
    start = list(state["scores"])
    by_reason: dict[str, list[int]] = {}
    results: list[dict[str, Any]] = []
    summary = ""
    for outcome in table["outcomes"]:
        settled = ruleset.game.apply(state, outcome, options)
        assert_zero_sum(settled)
        for row in settled["rows"]:
            by_reason.setdefault(row["reason"], [0, 0, 0, 0])[row["player"]] += row["amount"]
        state = settled["state"]
        results, summary = settled["results"], settled["summary"]
    totals = [b - a for a, b in zip(start, state["scores"], strict=True)]
    assert sum(totals) == 0
    return {"totals": totals, "by_reason": by_reason, "scores": state["scores"],
            "results": results, "summary": summary, "state": state}


def check(ruleset: ModuleType, case: Mapping[str, Any]) -> None:
    """Run one case against ``ruleset`` (its ``score`` and ``game``) and assert its ``out``."""
    assert case["option"] in case["options"], "a case spells out the option it exercises"
    if "error" in case:
        with pytest.raises(EngineError) as info:
            if "table" in case:
                _table(ruleset, case)
            else:
                ruleset.score({**case["score"], "options": case["options"]})
        assert info.value.code == case["error"], info.value.message
        return
    if "table" in case:
        got = _table(ruleset, case)
        want = dict(case["out"])
        if "by_reason" in want:  # reasons with no rows read as zeros
            got["by_reason"] = {r: got["by_reason"].get(r, [0, 0, 0, 0])
                                for r in want["by_reason"]}
    else:
        # The contract's deltas and size, the ruleset's own figures for the rest.
        got = figures_of(ruleset, {**case["score"], "options": case["options"]})
        assert _balance(got["deltas"]) == 0
        want = case["out"]
    assert _contains(got, want), f"{case['name']}: got {got}"


def settings_of(spec: Mapping[str, Any]) -> list[Any]:
    """The settings an option must be exercised with: both for true/false, every choice,
    otherwise the default and at least one other value (``...`` stands for "any other")."""
    if spec["type"] == "bool":
        return [False, True]
    if spec["choices"]:
        return list(spec["choices"])
    return [spec["default"], ...]


def missing_settings(options_class: type, names: Iterable[str],
                     cases: Iterable[Mapping[str, Any]]) -> list[str]:
    """``option=setting`` for each required setting of ``names`` that no case exercises."""
    seen: dict[str, list[Any]] = {}
    for case in cases:
        seen.setdefault(case["option"], []).append(case["options"][case["option"]])
    schema = {spec["name"]: spec for spec in options_schema(options_class)}
    out = []
    for name in names:
        got = seen.get(name, [])
        for setting in settings_of(schema[name]):
            if setting is ...:
                covered = any(v != schema[name]["default"] for v in got)
            else:
                covered = setting in got
            if not covered:
                out.append(f"{name}={'another value' if setting is ... else setting!r}")
    return out
