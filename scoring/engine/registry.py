"""The shape every Chinese ruleset's scoring items share: one small class per fan (番,
嘴子...) with a native and an English name and ``count(view) -> int``, and a registry
(a tuple of instances) evaluated in order for one hand."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import ClassVar, Generic, TypeVar

V = TypeVar("V")


class Counted(ABC, Generic[V]):
    name_zh: ClassVar[str]
    name_en: ClassVar[str]

    @abstractmethod
    def count(self, v: V) -> int:
        """How many this item is worth for the hand seen through ``v`` (0: does not apply)."""

    def names(self, v: V) -> tuple[str, str]:
        """(native, English) name as shown; an item named after the hand overrides this."""
        return self.name_zh, self.name_en


def tally(registry: Iterable[Counted[V]], view: V, key: str = "fan") -> list[dict[str, object]]:
    """``{"name_zh", "name_en", key: n}`` for every item of ``registry`` that applies."""
    out: list[dict[str, object]] = []
    for item in registry:
        n = item.count(view)
        if n:
            name_zh, name_en = item.names(view)
            out.append({"name_zh": name_zh, "name_en": name_en, key: n})
    return out
