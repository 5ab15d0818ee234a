"""Run the ``mahjong`` package (dev dependency) on a :class:`RandomWin` for comparison."""

from __future__ import annotations

from typing import Any

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

from scoring.engine.tiles import WIND_LETTERS

from .randomhands import RandomWin

KAZOE = {"yakuman": HandConstants.KAZOE_LIMITED, "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
         "none": HandConstants.KAZOE_NO_LIMIT}


def rules_for(options: Any) -> OptionalRules:
    """Our options mapped onto the package's flags (the ones both sides have)."""
    return OptionalRules(
        has_open_tanyao=options.kuitan, has_aka_dora=options.red_fives > 0,
        has_double_yakuman=options.double_yakuman, kazoe_limit=KAZOE[options.kazoe_limit],
        kiriage=options.kiriage, fu_for_open_pinfu=options.open_pinfu_ron_fu_30,
        fu_for_pinfu_tsumo=options.pinfu_tsumo_fu == 2,
        renhou_as_yakuman=options.renhou == "yakuman", has_daisharin=options.daisharin)


def melds_of(w: RandomWin) -> list[Meld]:
    out = []
    for kind, tiles, opened in w.melds136:
        t = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN}[kind]
        out.append(Meld(meld_type=t, tiles=tiles, opened=opened))
    return out


def config_for(w: RandomWin, rules: OptionalRules) -> HandConfig:
    r = w.request
    return HandConfig(
        is_tsumo=r["win"] == "tsumo", is_riichi=bool(r.get("riichi")),
        is_ippatsu=bool(r.get("ippatsu")), is_haitei=bool(r.get("haitei")),
        is_houtei=bool(r.get("houtei")), is_rinshan=bool(r.get("rinshan")),
        is_chankan=bool(r.get("chankan")), player_wind=27 + WIND_LETTERS.index(r["seat_wind"]),
        round_wind=27 + WIND_LETTERS.index(r["round_wind"]), kyoutaku_number=r["riichi_sticks"],
        tsumi_number=r["honba"], options=rules)


def reference(w: RandomWin, rules: OptionalRules, melds: list[Meld] | None = None) -> Any:
    return HandCalculator.estimate_hand_value(
        w.tiles136, w.win136, melds=melds if melds is not None else melds_of(w),
        dora_indicators=w.dora136, config=config_for(w, rules),
        ura_dora_indicators=w.ura136 or None)


def reference_deltas(w: RandomWin, result: Any) -> dict[str, int]:
    """Per-seat changes from the package's cost breakdown."""
    r = w.request
    winner = r["seat_wind"]
    cost = result.cost
    deltas = dict.fromkeys(WIND_LETTERS, 0)
    if r["win"] == "ron":
        deltas[r["discarder"]] -= cost["main"] + cost["main_bonus"]
    else:
        for s in WIND_LETTERS:
            if s == winner:
                continue
            if winner == "E" or s == "E":
                deltas[s] -= cost["main"] + cost["main_bonus"]
            else:
                deltas[s] -= cost["additional"] + cost["additional_bonus"]
    deltas[winner] = -sum(deltas.values()) + cost["kyoutaku_bonus"]
    return deltas
