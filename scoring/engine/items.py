"""The one way a ruleset declares a scoring element (yaku, fan, 嘴子, 支番 ...).

An element is one small class with its identity as class attributes and one method::

    class FullFlush(Fan):                    # Fan = Element[View] with unit = "fan"
        key, name, native, value = "full_flush", "Full flush", "清一色", 2

        def count(self, v: View) -> int:     # how many times the hand holds it
            return 1 if len(suits_held(v.ctx.counts)) == 1 else 0

``key`` is a stable id (the site and the statistics group by it), ``name`` the English
name (a msgid the site translates), ``native`` the players' own name, ``unit`` what
``value`` counts (see :data:`scoring.engine.result.Unit`) and ``value`` what one
occurrence is worth. ``count(view)`` says how many occurrences the hand has (0: none);
the element is then worth ``value * count``. An element whose one occurrence is worth a
figure of the table's options or of the hand overrides :meth:`Element.each`; one whose
worth depends on the hand beyond that (riichi's open-hand reduction, Ji'an's hand shape)
overrides :meth:`Element.worth` and :meth:`Element.item`; one named after the hand
(riichi's seat wind) overrides :meth:`Element.names`.

A ruleset keeps its elements in a registry, a tuple of instances evaluated in order:
:func:`hits` gives the elements present with their counts, :func:`items_of` the
contract's items (:class:`scoring.engine.result.Item`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Generic, TypedDict, TypeVar

from .result import Item, Unit

V = TypeVar("V")


class Element(ABC, Generic[V]):
    """One scoring element of a ruleset; see the module docstring."""

    # Class attributes as a rule; a ruleset may set them per instance when one class
    # serves several elements (riichi's dragon triplets).
    key: str
    name: str
    native: str
    unit: Unit
    value: int = 1

    @abstractmethod
    def count(self, v: V) -> int:
        """How many times the hand seen through ``v`` holds this element (0: not at all)."""

    def each(self, v: V) -> int:
        """What one occurrence is worth: ``value``, or a figure the table's options or the
        hand set (Taiwan's 門清自摸, Hong Kong's limit hands)."""
        return self.value

    def worth(self, v: V, n: int) -> int:
        """What ``n`` occurrences are worth in :attr:`unit`."""
        return self.each(v) * n

    def names(self, v: V) -> tuple[str, str]:
        """(native, English) as shown; an element named after the hand overrides this."""
        return self.native, self.name

    def item(self, v: V, n: int) -> Item:
        native, name = self.names(v)
        return Item(key=self.key, name=name, native=native, value=self.each(v),
                    unit=self.unit, count=n)


def hits(registry: Iterable[Element[V]], view: V) -> list[tuple[Element[V], int]]:
    """(element, count) for every element of ``registry`` the hand holds, in order."""
    out = []
    for element in registry:
        n = element.count(view)
        if n:
            out.append((element, n))
    return out


def total(found: Iterable[tuple[Element[V], int]], view: V) -> int:
    return sum(e.worth(view, n) for e, n in found)


def items_of(found: Iterable[tuple[Element[V], int]], view: V) -> list[Item]:
    return [e.item(view, n) for e, n in found]


def legacy(found: Iterable[tuple[Element[V], int]], view: V, key: str = "fan"
           ) -> list[dict[str, object]]:
    """``{"name_zh", "name_en", key: worth}`` per element: the Chinese rulesets' older
    response fields (``fans[].fan``, ``mouths[].count``), kept for the API's callers."""
    out: list[dict[str, object]] = []
    for e, n in found:
        native, name = e.names(view)
        out.append({"name_zh": native, "name_en": name, key: e.worth(view, n)})
    return out


def by_key(registry: Sequence[Element[V]]) -> dict[str, Element[V]]:
    """The registry by key; refuses two elements with one key (keys are stable ids)."""
    out: dict[str, Element[V]] = {}
    for e in registry:
        if e.key in out:
            raise ValueError(f"two scoring elements share the key {e.key!r}")
        out[e.key] = e
    return out


class ItemInfo(TypedDict):
    """An element's identity as data: what a package lists in ``ITEMS``."""

    key: str
    name: str  # English (a msgid)
    native: str
    unit: Unit
    value: int  # per occurrence; 0 where it depends on the hand


def info(key: str, name: str, native: str, unit: Unit, value: int = 1) -> ItemInfo:
    """An item a ruleset lists without an element class (dora, a quick entry's fan...)."""
    return ItemInfo(key=key, name=name, native=native, unit=unit, value=value)


def listed(i: ItemInfo, count: int = 1, value: int | None = None) -> Item:
    """The contract item of ``i``, held ``count`` times (``value`` when it varies)."""
    return Item(key=i["key"], name=i["name"], native=i["native"],
                value=i["value"] if value is None else value, unit=i["unit"], count=count)


def declared(registry: Iterable[Element[V]]) -> list[ItemInfo]:
    """Each element's identity as data (key, English, native, unit, value), for the site's
    reference pages and its generated msgid list."""
    return [info(e.key, e.name, e.native, e.unit, e.value) for e in registry]
