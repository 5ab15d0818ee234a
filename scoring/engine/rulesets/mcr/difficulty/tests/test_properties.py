"""Properties of the exact counts: closed forms, implications, partitions, symmetry."""

from __future__ import annotations

from functools import cache
from math import comb
from typing import Any

import pytest

from scoring.engine.rulesets.mcr.difficulty import MODELS, fan_entry
from scoring.engine.rulesets.mcr.difficulty.engine import Count, count
from scoring.engine.rulesets.mcr.difficulty.fans import (
    DifficultyFan,
    FullFlush,
    HalfFlush,
)
from scoring.engine.rulesets.mcr.difficulty.readings import HONOUR_GROUP, Reading

BY_NAME = {f.name_zh: f for f in MODELS}


@cache
def _entry(name_zh: str) -> dict[str, Any]:
    return fan_entry(BY_NAME[name_zh])


def _weighted(name_zh: str, which: str) -> int:
    return int(_entry(name_zh)["counts"][which]["weighted"])


P = comb(4, 3)  # physical pungs of one kind
PAIR = comb(4, 2)

CORE_CLOSED_FORMS: dict[str, int] = {
    "大三元": (P * 4) ** 3,
    "大四喜": (P * 4) ** 4,
    "小三元": 3 * (P * 4) ** 2 * PAIR,
    "小四喜": 4 * (P * 4) ** 3 * PAIR,
    "三风刻": 4 * (P * 4) ** 3,
    "箭刻": 3 * P * 4,
    "一般高": 3 * 7 * PAIR**3 * 2**2,
    "一色四同顺": 3 * 7 * 1 * 2**4,
    "一色三同顺": 3 * 7 * P**3 * 2**3,
    "三同刻": 9 * (P * 4) ** 3,
    "清龙": 3 * 4**9 * 2**3,
    "花龙": 6 * 4**9 * 2**3,
    "组合龙": 6 * 4**9,
    "四暗刻": comb(34, 4) * P**4,
    "四杠": comb(34, 4) * 4**4,
    "三杠": comb(34, 3) * 4**3,
    "双暗杠": comb(34, 2),
    "双明杠": comb(34, 2) * 3**2,
    "暗杠": 34,
    "明杠": 34 * 3,
    "四归一": 34,
}


@pytest.mark.parametrize("name", sorted(CORE_CLOSED_FORMS))
def test_core_count_equals_its_closed_form(name: str) -> None:
    assert _weighted(name, "zupai") == CORE_CLOSED_FORMS[name]


def _big_three_dragons_hands() -> int:
    # The free set and pair from the 31 other kinds: pung + pair, or chow + pair where
    # a pair on one of the chow's kinds leaves C(4,3) ways for that kind.
    pung_pair = 31 * P * 4 * 30 * PAIR
    chow_pair = 21 * 2 * 4**3 * (28 * PAIR + 3 * 1)
    return (P * 4) ** 3 * (pung_pair + chow_pair)


HAND_CLOSED_FORMS: dict[str, int] = {
    "大三元": _big_three_dragons_hands(),
    "四杠": comb(34, 4) * 30 * PAIR * 4**4,
    "十三幺": 13 * PAIR * 4**12,
    "三色双龙会": 3 * (4**6) ** 2 * PAIR * 2**4,
    "一色四同顺": 21 * 31 * PAIR * 2**4,
    "连七对": 3 * 3 * PAIR**7,
    "碰碰和": comb(34, 4) * P**4 * 30 * PAIR * 4**4,
}


@pytest.mark.parametrize("name", sorted(HAND_CLOSED_FORMS))
def test_winning_hand_count_equals_its_closed_form(name: str) -> None:
    assert _weighted(name, "hupai") == HAND_CLOSED_FORMS[name]


# (A, B): every hand showing A shows B with at least A's meld factor.
IMPLIED = [
    ("九莲宝灯", "清一色"),
    ("连七对", "七对"),
    ("连七对", "清一色"),
    ("一色双龙会", "清一色"),
    ("一色双龙会", "平和"),
    ("三色双龙会", "喜相逢"),
    ("三色双龙会", "老少副"),
    ("大四喜", "三风刻"),
    ("大四喜", "碰碰和"),
    ("小四喜", "三风刻"),
    ("大三元", "双箭刻"),
    ("小三元", "双箭刻"),
    ("双箭刻", "箭刻"),
    ("四暗刻", "三暗刻"),
    ("三暗刻", "双暗刻"),
    ("四暗刻", "碰碰和"),
    ("一色四同顺", "一色三同顺"),
    ("一色三同顺", "一般高"),
    ("一色四节高", "一色三节高"),
    ("一色四节高", "碰碰和"),
    ("一色四步高", "一色三步高"),
    ("三同刻", "双同刻"),
    ("三色三同顺", "喜相逢"),
    ("全双刻", "碰碰和"),
    ("全双刻", "断幺"),
    ("全大", "大于五"),
    ("全小", "小于五"),
    ("全中", "断幺"),
    ("清一色", "缺一门"),
    ("清一色", "无字"),
    ("字一色", "缺一门"),
    ("绿一色", "缺一门"),
    ("推不倒", "缺一门"),
    ("清幺九", "无字"),
    ("十三幺", "五门齐"),
    ("七星不靠", "全不靠"),
    ("七星不靠", "五门齐"),
    ("平和", "无字"),
]


@pytest.mark.parametrize(("strong", "weak"), IMPLIED, ids=[f"{a}>{b}" for a, b in IMPLIED])
def test_a_fan_implied_by_another_is_no_harder(strong: str, weak: str) -> None:
    assert _weighted(weak, "hupai") >= _weighted(strong, "hupai")
    assert _entry(weak)["hupai_index"] <= _entry(strong)["hupai_index"]


def _in_suit(suit: int, base: type[DifficultyFan]) -> DifficultyFan:
    def local(self: DifficultyFan, r: Reading) -> object:
        if r.size and r.g not in (suit, HONOUR_GROUP):
            return None
        return base.local(self, r)

    fan: DifficultyFan = type(f"{base.__name__}In{suit}", (base,), {"local": local})()
    return fan


@pytest.mark.parametrize("base", [FullFlush, HalfFlush], ids=["清一色", "混一色"])
def test_flush_counts_split_evenly_across_the_three_suits(base: type[DifficultyFan]) -> None:
    parts = [count(_in_suit(s, base), whole=True) for s in range(3)]
    whole = count(base(), whole=True)
    assert parts[0] == parts[1] == parts[2]
    assert whole == Count(sum(p.weighted for p in parts), sum(p.hands for p in parts))


@pytest.mark.parametrize(
    ("a", "b"),
    [("全大", "全小"), ("大于五", "小于五"), ("圈风刻", "门风刻"), ("门前清", "不求人")],
)
def test_mirror_and_twin_fans_have_equal_counts(a: str, b: str) -> None:
    assert _entry(a)["counts"] == _entry(b)["counts"]


@pytest.mark.parametrize("fan", MODELS, ids=[f.name_zh for f in MODELS])
def test_counts_are_integers_within_the_random_combinations(fan: DifficultyFan) -> None:
    e = _entry(fan.name_zh)
    for which in ("zupai", "hupai"):
        c = e["counts"][which]
        assert isinstance(c["weighted"], int) and isinstance(c["hands"], int)
        assert 0 < c["hands"] <= c["weighted"]
        assert c["hands"] < c["random"] == comb(136, c["tiles"])
    if fan.core is None:
        assert e["zupai_index"] == e["hupai_index"]


def test_no_fan_has_more_hands_than_there_are_winning_hands() -> None:
    winning = _entry("门前清")["counts"]["hupai"]["hands"]
    for fan in MODELS:
        if fan.kongs == 0:
            assert _entry(fan.name_zh)["counts"]["hupai"]["hands"] <= winning
