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

Every ruleset declares its elements one way, so that importing it changes nothing but its
own modules' names:

* one class per element (a base class may derive the identity once, in
  ``__init_subclass__``, from a table the ruleset keeps: MCR's fan table by ``id``,
  riichi's key from the class name);
* one instance of each listed in a plain tuple, evaluated in order, which the package
  exports as ``ELEMENTS`` (it may be joined from tuples of a kind, Hong Kong's limit
  hands, MCR's 88- to 12- and 8- to 1-fan modules);
* nothing registers itself: no decorator, no list filled at import. A ruleset that needs
  its elements by key or by kind works it out from the tuple (:func:`by_key`);
* ``ITEMS``, what the site lists, is ``(*declared(ELEMENTS), *extras)``: each element's
  identities (:meth:`Element.listing`; one, or one per name an element takes after the
  hand) and, after them, the items no class scores (:func:`info`: dora, a typed-in fan).

``scoring/engine/tests/test_elements.py`` holds every package to this and imports each
module of every ruleset twice, in a fresh interpreter, to see that no global moved.

:func:`hits` gives the elements of a tuple present in a hand with their counts,
:func:`items_of` the contract's items (:class:`scoring.engine.result.Item`).
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

    def listing(self) -> tuple[ItemInfo, ...]:
        """The element's identity as data, for ``ITEMS``: one, or one per name an element
        named after the hand can take (riichi's seat wind, Ji'an's hand shape)."""
        return (info(self.key, self.name, self.native, self.unit, self.value),)


def hits(elements: Iterable[Element[V]], view: V) -> list[tuple[Element[V], int]]:
    """(element, count) for every one of ``elements`` the hand holds, in order."""
    out = []
    for element in elements:
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


def by_key(elements: Sequence[Element[V]]) -> dict[str, Element[V]]:
    """The elements by key; refuses two elements with one key (keys are stable ids)."""
    out: dict[str, Element[V]] = {}
    for e in elements:
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


def declared(elements: Iterable[Element[V]]) -> list[ItemInfo]:
    """Each element's identities as data (key, English, native, unit, value), in order: the
    head of a package's ``ITEMS``, for the site's reference pages and its msgid list."""
    return [i for e in elements for i in e.listing()]
