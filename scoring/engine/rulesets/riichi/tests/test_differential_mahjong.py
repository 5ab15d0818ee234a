"""Differential test against the ``mahjong`` package on 6,000 seeded random wins.

Every hand is scored by both with the same conditions and with randomly varied rule
options mapped onto the package's flags; han, fu (below yakuman) and every seat's payment
must agree, and a hand one side refuses the other must refuse for the same reason.

One mapping caveat: with ``open_pinfu_ron_fu_30`` off the package also drops the tsumo
2 fu of an open no-fu hand; seed 001 keeps it (open tsumo 22 -> 30), so that option is
only varied on ron hands.
"""

from __future__ import annotations

import random

from scoring.engine.errors import EngineError
from scoring.engine.options import build_options
from scoring.engine.rulesets.riichi import Options, score

from .contract_view import figures
from .mahjong_ref import reference, reference_deltas, rules_for
from .randomhands import corpus

ERROR_MAP = {"no_yaku": "no_yaku", "hand_not_winning": "not_a_winning_hand"}


def _random_options(rng: random.Random, ron: bool) -> dict[str, object]:
    return {
        "kiriage": rng.random() < 0.3,
        "kuitan": rng.random() < 0.7,
        "pinfu_tsumo_fu": rng.choice((0, 2)),
        "double_yakuman": rng.random() < 0.5,
        "kazoe_limit": rng.choice(("yakuman", "sanbaiman", "none")),
        "open_pinfu_ron_fu_30": rng.random() < 0.7 if ron else True,
        "red_fives": 3,
    }


def test_random_wins_agree_with_the_mahjong_package() -> None:
    rng = random.Random(20261122)
    wins = corpus(seed=1234, n=6000)
    disagreements: list[str] = []
    scored = refused = 0
    for i, w in enumerate(wins):
        overrides = _random_options(rng, w.request["win"] == "ron")
        ref = reference(w, rules_for(build_options(Options, overrides)))
        request = dict(w.request, options=overrides)
        try:
            got = figures(score(request))
        except EngineError as exc:
            if ERROR_MAP.get(ref.error or "") != exc.code:
                disagreements.append(f"#{i} {request}: we refuse {exc.code}, they say {ref.error}")
            refused += 1
            continue
        if ref.error:
            disagreements.append(f"#{i} {request}: they refuse {ref.error}, we score it")
            continue
        scored += 1
        if not (got["han"] == ref.han or (got["yakuman"] and ref.han >= 13)):
            disagreements.append(f"#{i} {request}: han {got['han']} vs {ref.han}")
        if not got["yakuman"] and got["fu"] != ref.fu:
            disagreements.append(f"#{i} {request}: fu {got['fu']} vs {ref.fu}")
        if got["deltas"] != reference_deltas(w, ref):
            disagreements.append(
                f"#{i} {request}: deltas {got['deltas']} vs {reference_deltas(w, ref)}")
        assert sum(got["deltas"].values()) == got["pot_taken"]
    assert not disagreements, "\n".join(disagreements[:20])
    # The corpus must mostly be real scored wins, not a pile of refusals.
    assert scored >= 3500 and refused < 2500
