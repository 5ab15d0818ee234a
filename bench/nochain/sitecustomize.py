"""The site without issue 29's hash chain, for measuring what the chain costs
(``bench/load.py --without-chain``, ``bench/chain.py``): Python imports this module at
start-up when ``bench/nochain`` is on ``PYTHONPATH``, and it switches the chain's work off
as ``games.chain`` is imported: no event is sealed, no write checks for a recorded change,
no snapshot checks the chain. Never on a real site."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any


def switch_off(chain: ModuleType) -> None:
    chain.seal = lambda table, event, prev=None: None  # type: ignore[attr-defined]
    chain.refuse_if_changed = lambda table: None  # type: ignore[attr-defined]
    chain.status = lambda table: (table.chain_break, [])  # type: ignore[attr-defined]
    chain.phone_block = lambda table, known, may_write: {}  # type: ignore[attr-defined]


class _ChainOff(importlib.abc.MetaPathFinder):
    def find_spec(self, name: str, path: Sequence[str] | None, target: Any = None) -> Any:
        if name != "games.chain":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        run = spec.loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            switch_off(module)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


sys.meta_path.insert(0, _ChainOff())
