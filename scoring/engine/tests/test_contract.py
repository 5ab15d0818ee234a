"""Every ruleset's score responses carry the result contract, on its whole golden corpus.

The table side is checked by :func:`scoring.engine.game.assert_zero_sum`, which every
table-rule test calls on every settlement.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import rulesets
from scoring.engine.errors import EngineError
from scoring.engine.result import check

RULESETS = Path(rulesets.__file__).parent

# (ruleset, golden file): each entry's "in" is a score request.
CORPORA = [("sichuan", "golden.json"), ("wuhu", "seed_tables.json"),
           ("jian", "win_totals.json"), ("riichi", "golden.json"),
           ("mcr", "golden_fans.json")]


def _requests(name: str, file: str) -> list[dict[str, Any]]:
    data = json.loads((RULESETS / name / "tests" / "data" / file).read_text())
    return [case["in"] for case in data if "in" in case]


def _worth(items: list[dict[str, Any]], unit: str, payer: int | None = None) -> int:
    return sum(i["value"] * i["count"] for i in items
               if i["unit"] == unit and i.get("payer") == payer)


def _sichuan(r: dict[str, Any]) -> None:
    assert _worth(r["items"], "fan") == r["fan"]
    assert r["headline"]["value"] == r["fan"]


def _wuhu(r: dict[str, Any]) -> None:
    assert _worth(r["items"], "mouth") == r["mouth_count"]
    assert _worth(r["items"], "chips") == (r["base_points"] + r["zhi_points"]
                                           + r["mouth_points"] + r["kong_points"])
    assert r["headline"]["value"] == r["value"]


def _jian(r: dict[str, Any]) -> None:
    for pay in r["payments"]:
        p = pay["payer"]
        assert _worth(r["items"], "fan", p) == pay["fan"]
        assert 2 ** pay["fan"] + _worth(r["items"], "chips", p) == pay["amount"]
    assert r["headline"]["value"] == r["total"]


def _riichi(r: dict[str, Any]) -> None:
    if r["yakuman"]:
        assert _worth(r["items"], "yakuman") == r["yakuman"]
    else:
        assert _worth(r["items"], "han") == r["han"]
        assert r["headline"]["fu"] == r["fu"]


def _mcr(r: dict[str, Any]) -> None:
    assert _worth(r["items"], "fan") == r["total"]


SPECIFIC: dict[str, Callable[[dict[str, Any]], None]] = {
    "sichuan": _sichuan, "wuhu": _wuhu, "jian": _jian, "riichi": _riichi, "mcr": _mcr}


@pytest.mark.parametrize(("name", "file"), CORPORA)
def test_every_golden_score_carries_the_contract(name: str, file: str) -> None:
    score = rulesets.get(name).score
    checked = 0
    for request in _requests(name, file):
        try:
            result = score(request)
        except EngineError:
            continue  # a golden refusal; its own test checks the code
        check(result)
        SPECIFIC[name](result)
        winner_hand = sum(p["amount"] for p in result["ledger"]
                          if p["amount"] > 0 and p["cause"] in ("hand", "pao"))
        if result["headline"]["points"] is not None:
            assert result["headline"]["points"] == winner_hand, request
        checked += 1
    assert checked >= 5
