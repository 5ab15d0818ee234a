"""compute_table: the contract the site's ``fan_difficulty`` command and page rely on.

Counting the whole table takes half a minute of CPU, so it is counted again only when its
sources changed (their fingerprint is shipped beside the table); otherwise a sample of
fans covering every kind of count (named sets, a kong fan, concealment, claimed sets,
whole-hand fans, seven pairs, knitted shapes, 十三幺, four of a kind, a fan without an
index) is counted afresh and compared with the shipped rows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.rulesets.mcr.difficulty import (
    DATA_PATH,
    FINGERPRINT_PATH,
    MODELS,
    compute_table,
    sources_fingerprint,
    write_table,
)
from scoring.engine.rulesets.mcr.difficulty.fans import NOT_COUNTABLE
from scoring.engine.rulesets.mcr.fans import BY_NAME_ZH, FANS

SAMPLE = {"大三元", "七对", "组合龙", "全不靠", "三暗刻", "全求人", "四归一", "断幺", "十三幺",
          "自摸", "明杠", "幺九刻", "混一色", "门前清"}


@pytest.fixture(scope="module")
def shipped() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(DATA_PATH.read_text("utf-8"))
    return rows


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    calls: list[tuple[int, int, str]] = []
    path = tmp_path_factory.mktemp("difficulty") / "fan_difficulty.json"
    rows = write_table(path, progress=lambda done, total, name: calls.append((done, total, name)),
                       only=SAMPLE)
    return {"rows": rows, "calls": calls, "path": path}


def test_one_row_per_official_fan_in_table_order(shipped: list[dict[str, Any]]) -> None:
    assert [r["name_zh"] for r in shipped] == [f.name_zh for f in FANS]
    for row, fdef in zip(shipped, FANS, strict=True):
        assert (row["id"], row["name_en"], row["points"]) == (fdef.id, fdef.name_en, fdef.points)


def test_progress_reports_every_fan_counted_once_in_table_order(
    generated: dict[str, Any],
) -> None:
    names = [f.name_zh for f in FANS if f.name_zh in SAMPLE]
    assert len(names) == len(SAMPLE)
    assert generated["calls"] == [(i + 1, len(names), n) for i, n in enumerate(names)]


def test_every_counted_fan_has_both_indices_and_the_rest_say_why_not(
    shipped: list[dict[str, Any]],
) -> None:
    counted = {f.name_zh for f in MODELS}
    assert counted.isdisjoint(NOT_COUNTABLE)
    assert counted | set(NOT_COUNTABLE) == set(BY_NAME_ZH)
    for row in shipped:
        if row["name_zh"] in counted:
            assert isinstance(row["zupai_index"], float)
            assert isinstance(row["hupai_index"], float)
            assert row["counts"]["hupai"]["weighted"] > 0
        else:
            assert row["zupai_index"] is None and row["hupai_index"] is None
            assert row["counts"] is None
            assert row["note"] == NOT_COUNTABLE[row["name_zh"]]


def test_the_ten_fans_the_seed_left_out_are_computed(shipped: list[dict[str, Any]]) -> None:
    left_out = [
        "绿一色",
        "清一色",
        "全大",
        "全中",
        "全小",
        "全带五",
        "大于五",
        "小于五",
        "推不倒",
        "混一色",
    ]
    by_name = {r["name_zh"]: r for r in shipped}
    for name in left_out:
        row = by_name[name]
        assert row["whole_hand"] is True
        assert row["zupai_index"] == row["hupai_index"] > 0


def test_written_file_is_json_of_the_rows(generated: dict[str, Any]) -> None:
    assert json.loads(Path(generated["path"]).read_text("utf-8")) == generated["rows"]


def test_shipped_data_file_is_up_to_date(generated: dict[str, Any],
                                        shipped: list[dict[str, Any]]) -> None:
    # The sample counted afresh is what the shipped table says.
    assert generated["rows"] == [row for row in shipped if row["name_zh"] in SAMPLE]
    if FINGERPRINT_PATH.read_text("utf-8").strip() != sources_fingerprint():
        # The sources changed since the table was written: count it all again.
        assert compute_table() == shipped, (
            "the shipped difficulty table is out of date: run "
            "`python -m scoring.engine.rulesets.mcr.difficulty`")
        pytest.fail("the difficulty sources changed but the table did not: run "
                    "`python -m scoring.engine.rulesets.mcr.difficulty` to record their "
                    "fingerprint")
