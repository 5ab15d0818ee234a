"""The rulesets, discovered: every package under this directory is one.

A ruleset is a package ``scoring.engine.rulesets.<name>`` that owns its rules end to end and
exports these module-level names (:data:`CONTRACT`; ``tests/test_packages.py`` checks every
package, and the engine README's "Adding a ruleset" shows a whole toy one):

``NAME: str``, ``TITLE: str`` (English), ``TITLE_NATIVE: str`` (e.g. ``"立直麻雀"``),
``DESCRIPTION: str`` (one English sentence for the home page), ``ORDER: int`` (where the
site lists it)
    English texts are msgids the site translates (``scoring/engine_texts.py``).
``Options``
    frozen dataclass of rule variants (see :mod:`scoring.engine.options`).
``PRESETS: dict[str, dict]``
    preset name -> ``{"title": str, "options": {overrides}}``.
``score(request: dict) -> dict``
    score one win; the JSON contract of ``python -m scoring.engine score`` and
    ``POST /api/score/``, with the result contract of :mod:`scoring.engine.result`.
    Raises :class:`~scoring.engine.errors.EngineError`.
``game: GameRules``
    the table-level rules (see :mod:`scoring.engine.game`): dealer rotation, outcomes,
    settlement of each recorded hand and of the game's end.
``entry_spec(options) -> EntrySpec``
    what its record form asks and its requests accept (see :mod:`scoring.engine.entry`).
``ELEMENTS: tuple[Element, ...]``
    its scoring elements, one instance of each class, in the order it asks them (see
    :mod:`scoring.engine.items`: the one way to declare them; nothing registers itself).
``ITEMS: tuple[ItemInfo, ...]``
    every item it can list, for the site's reference pages and the msgids of their names:
    ``(*declared(ELEMENTS), *extras)``, the extras being items no class scores.

Optional: its capabilities (:mod:`scoring.engine.capabilities`: ``WIN_SHAPES``,
``WIN_WORDS``, ``ANALYSER_FIELDS``, ``STAKE_UNIT``, ``DANGER_TOOL``...), each with a
default; and a ``site`` subpackage, a Django app with the ruleset's own pages
(:func:`site_apps`), never imported by the engine.

Packages are imported lazily: discovering the names reads the directory, so a CLI call
for one ruleset does not load the others. :func:`available` imports them all, for the
site's lists, in ``ORDER``.

Test-only rulesets: :data:`EXTRA_ENV` (``MJ_EXTRA_RULESETS``) names, comma-separated,
more packages whose subpackages are rulesets found the same way (the test suite sets it to
``scoring.engine.tests.extra_rulesets``, home of the toy ruleset, so that the suite and
its live servers play one more ruleset than the site ships). A production site leaves it
unset and offers only these. :func:`shipped` names the rulesets of this directory alone
(the generated msgids and their translations are theirs).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

from ..errors import UnknownRuleset

CONTRACT: tuple[str, ...] = ("NAME", "TITLE", "TITLE_NATIVE", "DESCRIPTION", "ORDER",
                             "Options", "PRESETS", "score", "game", "entry_spec", "ELEMENTS",
                             "ITEMS")

_HERE = [str(Path(__file__).parent)]
EXTRA_ENV = "MJ_EXTRA_RULESETS"


class Found(NamedTuple):
    names: list[str]  # sorted
    homes: dict[str, str]  # name -> the package holding it ("scoring.engine.rulesets")
    places: dict[str, Path]  # name -> its directory
    shipped: frozenset[str]


# What was found, by where it was looked for (this directory, and the variable's packages
# as the process has it now): listing a directory costs more than scoring a hand, and
# every score request asks.
_FOUND: dict[tuple[tuple[str, ...], str], Found] = {}


def _packages_in(roots: Iterable[str]) -> list[tuple[str, Path]]:
    return sorted((m.name, Path(str(getattr(m.module_finder, "path", "")), m.name))
                  for m in pkgutil.iter_modules(list(roots)) if m.ispkg
                  and not m.name.startswith("_"))


def _extra_roots(extra: str) -> list[tuple[str, list[str]]]:
    out = []
    for home in (part.strip() for part in extra.split(",")):
        if not home:
            continue
        spec = importlib.util.find_spec(home)
        if spec is None or not spec.submodule_search_locations:
            raise UnknownRuleset(f"{EXTRA_ENV} names {home!r}, which is not a package of "
                                 "ruleset packages")
        out.append((home, list(spec.submodule_search_locations)))
    return out


def _found() -> Found:
    extra = os.environ.get(EXTRA_ENV, "")
    where = (tuple(_HERE), extra)
    found = _FOUND.get(where)
    if found is None:
        homes: dict[str, str] = {}
        places: dict[str, Path] = {}
        for home, roots in [(__name__, list(_HERE)), *_extra_roots(extra)]:
            for name, place in _packages_in(roots):
                if name in homes and homes[name] != home:
                    raise UnknownRuleset(f"two rulesets are called {name!r}: in {homes[name]} "
                                         f"and in {home} ({EXTRA_ENV})")
                homes.setdefault(name, home)
                places.setdefault(name, place)
        shipped = frozenset(n for n, home in homes.items() if home == __name__)
        found = _FOUND[where] = Found(sorted(homes), homes, places, shipped)
    return found


def names() -> list[str]:
    """Every ruleset package's name, found in this directory (and the test-only packages of
    :data:`EXTRA_ENV`) without importing them (read once per process)."""
    return list(_found().names)


def shipped() -> list[str]:
    """The rulesets of this directory: what the site ships, without the test-only ones."""
    return [name for name in names() if name in _found().shipped]


def available() -> list[str]:
    """Names of the rulesets present, in the order the site lists them (``ORDER``)."""
    found = [(int(getattr(get(name), "ORDER", 1000)), name) for name in names()]
    return [name for _, name in sorted(found)]


def module_of(name: str) -> str:
    """The module name of the ruleset ``name`` (``scoring.engine.rulesets.riichi``), without
    importing it."""
    found = _found()
    if name not in found.homes:
        raise UnknownRuleset(
            f"unknown ruleset {repr(name)[:60]}; choose one of: {', '.join(available())}")
    return f"{found.homes[name]}.{name}"


def get(name: object) -> ModuleType:
    if not isinstance(name, str) or name not in _found().homes:
        raise UnknownRuleset(
            f"unknown ruleset {repr(name)[:60]}; choose one of: {', '.join(available())}")
    module = module_of(name)
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name == module:
            raise UnknownRuleset(f"the ruleset '{name}' is not installed") from exc
        raise


def site_apps() -> list[str]:
    """The module names of the packages' ``site`` apps (a ``site/apps.py`` beside the
    package's ``__init__``), found by their files: the site's settings install them."""
    found = _found()
    return [f"{found.homes[name]}.{name}.site" for name in found.names
            if (found.places[name] / "site" / "apps.py").is_file()]


def missing(pkg: ModuleType) -> list[str]:
    """The names of :data:`CONTRACT` that ``pkg`` does not export."""
    return [attr for attr in CONTRACT if not hasattr(pkg, attr)]


def __getattr__(attr: str) -> Any:
    # RULESET_NAMES is worked out on first use (it imports every package, for the order).
    if attr == "RULESET_NAMES":
        return tuple(available())
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")
