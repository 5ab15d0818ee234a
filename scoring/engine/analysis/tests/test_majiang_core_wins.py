"""Every scored win of majiang-core's golden data is complete, and ready one tile before.

Uses ``../shared/data/majiang-core/hule.json`` (10,000 riichi wins, read-only) when the
shared data is present; the test is only defined then.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from scoring.engine.analysis.analyse import analyse, tenpai
from scoring.engine.analysis.shanten import hand_shanten, ruleset_shapes
from scoring.engine.tiles import parse_hand

HULE = Path(__file__).resolve().parents[4].parent / "shared/data/majiang-core/hule.json"
SAMPLE = 1500


def _concealed(text: str) -> list[str]:
    """``m345p40677s6`` -> ``["3m", "4m", "5m", "4p", "0p", ...]`` in written order."""
    return [d + suit for suit, digits in re.findall(r"([mpsz])(\d+)", text) for d in digits]


def _meld(text: str) -> str:
    """``m34-0`` -> ``chi 340m``; ``z555=`` -> ``pon 555z``; marks say who fed it."""
    suit, body = text[0], text[1:]
    digits = [c for c in body if c.isdigit()]
    claimed = any(c in "+=-" for c in body)
    plain = {("5" if d == "0" else d) for d in digits}
    if len(digits) == 4:
        kind = "kan" if claimed else "ankan"
    elif len(plain) == 1:
        kind = "pon"
    else:
        kind = "chi"
    return f"{kind} {''.join(digits)}{suit}"


def _cases() -> list[tuple[list[str], list[str], str]]:
    items = json.loads(HULE.read_text())
    out = []
    for item in random.Random(3).sample(items, SAMPLE):
        shoupai = item["in"]["shoupai"]
        parts = shoupai.split(",")
        tiles = _concealed(parts[0])
        melds = [_meld(m) for m in parts[1:] if m]
        ron = item["in"].get("rongpai")
        if ron:
            win = ron[1] + ron[0]
        else:
            win = tiles.pop()
        out.append((tiles, melds, win))
    return out


if HULE.exists():

    def test_majiang_core_wins_are_complete_and_were_ready_on_the_win_tile() -> None:
        shapes = ruleset_shapes("riichi")
        for tiles, melds, win in _cases():
            before = "".join(tiles)
            full = parse_hand(before + win, melds)
            assert hand_shanten(full, shapes) == -1, (before, melds, win)
            request = {"ruleset": "riichi", "hand": before, "melds": melds, "values": False}
            assert tenpai(request), (before, melds, win)
            waits = {w["tile"] for w in analyse(request)["waits"]}
            assert win.replace("0", "5") in waits, (before, melds, win, waits)
