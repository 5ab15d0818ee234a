"""Riichi's figures as the golden cases and the peer engines name them (han, fu, yakuman,
limit, hand points, each seat's change by wind), read from the result contract alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.engine.tiles import WIND_LETTERS

DORA = ("dora", "aka", "ura", "kita")  # the items that are dora, not yaku


def figures(result: Mapping[str, Any]) -> dict[str, Any]:
    head = result["headline"]
    yakuman = head["value"] if head["unit"] == "yakuman" else 0
    received = dict.fromkeys(WIND_LETTERS[:result["players"]], 0)
    for p in result["ledger"]:
        received[WIND_LETTERS[p["player"]]] += p["amount"]
    counts = {i["key"]: i["count"] for i in result["items"] if i["key"] in DORA}
    return {"han": head["value"] if head["unit"] == "han" else 0, "yakuman": yakuman,
            "fu": head.get("fu"), "limit": head.get("limit"), "hand_points": head["points"],
            "deltas": received, "pot_taken": -result["pot_change"],
            "yaku": {i["native"] for i in result["items"] if i["key"] not in DORA},
            **{kind: counts.get(kind, 0) for kind in DORA}}
