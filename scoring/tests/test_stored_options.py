"""A table's stored options are built into its ruleset's Options once per process
(scoring.registry.Ruleset.options_from_snapshot): the same Options build_options gives,
shared only because nothing can change one, and a refusal each time it is asked."""

from __future__ import annotations

import dataclasses

import pytest

from scoring import registry
from scoring.engine.errors import BadOption
from scoring.engine.options import build_options


def test_stored_options_are_built_once_and_equal_a_fresh_build() -> None:
    ruleset = registry.get("riichi")
    stored = ruleset.resolve("", {"bust_ends_game": False,
                                  "double_yakuman_hands": ["kokushi_13"]})
    built = ruleset.options_from_snapshot(stored)
    assert built == build_options(ruleset.options_class, stored)
    # The same stored options in another key order are the same Options.
    assert ruleset.options_from_snapshot(dict(reversed(list(stored.items())))) is built
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.bust_ends_game = True  # a shared Options stays as built
    assert all(not isinstance(getattr(built, f.name), list | dict | set)
               for f in dataclasses.fields(built))


def test_refused_stored_options_are_refused_every_time() -> None:
    ruleset = registry.get("riichi")
    for _ in range(2):
        with pytest.raises(BadOption, match="unknown option 'no_such'"):
            ruleset.options_from_snapshot({"no_such": 1})
    with pytest.raises(BadOption):
        ruleset.options_from_snapshot({1: True})  # type: ignore[dict-item]
