"""scored(): every yaku and yakuman, fu itemisation, errors, pao, presets."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.rulesets.riichi import PRESETS
from scoring.engine.rulesets.riichi.score import scored

# Hands with 2m-8m and chi: the three-player presets are tested in test_sanma.py.
FOUR_PLAYER_PRESETS = sorted(n for n, p in PRESETS.items()
                             if p["options"].get("players", 4) == 4)


def win(hand: str, win_tile: str, melds: list[str] | None = None, **kw: Any) -> dict[str, Any]:
    request: dict[str, Any] = {"hand": hand, "win_tile": win_tile, "melds": melds or [],
                               "win": kw.pop("win", "ron"), "seat_wind": kw.pop("seat", "S")}
    if request["win"] == "ron":
        request["discarder"] = kw.pop("discarder", "W")
    request.update(kw)
    out = scored(request)
    assert sum(out["deltas"].values()) == out["pot_taken"]
    return out


def names(out: dict[str, Any]) -> set[str]:
    return {y["name_ja"] for y in out["yaku"]}


def refused(code: str, hand: str, win_tile: str, melds: list[str] | None = None,
            **kw: Any) -> str:
    with pytest.raises(EngineError) as info:
        win(hand, win_tile, melds, **kw)
    assert info.value.code == code
    return info.value.message


# --- seed 001's worked example and fu itemisation ------------------------------------

def test_seed_001_non_dealer_tsumo_4_han_30_fu_pays_2000_2000_3900() -> None:
    out = win("234m567p345s5588s", "8s", win="tsumo", riichi=True, dora_indicators=["1m"])
    assert names(out) == {"立直", "門前清自摸和", "断幺九"}
    assert (out["han"], out["fu"], out["dora"], out["base_points"]) == (4, 30, 1, 1920)
    assert out["deltas"] == {"E": -3900, "S": 7900, "W": -2000, "N": -2000}
    assert out["hand_points"] == 7900
    assert out["fu_breakdown"] == [
        {"item": "base", "fu": 20, "detail": "futei"},
        {"item": "meld", "fu": 4, "detail": "ankou 8s"},
        {"item": "tsumo", "fu": 2, "detail": "self-draw"},
        {"item": "rounding", "fu": 4, "detail": "26 -> 30"},
    ]


def test_fu_itemises_kans_pair_wait_and_closed_ron() -> None:
    out = win("78p11z", "9p", ["ankan 1111s", "kan 5555p", "pon 777z"], seat="E",
              discarder="N")
    items = {(i["item"], i["detail"]): i["fu"] for i in out["fu_breakdown"]}
    assert items[("meld", "ankan 1s")] == 32
    assert items[("meld", "minkan 5p")] == 8
    assert items[("meld", "minkou 7z")] == 4
    assert items[("pair", "yakuhai pair 1z")] == 4  # East is seat and round wind
    assert "menzen_ron" not in {i["item"] for i in out["fu_breakdown"]}
    assert out["fu"] == 70  # 20 + 32 + 8 + 4 + 4 = 68, ryanmen, open ron


def test_open_ron_with_no_fu_counts_30() -> None:
    out = win("234m45s88p", "6s", ["chi 234p", "chi 678m"], seat="S")
    assert out["fu"] == 30
    assert {"item": "open_pinfu", "fu": 10,
            "detail": "open hand won by ron with no other fu counts 30"} in out["fu_breakdown"]


def test_open_ron_with_no_fu_is_20_when_the_option_is_off() -> None:
    out = win("234m45s88p", "6s", ["chi 234p", "chi 678m"],
              options={"open_pinfu_ron_fu_30": False})
    assert out["fu"] == 20


def test_open_tsumo_with_no_fu_is_22_rounded_to_30() -> None:
    out = win("234m45s88p", "6s", ["chi 234p", "chi 678m"], win="tsumo")
    assert out["fu"] == 30


def test_pinfu_tsumo_is_20_fu_and_pinfu_ron_30() -> None:
    assert win("234m567p789p45s88p", "3s", win="tsumo")["fu"] == 20
    assert win("234m567p789p45s88p", "3s")["fu"] == 30


def test_no_pinfu_on_tsumo_when_tsumo_fu_is_kept() -> None:
    out = win("234m567p789p45s88p", "3s", win="tsumo", options={"pinfu_tsumo_fu": 2})
    assert "平和" not in names(out) and out["fu"] == 30


def test_seven_pairs_are_25_fu() -> None:
    out = win("1133m4466p77s225z", "5z")
    assert out["fu"] == 25 and names(out) == {"七対子"}


def test_double_wind_pair_is_4_fu_or_2_by_option() -> None:
    kwargs: dict[str, Any] = {"seat": "E", "round_wind": "E", "discarder": "S", "riichi": True}
    four = win("234m567p345s79s11z", "8s", **kwargs)
    two = win("234m567p345s79s11z", "8s", options={"double_wind_pair_fu": 2}, **kwargs)
    assert [i["fu"] for i in four["fu_breakdown"] if i["item"] == "pair"] == [4]
    assert [i["fu"] for i in two["fu_breakdown"] if i["item"] == "pair"] == [2]
    assert four["fu"] == two["fu"] == 40  # 20 + 4|2 + kanchan 2 + closed ron 10


def test_highest_paying_reading_wins_kanchan_over_ryanmen() -> None:
    # Seed 001: 23345m won on 4m is 23-4 (ryanmen) or 3-5 (kanchan, +2 fu). With a
    # dragon pair there is no pinfu, and 20 + 8 + 2 + 10 = 40 becomes 42 -> 50 as kanchan.
    out = win("23345m999p678s55z", "4m", riichi=True)
    assert out["wait"] == "kanchan" and out["fu"] == 50


def test_pinfu_reading_preferred_when_it_pays_more() -> None:
    out = win("23345m678p678s44p", "4m", riichi=True)
    assert "平和" in names(out) and out["wait"] == "ryanmen"


def test_ryanpeikou_beats_seven_pairs() -> None:
    out = win("223344m556677p9s", "9s")
    assert names(out) == {"二盃口"} and out["fu"] == 40


# --- yaku -------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "tile", "melds", "kw", "expected"), [
    ("123m567p345s6688p", "8p", [], {"riichi": True}, {"立直"}),
    ("123m567p345s6688p", "8p", [], {"double_riichi": True}, {"ダブル立直"}),
    ("123m567p345s6688p", "8p", [], {"riichi": True, "ippatsu": True}, {"立直", "一発"}),
    ("123m567p345s6688p", "8p", [], {"win": "tsumo"}, {"門前清自摸和"}),
    ("123m567p345s6688p", "8p", [], {"riichi": True, "open_riichi": True,
                                     "options": {"open_riichi": True}}, {"立直", "オープン立直"}),
    ("123m567p789p45s66p", "3s", [], {}, {"平和"}),
    ("123m567p789p45s66p", "3s", [], {"win": "tsumo"}, {"平和", "門前清自摸和"}),
    ("234m456p45s88p", "6s", ["pon 222s"], {}, {"断幺九"}),
    ("223344m567p67s88p", "5s", [], {"riichi": True}, {"立直", "一盃口", "断幺九", "平和"}),
    ("123m456p789s55z44p", "5z", [], {}, {"翻牌 白"}),
    ("123m456p789s66z44p", "6z", [], {}, {"翻牌 發"}),
    ("123m456p789s77z44p", "7z", [], {}, {"翻牌 中"}),
    ("123m456p789s22z44p", "2z", [], {"seat": "S"}, {"自風 南"}),
    ("123m456p789s22z44p", "2z", [], {"seat": "W", "round_wind": "S", "discarder": "N"},
     {"場風 南"}),
    ("123m456p789s11z44p", "1z", [], {"seat": "E", "discarder": "S"}, {"自風 東", "場風 東"}),
    ("234m567p345s6688p", "8p", [], {"win": "tsumo", "haitei": True},
     {"門前清自摸和", "海底摸月", "断幺九"}),
    ("123m567p345s6688p", "8p", [], {"houtei": True, "riichi": True}, {"立直", "河底撈魚"}),
    ("234m567p45s88p", "6s", ["kan 4444z"], {"win": "tsumo", "rinshan": True}, {"嶺上開花"}),
    ("234m567p345s6688p", "8p", [], {"chankan": True}, {"槍槓", "断幺九"}),
    ("123999m123p12s66z", "3s", [], {}, {"三色同順", "混全帯幺九"}),
    ("123m123p4599s", "3s", ["chi 123s"], {}, {"三色同順"}),
    ("222m22255599p22s", "2s", [], {}, {"三色同刻", "三暗刻", "対々和"}),
    ("123456789m1255p", "3p", [], {}, {"一気通貫"}),
    ("123789m123p99s11z", "1z", [], {"seat": "E", "discarder": "S"},
     {"混全帯幺九", "自風 東", "場風 東"}),
    ("123789m123789p9s", "9s", [], {}, {"純全帯幺九"}),
    ("22m44p666s", "2m", ["pon 333m", "pon 777p"], {}, {"対々和", "断幺九"}),
    ("222m444p666s3488m", "2m", [], {"win": "tsumo"}, {"三暗刻", "門前清自摸和", "断幺九"}),
    ("2m", "2m", ["kan 3333m", "kan 4444p", "kan 6666s", "pon 888s"], {},
     {"三槓子", "対々和", "断幺九"}),
    ("234m55z66z", "6z", ["pon 777z", "chi 456p"], {}, {"小三元", "翻牌 中", "翻牌 發"}),
    ("11m99p", "9p", ["pon 111z", "pon 999s", "pon 111p"], {"seat": "E", "discarder": "S"},
     {"混老頭", "対々和", "自風 東", "場風 東"}),
    ("123456789m33z44z", "3z", [], {}, {"混一色", "一気通貫"}),
    ("2345678999m", "1m", ["chi 123m"], {}, {"清一色", "一気通貫"}),
])
def test_each_yaku_is_recognised(hand: str, tile: str, melds: list[str], kw: dict[str, Any],
                                 expected: set[str]) -> None:
    assert names(win(hand, tile, melds, **kw)) == expected


def test_open_tanyao_needs_kuitan() -> None:
    refused("no_yaku", "234m456p45s88p", "6s", ["pon 222s"], options={"kuitan": False})


def test_renhou_is_off_by_default_and_a_mangan_or_yakuman_by_option() -> None:
    hand, tile = "123m456p789s2255m", "5m"  # no yaku of its own
    refused("no_yaku", hand, tile, renhou=True, discarder="E")
    mangan = win(hand, tile, renhou=True, seat="S", discarder="E", options={"renhou": "mangan"})
    assert names(mangan) == {"人和"} and mangan["limit"] == "mangan"
    yakuman = win(hand, tile, renhou=True, seat="S", discarder="E", options={"renhou": "yakuman"})
    assert yakuman["yakuman"] == 1 and names(yakuman) == {"人和"}


# --- yakuman ----------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "tile", "melds", "kw", "expected", "multiple"), [
    ("1m19p19s12345677z", "9m", [], {}, {"国士無双"}, 1),
    ("19m19p1s12345677z", "9s", [], {}, {"国士無双"}, 1),
    ("119m19p19s123456z", "7z", [], {}, {"国士無双"}, 1),
    ("222m444p666s8899m", "8m", [], {"win": "tsumo"}, {"四暗刻"}, 1),
    ("222m444p666s888m9m", "9m", [], {}, {"四暗刻単騎"}, 2),
    ("1z234m", "1z", ["pon 555z", "pon 666z", "pon 777z"], {}, {"大三元"}, 1),
    ("1122z", "2z", ["pon 333z", "pon 444z", "chi 123m"], {}, {"小四喜"}, 1),
    ("111222333z4m", "4m", ["pon 444z"], {}, {"大四喜"}, 2),
    ("1112z", "2z", ["pon 555z", "pon 666z", "pon 777z"], {}, {"字一色", "大三元"}, 2),
    ("111m999p1s", "1s", ["pon 999s", "pon 111p"], {}, {"清老頭"}, 1),
    ("23466s88s", "8s", ["pon 666z", "chi 234s"], {}, {"緑一色"}, 1),
    ("1112345567899m", "9m", [], {}, {"九蓮宝燈"}, 1),
    ("1112345678999m", "5m", [], {}, {"純正九蓮宝燈"}, 2),
    ("5m", "5m", ["kan 1111m", "ankan 2222p", "kan 3333s", "kakan 4444z"], {}, {"四槓子"}, 1),
    ("234m567p345s6688p", "8p", [], {"win": "tsumo", "seat": "E", "tenhou": True},
     {"天和"}, 1),
    ("234m567p345s6688p", "8p", [], {"win": "tsumo", "chiihou": True}, {"地和"}, 1),
    ("2233445566778p", "8p", [], {"options": {"daisharin": True}},
     {"大車輪"}, 1),
])
def test_each_yakuman_is_recognised(hand: str, tile: str, melds: list[str], kw: dict[str, Any],
                                    expected: set[str], multiple: int) -> None:
    out = win(hand, tile, melds, **kw)
    assert names(out) == expected
    assert out["yakuman"] == multiple
    assert out["base_points"] == 8000 * multiple


def test_kokushi_13_sided_wait_is_double() -> None:
    out = win("19m19p19s1234567z", "1z")
    assert names(out) == {"国士無双十三面"} and out["yakuman"] == 2
    assert out["deltas"]["S"] == 64000


def test_double_yakuman_off_counts_them_single() -> None:
    out = win("19m19p19s1234567z", "1z", options={"double_yakuman": False})
    assert out["yakuman"] == 1 and out["limit"] == "yakuman"


def test_yakuman_do_not_stack_when_the_option_is_off() -> None:
    out = win("1112z", "2z", ["pon 555z", "pon 666z", "pon 777z"],
              options={"yakuman_stacking": False})
    assert out["yakuman"] == 1 and len(out["yaku"]) == 1


def test_suuankou_by_ron_on_a_shanpon_is_only_sanankou_toitoi() -> None:
    out = win("222m444p666s8899m", "8m")
    assert out["yakuman"] == 0 and {"三暗刻", "対々和"} <= names(out)


def test_dealer_yakuman_ron_is_48000() -> None:
    out = win("1z234m", "1z", ["pon 555z", "pon 666z", "pon 777z"], seat="E", discarder="N")
    assert out["deltas"] == {"E": 48000, "S": 0, "W": 0, "N": -48000}


def test_kazoe_yakuman_from_13_han() -> None:
    # riichi, tsumo, pinfu, iipeikou, chinitsu = 10 han, plus 3 dora (indicator 1m -> 2m)
    out = win("1122334567899m", "6m", win="tsumo", riichi=True, dora_indicators=["1m", "1m"])
    assert out["limit"] == "kazoe yakuman" and out["base_points"] == 8000
    assert out["yakuman"] == 0 and out["han"] >= 13


# --- pao through scored() ------------------------------------------------------------

PAO_HAND: dict[str, Any] = {"hand": "45p11s", "win_tile": "6p",
            "melds": ["pon 555z", "pon 666z", "pon 777z from N"], "seat": "E",
            "honba": 1, "riichi_sticks": 1, "pao": "N"}


def test_pao_dealer_tsumo_daisangen_fed_by_north() -> None:
    kw = dict(PAO_HAND)
    out = win(kw.pop("hand"), kw.pop("win_tile"), kw.pop("melds"), win="tsumo", **kw)
    assert [out["deltas"][s] for s in "ESWN"] == [49300, 0, 0, -48300]


def test_pao_ron_from_west_splits_with_north() -> None:
    kw = dict(PAO_HAND)
    out = win(kw.pop("hand"), kw.pop("win_tile"), kw.pop("melds"), discarder="W", **kw)
    assert [out["deltas"][s] for s in "ESWN"] == [49300, 0, -24300, -24000]


def test_pao_ron_from_north_pays_all() -> None:
    kw = dict(PAO_HAND)
    out = win(kw.pop("hand"), kw.pop("win_tile"), kw.pop("melds"), discarder="N", **kw)
    assert [out["deltas"][s] for s in "ESWN"] == [49300, 0, 0, -48300]


def test_pao_on_a_hand_without_a_pao_yakuman_is_refused() -> None:
    message = refused("bad_input", "234m567p345s6688p", "8p", riichi=True, pao="N")
    assert "pao" in message


# --- errors -------------------------------------------------------------------------

def test_not_a_winning_hand() -> None:
    refused("not_a_winning_hand", "234m567p345s6689p", "1z")


def test_dora_alone_is_not_a_yaku() -> None:
    message = refused("no_yaku", "234m567p34s88p", "5s", ["chi 123m"], dora_indicators=["1m"])
    assert "dora" in message


@pytest.mark.parametrize("kw", [
    {"discarder": "S"},  # ron from the winner's own seat
    {"win": "tsumo", "discarder": "W"},
    {"win": "tsumo", "chankan": True},
    {"houtei": True, "win": "tsumo"},
    {"haitei": True},
    {"ippatsu": True},
    {"rinshan": True, "win": "tsumo"},
    {"tenhou": True, "win": "tsumo"},  # S is not the dealer
    {"chiihou": True},
    {"renhou": True, "seat": "E", "discarder": "S"},
    {"ura_indicators": ["1m"]},  # without riichi
    {"riichi": True, "seat": "X"},
    {"honba": -1},
])
def test_contradictory_requests_are_bad_input(kw: dict[str, Any]) -> None:
    refused("bad_input", "234m567p345s6688p", "8p", **kw)


def test_riichi_with_an_open_hand_is_bad_input() -> None:
    refused("bad_input", "234m456p45s88p", "6s", ["pon 222s"], riichi=True)


@pytest.mark.parametrize(("code", "hand", "tile"), [
    ("bad_tile", "234m567p345s66x8p", "8p"),
    ("bad_tile", "234m567p345s6688p", "8z"),
    ("too_many_copies", "2222m567p345s668p", "2m"),
    ("wrong_tile_count", "234m567p345s668p", "8p"),
])
def test_tile_errors_come_from_the_notation(code: str, hand: str, tile: str) -> None:
    refused(code, hand, tile)


def test_red_fives_beyond_the_set_are_refused() -> None:
    refused("bad_input", "234m005p345s6688p", "8p")
    refused("bad_input", "234m067p345s6688p", "8p", options={"red_fives": 0})


def test_red_fives_count_as_aka_dora() -> None:
    out = win("234m067p345s6688p", "8p", riichi=True)
    assert out["aka"] == 1 and out["han"] == 3  # riichi, tanyao, aka


def test_ura_dora_count_with_riichi() -> None:
    out = win("234m567p345s6688p", "8p", riichi=True, ura_indicators=["7p"])
    assert out["ura"] == 3


def test_unknown_preset_is_bad_option() -> None:
    refused("bad_option", "234m567p345s6688p", "8p", options={"preset": "nope"})


def test_nagashi_mangan_pays_a_mangan_tsumo() -> None:
    out = scored({"nagashi_mangan": True, "seat_wind": "W", "honba": 0, "riichi_sticks": 0})
    assert out["deltas"] == {"E": -4000, "S": -2000, "W": 8000, "N": -2000}


@pytest.mark.parametrize("preset", FOUR_PLAYER_PRESETS)
def test_every_preset_scores_a_hand(preset: str) -> None:
    out = win("234m567p345s6688p", "8p", riichi=True, options={"preset": preset})
    assert out["han"] == 2 and out["fu"] == 40


def test_preset_with_overrides() -> None:
    out = win("234m567p345s6688p", "8p", riichi=True, dora_indicators=["1m", "4p"],
              options={"preset": "ema", "kiriage": True})
    assert out["han"] == 4 and out["limit"] == "mangan"


def test_every_feature_a_yaku_needs_is_one_the_registry_computes() -> None:
    from scoring.engine.rulesets.riichi.features import BIT
    from scoring.engine.rulesets.riichi.yaku import YAKU
    from scoring.engine.rulesets.riichi.yakuman import YAKUMAN

    unknown = {(y.name, n) for y in YAKU + YAKUMAN for n in y.needs if n not in BIT}
    assert unknown == set()
