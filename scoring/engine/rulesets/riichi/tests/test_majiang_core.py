"""All 10,000 scored wins of majiang-core agree with ours under its default rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.engine.result import check
from scoring.engine.rulesets.riichi import score

from . import majiang
from .contract_view import figures
from .majiang import expected, load_hule, to_request


def _disagreements(case: dict[str, Any]) -> list[str]:
    result = score(to_request(case["in"]))
    check(result)
    got = figures(result)
    exp = expected(case["out"])
    out = []
    names = got["yaku"]
    if names != exp["yaku"]:
        out.append(f"yaku {sorted(names)} != {sorted(exp['yaku'])}")
    if got["yakuman"] != exp["yakuman"]:
        out.append(f"yakuman {got['yakuman']} != {exp['yakuman']}")
    if not exp["yakuman"]:
        for key in ("han", "fu", "dora", "aka", "ura"):
            if got[key] != exp[key]:
                out.append(f"{key} {got[key]} != {exp[key]}")
    if got["deltas"] != exp["deltas"]:
        out.append(f"deltas {got['deltas']} != {exp['deltas']}")
    if sum(got["deltas"].values()) != got["pot_taken"]:
        out.append("deltas do not balance against the pot")
    return out


def test_every_majiang_core_win_scores_the_same() -> None:
    cases = load_hule()
    assert len(cases) == 10_000
    failures = []
    for i, case in enumerate(cases):
        problems = _disagreements(case)
        if problems:
            failures.append(f"#{i} {case['in']['shoupai']}: {'; '.join(problems)}")
    assert not failures, f"{len(failures)} disagreements, first: " + "\n".join(failures[:20])



def test_missing_golden_data_fails_in_ci(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(majiang, "HULE", tmp_path / "absent.json")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception):
        majiang.load_hule()


def test_missing_golden_data_skips_locally(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    monkeypatch.setattr(majiang, "HULE", tmp_path / "absent.json")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception):
        majiang.load_hule()
