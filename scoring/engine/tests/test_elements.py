"""Every ruleset declares its scoring elements the one way :mod:`scoring.engine.items`
describes: a class each, one instance of each in the tuple its package exports as
``ELEMENTS``, ``ITEMS`` made from it; and nothing registers itself on import."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from scoring.engine import rulesets
from scoring.engine.items import Element, by_key, declared
from scoring.engine.tests.fresh_imports import modules_of

ROOT = Path(__file__).resolve().parents[3]


def _subclasses(cls: type[object]) -> list[type[object]]:
    out: list[type[object]] = []
    subs: list[type[object]] = cls.__subclasses__()
    for sub in subs:
        out += [sub, *_subclasses(sub)]
    return out


def _element_classes(package: ModuleType) -> set[type[object]]:
    """The element classes the package defines that no class of its own builds on (its
    bases, Fan or Yaku, are not elements themselves)."""
    names = modules_of(package)
    for name in names:
        importlib.import_module(name)
    mine = [c for c in _subclasses(Element) if c.__module__ in names]
    return {c for c in mine if not any(issubclass(o, c) and o is not c for o in mine)}


@pytest.mark.parametrize("name", rulesets.names())
def test_a_ruleset_lists_one_instance_of_each_element_class_in_its_elements(name: str) -> None:
    package = rulesets.get(name)
    elements = package.ELEMENTS
    assert isinstance(elements, tuple), f"{name}: ELEMENTS is a tuple, not a list filled later"
    assert elements and all(isinstance(e, Element) for e in elements)
    by_key(elements)  # refuses two elements with one key
    listed = {type(e) for e in elements}
    unlisted = sorted(c.__qualname__ for c in _element_classes(package) - listed)
    assert unlisted == [], f"{name}: element classes its ELEMENTS does not list: {unlisted}"


@pytest.mark.parametrize("name", rulesets.names())
def test_a_rulesets_items_are_its_elements_then_the_items_no_class_scores(name: str) -> None:
    package = rulesets.get(name)
    head = declared(package.ELEMENTS)
    assert list(package.ITEMS[:len(head)]) == head
    extras = {i["key"] for i in package.ITEMS[len(head):]}
    assert extras.isdisjoint(i["key"] for i in head), f"{name}: an extra item is an element"


@pytest.mark.parametrize("name", rulesets.names())
def test_no_module_of_a_ruleset_keeps_its_elements_in_a_list(name: str) -> None:
    for module in modules_of(rulesets.get(name)):
        for attr, value in vars(importlib.import_module(module)).items():
            if isinstance(value, (list, set)):
                held = [v for v in value if isinstance(v, Element)
                        or (isinstance(v, type) and issubclass(v, Element))]
                assert not held, f"{module}.{attr} is a list of elements: list them in a tuple"


def test_importing_every_ruleset_twice_in_a_fresh_interpreter_moves_no_global() -> None:
    answer = subprocess.run([sys.executable, "-m", "scoring.engine.tests.fresh_imports"],
                            cwd=ROOT, capture_output=True, text=True, check=True)
    found = json.loads(answer.stdout)
    assert found["rulesets"] == rulesets.names() and found["modules"] > len(found["rulesets"])
    # Each entry names the import and the globals it moved (module.name).
    assert found["changed"] == {}
