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
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

from ..errors import UnknownRuleset

CONTRACT: tuple[str, ...] = ("NAME", "TITLE", "TITLE_NATIVE", "DESCRIPTION", "ORDER",
                             "Options", "PRESETS", "score", "game", "entry_spec", "ELEMENTS",
                             "ITEMS")

_HERE = [str(Path(__file__).parent)]


# The directories read, and the names found there: listing a directory costs more than
# scoring a hand, and every score request asks (a test adds a directory to ``_HERE``).
_FOUND: dict[tuple[str, ...], tuple[list[str], frozenset[str]]] = {}


def _found() -> tuple[list[str], frozenset[str]]:
    where = tuple(_HERE)
    found = _FOUND.get(where)
    if found is None:
        listed = sorted(m.name for m in pkgutil.iter_modules(where) if m.ispkg
                        and not m.name.startswith("_"))
        found = _FOUND[where] = (listed, frozenset(listed))
    return found


def names() -> list[str]:
    """Every ruleset package's name, found in this directory without importing them
    (read once per process)."""
    return list(_found()[0])


def available() -> list[str]:
    """Names of the rulesets present, in the order the site lists them (``ORDER``)."""
    found = [(int(getattr(get(name), "ORDER", 1000)), name) for name in names()]
    return [name for _, name in sorted(found)]


def get(name: object) -> ModuleType:
    if not isinstance(name, str) or name not in _found()[1]:
        raise UnknownRuleset(
            f"unknown ruleset {repr(name)[:60]}; choose one of: {', '.join(available())}")
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{name}":
            raise UnknownRuleset(f"the ruleset '{name}' is not installed") from exc
        raise


def site_apps() -> list[str]:
    """The module names of the packages' ``site`` apps (a ``site/apps.py`` beside the
    package's ``__init__``), found by their files: the site's settings install them."""
    return list(_site_apps(tuple(_HERE)))


@lru_cache(maxsize=8)
def _site_apps(roots: tuple[str, ...]) -> tuple[str, ...]:
    found = []
    listed = sorted(m.name for m in pkgutil.iter_modules(roots) if m.ispkg
                    and not m.name.startswith("_"))
    for name in listed:
        for root in roots:
            if (Path(root) / name / "site" / "apps.py").is_file():
                found.append(f"{__name__}.{name}.site")
                break
    return tuple(found)


def missing(pkg: ModuleType) -> list[str]:
    """The names of :data:`CONTRACT` that ``pkg`` does not export."""
    return [attr for attr in CONTRACT if not hasattr(pkg, attr)]


def __getattr__(attr: str) -> Any:
    # RULESET_NAMES is worked out on first use (it imports every package, for the order).
    if attr == "RULESET_NAMES":
        return tuple(available())
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")
