"""The one way to declare a scoring element: elements that apply are listed in order."""

from __future__ import annotations

import pytest

from scoring.engine.items import Element, by_key, declared, hits, items_of, legacy, total
from scoring.engine.result import Unit


class Fan(Element[int]):
    unit: Unit = "fan"


class Double(Fan):
    key, name, native, value = "double", "Double", "双", 2

    def count(self, v: int) -> int:
        return 1 if v % 2 == 0 else 0


class Named(Fan):
    key, name, native = "number", "Number", "数"

    def count(self, v: int) -> int:
        return 1

    def names(self, v: int) -> tuple[str, str]:
        return f"数{v}", f"Number {v}"


class Each(Fan):
    key, name, native = "each", "Each", "每"

    def count(self, v: int) -> int:
        return v // 3


def test_elements_that_do_not_apply_are_left_out() -> None:
    found = hits((Double(), Named()), 3)
    assert items_of(found, 3) == [{"key": "number", "name": "Number 3", "native": "数3",
                                   "value": 1, "unit": "fan", "count": 1}]


def test_elements_are_listed_in_registry_order_with_their_worth() -> None:
    found = hits((Named(), Double(), Each()), 6)
    assert [e.key for e, _ in found] == ["number", "double", "each"]
    assert total(found, 6) == 1 + 2 + 2
    assert legacy(found, 6, "count") == [
        {"name_zh": "数6", "name_en": "Number 6", "count": 1},
        {"name_zh": "双", "name_en": "Double", "count": 2},
        {"name_zh": "每", "name_en": "Each", "count": 2}]


def test_a_counted_element_says_its_value_once_and_how_many() -> None:
    assert items_of(hits((Each(),), 9), 9) == [
        {"key": "each", "name": "Each", "native": "每", "value": 1, "unit": "fan", "count": 3}]


def test_an_element_without_count_cannot_be_registered() -> None:
    class Missing(Fan):
        key, name, native = "missing", "Missing", "缺"

    with pytest.raises(TypeError):
        Missing()  # type: ignore[abstract]


def test_two_elements_with_one_key_are_refused() -> None:
    with pytest.raises(ValueError, match="double"):
        by_key((Double(), Double()))


def test_declared_lists_each_elements_identity() -> None:
    assert declared((Double(),)) == [
        {"key": "double", "name": "Double", "native": "双", "unit": "fan", "value": 2}]
