"""The ruleset registry and the contract every ruleset package fulfils.

A ruleset is a package ``scoring.engine.rulesets.<name>`` exposing module-level names:

``NAME: str``, ``TITLE: str`` (English), ``TITLE_NATIVE: str`` (e.g. ``"立直麻雀"``)
``Options``
    frozen dataclass of rule variants (see :mod:`scoring.engine.options`).
``PRESETS: dict[str, dict]``
    preset name -> ``{"title": str, "options": {overrides}}``.
``score(request: dict) -> dict``
    score one win; the JSON contract of ``python -m scoring.engine score`` and
    ``POST /api/score/``. Raises :class:`~scoring.engine.errors.EngineError`.
``game: GameRules``
    the table-level rules (see :mod:`scoring.engine.game`): dealer rotation, outcomes,
    settlement of each recorded hand and of the game's end.

Packages are imported lazily so a CLI call for one ruleset does not load the others.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ..errors import UnknownRuleset

RULESET_NAMES: tuple[str, ...] = ("riichi", "mcr", "sichuan", "wuhu", "jian")

# Scored by the engine (``score``, the CLI, the API's score endpoint) but not yet offered
# for tables: their record forms are the site's wiring of issue 18, and offering them adds
# choices to ``games.models``. Issue 14's discovery of packages replaces both lists.
ENGINE_ONLY: tuple[str, ...] = ("taiwan", "hongkong")


def available() -> list[str]:
    """Names of the rulesets whose package is present."""
    out = []
    for name in RULESET_NAMES:
        try:
            importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            continue
        out.append(name)
    return out


def get(name: object) -> ModuleType:
    known = RULESET_NAMES + ENGINE_ONLY
    if not isinstance(name, str) or name not in known:
        raise UnknownRuleset(f"unknown ruleset {name!r}; choose one of: {', '.join(known)}")
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{name}":
            raise UnknownRuleset(f"the ruleset '{name}' is not installed") from exc
        raise
