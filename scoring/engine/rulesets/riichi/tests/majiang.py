"""Convert majiang-core's win notation (see its README) into our score request."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.tiles import WIND_LETTERS

OFFSET = {"+": 1, "=": 2, "-": 3}  # shimocha, toimen, kamicha, seats after the winner
HULE = Path(__file__).resolve().parents[5].parent / "shared" / "data" / "majiang-core" / "hule.json"
DORA_NAMES = {"ドラ": "dora", "赤ドラ": "aka", "裏ドラ": "ura"}


def load_hule() -> list[dict[str, Any]]:
    """The golden wins; in CI their absence is a failure, locally a skip."""
    if not HULE.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"golden data missing: {HULE} (../shared/data must be mounted in CI)")
        pytest.skip(f"majiang-core golden data not present at {HULE}")
    cases: list[dict[str, Any]] = json.loads(HULE.read_text(encoding="utf-8"))
    return cases


def _tiles(text: str) -> list[str]:
    """``m345p40677`` -> ["3m", "4m", "5m", "4p", "0p", ...] in written order."""
    out, suit = [], ""
    for ch in text:
        if ch in "mpsz":
            suit = ch
        elif ch.isdigit():
            out.append(ch + suit)
    return out


def _meld(text: str, winner: int) -> str:
    suit, body = text[0], text[1:]
    digits = "".join(ch for ch in body if ch.isdigit())
    marks = [(i, ch) for i, ch in enumerate(body) if ch in OFFSET]
    source = f" from {WIND_LETTERS[(winner + OFFSET[marks[0][1]]) % 4]}" if marks else ""
    if len(digits) == 3:
        kind = "pon" if len(set(digits.replace("0", "5"))) == 1 else "chi"
    elif not marks:
        kind = "ankan"
    elif marks[0][0] == len(body) - 1:
        kind = "kan"
    else:
        kind = "kakan"
    return f"{kind} {digits}{suit}{source}"


def to_request(case_in: dict[str, Any]) -> dict[str, Any]:
    param = case_in["param"]
    winner = param["menfeng"]
    parts = case_in["shoupai"].split(",")
    concealed = _tiles(parts[0])
    melds = [_meld(m, winner) for m in parts[1:] if m]
    req: dict[str, Any] = {"melds": melds, "seat_wind": WIND_LETTERS[winner],
                           "round_wind": WIND_LETTERS[param["zhuangfeng"]],
                           "options": {"preset": "majiang_core"}}
    ron = case_in.get("rongpai")
    if ron:
        req["win"] = "ron"
        req["win_tile"] = ron[1] + ron[0]
        req["discarder"] = WIND_LETTERS[(winner + OFFSET[ron[2]]) % 4]
    else:
        req["win"] = "tsumo"
        req["win_tile"] = concealed.pop()
    req["hand"] = "".join(concealed)
    hupai = param["hupai"]
    if hupai.get("lizhi") == 1:
        req["riichi"] = True
    elif hupai.get("lizhi") == 2:
        req["double_riichi"] = True
    for theirs, ours in (("yifa", "ippatsu"), ("qianggang", "chankan"),
                         ("lingshang", "rinshan")):
        if hupai.get(theirs):
            req[ours] = True
    if hupai.get("haidi") == 1:
        req["haitei"] = True
    elif hupai.get("haidi") == 2:
        req["houtei"] = True
    if hupai.get("tianhu") == 1:
        req["tenhou"] = True
    elif hupai.get("tianhu") == 2:
        req["chiihou"] = True
    req["dora_indicators"] = [t[1] + t[0] for t in param["baopai"]]
    req["ura_indicators"] = [t[1] + t[0] for t in param["fubaopai"]]
    if not req.get("riichi") and not req.get("double_riichi"):
        req["ura_indicators"] = []
    req["honba"] = param["jicun"]["changbang"]
    req["riichi_sticks"] = param["jicun"]["lizhibang"]
    return req


def expected(case_out: dict[str, Any]) -> dict[str, Any]:
    """Their result in our terms: yaku set (Japanese names), dora counts, han, deltas."""
    yaku, bonus = set(), {"dora": 0, "aka": 0, "ura": 0}
    for h in case_out["hupai"]:
        if h["name"] in DORA_NAMES:
            bonus[DORA_NAMES[h["name"]]] = h["fanshu"]
        else:
            yaku.add(h["name"])
    return {"yaku": yaku, "yakuman": case_out["damanguan"] or 0, "han": case_out["fanshu"],
            "fu": case_out["fu"], **bonus,
            "deltas": dict(zip(WIND_LETTERS, case_out["fenpei"], strict=True))}
