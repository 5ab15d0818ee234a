"""The shipped presets keep the rules their federations published (sources in
:mod:`scoring.engine.rulesets.riichi.options`), and score and settle hands by them."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scoring.engine.errors import BadInput, BadOutcome
from scoring.engine.game import GameState, HandSettlement, assert_zero_sum
from scoring.engine.options import build_options
from scoring.engine.rulesets.riichi import PRESETS, Options
from scoring.engine.rulesets.riichi.game import GAME
from scoring.engine.rulesets.riichi.score import scored as figures

# Hands with 2m-8m and chi: the three-player presets are tested in test_sanma.py.
FOUR_PLAYER_PRESETS = sorted(n for n, p in PRESETS.items()
                             if p["options"].get("players", 4) == 4)

# The values each federation or site published; a change here is a change of their rules.
PUBLISHED: dict[str, dict[str, Any]] = {
    "ema": {
        "kuitan": True, "red_fives": 0, "double_yakuman": False, "yakuman_stacking": False,
        "kazoe_limit": "sanbaiman", "kiriage": False, "renhou": "mangan_or_hand",
        "nagashi_mangan": False, "abortive_draws": False, "multi_ron": "triple",
        "pao_yakuman": ("daisangen", "daisuushii"), "start_points": 30000,
        "return_points": 30000, "uma": (15000, 5000, -5000, -15000), "tie_break": "split",
        "leftover_sticks": "top", "chombo": "final_points", "chombo_points": 20000,
        "bust_ends_game": False, "agari_yame": False, "length": "east_south"},
    "wrc": {
        "kuitan": True, "red_fives": 0, "double_yakuman": False, "yakuman_stacking": True,
        "kazoe_limit": "sanbaiman", "kiriage": True, "renhou": "mangan",
        "nagashi_mangan": False, "abortive_draws": False, "multi_ron": "head_bump",
        "pao_yakuman": ("daisangen", "daisuushii"), "start_points": 30000,
        "return_points": 30000, "uma": (15000, 5000, -5000, -15000), "tie_break": "split",
        "chombo": "final_points", "chombo_points": 30000, "bust_ends_game": False,
        "agari_yame": False, "length": "east_south"},
    "tenhou": {
        "kuitan": True, "red_fives": 3, "double_yakuman": False, "yakuman_stacking": True,
        "kazoe_limit": "yakuman", "kiriage": False, "double_wind_pair_fu": 4,
        "pinfu_tsumo_fu": 0, "renhou": "off", "nagashi_mangan": True, "abortive_draws": True,
        "multi_ron": "double", "multi_ron_honba": "nearest", "multi_ron_sticks": "nearest",
        "noten_payment_total": 3000, "start_points": 25000, "return_points": 30000,
        "uma": (20000, 10000, -10000, -20000), "tie_break": "seat_order",
        "leftover_sticks": "top", "bust_ends_game": True, "west_extension": True,
        "agari_yame": True, "length": "east_south"},
    "mleague": {
        "kuitan": True, "red_fives": 3, "double_yakuman": False, "yakuman_stacking": True,
        "kazoe_limit": "sanbaiman", "kiriage": True, "renhou": "off",
        "abortive_draws": False, "multi_ron": "head_bump",
        "pao_yakuman": ("daisangen", "daisuushii", "suukantsu"),
        "pao_ron_honba": "responsible", "start_points": 25000, "return_points": 30000,
        "uma": (30000, 10000, -10000, -30000), "tie_break": "split",
        "leftover_sticks": "top", "bust_ends_game": False, "agari_yame": False,
        "west_extension": False, "chombo": "final_points", "chombo_points": 20000,
        "length": "east_south"},
    "majiang_core": {
        "kuitan": True, "red_fives": 3, "double_yakuman": True, "yakuman_stacking": True,
        "kazoe_limit": "yakuman", "kiriage": False, "double_wind_pair_fu": 4,
        "pao_yakuman": ("daisangen", "daisuushii"), "pao_ron_honba": "discarder",
        "abortive_draws": True, "nagashi_mangan": True, "multi_ron": "double",
        "multi_ron_honba": "nearest", "multi_ron_sticks": "nearest",
        "start_points": 25000, "return_points": 30000,
        "uma": (20000, 10000, -10000, -20000), "bust_ends_game": True, "agari_yame": True,
        "west_extension": True, "tie_break": "seat_order", "leftover_sticks": "top"},
    # Three players: every source's 35,000 start, North nukidora; mjstars.net's ranking
    # match 40,000 return and uma 20; riichi.wiki's and tenhou.club's tsumo loss.
    "sanma": {
        "players": 3, "nukidora": True, "sanma_tsumo": "loss", "start_points": 35000,
        "return_points": 40000, "uma": (20000, 0, -20000)},
    "sanma_split": {
        "players": 3, "nukidora": True, "sanma_tsumo": "split", "start_points": 35000,
        "return_points": 40000, "uma": (20000, 0, -20000)},
    # mahjong-portal.com 三人麻雀: 35,000 start and return, uma 15-0-15, 2 red fives.
    "sanma_portal": {
        "players": 3, "nukidora": True, "sanma_tsumo": "loss", "start_points": 35000,
        "return_points": 35000, "uma": (15000, 0, -15000), "red_fives": 2},
}


def preset(name: str) -> Options:
    return build_options(Options, PRESETS[name]["options"])


def scored(request: dict[str, Any], name: str) -> dict[str, Any]:
    return figures(dict(request, options={"preset": name}))


def test_every_shipped_preset_has_its_published_values_pinned() -> None:
    assert set(PRESETS) == set(PUBLISHED)


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_preset_keeps_the_published_values(name: str) -> None:
    options = preset(name)
    actual = {key: getattr(options, key) for key in PUBLISHED[name]}
    assert actual == PUBLISHED[name]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_preset_names_every_option_so_new_defaults_cannot_change_it(name: str) -> None:
    every = {f.name for f in dataclasses.fields(Options)}
    assert set(PRESETS[name]["options"]) == every


# --- hands ----------------------------------------------------------------------------

DAISUUSHII = {"hand": "11122233344z55m", "win_tile": "4z", "win": "ron", "discarder": "E",
              "seat_wind": "S"}
DAISANGEN_TSUUIISOU = {"hand": "1112z", "win_tile": "2z", "win": "ron", "discarder": "E",
                       "seat_wind": "S", "melds": ["pon 555z", "pon 666z", "pon 777z"]}
KOKUSHI_13 = {"hand": "19m19p19s1234567z", "win_tile": "1z", "win": "ron", "discarder": "W",
              "seat_wind": "S"}
SUUANKOU_TANKI = {"hand": "111m222p333s444s5z", "win_tile": "5z", "win": "ron",
                  "discarder": "E", "seat_wind": "S"}
# Riichi, pinfu, tanyao and one dora: 4 han 30 fu on ron, 7700 or a rounded-up 8000.
FOUR_30 = {"hand": "234m456p67s22p345s", "win_tile": "8s", "win": "ron", "discarder": "E",
           "seat_wind": "S", "riichi": True, "dora_indicators": ["1m"]}
# Closed full flush with a pure straight and four dora: 13+ han without a yakuman.
COUNTED = {"hand": "1234567892345m", "win_tile": "5m", "win": "tsumo", "seat_wind": "S",
           "riichi": True, "dora_indicators": ["4m", "4m"]}
OPEN_TANYAO = {"hand": "234m456p22s67s", "melds": ["chi 345s"], "win_tile": "8s",
               "win": "ron", "discarder": "E", "seat_wind": "S"}
# Daisangen, the third dragon fed by North; East deals in; one honba on the table.
PAO_RON = {"hand": "234m1z", "melds": ["pon 555z", "pon 666z", "pon 777z from N"],
           "win_tile": "1z", "win": "ron", "discarder": "E", "seat_wind": "S", "pao": "N",
           "honba": 1}


def test_ema_daisuushii_is_a_single_yakuman() -> None:
    out = scored(DAISUUSHII, "ema")
    assert (out["yakuman"], out["deltas"]["S"]) == (1, 32000)
    assert scored(DAISUUSHII, "majiang_core")["yakuman"] == 2


def test_ema_yakuman_do_not_add_up() -> None:
    out = scored(DAISANGEN_TSUUIISOU, "ema")
    assert (out["yakuman"], out["deltas"]) == (1, {"E": -32000, "S": 32000, "W": 0, "N": 0})


@pytest.mark.parametrize("name", ["wrc", "tenhou", "mleague", "majiang_core"])
def test_different_yakuman_add_up(name: str) -> None:
    out = scored(DAISANGEN_TSUUIISOU, name)
    assert (out["yakuman"], out["deltas"]["E"]) == (2, -64000)


@pytest.mark.parametrize(("name", "multiple"), [
    ("ema", 1), ("wrc", 1), ("tenhou", 1), ("mleague", 1), ("majiang_core", 2)])
def test_a_special_wait_is_double_only_where_double_yakuman_is_played(
        name: str, multiple: int) -> None:
    assert scored(KOKUSHI_13, name)["yakuman"] == multiple
    assert scored(SUUANKOU_TANKI, name)["yakuman"] == multiple


@pytest.mark.parametrize(("name", "points"), [
    ("ema", 7700), ("wrc", 8000), ("tenhou", 7700), ("mleague", 8000),
    ("majiang_core", 7700)])
def test_four_han_thirty_fu_is_rounded_up_only_with_kiriage(name: str, points: int) -> None:
    out = scored(FOUR_30, name)
    assert (out["han"], out["fu"]) == (4, 30)
    assert out["deltas"] == {"E": -points, "S": points, "W": 0, "N": 0}


@pytest.mark.parametrize(("name", "limit", "dealer_pays"), [
    ("ema", "sanbaiman", 12000), ("wrc", "sanbaiman", 12000), ("mleague", "sanbaiman", 12000),
    ("tenhou", "kazoe yakuman", 16000), ("majiang_core", "kazoe yakuman", 16000)])
def test_thirteen_han_is_a_counted_yakuman_or_a_sanbaiman(name: str, limit: str,
                                                          dealer_pays: int) -> None:
    out = scored(COUNTED, name)
    assert out["han"] >= 13 and out["yakuman"] == 0
    assert out["limit"] == limit
    assert out["deltas"]["E"] == -dealer_pays
    assert sum(out["deltas"].values()) == 0


@pytest.mark.parametrize("name", FOUR_PLAYER_PRESETS)
def test_open_tanyao_scores_in_every_preset(name: str) -> None:
    out = scored(OPEN_TANYAO, name)
    assert [y["name"] for y in out["yaku"]] == ["All simples"]
    assert out["deltas"]["S"] == 1000


def test_red_fives_count_on_tenhou_and_are_refused_by_ema_and_wrc() -> None:
    red = dict(FOUR_30, hand="234m406p67s22p345s", dora_indicators=[])
    assert scored(red, "tenhou")["aka"] == 1
    assert scored(red, "tenhou")["deltas"]["S"] == 7700
    for name in ("ema", "wrc"):
        with pytest.raises(BadInput):
            scored(red, name)


RENHOU = dict(FOUR_30, riichi=False, dora_indicators=[], renhou=True)  # + pinfu, tanyao


def yaku_names(out: dict[str, Any]) -> list[str]:
    return [y["name"] for y in out["yaku"]]


def test_wrc_renhou_adds_five_han_to_the_other_yaku() -> None:
    out = scored(RENHOU, "wrc")
    assert (out["han"], out["limit"], out["deltas"]["S"]) == (7, "haneman", 12000)


def test_ema_renhou_is_a_strict_mangan_when_the_hand_is_worth_less() -> None:
    out = scored(RENHOU, "ema")
    assert (out["han"], out["limit"], out["deltas"]["S"]) == (5, "mangan", 8000)
    assert yaku_names(out) == ["Blessing of man"]


def test_ema_renhou_gives_way_to_the_hands_own_yaku_when_they_pay_more() -> None:
    # Pinfu, tanyao and four dora (the pair of 2p, indicated twice): 6 han, a haneman.
    rich = dict(RENHOU, dora_indicators=["1p", "1p"])
    out = scored(rich, "ema")
    assert (out["han"], out["limit"], out["deltas"]["S"]) == (6, "haneman", 12000)
    assert "Blessing of man" not in yaku_names(out)


def test_ema_renhou_with_only_dora_beside_it_stays_a_mangan() -> None:
    no_yaku = {"hand": "123m456p789s2255m", "win_tile": "5m", "win": "ron", "discarder": "E",
               "seat_wind": "S", "renhou": True, "dora_indicators": ["4m", "1p"]}
    out = scored(no_yaku, "ema")
    assert (out["han"], out["deltas"]["S"]) == (5, 8000)


def test_renhou_is_not_a_yaku_on_tenhou() -> None:
    assert scored(RENHOU, "tenhou")["deltas"]["S"] == 2000  # pinfu, tanyao: 2 han 30 fu


@pytest.mark.parametrize(("name", "east", "north"), [
    ("mleague", -16000, -16300), ("tenhou", -16300, -16000), ("ema", -16300, -16000)])
def test_who_pays_the_honba_when_a_third_player_deals_in_to_pao(name: str, east: int,
                                                                north: int) -> None:
    out = scored(PAO_RON, name)
    assert out["deltas"] == {"E": east, "S": 32300, "W": 0, "N": north}


# --- table ----------------------------------------------------------------------------


def start(name: str, **fields: Any) -> GameState:
    st = GAME.initial_state(preset(name))
    st.update(fields)  # type: ignore[typeddict-item]  # GameState keys from each test
    return st


def apply(name: str, st: GameState, outcome: dict[str, Any]) -> HandSettlement:
    out = GAME.apply(st, outcome, preset(name))
    assert_zero_sum(out)
    return out


def totals(out: HandSettlement) -> list[int]:
    result = [0, 0, 0, 0]
    for row in out["rows"]:
        result[row["player"]] += row["amount"]
    return result


THREE_RON = {"type": "ron", "wins": [
    {"winner": w, "discarder": 0, "quick": {"han": 1, "fu": 30}} for w in (1, 2, 3)]}


def test_ema_pays_every_ron_winner_with_honba_and_the_pot_to_the_nearest() -> None:
    out = apply("ema", start("ema", honba=1, pot=1000), THREE_RON)
    # 1 han 30 fu = 1000 each, +300 honba each; the pot to South, the discarder's right.
    assert totals(out) == [-3900, 2300, 1300, 1300]


@pytest.mark.parametrize("name", ["wrc", "mleague"])
def test_head_bump_keeps_only_the_first_of_three_callers(name: str) -> None:
    out = apply(name, start(name, honba=1, pot=1000), THREE_RON)
    assert totals(out) == [-1300, 2300, 0, 0]
    assert "sanchahou" not in out["summary"]


def test_tenhou_triple_ron_is_an_abortive_draw() -> None:
    out = apply("tenhou", start("tenhou", honba=1, pot=1000), THREE_RON)
    assert totals(out) == [0, 0, 0, 0]
    assert "sanchahou" in out["summary"]
    assert (out["state"]["dealer"], out["state"]["honba"]) == (0, 2)


def test_tenhou_double_ron_gives_honba_and_pot_to_the_nearest_winner_only() -> None:
    wins = {"type": "ron", "wins": [
        {"winner": w, "discarder": 0, "quick": {"han": 1, "fu": 30}} for w in (2, 3)]}
    out = apply("tenhou", start("tenhou", honba=1, pot=1000), wins)
    assert totals(out) == [-2300, 0, 2300, 1000]


@pytest.mark.parametrize("name", ["ema", "wrc", "mleague"])
def test_tournament_presets_have_no_abortive_draws(name: str) -> None:
    with pytest.raises(BadOutcome):
        apply(name, start(name), {"type": "abortive", "extra": {"kind": "kyuushu_kyuuhai"}})


@pytest.mark.parametrize("name", ["ema", "wrc"])
def test_federation_presets_have_no_nagashi_mangan(name: str) -> None:
    with pytest.raises(BadOutcome):
        apply(name, start(name), {"type": "nagashi", "tenpai": [], "extra": {"nagashi": [1]}})


def south_four(name: str, scores: list[int]) -> GameState:
    return start(name, round_wind="S", hand_number=4, dealer=3, scores=scores)


def test_tenhou_goes_into_the_west_round_when_nobody_reached_30000() -> None:
    win = {"type": "ron", "wins": [{"winner": 1, "discarder": 0, "quick": {"han": 1, "fu": 30}}]}
    scores = [25000, 25000, 25000, 25000]
    out = apply("tenhou", south_four("tenhou", scores), win)
    assert not out["state"]["finished"]
    assert (out["state"]["round_wind"], out["state"]["hand_number"]) == ("W", 1)
    assert apply("ema", south_four("ema", [30000] * 4), win)["state"]["finished"]


def test_tenhou_all_last_dealer_on_top_stops_after_winning() -> None:
    win = {"type": "tsumo", "wins": [{"winner": 3, "quick": {"han": 1, "fu": 30}}]}
    assert apply("tenhou", south_four("tenhou", [20000, 20000, 20000, 40000]),
                 win)["state"]["finished"]
    for name in ("mleague", "wrc"):
        st = south_four(name, [20000, 20000, 20000, 40000])
        assert not apply(name, st, win)["state"]["finished"]


def test_tenhou_ends_on_a_score_below_zero_and_mleague_plays_on() -> None:
    win = {"type": "ron", "wins": [{"winner": 1, "discarder": 0, "quick": {"yakuman": 1}}]}
    assert apply("tenhou", start("tenhou", scores=[20000, 25000, 25000, 30000]),
                 win)["state"]["finished"]
    out = apply("mleague", start("mleague", scores=[20000, 25000, 25000, 30000]), win)
    assert not out["state"]["finished"]
    assert out["state"]["scores"][0] == -12000


def ended(name: str, scores: list[int], pot: int = 0, **extra: Any) -> GameState:
    return start(name, scores=scores, pot=pot, finished=True, extra=extra)


def final_scores(name: str, st: GameState) -> dict[int, float]:
    return {row["player"]: row["score"] for row in GAME.final_table(st, preset(name))}


def test_ema_leftover_sticks_go_to_the_winner_and_ties_share_the_uma() -> None:
    st = ended("ema", [40000, 40000, 20000, 19000], pot=1000)
    # Tied top: 40,000 each -> +10 points, the two top uma shared (15 + 5) / 2; the
    # leftover 1,000 shared too.
    assert final_scores("ema", st) == {0: 20.5, 1: 20.5, 2: -15.0, 3: -26.0}


def test_wrc_chombo_costs_30000_off_the_final_score() -> None:
    st = ended("wrc", [30000, 30000, 30000, 30000], chombo=[0, 1, 0, 0])
    # All tied: the shared uma is 0 each; the 30,000 comes off the offender's overall
    # score alone (a penalty, not a payment: the others gain nothing).
    assert final_scores("wrc", st) == {0: 0.0, 1: -30.0, 2: 0.0, 3: 0.0}


def test_mleague_top_with_40000_scores_plus_60() -> None:
    st = ended("mleague", [40000, 30000, 20000, 10000])
    # (40,000 - 30,000) / 1,000 + 30 uma + 20 oka.
    assert final_scores("mleague", st) == {0: 60.0, 1: 10.0, 2: -20.0, 3: -50.0}


def test_tenhou_breaks_ties_by_seat_order() -> None:
    st = ended("tenhou", [30000, 30000, 20000, 20000])
    assert final_scores("tenhou", st) == {0: 40.0, 1: 10.0, 2: -20.0, 3: -30.0}
