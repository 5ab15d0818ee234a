"""The shared fan registry: items that apply are listed in registry order."""

from __future__ import annotations

import pytest

from scoring.engine.registry import Counted, tally


class Double(Counted[int]):
    name_zh, name_en = "双", "Double"

    def count(self, v: int) -> int:
        return 2 if v % 2 == 0 else 0


class Named(Counted[int]):
    name_zh, name_en = "数", "Number"

    def count(self, v: int) -> int:
        return 1

    def names(self, v: int) -> tuple[str, str]:
        return f"数{v}", f"Number {v}"


def test_items_that_do_not_apply_are_left_out() -> None:
    assert tally((Double(), Named()), 3) == [
        {"name_zh": "数3", "name_en": "Number 3", "fan": 1}]


def test_items_are_listed_in_registry_order_under_the_given_key() -> None:
    assert tally((Named(), Double()), 4, "count") == [
        {"name_zh": "数4", "name_en": "Number 4", "count": 1},
        {"name_zh": "双", "name_en": "Double", "count": 2}]


def test_an_item_without_count_cannot_be_registered() -> None:
    class Missing(Counted[int]):
        name_zh, name_en = "缺", "Missing"

    with pytest.raises(TypeError):
        Missing()  # type: ignore[abstract]
