"""Hong Kong fan against the npm package ``hk-mahjong`` 3.2.0 (HSKPeter's FaanCalculator)
on seeded random hands.

Known differences of convention, mapped rather than ignored: it scores 大三元 and 小四喜
as limit hands (here 8 and 10 fan, after [at99] and [wiki]), counts 無花 only when asked
(we ask whenever our option is on) and has no limit other than ∞. Hands with kongs are
left to the golden cases: its 坎坎糊 refuses concealed kongs, which we count as concealed
triplets.
"""

from __future__ import annotations

import random
from typing import Any

from scoring.engine.result import check
from scoring.engine.rulesets.hongkong import score
from scoring.engine.tests.ledger import headline_of
from scoring.engine.tests.peers import run
from scoring.engine.tests.randomwins import names, winning_kinds
from scoring.engine.tiles import tile_name

WINDS = ("east", "south", "west", "north")
FLOWERS = ("spring", "summer", "autumn", "winter", "plum", "lily", "chrysanthemum", "bamboo")
# Its limit details that are fan here, and the item that stands for them.
LIMITS_HERE_FAN = {"great dragon": "大三元", "small wind": "小四喜"}


def random_case(rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    """(our score request, the peer's request) for one random win."""
    suits = rng.choice([(0,), (0, 1), (0, 1, 2)])
    sets, pair = winning_kinds(rng, 4, honours=rng.random() < 0.7, suits=suits)
    n_melds = rng.choice([0, 0, 1, 2])
    melds, concealed = sets[:n_melds], sets[n_melds:]
    kinds = [k for s in concealed for k in s] + [pair, pair]
    win = rng.choice(kinds)
    kinds.remove(win)
    self_draw = rng.random() < 0.5
    winner, dealer = rng.randrange(4), rng.randrange(4)
    round_wind = rng.randrange(4)
    flowers = sorted(rng.sample(range(1, 9), rng.choice([0, 0, 1, 2, 4])))
    meld_texts = [("chi " if m[0] != m[1] else "pon ") + "".join(names(m)) for m in melds]
    last = self_draw and rng.random() < 0.1
    ours = {"hand": "".join(names(kinds)), "win_tile": tile_name(win), "melds": meld_texts,
            "win": "self_draw" if self_draw else "discard", "winner": winner,
            "dealer": dealer, "discarder": None if self_draw else (winner + 1) % 4,
            "round_wind": "ESWN"[round_wind], "last_tile": last,
            "flowers": "".join(f"{f}f" for f in flowers),
            "options": {"min_fan": 0, "base": 2, "max_fan": 20}}
    config = {"selfPick": self_draw, "fullyConcealedHand": not melds,
              "winByLastCatch": last, "seatWind": WINDS[(winner - dealer) % 4],
              "roundWind": WINDS[round_wind], "enableBonusFaanDueToZeroExtraTile": True,
              "extraTiles": {name: i + 1 in flowers for i, name in enumerate(FLOWERS)}}
    theirs = {"tiles": names(kinds + [win]), "melds": [names(m) for m in melds],
              "config": config}
    return ours, theirs


def test_fan_agree_with_hk_mahjong_on_random_hands() -> None:
    rng = random.Random(18)
    cases = [random_case(rng) for _ in range(1200)]
    answers = run("hk_mahjong.cjs", [theirs for _, theirs in cases])
    limits = 0
    for (ours, _), answer in zip(cases, answers, strict=True):
        got = score(ours)
        check(got)
        head = headline_of(got)
        natives = {i["native"] for i in got["items"]}
        assert answer["value"] is not None, ours  # every case is a win by construction
        if answer["value"] == "limit":
            mapped = [LIMITS_HERE_FAN[d] for d in answer["details"] if d in LIMITS_HERE_FAN]
            assert head["limit"] or (mapped and set(mapped) <= natives), (ours, answer)
            limits += 1
        else:
            assert head["value"] == answer["value"], (ours, answer, got["items"])
    assert limits >= 5
