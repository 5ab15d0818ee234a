"""Run in a fresh interpreter by ``test_elements.py``: imports every ruleset, then imports
each of its modules a second time, and prints (as JSON) every module-level name of another
module that either step changed.

A ruleset that registers its scoring elements by import (a decorator appending to a list
of another module, a table filled as modules load) shows up here: importing it moves a
global of the engine, and importing one of its modules twice moves it again (MCR's old
``@fan`` appended 43 more fans to ``rules_base.REGISTRY`` each time ``rules_low`` ran).
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
from collections import deque
from types import ModuleType
from typing import Any

ENGINE = "scoring.engine"
# Not ruleset code: their tests and pages (a Django app), and a package's command line.
SKIPPED = (".tests", ".site", ".__main__")


def _shape(value: Any) -> Any:
    """What would show a global changed: its identity, and for a container the identity
    of each thing in it (a list appended to, a dict given a key, keeps its own id)."""
    if isinstance(value, ModuleType):  # a package's submodule, bound as it is imported
        return f"module {value.__name__}"
    if isinstance(value, dict):
        return [id(value), [(id(k), id(v)) for k, v in value.items()]]
    if isinstance(value, (list, deque, bytearray)):
        return [id(value), [id(v) for v in value]]
    if isinstance(value, set):
        return [id(value), sorted(id(v) for v in value)]
    return id(value)


def snapshot(skip: str = "") -> dict[str, dict[str, Any]]:
    """Every module-level name of the engine's loaded modules but ``skip``."""
    out: dict[str, dict[str, Any]] = {}
    for name, module in list(sys.modules.items()):
        if module is None or name == skip or not (name == ENGINE
                                                  or name.startswith(ENGINE + ".")):
            continue
        out[name] = {k: _shape(v) for k, v in vars(module).items()
                     if not (k.startswith("__") and k.endswith("__"))}
    return out


def changed(before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]]
            ) -> list[str]:
    """``module.name`` of every global in ``before`` that ``after`` holds otherwise."""
    out = []
    for module, names in before.items():
        now = after.get(module, {})
        out += [f"{module}.{k}" for k, v in names.items() if now.get(k, v) != v]
        out += [f"{module}.{k} (new)" for k in now.keys() - names.keys()
                if now[k] != f"module {module}.{k}"]
    return out


def modules_of(package: ModuleType) -> list[str]:
    """The package and every module under it but its tests, pages and command line."""
    found = [package.__name__]
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if not any(part in info.name for part in SKIPPED):
            found.append(info.name)
    return found


def main() -> None:
    from scoring.engine import commands, rulesets

    commands.available()  # the command table, as any process that answers builds it
    names = rulesets.names()
    core = snapshot()
    packages = [rulesets.get(name) for name in names]
    modules = [m for p in packages for m in modules_of(p)]
    for module in modules:
        importlib.import_module(module)
    report: dict[str, list[str]] = {"first import": changed(core, snapshot())}
    for module in modules:
        before = snapshot(skip=module)
        importlib.reload(sys.modules[module])
        moved = changed(before, snapshot(skip=module))
        if moved:
            report[f"second import of {module}"] = moved
    print(json.dumps({"rulesets": names, "modules": len(modules),
                      "changed": {k: v for k, v in report.items() if v}}))


if __name__ == "__main__":
    main()
