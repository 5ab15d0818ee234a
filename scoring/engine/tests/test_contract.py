"""Every ruleset's results are the result contract and nothing else, on its whole golden
corpus: the score responses, and the results of the hands its table-rule tests record.

The table side is also checked by :func:`scoring.engine.game.assert_zero_sum`, which every
table-rule test (and the site's replay) calls on every settlement.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import rulesets
from scoring.engine.errors import EngineError
from scoring.engine.result import KEYS, ContractError, check, payers
from scoring.engine.tests.figures import scored

RULESETS = Path(rulesets.__file__).parent
NAMES = ["riichi", "mcr", "sichuan", "wuhu", "jian", "taiwan", "hongkong"]


def _requests(name: str) -> Iterator[tuple[dict[str, Any], bool]]:
    """Every score request among a ruleset's golden cases (``{"in": request}``, or an
    option case's ``{"score": request, "options"}``), and whether it plays the default
    rules (what the ruleset's own figures are compared under)."""
    for file in sorted((RULESETS / name / "tests" / "data").glob("*.json")):
        data = json.loads(file.read_text("utf-8"))
        for case in data if isinstance(data, list) else []:
            if isinstance(case, dict) and isinstance(case.get("in"), dict):
                yield case["in"], "options" not in case["in"]
            elif isinstance(case, dict) and isinstance(case.get("score"), dict):
                yield {**case["score"], "options": case.get("options", {})}, False


def _worth(items: list[dict[str, Any]], unit: str, payer: int | None = None) -> int:
    return sum(i["value"] * i["count"] for i in items
               if i["unit"] == unit and i.get("payer") == payer)


def _sichuan(r: dict[str, Any], f: dict[str, Any]) -> None:
    assert _worth(r["items"], "fan") == f["fan"] == r["headline"]["value"]


def _wuhu(r: dict[str, Any], f: dict[str, Any]) -> None:
    assert _worth(r["items"], "mouth") == f["mouth_count"]
    assert _worth(r["items"], "chips") == (f["base_points"] + f["zhi_points"]
                                           + f["mouth_points"] + f["kong_points"])
    assert r["headline"]["value"] == f["value"]


def _jian(r: dict[str, Any], f: dict[str, Any]) -> None:
    for pay in f["payments"]:
        p = pay["payer"]
        assert _worth(r["items"], "fan", p) == pay["fan"]
        assert 2 ** pay["fan"] + _worth(r["items"], "chips", p) == pay["amount"]
    assert r["headline"]["value"] == f["total"]


def _riichi(r: dict[str, Any], f: dict[str, Any]) -> None:
    if f["yakuman"]:
        assert _worth(r["items"], "yakuman") == f["yakuman"]
    else:
        assert _worth(r["items"], "han") == f["han"]
        assert r["headline"]["fu"] == f["fu"]


def _mcr(r: dict[str, Any], f: dict[str, Any]) -> None:
    assert _worth(r["items"], "fan") == f["total"]


def _tai(r: dict[str, Any], f: dict[str, Any]) -> None:
    # The dealer's 台 are listed (and counted) when the dealer wins or pays.
    assert _worth(r["items"], "tai") in (f["tai"], f["tai"] + f["dealer_tai"])
    assert r["headline"]["value"] in (f["tai"], f["tai"] + f["dealer_tai"])


def _fan(r: dict[str, Any], f: dict[str, Any]) -> None:
    assert r["headline"]["value"] == f["fan"]


SPECIFIC: dict[str, Callable[[dict[str, Any], dict[str, Any]], None]] = {
    "sichuan": _sichuan, "wuhu": _wuhu, "jian": _jian, "riichi": _riichi, "mcr": _mcr,
    "taiwan": _tai, "hongkong": _fan}


@pytest.mark.parametrize("name", NAMES)
def test_every_golden_score_is_the_contract_and_nothing_else(name: str) -> None:
    package = rulesets.get(name)
    checked = 0
    for request, plain in _requests(name):
        try:
            result = package.score(request)
        except EngineError:
            continue  # a golden refusal; its own test checks the code
        check(result)
        assert set(result) <= set(KEYS)
        if plain:
            SPECIFIC[name](dict(result), scored(package)(request))
        hand = sum(p["amount"] for p in result["ledger"]
                   if p["amount"] > 0 and p["cause"] in ("hand", "pao"))
        if result["headline"] is not None and result["headline"]["points"] is not None:
            assert result["headline"]["points"] == hand, request
        if result["winner"] is not None:
            assert result["winner"] not in payers(result)
            if result["discarder"] is not None and result["headline"]["points"]:
                assert result["discarder"] in payers(result)
        checked += 1
    assert checked >= 5


def test_a_result_with_an_older_key_fails_naming_it() -> None:
    result = dict(rulesets.get("sichuan").score(
        {"hand": "1112345567899m", "win_tile": "9m", "win": "self_draw", "winner": 1}))
    check(result)
    with pytest.raises(ContractError, match="'fan'"):
        check({**result, "fan": result["headline"]["value"]})
    with pytest.raises(ContractError, match="headline has keys outside the contract: 'total'"):
        check({**result, "headline": {**result["headline"], "total": 1}})


def test_a_win_names_its_winner_and_discarder_in_every_ruleset() -> None:
    """Riichi and MCR count seats from East; the others take the request's players."""
    riichi = rulesets.get("riichi").score({
        "hand": "234m456p678s3455s", "win_tile": "5s", "win": "ron", "seat_wind": "S",
        "round_wind": "E", "discarder": "W"})
    assert (riichi["winner"], riichi["discarder"]) == (1, 2)
    mcr = rulesets.get("mcr").score({"hand": "123m456p789s1122z", "win_tile": "2z",
                                     "seat_wind": "N", "round_wind": "E", "win": "tsumo"})
    assert (mcr["winner"], mcr["discarder"]) == (3, None)
    sichuan = rulesets.get("sichuan").score({"hand": "1112345567899m", "win_tile": "9m",
                                             "win": "discard", "winner": 2, "discarder": 0})
    assert (sichuan["winner"], sichuan["discarder"]) == (2, 0)
    assert payers(sichuan) == [0]
