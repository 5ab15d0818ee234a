"""``manage.py fan_difficulty``: progress bar on stderr, the JSON file, and the shipped data
file in the shape the /fans/ page reads."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from scoring.engine.rulesets.mcr import difficulty
from scoring.engine.rulesets.mcr.fans import FANS
from scoring.engine.rulesets.mcr.site import fans as pages
from scoring.engine.rulesets.mcr.site.management.commands.fan_difficulty import ProgressBar


def _run(tmp_path: Path, *args: str) -> tuple[Path, str, str]:
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "nested" / "fans.json"
    call_command("fan_difficulty", "--output", str(target), *args, stdout=out, stderr=err)
    return target, out.getvalue(), err.getvalue()


def test_command_writes_what_compute_table_returns_with_a_progress_line_per_fan(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    subset = FANS[:3]
    computed: list[dict[str, Any]] = []

    def fake_compute(progress: Any = None) -> list[dict[str, Any]]:
        for i, fan in enumerate(subset):
            computed.append({"id": fan.id, "name_zh": fan.name_zh, "hupai_index": float(i)})
            progress(i + 1, len(subset), fan.name_zh)
        return computed

    monkeypatch.setattr(difficulty, "compute_table", fake_compute)
    target, out, err = _run(tmp_path)
    assert json.loads(target.read_text(encoding="utf-8")) == computed
    lines = err.splitlines()
    assert len(lines) == len(subset)
    for i, (line, fan) in enumerate(zip(lines, subset, strict=True), 1):
        assert f"{i}/{len(subset)} {fan.name_zh}" in line
    assert lines[-1].startswith("[" + "#" * 30 + "]")
    assert str(target) in out


def test_command_on_two_real_fans_reproduces_the_seed_worked_example(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # 字一色 is the seed's worked example: lg(C(136,14) / (161280 x 256 + 652728)) = 11.01.
    subset = tuple(f for f in FANS if f.name_zh in ("字一色", "大三元"))
    monkeypatch.setattr(difficulty, "FANS", subset)
    target, _, err = _run(tmp_path)
    rows = {row["name_zh"]: row for row in json.loads(target.read_text(encoding="utf-8"))}
    assert set(rows) == {"字一色", "大三元"}
    assert f"{rows['字一色']['hupai_index']:.2f}" == "11.01"
    seed_weighted = 161280 * 256 + 652728
    assert rows["字一色"]["counts"]["hupai"]["weighted"] == seed_weighted
    shipped = pages.load_difficulty()
    assert rows["大三元"]["zupai_index"] == shipped["big_three_dragons"]["zupai_index"]
    assert "2/2" in err


def test_progress_bar_fills_in_proportion_and_redraws_in_place_on_a_terminal() -> None:
    written: list[str] = []
    bar = ProgressBar(written.append, inline=True, width=10)
    bar(27, 81, "大三元")
    bar(81, 81, "花牌")
    assert written[0].startswith("\r") and "[###.......] 27/81 大三元" in written[0]
    assert not written[0].endswith("\n")
    assert "[##########] 81/81 花牌" in written[1] and written[1].endswith("\n")


def test_shipped_data_file_matches_the_schema_the_fan_page_reads() -> None:
    rows = json.loads(difficulty.DATA_PATH.read_text(encoding="utf-8"))
    assert [row["id"] for row in rows] == [fan.id for fan in FANS]
    for row, fan in zip(rows, FANS, strict=True):
        assert (row["name_zh"], row["name_en"], row["points"]) == (
            fan.name_zh, fan.name_en, fan.points)
        assert isinstance(row["note"], str)
        if row["counts"] is None:
            assert row["zupai_index"] is None and row["hupai_index"] is None and row["note"]
            continue
        for kind in ("zupai", "hupai"):
            value = row[f"{kind}_index"]
            assert isinstance(value, float) and math.isfinite(value) and value > 0
            counts = row["counts"][kind]
            assert set(counts) == {"tiles", "random", "weighted", "hands"}
            assert counts["random"] == math.comb(difficulty.TOTAL_TILES, counts["tiles"])
            assert round(difficulty.difficulty_index(counts["tiles"], counts["weighted"]),
                         4) == value
    page_rows = pages.fan_rows(0, {})
    assert len(page_rows) == len(FANS)
    assert sum(r["hupai"] is not None for r in page_rows) == sum(
        row["hupai_index"] is not None for row in rows)
