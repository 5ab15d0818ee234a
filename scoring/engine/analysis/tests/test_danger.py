"""Tile danger against a riichi player: the seed's golden numbers and its rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.analysis.danger import danger
from scoring.engine.errors import BadInput, BadTile, TooManyCopies

GOLDEN = json.loads((Path(__file__).parent / "data" / "danger.json").read_text())


def _scores(request: dict[str, Any]) -> dict[str, int]:
    return {row["tile"]: row["score"] for row in danger(request)["tiles"]}


@pytest.mark.parametrize("case", GOLDEN, ids=[c["name"] for c in GOLDEN])
def test_seed_golden_danger(case: dict[str, Any]) -> None:
    scores = _scores(case["in"])
    for tile, expected in case["out"].items():
        assert scores[tile] == expected, tile


def test_base_table_covers_every_kind_by_class() -> None:
    scores = _scores({"discards": []})
    by_rank = {1: 13, 2: 16, 3: 19, 4: 26, 5: 26, 6: 26, 7: 19, 8: 16, 9: 13}
    for suit in "mps":
        for rank, expected in by_rank.items():
            assert scores[f"{rank}{suit}"] == expected
    assert all(scores[f"{r}z"] == 3 for r in range(1, 8))


def test_all_34_kinds_sorted_safest_first() -> None:
    rows = danger({"discards": "19m5p7z", "visible": "2222s"})["tiles"]
    assert len(rows) == 34
    assert len({r["tile"] for r in rows}) == 34
    scores = [r["score"] for r in rows]
    assert scores == sorted(scores)
    assert {r["tile"] for r in rows[:4]} == {"1m", "9m", "5p", "7z"}


def test_reasons_name_genbutsu_suji_kabe_and_copies() -> None:
    rows = {r["tile"]: r for r in danger(
        {"discards": "5m", "visible": "4444p33z"})["tiles"]}
    assert [x["code"] for x in rows["5m"]["reasons"]] == ["genbutsu"]
    assert rows["5m"]["reasons"][0]["native"] == "現物"
    assert [x["code"] for x in rows["2m"]["reasons"]] == ["suji"]
    assert [x["code"] for x in rows["3p"]["reasons"]] == ["kabe"]
    assert [x["code"] for x in rows["3z"]["reasons"]] == ["copies_visible"]
    assert rows["3z"]["waits"] == {"single": 1, "double_pair": 0, "closed": 0, "edge": 0,
                                   "two_sided": 0}
    assert rows["4m"]["reasons"] == []


def test_waits_breakdown_sums_to_score() -> None:
    for row in danger({"discards": "4m8p", "visible": "66s", "hand": "6s7s"})["tiles"]:
        assert sum(row["waits"].values()) == row["score"]


def test_two_sided_wait_on_middle_tile_counts_twice() -> None:
    row = next(r for r in danger({"discards": ""})["tiles"] if r["tile"] == "5s")
    assert row["waits"]["two_sided"] == 20


def test_listing_riichi_discards_twice_is_refused() -> None:
    with pytest.raises(TooManyCopies) as err:
        danger({"discards": "555m", "visible": "55m"})
    assert err.value.code == "too_many_copies"


def test_missing_discards_and_bad_tiles_are_named_errors() -> None:
    with pytest.raises(BadInput) as err:
        danger({"visible": "1m"})
    assert err.value.code == "missing_field"
    with pytest.raises(BadTile):
        danger({"discards": "8z"})
    with pytest.raises(BadInput) as err:
        danger({"discards": "1m", "seen": "2m"})
    assert err.value.code == "bad_input"
